import { parseInput } from '@washops/client-core';
import { NotFoundError } from '@washops/shared-errors';
import { listPermissionsOptionsSchema, type ListPermissionsOptions, type Permission } from '../schemas.js';
import type { OperationContext } from './context.js';

/**
 * POS templates (with their grant and override sets) and Back Office templates (names only).
 * With `scope: 'all'` a tenant without any Back Office user simply lists no Back Office templates.
 */
export async function listPermissions(ctx: OperationContext, options: ListPermissionsOptions = {}): Promise<Permission[]> {
  const { refresh, scope } = parseInput(listPermissionsOptionsSchema, options);
  const [pos, backoffice] = await Promise.all([
    scope === 'backoffice' ? undefined : ctx.posPermissions(refresh),
    scope === 'pos'
      ? undefined
      : ctx.backofficeTemplates(refresh).catch((error: unknown) => {
          if (scope === 'all' && error instanceof NotFoundError) return [];
          throw error;
        }),
  ]);
  return [
    ...(pos?.templates ?? []).map((t): Permission => ({ scope: 'pos', id: t.id, name: t.name, grants: [...t.grants], overrides: [...t.overrides] })),
    ...(backoffice ?? []).map((t): Permission => ({ scope: 'backoffice', id: t.id, name: t.name })),
  ];
}
