import { projectTestConfig } from '../../vitest.shared.ts';

const config = projectTestConfig('portal', { include: ['src/**/*.test.ts', 'test/**/*.test.ts'] });
// As in the store's config: with `import` among Node's conditions, pg's CommonJS
// `require('pg-pool')` (reached through @washops/store) would get pg-pool's ES module namespace.
const conditions = ['@washops/source', 'node', 'default'];
if (config.ssr?.resolve) config.ssr.resolve = { ...config.ssr.resolve, conditions, externalConditions: conditions };

export default config;
