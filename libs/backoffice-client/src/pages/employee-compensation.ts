import { toCents } from '@washops/client-core';
import { BackofficeServerError } from '@washops/shared-errors';
import type { WageRecord } from '../schemas.js';
import { serializeForm, type FormPair } from './form.js';
import { Page, cleanText, formGaps, unexpectedValue } from './page.js';

/** `GET /employee/compensation/<id>`: the "Add Wage" form and the wage history table (protocol §2.5). */
export const employeeCompensationSelectors = {
  form: 'form[action="/employee/compensation/update"]',
  effectiveDate: 'input[name="wage[effectiveDate]"]',
  history: 'table.table-employee-compensation-history',
  rows: 'tbody > tr',
  wageType: 'td.employee-compensation-col-wage-type',
  wage: 'td.employee-compensation-col-wage',
  overtimeEligible: 'td.employee-compensation-col-overtime-eligible',
  /**
   * The only icon ever captured is the check of an eligible record; the not-eligible variant (`fa-times`) is
   * inferred. So eligibility is the presence of this check, and anything else reads as not eligible.
   */
  overtimeEligibleIcon: 'i.fa-check',
  overtimeRate: 'td.employee-compensation-col-overtime-rate',
  effective: 'td.employee-compensation-col-effective-date',
  end: 'td.employee-compensation-col-end-date',
  submit: 'button[type="submit"], input[type="submit"]',
  /** The fields the real form always carries; posting it back needs them all. */
  roundTripFieldNames: ['employeeId', 'wage[effectiveDate]', 'wage[isHourly]', 'wage[regularRate]'],
} as const;

export interface EmployeeCompensationPage {
  /** What a browser would submit for the blank "Add Wage" form (disabled inputs left out). */
  fields: FormPair[];
  /** Why the form is not provably whole (empty when it is). */
  gaps: string[];
  /** Newest first, as the page lists them. */
  history: WageRecord[];
  /** The server's today: the effective date input's `data-value`; null when the page has none. */
  serverToday: string | null;
}

export function parseEmployeeCompensationPage(html: string): EmployeeCompensationPage {
  const page = new Page('employee-compensation', employeeCompensationSelectors, html);
  const form = page.one('form');
  const table = page.one('history');
  // The parser closes a table cut short silently: without its end tag, rows may be missing.
  if (!/<\/table\s*>/i.test(html.slice(html.search(/table-employee-compensation-history/)))) {
    throw new BackofficeServerError('The BackOffice employee-compensation page arrived cut short (its history table never ends): the wage history would be incomplete', {
      details: { page: 'employee-compensation', missing: ['</table>'] },
    });
  }
  const history: WageRecord[] = [];
  page.all('rows', table).each((_, node) => {
    const row = page.$(node);
    const cell = (key: 'wageType' | 'wage' | 'overtimeRate' | 'effective' | 'end'): string => cleanText(page.all(key, row).text());
    const type = cell('wageType').toLowerCase();
    if (type !== 'hourly' && type !== 'salary') throw unexpectedValue('employee-compensation', 'wage type', cell('wageType'));
    const rate = moneyCents(cell('wage'));
    if (rate === null) throw unexpectedValue('employee-compensation', 'wage', cell('wage'));
    const effective = isoDate(cell('effective'));
    if (effective === null) throw unexpectedValue('employee-compensation', 'effective date', cell('effective'));
    const endText = cell('end');
    const end = endText === '' ? null : isoDate(endText);
    if (end === null && endText !== '') throw unexpectedValue('employee-compensation', 'end date', endText);
    history.push({
      wageType: type,
      regularRateCents: rate,
      overtimeEligible: page.all('overtimeEligibleIcon', page.all('overtimeEligible', row)).length > 0,
      overtimeRateCents: moneyCents(cell('overtimeRate')),
      effectiveDate: effective,
      endDate: end,
    });
  });
  return {
    fields: serializeForm(page.$, form),
    gaps: formGaps(page, form, employeeCompensationSelectors.submit, employeeCompensationSelectors.roundTripFieldNames),
    history,
    serverToday: isoDate(page.all('effectiveDate', form).attr('data-value') ?? ''),
  };
}

/** `$14.75/hr`, `$1,250.00` → cents; null when the cell holds no amount. */
function moneyCents(text: string): number | null {
  const match = /\$\s*([\d,]+(?:\.\d{1,2})?)/.exec(text);
  if (!match?.[1]) return null;
  return toCents(Number(match[1].replace(/,/g, '')));
}

/** `MM/DD/YYYY` → `YYYY-MM-DD`; null when it is not a real day. */
export function isoDate(formDate: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(formDate.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
