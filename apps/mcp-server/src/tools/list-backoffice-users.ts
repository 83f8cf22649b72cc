import { z } from 'zod';
import { backofficeUserSchema, refreshField } from '../schemas/backoffice.js';
import { backofficeOf } from '../services.js';
import { defineTool } from '../tool.js';

export const listBackofficeUsers = defineTool({
  name: 'list_backoffice_users',
  area: 'backoffice',
  title: 'List Back Office users',
  description:
    'Lists every user who can sign in to the Back Office web app (not the POS): user id, username, email, name and whether active. ' +
    'Use it to find the userId or username for apply_backoffice_template. Employees and Back Office users are different lists: ' +
    'an employee may have no Back Office user.',
  inputSchema: z.object({ refresh: refreshField }),
  outputSchema: z.object({ users: z.array(backofficeUserSchema) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run({ refresh }, services, { signal }) {
    return { users: await backofficeOf(services).listBackofficeUsers({ refresh, signal }) };
  },
  render: ({ users }) =>
    users.length === 0
      ? 'No Back Office users.'
      : `${users.length} Back Office user(s):\n` +
        users.map((u) => `- ${u.username} (${u.userId}), ${u.firstName} ${u.lastName}, ${u.email || '—'}, ${u.active ? 'active' : 'inactive'}`).join('\n'),
});
