import { BackofficeServerError } from '@washops/shared-errors';
import { parseEmployeeEditPage, registerStoredPin, type EmployeeEditForm } from '../pages/employee-edit.js';
import type { FormPair } from '../pages/form.js';
import { requireWholeForm } from '../pages/page.js';
import type { OperationContext } from './context.js';
import { postSettledByRead } from './post-settled-by-read.js';

const ACTIVE_BOX = 'employee[isActive]';

/** What changing an employee's status is called, for messages and the retry advice. */
const WORDING = {
  active: { verb: 'reactivate', method: 'reactivateEmployee', wrong: 'still inactive', state: 'active' },
  inactive: { verb: 'disable', method: 'disableEmployee', wrong: 'still active', state: 'inactive' },
} as const;

/**
 * Sets the edit form's "Status" box by a whole-form round-trip, then reads the page back (protocol §3.5):
 * the box is bound by presence, so inactive omits `employee[isActive]` and active sends it. Every other
 * pair goes back as served. `changed` is false, and nothing is sent, when the employee already has that
 * status; `page` is the last read of the edit page.
 */
export async function setEmployeeActiveState(
  ctx: OperationContext,
  employeeId: number,
  active: boolean,
  details: Record<string, unknown>,
): Promise<{ changed: boolean; page: EmployeeEditForm }> {
  const words = WORDING[active ? 'active' : 'inactive'];
  const editPath = `/employee/edit/${employeeId}`;
  const before = parseEmployeeEditPage(await ctx.getPage(editPath));
  registerStoredPin(before.fields);
  if (before.isActive === active) return { changed: false, page: before };
  requireWholeForm('employee-edit', before.gaps);
  const fields: FormPair[] = before.fields.filter(([name]) => name !== ACTIVE_BOX);
  if (!fields.some(([name]) => name === 'employee[id]')) fields.unshift(['employee[id]', String(employeeId)]);
  if (active) fields.push([ACTIVE_BOX, '1']);

  // A lost answer is settled by the read below: the edit page shows whether the POST took effect.
  const lostAnswer = await postSettledByRead(ctx, '/employee/update', fields, /^\/employee(?:[?#]|$)/);
  const after = await ctx.getPage(editPath).then(parseEmployeeEditPage, (error: unknown) => {
    if (lostAnswer) throw lostAnswer;
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackofficeServerError(
      `The ${words.verb} POST for employee ${employeeId} was accepted, but reading the employee back failed: ${reason}. Whether it is ${words.state} is not verified; calling ${words.method} again is safe.`,
      { cause: error, details: { employeeId, ...details, verified: false } },
    );
  });
  if (after.isActive !== active) {
    const how = lostAnswer ? `The ${words.verb} POST got no answer (${lostAnswer.message}), and` : `The ${words.verb} POST was accepted but`;
    throw new BackofficeServerError(`${how} employee ${employeeId} is ${words.wrong}: the full-form round-trip did not take effect`, {
      cause: lostAnswer,
      details: { employeeId, ...details, verified: false, applied: false },
    });
  }
  return { changed: true, page: after };
}
