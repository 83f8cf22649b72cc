import { setWageInputSchema } from '@washops/operations/schemas';
import { z } from 'zod';
import { wageSetSchema } from '../schemas/backoffice.js';
import { keyedToolInputFrom } from '../schemas/derive.js';
import { operationsOf } from '../services.js';
import { employeeUris } from '../resources/uris.js';
import { defineTool } from '../tool.js';
import { employeeKey, employeeLabel, wageLine, warningLines } from './employee-keys.js';

export const setEmployeeWage = defineTool({
  name: 'set_employee_wage',
  area: 'backoffice',
  title: 'Give an employee a new wage',
  description:
    'Adds a new compensation record (a raise, a correction) for the employee given by posUserId (preferred) or employeeId (exactly ' +
    'one); earlier records stay in the history. NOT idempotent: each call adds a record, so do not repeat a call that succeeded — ' +
    'check the history with get_employee. The effective date must be at least one day after the latest record\'s effective date ' +
    '(the Back Office silently ignores an earlier one, so it is refused before anything is sent; the error names the earliest ' +
    'allowed date). Without effectiveDate: today (UTC), or that earliest day when it is later. Overtime eligibility is copied from ' +
    'the current record; overtimeRate defaults to 1.5 × regularRate. The new record is an hourly wage (for a salaried employee the ' +
    'result warns). Verified by reading the history back.',
  // Money takes one JSON type here (a number of dollars), the date an ISO string.
  inputSchema: keyedToolInputFrom(employeeKey, setWageInputSchema, { regularRate: z.number(), overtimeRate: z.number().optional(), effectiveDate: z.string().optional() }, {
    regularRate: 'Hourly wage in dollars, e.g. 16.50 (at most two decimals)',
    overtimeRate: 'Overtime wage in dollars; defaults to 1.5 × regularRate; used only when the employee is overtime-eligible',
    effectiveDate: 'ISO "YYYY-MM-DD", at least a day after the latest record\'s effective date; default today',
  }),
  outputSchema: wageSetSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(input, services, { signal }) {
    const { key, rest } = employeeKey.split(input);
    return operationsOf(services).setWage(key, rest, { signal });
  },
  // Subscribers of this employee's resource are told it changed.
  refreshes: (_input, out) => employeeUris(out.posUserId),
  render: (out) => [`New wage for ${employeeLabel(out)}: ${wageLine(out.wage)}; verified in the history.`, ...warningLines(out.warnings)].join('\n'),
});
