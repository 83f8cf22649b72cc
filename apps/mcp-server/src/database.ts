import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenStoreOptions } from '@washops/store';

/** `.washops/` at the repo root, the folder `npm start` and `npm run users` use (from `src/` and `dist/` alike). */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../.washops', import.meta.url));

export type DatabaseLocation = Pick<OpenStoreOptions, 'databaseUrl' | 'dataDir' | 'inMemory'>;

/**
 * Where the audit log is written: `DATABASE_URL`, else `WASHOPS_DATA_DIR`, else the repo's `.washops/` — the
 * portal's database, so its Activity page shows the tools' writes. A `--demo` server with neither set keeps its
 * own in memory: its simulated tenant's activity must not mix into a real portal's folder.
 */
export function databaseLocation(env: Record<string, string | undefined>, demo: boolean, cwd = process.cwd()): DatabaseLocation {
  const databaseUrl = env['DATABASE_URL']?.trim();
  if (databaseUrl) return { databaseUrl };
  const dataDir = env['WASHOPS_DATA_DIR']?.trim();
  if (dataDir) return { dataDir: resolve(cwd, dataDir) };
  return demo ? { inMemory: true } : { dataDir: DEFAULT_DATA_DIR };
}
