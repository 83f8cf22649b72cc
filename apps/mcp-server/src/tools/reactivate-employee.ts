import { employeeReactivatedSchema } from '../schemas/backoffice.js';
import { toolKeyInput } from '../schemas/derive.js';
import { operationsOf } from '../services.js';
import { employeeUris } from '../resources/uris.js';
import { defineTool } from '../tool.js';
import { employeeKey, employeeLabel, warningLines } from './employee-keys.js';

export const reactivateEmployee = defineTool({
  name: 'reactivate_employee',
  area: 'backoffice',
  title: 'Reactivate (re-hire) an employee',
  description:
    'Makes a disabled employee active again, e.g. a returning seasonal worker, given by posUserId (preferred) or employeeId ' +
    '(exactly one). Everything else on their profile stays as it was, including the POS user id, PIN, wages and permission. ' +
    'Verified by reading the employee back. Already active: nothing changes and the result warns. A linked Back Office user is ' +
    'not touched. Find a disabled employee with find_employees (active "inactive").',
  inputSchema: toolKeyInput(employeeKey),
  outputSchema: employeeReactivatedSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(input, services, { signal }) {
    return operationsOf(services).reactivateEmployee(employeeKey.split(input).key, { signal });
  },
  // Subscribers of this employee's resource are told it changed.
  refreshes: (_input, out) => employeeUris(out.posUserId),
  render: (out) => [`Reactivated ${employeeLabel(out)} at ${out.reactivatedAt}; verified.`, ...warningLines(out.warnings)].join('\n'),
});
