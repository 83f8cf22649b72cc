import { projectTestConfig } from '../../vitest.shared.ts';

// Restart tests start PGlite more than once, which takes seconds on a busy two-core machine.
const config = projectTestConfig('store', { testTimeout: 60_000, hookTimeout: 60_000 });
// Vitest hands `ssr.resolve.conditions` to Node as `--conditions`; with `import` among them, pg's
// CommonJS `require('pg-pool')` would get pg-pool's ES module namespace instead of its class.
const conditions = ['@washops/source', 'node', 'default'];
if (config.ssr?.resolve) config.ssr.resolve = { ...config.ssr.resolve, conditions, externalConditions: conditions };

export default config;
