import { withoutUndefined } from '@washops/client-core';
import { createEmployeeInputSchema } from '@washops/operations/schemas';
import { z } from 'zod';
import { employeeCreatedSchema } from '../schemas/backoffice.js';
import { toolInputFrom } from '../schemas/derive.js';
import { operationsOf } from '../services.js';
import { employeeUris } from '../resources/uris.js';
import { defineTool } from '../tool.js';

export const createEmployee = defineTool({
  name: 'create_employee',
  area: 'backoffice',
  title: 'Create an employee',
  description:
    'Creates an employee in the Back Office, applies a POS permission template, and optionally creates a linked Back Office user. ' +
    'Before calling: check is_pos_user_id_available, is_email_available and is_phone_available; take site names from list_sites, ' +
    'department names from list_departments and the permission from list_permissions (scope "pos"). An unknown permission falls back ' +
    'to "General User" with a warning; an unknown site or department is an error before anything is created. The linked Back Office ' +
    'user gets backofficePermission (a Back Office template from list_permissions scope "backoffice"; unknown is an error before ' +
    'anything is created), else the Back Office template named like the permission if there is one, else none (a warning says to ' +
    'assign it by hand), with the employee\'s sites. The result carries the ' +
    'POS PIN (generated when not given) and, for a new Back Office user, a generated password to hand over. If a later step fails, ' +
    'the error says which employee was created and which steps remain — do not simply retry, or a duplicate results.',
  // The client's rules; money and the start date take one JSON type here (a number, an ISO string).
  inputSchema: toolInputFrom(
    createEmployeeInputSchema,
    { wageRate: z.number(), overtimeWageRate: z.number().optional(), startDate: z.string() },
    {
      phone: '9 or 10 digits; symbols ignored',
      posUserId: 'POS user id; must be unused',
      wageRate: 'Hourly wage in dollars, e.g. 15.25 (at most two decimals)',
      startDate: 'Employment start date, ISO "YYYY-MM-DD"',
      availableSites: '"all", or site long names or short codes from list_sites; the first is the wage attribution site',
      permission: 'POS template name from list_permissions, e.g. "Cashier"',
      posPin: '5-digit POS PIN; generated when omitted',
      overtimeWageRate: 'Dollars; defaults to 1.5 × wageRate',
      departments: 'Department names from list_departments; at least one is needed',
      requiresBackoffice: 'Also create a linked Back Office user',
      backofficeUsername: 'Required when requiresBackoffice; a letter then 2–63 letters, digits or _',
      backofficePassword: 'Generated when omitted',
      backofficePermission: 'Back Office template for the linked user; omitted: the one named like permission, if any',
    },
  ),
  outputSchema: employeeCreatedSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(input, services, { signal }) {
    return operationsOf(services).createEmployee(withoutUndefined(input), { signal });
  },
  // Subscribers of this employee's resource are told it changed.
  refreshes: (_input, out) => employeeUris(out.posUserId),
  render: (out) =>
    [
      `Created employee ${out.employeeId} with POS user id ${out.posUserId} and PIN ${out.posPin}; POS template "${out.permission}"; wage site ${out.wageSite}.`,
      out.backofficeUser
        ? `Back Office user "${out.backofficeUser.username}" (${out.backofficeUser.userId})${out.backofficeUser.generatedPassword ? ` with generated password ${out.backofficeUser.generatedPassword} — shown once` : ''}.`
        : '',
      ...out.warnings.map((w) => `Warning: ${w}`),
    ]
      .filter(Boolean)
      .join('\n'),
});
