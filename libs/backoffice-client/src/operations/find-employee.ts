import { NotFoundError } from '@washops/shared-errors';
import { emailKey } from '../normalize.js';
import { ROSTER_ALL_PATH, findRosterRowsContaining, parseRoster, rosterByPosUserIdPath } from '../pages/roster.js';
import { parseUserCreatePage } from '../pages/user-create.js';
import type { OperationContext } from './context.js';

/** The employee with a POS user id, from the roster filtered to that id (every status). */
export async function findEmployeeIdByPosUserId(ctx: OperationContext, posUserId: number): Promise<number> {
  const rows = parseRoster(await ctx.getPage(rosterByPosUserIdPath(posUserId)));
  const row = rows.find((r) => r.posUserId === posUserId);
  if (!row) throw new NotFoundError(`No employee has POS user id ${posUserId}`, { details: { posUserId } });
  return row.employeeId;
}

/**
 * The employee with an email: first the `/user/create` dropdown (which carries every linkable
 * employee's email), then the roster rows' text. Both read fresh, since a write follows.
 */
export async function findEmployeeIdByEmail(ctx: OperationContext, email: string): Promise<number> {
  const map = parseUserCreatePage(await ctx.getPage('/user/create')).emailMap;
  const fromMap = map.get(emailKey(email));
  if (fromMap !== undefined) return fromMap;
  const rows = findRosterRowsContaining(await ctx.getPage(ROSTER_ALL_PATH), emailKey(email));
  const row = rows[0];
  if (row) return row.employeeId;
  throw new NotFoundError(
    `No employee found with email ${email}: the BackOffice lists emails only for employees it can link, and the roster has no email column. Look the employee up by posUserId instead.`,
    { details: { email } },
  );
}
