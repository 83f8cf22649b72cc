import { withoutUndefined } from '@washops/client-core';
import { createBackofficeUserInputSchema } from '@washops/operations/schemas';
import { backofficeUserCreatedSchema } from '../schemas/backoffice.js';
import { toolInputFrom } from '../schemas/derive.js';
import { operationsOf } from '../services.js';
import { defineTool } from '../tool.js';

export const createBackofficeUser = defineTool({
  name: 'create_backoffice_user',
  area: 'backoffice',
  title: 'Create a Back Office user',
  description:
    'Creates a user who can sign in to the Back Office web app. Linked mode (give linkToEmployeePosUserId or linkToEmployeeEmail): the user ' +
    'belongs to an ACTIVE employee and inherits their sites. Standalone mode (give firstName and lastName, no link): someone who is not ' +
    'an employee. The permission (a Back Office template name from list_permissions scope "backoffice") is recorded but NOT applied: ' +
    'an admin must assign it in the Back Office user list; the result warns. A generated password is returned once when none is given.',
  inputSchema: toolInputFrom(createBackofficeUserInputSchema, {}, {
    username: 'A letter then 2–63 letters, digits or _',
    permission: 'Back Office template name, e.g. "General User"',
    password: 'Generated (16 characters) when omitted',
    firstName: 'Standalone mode only',
    lastName: 'Standalone mode only',
    availableSites: 'Recorded in the result only',
  }),
  outputSchema: backofficeUserCreatedSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(input, services, { signal }) {
    return operationsOf(services).createBackofficeUser(withoutUndefined(input), { signal });
  },
  render: (out) =>
    [
      `Created ${out.mode} Back Office user "${out.username}" (${out.userId})${out.employeeId ? ` for employee ${out.employeeId}` : ''}.`,
      out.generatedPassword ? `Generated password (shown once): ${out.generatedPassword}` : '',
      ...out.warnings.map((w) => `Warning: ${w}`),
    ]
      .filter(Boolean)
      .join('\n'),
});
