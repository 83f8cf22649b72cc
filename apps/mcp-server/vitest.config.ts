import { projectTestConfig } from '../../vitest.shared.ts';

const config = projectTestConfig('mcp-server');
// As in libs/store: with `import` among Node's conditions, pg's CommonJS `require('pg-pool')` would get an ES module.
const conditions = ['@washops/source', 'node', 'default'];
if (config.ssr?.resolve) config.ssr.resolve = { ...config.ssr.resolve, conditions, externalConditions: conditions };

export default config;
