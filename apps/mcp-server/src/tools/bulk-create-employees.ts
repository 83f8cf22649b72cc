import { BULK_LIMITS } from '@washops/operations/schemas';
import { bulkInputSchema, bulkOutputSchema } from '../schemas/bulk.js';
import { defineTool } from '../tool.js';
import { bulkRefreshes, renderBulkOutput, runBulkTool } from './bulk-shared.js';
import { createEmployee } from './create-employee.js';

export const bulkCreateEmployees = defineTool({
  name: 'bulk_create_employees',
  area: 'bulk',
  title: 'Create many employees (bulk onboarding)',
  description:
    `Creates up to ${BULK_LIMITS.maxJsonRows} employees in one call (new hires), each row exactly what create_employee takes ` +
    '(firstName, lastName, phone, email, posUserId, wageRate, startDate, availableSites, permission, departments; the optional fields ' +
    'too), each written through the same audited steps. Always call first with dryRun: true (the default): every row is checked ' +
    'against the tenant (sites, departments and templates exist; POS user id, email and phone free on the tenant and unique among the ' +
    'rows) and NOTHING is written; the answer lists each problem by row and field. Fix the rows, then call again with the same rows ' +
    'and dryRun: false: the rows are checked again and written, `concurrency` at a time (default 2), with progress notifications. ' +
    'A run refuses to start while any row has an error. If a run stops (the call was cancelled or cut off), send the same rows again: ' +
    'rows done are skipped and nobody is created twice. The answer never contains the generated POS PINs or Back Office passwords: ' +
    "a person gets them, once, from the run's results file (the portal's Bulk changes page, or `washops employees results <runId>`).",
  inputSchema: bulkInputSchema(createEmployee.inputSchema, 'New hires, each shaped like create_employee\'s input.'),
  outputSchema: bulkOutputSchema,
  // The same rows again resume their run or are refused (the POS user ids are taken): no second effect.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  run: (input, services, context) => runBulkTool('create', 'bulk_create_employees', input, services, context),
  refreshes: bulkRefreshes,
  render: renderBulkOutput,
});
