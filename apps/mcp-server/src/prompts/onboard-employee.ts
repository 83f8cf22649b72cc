import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import { z } from 'zod';
import { localDay } from '../schemas/warehouse.js';
import { createEmployee } from '../tools/create-employee.js';
import { isEmailAvailable } from '../tools/is-email-available.js';
import { isPhoneAvailable } from '../tools/is-phone-available.js';
import { isPosUserIdAvailable } from '../tools/is-pos-user-id-available.js';
import { listDepartments } from '../tools/list-departments.js';
import { listPermissions } from '../tools/list-permissions.js';
import { listSites } from '../tools/list-sites.js';
import { definePrompt, toolName } from './prompt.js';

export const onboardEmployee = definePrompt({
  name: 'onboard_employee',
  title: 'Onboard a new hire',
  description:
    "Onboards one new hire: checks that the POS user id, email and phone are free and that the site, department and POS template exist, then proposes the create_employee call and waits for the user's confirmation before creating anyone.",
  uses: [isPosUserIdAvailable, isEmailAvailable, isPhoneAvailable, listSites, listDepartments, listPermissions, createEmployee],
  args: (names) => ({
    firstName: z.string().min(1).describe("The hire's first name"),
    lastName: z.string().min(1).describe("The hire's last name"),
    phone: z.string().optional().describe('9 or 10 digits'),
    email: z.string().optional().describe('Email address'),
    posUserId: z.string().regex(/^\d+$/, 'digits only').optional().describe('The POS user id to give them (must be unused)'),
    site: completable(z.string().optional().describe('Where they work: a Back Office site name or code'), names.sites),
    department: completable(z.string().optional().describe('Department, e.g. Cashier'), names.departments),
    permission: completable(z.string().optional().describe('POS permission template'), names.posTemplates),
    wageRate: z.string().regex(/^\d+(\.\d{1,2})?$/, 'dollars, e.g. 15.25').optional().describe('Hourly wage in dollars'),
    startDate: localDay.optional().describe('First day, YYYY-MM-DD'),
    backofficeTemplate: completable(z.string().optional().describe('Back Office template, when they also need a Back Office user'), names.backofficeTemplates),
  }),
  text: (a) => {
    const given = [
      `- Name: ${a.firstName} ${a.lastName}`,
      `- Phone: ${a.phone ?? '(ask)'}`,
      `- Email: ${a.email ?? '(ask)'}`,
      `- POS user id: ${a.posUserId ?? '(ask, or suggest a free one)'}`,
      `- Site: ${a.site ?? '(ask)'}`,
      `- Department: ${a.department ?? '(ask)'}`,
      `- POS permission template: ${a.permission ?? '(ask)'}`,
      `- Hourly wage: ${a.wageRate ? `$${a.wageRate}` : '(ask)'}`,
      `- Start date: ${a.startDate ?? '(ask; today by default)'}`,
      `- Back Office user: ${a.backofficeTemplate ? `yes, template "${a.backofficeTemplate}"` : 'no, unless the user asks'}`,
    ];
    return [
      'Onboard a new employee at our car wash.',
      ...given,
      '',
      'Steps:',
      `1. Ask for anything marked "(ask)" before going on.`,
      `2. Check the keys are free: ${toolName(isPosUserIdAvailable)}, ${toolName(isEmailAvailable)} and ${toolName(isPhoneAvailable)}. If one is taken, say by whom and stop.`,
      `3. Check the names: the site against ${toolName(listSites)}, the department against ${toolName(listDepartments)}, the POS template (and any Back Office template) against ${toolName(listPermissions)}. Suggest the closest valid name for anything unknown.`,
      `4. Show the exact ${toolName(createEmployee)} call you would make (its arguments as JSON) and ask me to confirm. Do not call it before I say yes.`,
      `5. After I confirm, call ${toolName(createEmployee)} once. Report the employee id, the POS PIN and any generated Back Office password (they are shown once), and every warning. If it fails part-way, do not retry: say what was created and what remains.`,
    ].join('\n');
  },
});
