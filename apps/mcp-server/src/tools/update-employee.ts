import { employeeChangesSchema } from '@washops/operations/schemas';
import { z } from 'zod';
import { employeeUpdatedSchema } from '../schemas/backoffice.js';
import { keyedToolInputFrom } from '../schemas/derive.js';
import { operationsOf } from '../services.js';
import { employeeUris } from '../resources/uris.js';
import { defineTool } from '../tool.js';
import { employeeKey, employeeLabel, warningLines } from './employee-keys.js';

export const updateEmployee = defineTool({
  name: 'update_employee',
  area: 'backoffice',
  title: 'Change an employee\'s profile',
  description:
    'Changes only the profile fields you give (names, phone, email, departments, available sites, start date, emergency contact, ' +
    'payroll id, POS PIN) of the employee given by employeeId or posUserId (exactly one; confirm the person with get_employee or ' +
    'find_employees first). Every other field is sent back exactly as stored. Each changed field is verified by reading the ' +
    'employee back; the result names the fields changed and those that already had the given value. A PIN is named, never shown. ' +
    'Safe to repeat with the same values. Cannot change wages (set_employee_wage), the POS permission (set_employee_permission) or ' +
    'whether the employee is active (disable_employee, reactivate_employee).',
  // The start date takes one JSON type here (an ISO string).
  inputSchema: keyedToolInputFrom(employeeKey, employeeChangesSchema, { startDate: z.string().optional() }, {
    phone: '9 or 10 digits; symbols ignored',
    email: 'New email',
    departments: 'Department names from list_departments; replaces the list (at least one)',
    availableSites: '"all", or site long names or short codes from list_sites; replaces the list',
    startDate: 'Employment start date, ISO "YYYY-MM-DD"',
    emergencyContactPhone: 'Phone, or "" to clear it',
    payrollEmployeeId: 'Payroll (ADP) employee id; "" clears it',
    posPin: 'New 5-digit POS PIN (10000-99999); give it to the employee yourself: it is never shown back',
  }),
  outputSchema: employeeUpdatedSchema,
  // Destructive: it overwrites what was there (names, phone, sites, the PIN) with no undo.
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  async run(input, services, { signal }) {
    const { key, rest } = employeeKey.split(input);
    return operationsOf(services).updateEmployee(key, rest, { signal });
  },
  // Subscribers of this employee's resource are told it changed.
  refreshes: (_input, out) => employeeUris(out.posUserId),
  render: (out) =>
    [
      `Updated ${employeeLabel(out)}: ${out.changed.length ? `changed ${out.changed.join(', ')} (verified)` : 'nothing changed'}` +
        `${out.unchanged.length ? `; already as given: ${out.unchanged.join(', ')}` : ''}.`,
      ...warningLines(out.warnings),
    ].join('\n'),
});
