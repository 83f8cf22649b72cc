import { parseInput } from '@washops/client-core';
import { refreshOptionsSchema, type BackofficeUser, type RefreshOptions } from '../schemas.js';
import { backofficeUsers } from './backoffice-users.js';
import type { OperationContext } from './context.js';

/** The `/user` list, every status; cached like the other discovery reads, dropped after a Back Office write. */
export async function listBackofficeUsers(ctx: OperationContext, options: RefreshOptions = {}): Promise<BackofficeUser[]> {
  const { refresh } = parseInput(refreshOptionsSchema, options);
  const rows = await backofficeUsers(ctx, refresh);
  return rows.map((row) => ({ ...row }));
}
