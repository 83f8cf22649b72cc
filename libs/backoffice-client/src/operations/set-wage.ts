import { formatCents, overtimeCents, parseInput } from '@washops/client-core';
import { BackofficeServerError, ValidationError, type WashOpsError } from '@washops/shared-errors';
import { parseEmployeeCompensationPage, type EmployeeCompensationPage } from '../pages/employee-compensation.js';
import { formatFormDate, setFormField } from '../pages/form.js';
import { requireWholeForm } from '../pages/page.js';
import { currentWage, earliestEffectiveDate, latestEffectiveDate, setWageInputSchema, type EmployeeKey, type IsoDate, type SetWageInput, type WageRecord, type WageSet } from '../schemas.js';
import { WRITE_PLANS, type OperationContext } from './context.js';
import { postSettledByRead } from './post-settled-by-read.js';
import { resolveEmployee } from './employee-key.js';

/**
 * Adds a wage record through the compensation page's "Add Wage" form (protocol §2.5). The server silently
 * ignores a record not dated after the latest one, so such a date is refused here before anything is sent;
 * the history is read back to confirm the new record.
 */
export async function setWage(ctx: OperationContext, key: EmployeeKey, raw: SetWageInput): Promise<WageSet> {
  const input = parseInput(setWageInputSchema, raw);
  // Checked here, not in the schema: the tool schemas and their tests derived from it do not carry these rules yet.
  if (input.regularRate < 1) throw new ValidationError('regularRate must be at least 0.01', { details: { field: 'regularRate' } });
  if (input.overtimeRate !== undefined && input.overtimeRate < input.regularRate) {
    throw new ValidationError('overtimeRate must not be below regularRate', { details: { field: 'overtimeRate' } });
  }
  const { employeeId, key: resolvedKey } = await resolveEmployee(ctx, key);
  const posUserId = 'posUserId' in resolvedKey ? resolvedKey.posUserId : null;
  await ctx.reportStep({ step: 'resolveEmployee', done: [], remaining: WRITE_PLANS.setWage(), employeeId, ...resolvedKey });

  const path = `/employee/compensation/${employeeId}`;
  const before = parseEmployeeCompensationPage(await ctx.getPage(path));
  requireWholeForm('employee-compensation', before.gaps);
  const latest = latestEffectiveDate(before.history);
  const earliest = earliestEffectiveDate(before.history);
  // The form's data-value is the server's today (protocol §2.5); only a page without one falls back to UTC today.
  const today = before.serverToday ?? todayUtc();
  const effectiveDate = input.effectiveDate ? isoOf(input.effectiveDate) : maxDate(today, earliest);
  if (earliest !== null && effectiveDate < earliest) {
    throw new ValidationError(
      `The effective date ${effectiveDate} is not after the latest wage record's (${latest}): the BackOffice would silently ignore it. The earliest allowed date is ${earliest}.`,
      { details: { field: 'effectiveDate', effectiveDate, latestEffectiveDate: latest, earliestAllowed: earliest } },
    );
  }
  const warnings: string[] = [];
  const current = currentWage(before.history);
  const eligible = current?.overtimeEligible ?? false;
  if (!current) warnings.push('The employee had no wage record to copy overtime eligibility from; the new wage is not overtime-eligible.');
  if (current?.wageType === 'salary') warnings.push('The current wage is a salary; the new record is an hourly wage, as the form serves it.');
  if (!eligible && input.overtimeRate !== undefined) warnings.push('The employee is not overtime-eligible: the overtime rate given was not sent.');
  const overtime = eligible ? (input.overtimeRate ?? overtimeCents(input.regularRate)) : null;

  const fields = before.fields.filter(([name]) => name !== 'wage[isOvertimeEligible]' && name !== 'wage[overtimeRate]');
  setFormField(fields, 'wage[effectiveDate]', formatFormDate(dayOf(effectiveDate)));
  setFormField(fields, 'wage[regularRate]', formatCents(input.regularRate));
  if (overtime !== null) {
    const at = fields.findIndex(([name]) => name === 'wage[regularRate]') + 1;
    fields.splice(at, 0, ['wage[isOvertimeEligible]', '1'], ['wage[overtimeRate]', formatCents(overtime)]);
  }

  const lostAnswer = await postSettledByRead(ctx, '/employee/compensation/update', fields, /^\/employee(?:[/?#]|$)/);
  const wage = await readBack(ctx, path, employeeId, lostAnswer, (w) => w.effectiveDate === effectiveDate && w.regularRateCents === input.regularRate);
  if (overtime !== null && wage.overtimeRateCents !== overtime) {
    warnings.push(`The overtime rate was sent as ${formatCents(overtime)} but is stored as ${wage.overtimeRateCents === null ? 'none' : formatCents(wage.overtimeRateCents)}.`);
  }
  await ctx.reportStep({ step: 'setWage', done: ['setWage'], remaining: [], employeeId, ...resolvedKey });
  return { employeeId, posUserId, wage, warnings };
}

/** The new record as the history shows it; absent means the server ignored the POST. */
async function readBack(
  ctx: OperationContext,
  path: string,
  employeeId: number,
  lostAnswer: WashOpsError | undefined,
  isNew: (w: WageRecord) => boolean,
): Promise<WageRecord> {
  let after: EmployeeCompensationPage;
  try {
    after = parseEmployeeCompensationPage(await ctx.getPage(path));
  } catch (error) {
    if (lostAnswer) throw lostAnswer;
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackofficeServerError(
      `The new wage for employee ${employeeId} was answered as saved, but reading the wage history back failed: ${reason}. Whether it was stored is not verified: check the history before trying again.`,
      { cause: error, details: { employeeId, path, verified: false } },
    );
  }
  const found = after.history.find(isNew);
  if (found) return found;
  const how = lostAnswer ? `got no answer (${lostAnswer.message}), and` : 'was answered as saved, but';
  throw new BackofficeServerError(`The new wage for employee ${employeeId} ${how} the wage history does not show it: it was not applied`, {
    cause: lostAnswer,
    details: { employeeId, path, verified: false, applied: false },
  });
}

const isoOf = (d: { year: number; month: number; day: number }): IsoDate =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

const dayOf = (iso: IsoDate): { year: number; month: number; day: number } => {
  const [year, month, day] = iso.split('-').map(Number);
  return { year: year ?? 1970, month: month ?? 1, day: day ?? 1 };
};

const todayUtc = (): IsoDate => new Date().toISOString().slice(0, 10);

const maxDate = (a: IsoDate, b: IsoDate | null): IsoDate => (b !== null && b > a ? b : a);
