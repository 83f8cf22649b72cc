import type { WarehouseSync, WarehouseSyncDeps } from './types.js';

/** Opens the sync on the store's job queue (pg-boss) and the API id's shared request budget. */
export async function openWarehouseSync(_deps: WarehouseSyncDeps): Promise<WarehouseSync> {
  throw new Error('openWarehouseSync is not built yet');
}
