import { withoutUndefined } from '@washops/client-core';
import { disableEmployeeInputSchema } from '@washops/operations/schemas';
import { employeeDisabledSchema } from '../schemas/backoffice.js';
import { toolInputFrom } from '../schemas/derive.js';
import { operationsOf } from '../services.js';
import { employeeUris } from '../resources/uris.js';
import { defineTool } from '../tool.js';

export const disableEmployee = defineTool({
  name: 'disable_employee',
  area: 'backoffice',
  title: 'Disable an employee',
  description:
    'Disables an employee so they can no longer use the POS, found by POS user id (preferred, exact) or by email. Give exactly one. ' +
    'The change is verified by reading the employee back. A linked Back Office user is NOT disabled and can still sign in (the result ' +
    'warns). The employee keeps their POS user id. Confirm the person with list_employees first.',
  inputSchema: toolInputFrom(disableEmployeeInputSchema, {}, {
    posUserId: 'POS user id of the employee',
    email: 'Email of the employee, when the POS user id is unknown',
  }),
  outputSchema: employeeDisabledSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  async run(input, services, { signal }) {
    return operationsOf(services).disableEmployee(withoutUndefined(input), { signal });
  },
  // Subscribers of this employee's resource are told it changed.
  refreshes: (_input, out) => employeeUris(out.posUserId),
  render: (out) =>
    [`Disabled employee ${out.employeeId}${out.posUserId ? ` (POS ${out.posUserId})` : ''}${out.email ? ` (${out.email})` : ''} at ${out.disabledAt}; verified.`, ...out.warnings.map((w) => `Warning: ${w}`)].join('\n'),
});
