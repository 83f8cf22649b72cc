import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Frameworks a client library must never import: clients stay usable from any script. */
const frameworks = ['next', 'next/*', 'react', 'react-dom', 'react/*', '@trpc/*', '@modelcontextprotocol/*', '@tanstack/*'];

/**
 * The architecture: apps → portal-api → operations → clients → client-core → shared-errors, and operations → store →
 * shared-errors (the store knows no client). Writes to the vendor's BackOffice go through the audited operations
 * layer only: outside tests, portal-api and the apps may not import the BackOffice client (`vendor:writes`); the Data
 * API client, which writes nothing (`vendor:read-only`), they may. Simulators stand alone on sim-kit (PRNG, faults);
 * apps may start them in demo mode; only tests may import them otherwise. Scopes keep each area to itself: backoffice
 * code never imports transactions code. The clock (`type:clock`) stands below everything: whatever waits reads it.
 */
const depConstraints = (testFile) => [
  { sourceTag: 'type:clock', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:errors', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:sim-kit', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:core', onlyDependOnLibsWithTags: ['type:errors', 'type:clock'] },
  { sourceTag: 'type:store', onlyDependOnLibsWithTags: ['type:errors', 'type:clock'], bannedExternalImports: frameworks },
  {
    sourceTag: 'type:client',
    onlyDependOnLibsWithTags: testFile ? ['type:core', 'type:errors', 'type:sim', 'type:sim-kit', 'type:clock'] : ['type:core', 'type:errors', 'type:clock'],
    bannedExternalImports: frameworks,
  },
  { sourceTag: 'type:sim', onlyDependOnLibsWithTags: ['type:sim-kit', 'type:clock'] },
  {
    sourceTag: 'type:operations',
    onlyDependOnLibsWithTags: testFile
      ? ['type:client', 'type:core', 'type:store', 'type:errors', 'type:sim', 'type:sim-kit', 'type:clock']
      : ['type:client', 'type:core', 'type:store', 'type:errors', 'type:clock'],
    bannedExternalImports: frameworks,
  },
  {
    sourceTag: 'type:api',
    onlyDependOnLibsWithTags: testFile
      ? ['type:operations', 'type:client', 'type:core', 'type:store', 'type:errors', 'type:sim', 'type:clock']
      : ['type:operations', 'vendor:read-only', 'type:core', 'type:store', 'type:errors', 'type:clock'],
  },
  {
    sourceTag: 'type:app',
    onlyDependOnLibsWithTags: testFile
      ? ['type:api', 'type:operations', 'type:client', 'type:core', 'type:store', 'type:errors', 'type:sim', 'type:sim-kit', 'type:clock']
      : ['type:api', 'type:operations', 'vendor:read-only', 'type:core', 'type:store', 'type:errors', 'type:sim', 'type:clock'],
  },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:app', 'type:api', 'type:operations', 'type:store', 'type:sim', 'type:errors', 'type:clock'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:backoffice', onlyDependOnLibsWithTags: ['scope:backoffice', 'scope:shared'] },
  { sourceTag: 'scope:transactions', onlyDependOnLibsWithTags: ['scope:transactions', 'scope:shared'] },
  { sourceTag: 'scope:operations', onlyDependOnLibsWithTags: ['scope:backoffice', 'scope:transactions', 'scope:shared'] },
  { sourceTag: 'scope:mcp', onlyDependOnLibsWithTags: ['scope:operations', 'scope:backoffice', 'scope:transactions', 'scope:shared'] },
  { sourceTag: 'scope:portal', onlyDependOnLibsWithTags: ['scope:portal', 'scope:operations', 'scope:backoffice', 'scope:transactions', 'scope:shared'] },
  { sourceTag: 'scope:cli', onlyDependOnLibsWithTags: ['scope:portal', 'scope:operations', 'scope:backoffice', 'scope:transactions', 'scope:shared'] },
];

const boundaries = (testFile) => ({
  '@nx/enforce-module-boundaries': [
    'error',
    { enforceBuildableLibDependency: false, allow: [], depConstraints: depConstraints(testFile) },
  ],
});

const testFiles = ['**/*.test.ts', '**/test/**/*.ts', '**/bench/**/*.ts', 'e2e/**/*.ts'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.next/**',
      '**/node_modules/**',
      '**/coverage/**',
      '.nx/**',
      '**/next-env.d.ts',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...nx.configs['flat/base'],
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['**/*.ts', '**/*.tsx'], rules: boundaries(false) },
  { files: testFiles, rules: boundaries(true) },
  // Tool configs share one root helper by relative path; they are not part of any module graph.
  { files: ['**/vitest.config.ts', '**/playwright.config.ts'], rules: { '@nx/enforce-module-boundaries': 'off' } },
  { files: ['apps/portal/**/*.tsx', 'apps/portal/**/*.ts'], languageOptions: { globals: { ...globals.browser } } },
  // The portal's bundle must not contain the store (PGlite's WebAssembly, the migrations folder): the portal loads it,
  // and the operations root that re-exports it, at run time. Bundled code may only import their types.
  {
    files: ['libs/portal-api/src/**/*.ts', 'apps/portal/src/**/*.ts', 'apps/portal/src/**/*.tsx'],
    ignores: testFiles,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['@washops/store', '@washops/operations'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Bundled into the portal: import its types only (values load at run time, see apps/portal/src/server/store.ts).',
          })),
        },
      ],
    },
  },
);
