import { projectTestConfig } from '../../vitest.shared.ts';

// Tests open in-memory PGlite stores and, in the kill test, a data folder in a child process: seconds on a busy machine.
const config = projectTestConfig('operations', { testTimeout: 60_000, hookTimeout: 60_000 });
// As in the store's config: with `import` among Node's conditions, pg's CommonJS
// `require('pg-pool')` would get pg-pool's ES module namespace instead of its class.
const conditions = ['@washops/source', 'node', 'default'];
if (config.ssr?.resolve) config.ssr.resolve = { ...config.ssr.resolve, conditions, externalConditions: conditions };

export default config;
