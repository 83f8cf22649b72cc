import { NotFoundError } from '@washops/shared-errors';
import { USER_LIST_ALL_PATH, parseUserListPage, type BackofficeUserRow } from '../pages/user-list.js';
import { Cache } from '../tenant/cache.js';
import type { TenantCache } from '../tenant/tenant-cache.js';
import type { OperationContext } from './context.js';

// One user list per client (its tenant cache), kept beside the other discovery reads and dropped after a Back Office write.
const lists = new WeakMap<TenantCache, Cache<BackofficeUserRow[]>>();

function listOf(ctx: OperationContext): Cache<BackofficeUserRow[]> {
  let cache = lists.get(ctx.tenant);
  if (!cache) {
    const forms = ctx.forms;
    cache = new Cache(async (signal) => parseUserListPage(await forms.getPage(USER_LIST_ALL_PATH, signal)), ctx.tenant.clock);
    lists.set(ctx.tenant, cache);
  }
  return cache;
}

/** Every Back Office user (`/user`, all statuses), cached until `refresh` or a Back Office write. */
export function backofficeUsers(ctx: OperationContext, refresh = false): Promise<BackofficeUserRow[]> {
  return listOf(ctx).get({ refresh, signal: ctx.signal });
}

/** A Back Office user was created or changed: the next list is read fresh. */
export function afterBackofficeWrite(ctx: OperationContext): void {
  lists.get(ctx.tenant)?.invalidate();
}

/** The user with this username (case-insensitive), or undefined; a held list that lacks it is read again once. */
export async function lookUpBackofficeUser(ctx: OperationContext, username: string): Promise<BackofficeUserRow | undefined> {
  const key = username.trim().toLowerCase();
  const match = (rows: BackofficeUserRow[]) => rows.find((row) => row.username.toLowerCase() === key);
  return match(await backofficeUsers(ctx)) ?? match(await backofficeUsers(ctx, true));
}

/** Like lookUpBackofficeUser; a username no user has is NotFoundError. */
export async function findBackofficeUserByUsername(ctx: OperationContext, username: string): Promise<BackofficeUserRow> {
  const found = await lookUpBackofficeUser(ctx, username);
  if (found) return found;
  throw new NotFoundError(`No Back Office user has the username '${username.trim()}'`, { details: { username: username.trim() } });
}
