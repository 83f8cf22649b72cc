import { employeeSchema } from '../schemas/backoffice.js';
import { toolKeyInput } from '../schemas/derive.js';
import { backofficeOf } from '../services.js';
import { defineTool } from '../tool.js';
import { employeeKey, employeeLabel, wageLine } from './employee-keys.js';

export const getEmployee = defineTool({
  name: 'get_employee',
  area: 'backoffice',
  title: 'Get one employee in full',
  description:
    'Reads one employee as the Back Office stores them: profile (names, phone, email, departments, available sites, start date, ' +
    'active, emergency contact, payroll id), the compensation history newest first (money in cents) and the POS permission (the ' +
    'template whose grants match exactly, or "custom" with the granted ids). Give employeeId or posUserId (exactly one; prefer ' +
    'posUserId when a person tells you it). Use before update_employee, set_employee_wage or set_employee_permission to confirm ' +
    'the person and see the current values. Never shows the POS PIN. Always read fresh (three page reads).',
  inputSchema: toolKeyInput(employeeKey),
  outputSchema: employeeSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(input, services, { signal }) {
    return backofficeOf(services).getEmployee(employeeKey.split(input).key, { signal });
  },
  render: (out) =>
    [
      `${out.firstName} ${out.lastName}, ${employeeLabel(out)}, ${out.active ? 'active' : 'disabled'}.`,
      `Phone ${out.phone || '—'}; email ${out.email || '—'}; departments ${out.departments.join(', ') || '—'}; sites ${out.availableSites === 'all' ? 'all' : out.availableSites.join(', ')}; start ${out.startDate ?? '—'}.`,
      `POS permission: ${out.permission.custom ? `custom (${out.permission.grants.length} grants)` : `"${out.permission.template}"`}.`,
      out.compensation.length ? `Wages (newest first):\n${out.compensation.map((wage) => `- ${wageLine(wage)}`).join('\n')}` : 'No wage records.',
    ].join('\n'),
});
