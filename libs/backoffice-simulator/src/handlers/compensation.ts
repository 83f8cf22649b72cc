/** An employee's wage history: the compensation page and its post. */
import { CHOSEN_MESSAGES, parseFormDate } from '../form-validation.js';
import { parsePositiveInt } from '../form.js';
import { compareFormDates, renderEmployeeCompensationPage } from '../pages/employee-compensation.js';
import { takeFlashes } from '../sessions.js';
import { formDate } from '../tenant/model.js';
import { byId, fail, notFound, page, redirect, type Reply, type RequestContext, type Route } from './replies.js';

function compensationPage(ctx: RequestContext, [id]: string[]): Reply {
  const { tree, employees } = ctx.sim.store;
  const employee = employees.get(Number(id));
  if (!employee) return notFound();
  const flashes = takeFlashes(ctx.session);
  return page(renderEmployeeCompensationPage({ tree, userName: ctx.session.displayName, flashes, employee, today: formDate(new Date(ctx.sim.clock.now())) }));
}

function compensationUpdate(ctx: RequestContext): Reply {
  const { form } = ctx;
  const existing = byId(ctx.sim.store.employees, parsePositiveInt(form.value('employeeId')));
  if (!existing) return fail(ctx, '/employee', [CHOSEN_MESSAGES.employeeNotFound], false);
  const back = `/employee/compensation/${existing.id}`;
  const effectiveDate = parseFormDate(form.value('wage[effectiveDate]'));
  const rate = form.value('wage[regularRate]').trim();
  const errors: string[] = [];
  if (effectiveDate === null) errors.push(CHOSEN_MESSAGES.effectiveDate);
  if (!/^\d+(\.\d{1,2})?$/.test(rate)) errors.push(CHOSEN_MESSAGES.regularRate);
  if (errors.length > 0) return fail(ctx, back, errors, true);
  const latest = existing.wageHistory[existing.wageHistory.length - 1];
  // A wage not strictly after the latest record is answered like a success and silently not applied.
  if (effectiveDate === null || (latest && compareFormDates(effectiveDate, latest.effectiveDate) <= 0)) return redirect(back);
  const eligible = form.has('wage[isOvertimeEligible]');
  const wageSite = parsePositiveInt(form.value('wage[siteId]'));
  existing.wage = {
    isHourly: form.value('wage[isHourly]') !== '0',
    regularRate: Number(rate).toFixed(2),
    overtimeRate: eligible ? form.value('wage[overtimeRate]').trim() : '',
    isOvertimeEligible: eligible,
    siteId: wageSite ?? existing.wage.siteId,
  };
  existing.wageHistory.push({ ...existing.wage, effectiveDate });
  return redirect(back);
}

export const compensationRoutes: Route[] = [
  { method: 'GET', path: /^\/employee\/compensation\/(\d+)$/, handle: compensationPage },
  { method: 'POST', path: '/employee/compensation/update', handle: compensationUpdate },
];
