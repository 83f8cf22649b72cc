import { z } from 'zod';
import { departmentSchema, refreshField } from '../schemas/backoffice.js';
import { backofficeOf } from '../services.js';
import { defineTool } from '../tool.js';

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
  render: ({ departments }) => `${departments.length} department(s): ${departments.map((d) => d.name).join(', ')}`,
});
