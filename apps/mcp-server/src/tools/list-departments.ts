import { z } from 'zod';
import { departmentSchema, refreshField } from '../schemas/backoffice.js';
import { backofficeOf } from '../services.js';
import { defineTool } from '../tool.js';
import { DEPARTMENTS_URI, SITES_URI } from '../resources/uris.js';

export const listDepartments = defineTool({
  name: 'list_departments',
  area: 'backoffice',
  title: 'List departments',
  description: 'Lists the departments an employee can belong to (for example Cashier, Greeter, Line, Management). create_employee takes these names.',
  inputSchema: z.object({ refresh: refreshField }),
  outputSchema: z.object({ departments: z.array(departmentSchema) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run({ refresh }, services, { signal }) {
    return { departments: await backofficeOf(services).listDepartments({ refresh, signal }) };
  },
  // The sites and the departments come from one Back Office page: a refresh reads both.
  refreshes: ({ refresh }) => (refresh ? [SITES_URI, DEPARTMENTS_URI] : []),
  render: ({ departments }) => `${departments.length} department(s): ${departments.map((d) => d.name).join(', ')}`,
});
