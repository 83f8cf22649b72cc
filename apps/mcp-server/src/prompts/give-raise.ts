import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import { z } from 'zod';
import { localDay } from '../schemas/warehouse.js';
import { findEmployees } from '../tools/find-employees.js';
import { getEmployee } from '../tools/get-employee.js';
import { setEmployeeWage } from '../tools/set-employee-wage.js';
import { definePrompt, toolName } from './prompt.js';

export const giveRaise = definePrompt({
  name: 'give_raise',
  title: 'Give an employee a raise',
  description: "Gives one employee a new hourly wage: reads their wage history, shows the change and the effective date, and adds the record after confirmation (once: the tool is not idempotent).",
  uses: [findEmployees, getEmployee, setEmployeeWage],
  args: (names) => ({
    employee: completable(z.string().min(1).describe('The employee: POS user id, or name'), names.employees),
    newRate: z.string().regex(/^\d+(\.\d{1,2})?$/, 'dollars, e.g. 16.50').describe('The new hourly wage in dollars'),
    effectiveDate: localDay.optional().describe('From when, YYYY-MM-DD (default: today, or the earliest day allowed)'),
  }),
  text: (a) =>
    [
      `Give the employee "${a.employee}" a new hourly wage of $${a.newRate}${a.effectiveDate ? ` from ${a.effectiveDate}` : ''}.`,
      '',
      'Steps:',
      `1. Find them: a number is a POS user id (${toolName(getEmployee)} with posUserId); a name goes to ${toolName(findEmployees)}. If several match, ask which one.`,
      `2. From ${toolName(getEmployee)}, show the current wage and the change (in dollars and percent). If the new rate is lower than the current one, ask whether that is intended.`,
      `3. Ask me to confirm, then call ${toolName(setEmployeeWage)} once with posUserId, regularRate${a.effectiveDate ? ' and effectiveDate' : ''}. It adds a record each time: never repeat a call that succeeded.`,
      '4. Report the new record and any warning.',
    ].join('\n'),
});
