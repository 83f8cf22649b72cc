import { storeLocationFromEnv, type OpenStoreOptions } from '@washops/store';
import type { CliIo } from './io.js';

/** Where the data lives when nothing names it: the repository's `.washops/`, or memory (a demo against the simulator). */
export type StoreFallback = 'default-folder' | 'in-memory';

/**
 * Where the users live: `DATABASE_URL` when set, else `--data-dir`, `WASHOPS_DATA_DIR` or the repository's
 * `.washops/`. A running portal may host that folder; the command line then is its client.
 */
export function storeOptionsFor(io: CliIo, dataDirOption: string | undefined, otherwise: StoreFallback = 'default-folder'): OpenStoreOptions {
  const location = storeLocationFromEnv(io.env, { cwd: io.cwd, dataDir: dataDirOption, otherwise });
  if (!location.databaseUrl) return location;
  if (dataDirOption) io.stderr.write('DATABASE_URL is set, so --data-dir is ignored.\n');
  return { ...location, maxConnections: 2 };
}
