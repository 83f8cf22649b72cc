import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import { z } from 'zod';
import { disableEmployee } from '../tools/disable-employee.js';
import { findEmployees } from '../tools/find-employees.js';
import { getEmployee } from '../tools/get-employee.js';
import { listBackofficeUsers } from '../tools/list-backoffice-users.js';
import { definePrompt, toolName } from './prompt.js';

export const offboardEmployee = definePrompt({
  name: 'offboard_employee',
  title: 'Offboard an employee',
  description:
    'Offboards one employee: finds and confirms the person, disables them at the POS after confirmation, and points out a linked Back Office user that stays able to sign in.',
  uses: [findEmployees, getEmployee, disableEmployee, listBackofficeUsers],
  args: (names) => ({
    employee: completable(z.string().min(1).describe('The employee: POS user id, or name'), names.employees),
    reason: z.string().optional().describe('Why they leave (for the conversation only; nothing stores it)'),
  }),
  text: (a) =>
    [
      `Offboard the employee "${a.employee}"${a.reason ? ` (reason: ${a.reason})` : ''}.`,
      '',
      'Steps:',
      `1. Find them: a number is a POS user id (${toolName(getEmployee)} with posUserId); a name goes to ${toolName(findEmployees)}. If several match, list them and ask which one.`,
      `2. Show who they are (name, POS user id, sites, active or not) from ${toolName(getEmployee)}. If already disabled, say so and stop.`,
      `3. Ask me to confirm, then call ${toolName(disableEmployee)} with their posUserId.`,
      `4. A linked Back Office user is not disabled by this: check ${toolName(listBackofficeUsers)} for one and tell me, so someone removes its access by hand.`,
    ].join('\n'),
});
