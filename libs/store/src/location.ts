import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenStoreOptions } from './store.js';

/**
 * `.washops/` at the repository's root: the folder `npm start`, `npm run users` and the MCP server
 * share unless told otherwise (the same path from `src/` and `dist/`).
 */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../.washops', import.meta.url));

export type StoreLocation = Pick<OpenStoreOptions, 'databaseUrl' | 'dataDir' | 'inMemory'>;

export interface StoreLocationChoice {
  /** Relative folders are resolved against it. */
  cwd: string;
  /** A folder named on the command line: wins over `WASHOPS_DATA_DIR`, not over `DATABASE_URL`. */
  dataDir?: string | undefined;
  /** With neither variable nor folder: the repository's `.washops/` (default) or memory (a demo's own world). */
  otherwise?: 'default-folder' | 'in-memory';
}

/**
 * Where the system of record is: `DATABASE_URL` (PostgreSQL), else the folder given, else
 * `WASHOPS_DATA_DIR`, else `otherwise`. The portal resolves its own (its server code is bundled,
 * so `import.meta.url` would not name this package there).
 */
export function storeLocationFromEnv(env: Record<string, string | undefined>, choice: StoreLocationChoice): StoreLocation {
  const databaseUrl = env['DATABASE_URL']?.trim();
  if (databaseUrl) return { databaseUrl };
  const dataDir = choice.dataDir?.trim() || env['WASHOPS_DATA_DIR']?.trim();
  if (dataDir) return { dataDir: resolve(choice.cwd, dataDir) };
  return choice.otherwise === 'in-memory' ? { inMemory: true } : { dataDir: DEFAULT_DATA_DIR };
}
