import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR, storeLocationFromEnv } from '../src/index.js';

describe('storeLocationFromEnv', () => {
  const cwd = '/srv/washops';

  it('takes DATABASE_URL over any folder', () => {
    const env = { DATABASE_URL: ' postgres://u:p@db/washops ', WASHOPS_DATA_DIR: 'data' };
    expect(storeLocationFromEnv(env, { cwd, dataDir: 'other' })).toEqual({ databaseUrl: 'postgres://u:p@db/washops' });
  });

  it('takes a folder named on the command line over WASHOPS_DATA_DIR, relative to the working directory', () => {
    expect(storeLocationFromEnv({ WASHOPS_DATA_DIR: 'data' }, { cwd, dataDir: 'other' })).toEqual({ dataDir: '/srv/washops/other' });
    expect(storeLocationFromEnv({ WASHOPS_DATA_DIR: 'data' }, { cwd })).toEqual({ dataDir: '/srv/washops/data' });
    expect(storeLocationFromEnv({ WASHOPS_DATA_DIR: '/var/lib/washops' }, { cwd })).toEqual({ dataDir: '/var/lib/washops' });
  });

  it("falls back to the repository's .washops/, or to memory when asked (a demo's own world)", () => {
    expect(DEFAULT_DATA_DIR).toBe(join(import.meta.dirname, '..', '..', '..', '.washops'));
    expect(storeLocationFromEnv({ DATABASE_URL: ' ' }, { cwd })).toEqual({ dataDir: DEFAULT_DATA_DIR });
    expect(storeLocationFromEnv({}, { cwd, otherwise: 'in-memory' })).toEqual({ inMemory: true });
  });
});
