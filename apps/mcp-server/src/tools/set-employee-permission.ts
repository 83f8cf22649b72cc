import { templateNameSchema } from '@washops/operations/schemas';
import { z } from 'zod';
import { employeePermissionSetSchema } from '../schemas/backoffice.js';
import { keyedToolInputFrom } from '../schemas/derive.js';
import { operationsOf } from '../services.js';
import { employeeUris } from '../resources/uris.js';
import { defineTool } from '../tool.js';
import { employeeKey, employeeLabel, warningLines } from './employee-keys.js';

export const setEmployeePermission = defineTool({
  name: 'set_employee_permission',
  area: 'backoffice',
  title: 'Set an employee\'s POS permission template',
  description:
    'Gives the employee (posUserId preferred, or employeeId; exactly one) a POS permission template from list_permissions (scope ' +
    '"pos"), e.g. moving a Cashier to "Manager". It REPLACES the whole permission matrix with the template\'s: any custom grants ' +
    'are lost (get_employee shows the current permission first). Verified by reading the matrix back. Safe to repeat. An unknown ' +
    'template is an error before anything is sent. For Back Office users use apply_backoffice_template.',
  inputSchema: keyedToolInputFrom(employeeKey, z.strictObject({ template: templateNameSchema }), {}, {
    template: 'POS template name from list_permissions, e.g. "Cashier"',
  }),
  outputSchema: employeePermissionSetSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  async run(input, services, { signal }) {
    return operationsOf(services).setEmployeePermission(employeeKey.split(input).key, input.template, { signal });
  },
  // Subscribers of this employee's resource are told it changed.
  refreshes: (_input, out) => employeeUris(out.posUserId),
  render: (out) => [`${employeeLabel(out)} now has the POS template "${out.template}"; verified.`, ...warningLines(out.warnings)].join('\n'),
});
