import { parseInput } from '@washops/client-core';
import { BackofficeServerError, DuplicateError, registerSecret } from '@washops/shared-errors';
import { emailKey, phoneKey } from '../normalize.js';
import { parseEmployeeEditPage, registerStoredPin, type EmployeeEditForm } from '../pages/employee-edit.js';
import { requireWholeForm } from '../pages/page.js';
import { employeeChangesSchema, type EmployeeChanges, type EmployeeChangesParsed, type EmployeeKey, type EmployeeUpdated } from '../schemas.js';
import { WRITE_PLANS, type OperationContext } from './context.js';
import { postSettledByRead } from './post-settled-by-read.js';
import { applyChanges, planChanges } from './employee-changes.js';
import { resolveEmployee } from './employee-key.js';

/**
 * Changes profile fields by a whole-form round-trip of the edit page (the server binds a missing field as
 * empty, protocol §3.2): the form as served, only the changed fields replaced, then a read that each of
 * them is stored.
 */
export async function updateEmployee(ctx: OperationContext, key: EmployeeKey, raw: EmployeeChanges): Promise<EmployeeUpdated> {
  const changes = parseInput(employeeChangesSchema, raw, 'changes');
  if (changes.posPin !== undefined) registerSecret(String(changes.posPin));
  const { employeeId, key: resolvedKey } = await resolveEmployee(ctx, key);
  await ctx.reportStep({ step: 'resolveEmployee', done: [], remaining: WRITE_PLANS.updateEmployee(), employeeId, ...resolvedKey });

  const editPath = `/employee/edit/${employeeId}`;
  const before = parseEmployeeEditPage(await ctx.getPage(editPath));
  requireWholeForm('employee-edit', before.gaps);
  registerStoredPin(before.fields);
  const form = changes.availableSites !== undefined ? await ctx.createForm() : undefined;
  const plan = planChanges(before, changes, form);
  const changedFields = plan.changed.map((c) => c.field);
  if (plan.changed.length === 0) {
    return {
      employeeId,
      posUserId: before.posUserId,
      changed: [],
      unchanged: plan.unchanged,
      warnings: [`Employee ${employeeId} already has every value given (${plan.unchanged.join(', ')}); nothing was sent.`],
    };
  }
  await checkUnique(ctx, employeeId, changes, changedFields);

  const lostAnswer = await postSettledByRead(ctx, '/employee/update', applyChanges(before.fields, plan.changed), /^\/employee(?:[?#]|$)/);

  let after: EmployeeEditForm;
  try {
    after = parseEmployeeEditPage(await ctx.getPage(editPath));
    requireWholeForm('employee-edit', after.gaps);
  } catch (error) {
    if (lostAnswer) throw lostAnswer;
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackofficeServerError(
      `The update of employee ${employeeId} (${changedFields.join(', ')}) was accepted, but reading the employee back failed: ${reason}. Whether it is stored is not verified; calling updateEmployee again with the same changes is safe.`,
      { cause: error, details: { employeeId, ...resolvedKey, fields: changedFields, verified: false } },
    );
  }
  const notStored = plan.changed.filter((c) => !c.holds(after)).map((c) => c.field);
  if (notStored.length > 0) {
    const stored = changedFields.filter((f) => !notStored.includes(f));
    const how = lostAnswer ? `got no answer (${lostAnswer.message}), and` : 'was accepted, but';
    const nothingStuckAfterLoss = stored.length === 0 && lostAnswer !== undefined;
    const nothingShows = nothingStuckAfterLoss ? ': nothing was changed' : ': none of the changes shows, so what the BackOffice stored is not known; check the employee before trying again';
    throw new BackofficeServerError(
      `The update of employee ${employeeId} ${how} the read-back shows ${notStored.join(', ')} not stored` +
        (stored.length > 0 ? ` (stored: ${stored.join(', ')})` : nothingShows),
      // A lost answer and a read showing none of it: not applied. A save the server confirmed while its page disagrees
      // contradicts itself, so what it stored is unknown: unverified, never "not applied".
      { cause: lostAnswer, details: { employeeId, ...resolvedKey, notStored, stored, verified: false, ...(nothingStuckAfterLoss ? { applied: false } : {}) } },
    );
  }
  await ctx.reportStep({ step: 'updateEmployee', done: ['updateEmployee'], remaining: [], employeeId, ...resolvedKey });
  return { employeeId, posUserId: after.posUserId, changed: changedFields, unchanged: plan.unchanged, warnings: [] };
}

/**
 * A new email or phone already held by another employee would be refused by the server (protocol §6.8): the
 * same pre-check createEmployee makes, against the employee index.
 */
async function checkUnique(ctx: OperationContext, employeeId: number, changes: EmployeeChangesParsed, changed: readonly string[]): Promise<void> {
  const email = changed.includes('email') ? changes.email : undefined;
  const phone = changed.includes('phone') ? changes.phone : undefined;
  if (email === undefined && phone === undefined) return;
  const index = await ctx.employeeIndex({ maxAgeMs: ctx.tenant.indexMaxAgeMs });
  const byEmail = email === undefined ? undefined : index.emails.get(emailKey(email));
  if (byEmail !== undefined && byEmail !== employeeId) {
    throw new DuplicateError(`Email ${email} is already used by employee ${byEmail}`, { details: { field: 'email', value: email, employeeId: byEmail } });
  }
  const byPhone = phone === undefined ? undefined : index.byPhone.get(phoneKey(phone));
  if (byPhone && byPhone.employeeId !== employeeId) {
    throw new DuplicateError(`Phone ${phone} is already used by employee ${byPhone.employeeId} (${byPhone.firstName} ${byPhone.lastName})`, {
      details: { field: 'phone', value: phone, employeeId: byPhone.employeeId },
    });
  }
}
