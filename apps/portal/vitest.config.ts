import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vitest/config';
import { projectTestConfig } from '../../vitest.shared.ts';

export default mergeConfig(projectTestConfig('portal', { include: ['src/**/*.test.ts', 'test/**/*.test.ts'] }), {
  resolve: {
    // Mirrors the `paths` entry of tsconfig.json (the browser's import of the client's schemas).
    alias: { '@washops/backoffice-client/schemas': fileURLToPath(new URL('../../libs/backoffice-client/src/schemas.ts', import.meta.url)) },
  },
});
