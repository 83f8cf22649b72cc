import type { EmployeeKey, EmployeeReactivated } from '../schemas.js';
import { WRITE_PLANS, type OperationContext } from './context.js';
import { setEmployeeActiveState } from './employee-active-state.js';
import { resolveEmployee } from './employee-key.js';

/** The mirror of disableEmployee: the whole edit form posted back with `employee[isActive]=1`, then read again. */
export async function reactivateEmployee(ctx: OperationContext, raw: EmployeeKey): Promise<EmployeeReactivated> {
  const { employeeId, key } = await resolveEmployee(ctx, raw);
  const posUserId = 'posUserId' in key ? key.posUserId : null;
  await ctx.reportStep({ step: 'resolveEmployee', done: [], remaining: WRITE_PLANS.reactivateEmployee(), employeeId, ...key });
  const warnings: string[] = [];
  const { changed, page } = await setEmployeeActiveState(ctx, employeeId, true, key);
  if (!changed) {
    warnings.push(`Employee ${employeeId} was already active; nothing was changed.`);
  } else {
    await ctx.reportStep({ step: 'reactivateEmployee', done: ['reactivateEmployee'], remaining: [], employeeId, ...key });
  }
  return { employeeId, posUserId: posUserId ?? page.posUserId, reactivatedAt: new Date().toISOString(), warnings };
}
