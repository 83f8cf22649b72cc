/**
 * `@washops/operations/schemas` is bundled into the portal's browser code: every module it loads must be
 * free of the store's drivers, the clients' network code and Node built-ins.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as schemas from '../src/schemas.js';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));

/** The value imports and re-exports of a module (type-only ones are erased, so they do not count). */
function valueImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)) found.push(match[1] as string);
  return found;
}

/** Where a workspace package's `@washops/source` entry lives, or a relative module beside `from`. */
function sourceOf(specifier: string, from: string): string | undefined {
  if (specifier.startsWith('.')) return join(dirname(from), specifier.replace(/\.js$/, '.ts'));
  const [scope, name, ...rest] = specifier.split('/');
  if (scope !== '@washops') return undefined;
  const manifest = require.resolve(`@washops/${name}/package.json`);
  const exports = JSON.parse(readFileSync(manifest, 'utf8')).exports as Record<string, { '@washops/source': string }>;
  const entry = exports[rest.length > 0 ? `./${rest.join('/')}` : '.'];
  return entry ? join(dirname(manifest), entry['@washops/source']) : undefined;
}

describe('@washops/operations/schemas', () => {
  it('loads only zod and browser-safe workspace modules', () => {
    const seen = new Set<string>();
    const external = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const specifier of valueImports(file)) {
        const source = sourceOf(specifier, file);
        if (source) visit(source);
        else external.add(specifier);
      }
    };
    visit(join(here, '../src/schemas.ts'));
    expect([...external]).toEqual(['zod']);
    const workspaceFiles = [...seen].map((file) => file.split('/libs/')[1]);
    expect(workspaceFiles).not.toContainEqual(expect.stringMatching(/^store\/src\/(?!constants\.ts)/));
    expect(workspaceFiles).not.toContainEqual(expect.stringMatching(/client\.ts$|transport|connection/));
  });

  it('offers the client’s schemas and the audit log’s value sets and filter', () => {
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['createEmployeeInputSchema', 'disableEmployeeInputSchema', 'createBackofficeUserInputSchema', 'AUDIT_OPERATIONS', 'AUDIT_STATES', 'AUDIT_CHANNELS', 'NEEDS_ATTENTION_AFTER_MS', 'auditFilterSchema']),
    );
  });
});
