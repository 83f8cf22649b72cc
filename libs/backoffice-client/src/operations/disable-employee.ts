import { parseInput } from '@washops/client-core';
import { BackofficeServerError, WashOpsError } from '@washops/shared-errors';
import { parseEmployeeEditPage } from '../pages/employee-edit.js';
import type { FormPair } from '../pages/form.js';
import { requireWholeForm } from '../pages/page.js';
import { disableEmployeeInputSchema, type DisableEmployeeInput, type EmployeeDisabled } from '../schemas.js';
import { WRITE_PLANS, type OperationContext } from './context.js';
import { findEmployeeIdByEmail, findEmployeeIdByPosUserId } from './find-employee.js';

export const LINKED_USER_WARNING =
  'Disabling an employee leaves a linked Back Office user untouched: that user, if any, can still sign in to the Back Office.';

/** Posts the whole edit form back without `employee[isActive]` (an absent box is unchecked), then reads it again. */
export async function disableEmployee(ctx: OperationContext, raw: DisableEmployeeInput): Promise<EmployeeDisabled> {
  const input = parseInput(disableEmployeeInputSchema, raw);
  const employeeId =
    input.posUserId !== undefined ? await findEmployeeIdByPosUserId(ctx, input.posUserId) : await findEmployeeIdByEmail(ctx, input.email as string);
  const key = input.posUserId !== undefined ? { posUserId: input.posUserId } : { email: input.email as string };
  const warnings = [LINKED_USER_WARNING];

  await ctx.reportStep({ step: 'resolveEmployee', done: [], remaining: WRITE_PLANS.disableEmployee(), employeeId, ...key });

  const editPath = `/employee/edit/${employeeId}`;
  const before = parseEmployeeEditPage(await ctx.getPage(editPath));
  if (!before.isActive) {
    warnings.unshift(`Employee ${employeeId} was already inactive; nothing was changed.`);
    return { employeeId, ...key, disabledAt: new Date().toISOString(), warnings };
  }
  requireWholeForm('employee-edit', before.gaps);
  const fields: FormPair[] = before.fields.filter(([name]) => name !== 'employee[isActive]');
  if (!fields.some(([name]) => name === 'employee[id]')) fields.unshift(['employee[id]', String(employeeId)]);

  // A lost answer is settled by the read below: the edit page shows whether the POST took effect.
  const lostAnswer = await ctx
    .postForm('/employee/update', fields, /^\/employee(?:[?#]|$)/)
    .then(
      () => undefined,
      (error: unknown) => {
        if (error instanceof WashOpsError && error.details['mayHaveBeenProcessed'] === true) return error;
        throw error;
      },
    )
    .finally(() => ctx.afterWrite());
  const after = await ctx.getPage(editPath).then(parseEmployeeEditPage, (error: unknown) => {
    if (lostAnswer) throw lostAnswer;
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackofficeServerError(
      `The disable POST for employee ${employeeId} was accepted, but reading the employee back failed: ${reason}. Whether it is inactive is not verified; calling disableEmployee again is safe.`,
      { cause: error, details: { employeeId, ...key, verified: false } },
    );
  });
  if (after.isActive) {
    const how = lostAnswer ? `The disable POST got no answer (${lostAnswer.message}), and` : 'The disable POST was accepted but';
    throw new BackofficeServerError(`${how} employee ${employeeId} is still active: the full-form round-trip did not take effect`, {
      cause: lostAnswer,
      details: { employeeId, ...key, verified: false, applied: false },
    });
  }
  await ctx.reportStep({ step: 'disableEmployee', done: ['disableEmployee'], remaining: [], employeeId, ...key });
  return { employeeId, ...key, disabledAt: new Date().toISOString(), warnings };
}
