import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

/** Resolve sibling workspace packages to their TypeScript sources, so tests need no build first. */
const conditions = ['@washops/source', 'import', 'module', 'node', 'default'];

const workspaceRoot = fileURLToPath(new URL('.', import.meta.url));

/** With WASHOPS_TEST_REPORT_DIR set (as `.ci/run` does), each project also writes its JSON report and assertion counts there. */
const reportDir = process.env['WASHOPS_TEST_REPORT_DIR'];

export function projectTestConfig(project: string, overrides: ViteUserConfig['test'] = {}): ViteUserConfig {
  return defineConfig({
    cacheDir: `${workspaceRoot}node_modules/.vite/${project}`,
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: conditions } },
    test: {
      name: project,
      environment: 'node',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      watch: false,
      ...(reportDir
        ? {
            reporters: ['default', 'json'],
            outputFile: { json: `${reportDir}/vitest-${project}.json` },
            setupFiles: [`${workspaceRoot}tools/vitest/count-assertions.ts`],
          }
        : {}),
      testTimeout: 20_000,
      hookTimeout: 30_000,
      ...overrides,
    },
  });
}
