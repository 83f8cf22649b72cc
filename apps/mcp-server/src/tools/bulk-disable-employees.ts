import { BULK_LIMITS } from '@washops/operations/schemas';
import { bulkInputSchema, bulkOutputSchema } from '../schemas/bulk.js';
import { defineTool } from '../tool.js';
import { bulkRefreshes, renderBulkOutput, runBulkTool } from './bulk-shared.js';
import { disableEmployee } from './disable-employee.js';

export const bulkDisableEmployees = defineTool({
  name: 'bulk_disable_employees',
  area: 'bulk',
  title: 'Disable many employees (bulk offboarding)',
  description:
    `Disables up to ${BULK_LIMITS.maxJsonRows} employees in one call (leavers), each row exactly what disable_employee takes: ` +
    '{ posUserId } (preferred) or { email }, one of the two. Always call first with dryRun: true (the default): every row is checked ' +
    'against the tenant (the employee exists and is active; no one twice) and NOTHING is written; the answer lists each problem by ' +
    'row. Then call again with the same rows and dryRun: false: the rows are checked again and disabled, `concurrency` at a time ' +
    '(default 2), each verified by reading it back, with progress notifications. A run refuses to start while any row has an error. ' +
    'Linked Back Office users are NOT disabled (each row warns). If a run stops (the call was cancelled or cut off), send the same ' +
    "rows again: rows done are skipped. The run's results file is on the portal's Bulk changes page or `washops employees results <runId>`.",
  inputSchema: bulkInputSchema(disableEmployee.inputSchema, 'Leavers, each shaped like disable_employee\'s input.'),
  outputSchema: bulkOutputSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  run: (input, services, context) => runBulkTool('disable', 'bulk_disable_employees', input, services, context),
  refreshes: bulkRefreshes,
  render: renderBulkOutput,
});
