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
    'belongs to an ACTIVE employee and is given that employee\'s sites unless availableSites is given. Standalone mode (give firstName and lastName, no link): someone who is not ' +
    'an employee. The permission (a Back Office template name from list_permissions scope "backoffice") is applied to the new user ' +
    'and verified (templateApplied true) unless applyTemplate is false. If applying it fails, the user exists without it and the error ' +
    'says so: do not create the user again, call apply_backoffice_template. A generated password is returned once when none is given.',
  inputSchema: toolInputFrom(createBackofficeUserInputSchema, {}, {
    username: 'A letter then 2–63 letters, digits or _',
    permission: 'Back Office template name, e.g. "General User"',
    password: 'Generated (16 characters) when omitted',
    firstName: 'Standalone mode only',
    lastName: 'Standalone mode only',
    availableSites: 'Sites applied with the template; omitted: the linked employee\'s own sites, or every site for a standalone user',
    applyTemplate: 'Apply the permission template now (default true); false leaves it to be assigned by hand',
  }),
  outputSchema: backofficeUserCreatedSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(input, services, { signal }) {
    return operationsOf(services).createBackofficeUser(withoutUndefined(input), { signal });
  },
  render: (out) =>
    [
      `Created ${out.mode} Back Office user "${out.username}" (${out.userId})${out.employeeId ? ` for employee ${out.employeeId}` : ''}; ` +
        `template "${out.permission}" ${out.templateApplied ? 'applied and verified' : 'not applied'}.`,
      out.generatedPassword ? `Generated password (shown once): ${out.generatedPassword}` : '',
      ...out.warnings.map((w) => `Warning: ${w}`),
    ]
      .filter(Boolean)
      .join('\n'),
});
