import { USERNAME_PATTERN, emailSchema, posUserIdSchema } from '@washops/backoffice-client';
import { z } from 'zod';
import { backofficeUserCreatedSchema } from '../schemas/backoffice.js';
import { backofficeOf } from '../services.js';
import { defineTool } from '../tool.js';
import { defined } from './list-helpers.js';

export const createBackofficeUser = defineTool({
  name: 'create_backoffice_user',
  area: 'backoffice',
  title: 'Create a Back Office user',
  description:
    'Creates a user who can sign in to the Back Office web app. Linked mode (give linkToEmployeePosUserId or linkToEmployeeEmail): the user ' +
    'belongs to an ACTIVE employee and inherits their sites. Standalone mode (give firstName and lastName, no link): someone who is not ' +
    'an employee. The permission (a Back Office template name from list_permissions scope "backoffice") is recorded but NOT applied: ' +
    'an admin must assign it in the Back Office user list; the result warns. A generated password is returned once when none is given.',
  inputSchema: z.object({
    username: z.string().regex(USERNAME_PATTERN).describe('A letter then 2–63 letters, digits or _'),
    email: emailSchema,
    permission: z.string().min(1).describe('Back Office template name, e.g. "General User"'),
    password: z.string().min(8).optional().describe('Generated (16 characters) when omitted'),
    linkToEmployeePosUserId: posUserIdSchema.optional(),
    linkToEmployeeEmail: emailSchema.optional(),
    firstName: z.string().min(1).optional().describe('Standalone mode only'),
    lastName: z.string().min(1).optional().describe('Standalone mode only'),
    availableSites: z.union([z.literal('all'), z.array(z.string().min(1)).min(1)]).default('all').describe('Recorded in the result only'),
  }),
  outputSchema: backofficeUserCreatedSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(input, services) {
    return backofficeOf(services).createBackofficeUser(defined(input));
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
