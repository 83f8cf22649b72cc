import { projectTestConfig } from '../../vitest.shared.ts';

// Each test runs the real command in a child process, which opens PGlite and hashes with scrypt: seconds apiece on a
// busy two-core machine.
const config = projectTestConfig('cli', { testTimeout: 120_000, hookTimeout: 120_000 });
// As in libs/store: with `import` among Node's conditions, pg's CommonJS `require('pg-pool')` would get an ES module.
const conditions = ['@washops/source', 'node', 'default'];
if (config.ssr?.resolve) config.ssr.resolve = { ...config.ssr.resolve, conditions, externalConditions: conditions };

export default config;
