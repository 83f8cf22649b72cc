import { parseInput } from '@washops/client-core';
import { disableEmployeeInputSchema, type DisableEmployeeInput, type EmployeeDisabled } from '../schemas.js';
import { WRITE_PLANS, type OperationContext } from './context.js';
import { setEmployeeActiveState } from './employee-active-state.js';
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

  if (!(await setEmployeeActiveState(ctx, employeeId, false, key)).changed) {
    warnings.unshift(`Employee ${employeeId} was already inactive; nothing was changed.`);
    return { employeeId, ...key, disabledAt: new Date().toISOString(), warnings };
  }
  await ctx.reportStep({ step: 'disableEmployee', done: ['disableEmployee'], remaining: [], employeeId, ...key });
  return { employeeId, ...key, disabledAt: new Date().toISOString(), warnings };
}
