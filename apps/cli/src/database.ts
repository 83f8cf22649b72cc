import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenStoreOptions } from '@washops/store';
import type { CliIo } from './io.js';

/** `.washops/` at the repo root, the folder `npm start` keeps its data in (from `src/` and `dist/` alike). */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../.washops', import.meta.url));

/**
 * Where the users live: `DATABASE_URL` when set, else `--data-dir`, `WASHOPS_DATA_DIR` or the default
 * folder. A running portal may host that folder; the command line then is its client.
 */
export function storeOptionsFor(io: CliIo, dataDirOption: string | undefined): OpenStoreOptions {
  const databaseUrl = io.env['DATABASE_URL'];
  if (databaseUrl) {
    if (dataDirOption) io.stderr.write('DATABASE_URL is set, so --data-dir is ignored.\n');
    return { databaseUrl, maxConnections: 2 };
  }
  const dataDir = dataDirOption ?? io.env['WASHOPS_DATA_DIR'];
  if (!dataDir) return { dataDir: DEFAULT_DATA_DIR };
  return { dataDir: isAbsolute(dataDir) ? dataDir : resolve(io.cwd, dataDir) };
}
