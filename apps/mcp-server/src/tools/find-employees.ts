import { withoutUndefined } from '@washops/client-core';
import { findEmployeesQuerySchema } from '@washops/operations/schemas';
import { z } from 'zod';
import { employeeSummarySchema } from '../schemas/backoffice.js';
import { toolInputFrom } from '../schemas/derive.js';
import { backofficeOf } from '../services.js';
import { defineTool } from '../tool.js';

export const findEmployees = defineTool({
  name: 'find_employees',
  area: 'backoffice',
  title: 'Find employees by name or phone',
  description:
    'Finds employees with the roster\'s own filters: firstName and lastName each match the START of the name, case-insensitively ' +
    '("Mor" finds Morgan), both together must both match; phone compares digits only (symbols ignored, the last ten digits). Give ' +
    'at least one of them. active is "all" by default (disabled employees too). Returns EVERY match, no cap: when several people ' +
    'match, ask which one (their POS user ids tell them apart), then use that posUserId with get_employee or a write tool. ' +
    'An empty list means nobody matched.',
  inputSchema: toolInputFrom(findEmployeesQuerySchema, {}, {
    firstName: 'Start of the first name, any case',
    lastName: 'Start of the last name, any case',
    phone: 'Phone number; only its digits are compared',
    active: 'Which employees: all (default), active or inactive',
  }),
  outputSchema: z.object({ employees: z.array(employeeSummarySchema), matched: z.number().int() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(input, services, { signal }) {
    const employees = await backofficeOf(services).findEmployees(withoutUndefined(input), { signal });
    return { employees, matched: employees.length };
  },
  render: (out) =>
    out.matched === 0
      ? 'No employee matched.'
      : `${out.matched} employee(s) matched:\n` +
        out.employees
          .map((e) => `- ${e.firstName} ${e.lastName}, employee ${e.employeeId}, POS ${e.posUserId ?? '—'}, phone ${e.phone || '—'}, ${e.active ? 'active' : 'disabled'}, ${e.access}`)
          .join('\n'),
});
