// How both simulators' bins start: the built CLI when it is current, else the TypeScript source through tsx, so a
// bin works with or without a build. Plain JavaScript: it must run before anything is compiled.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { register } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** True when `builtFile` exists and is at least as new as every `.ts` file under `sourceDir` (absent sources: true). */
export function isBuildCurrent(builtFile, sourceDir) {
  if (!existsSync(builtFile)) return false;
  if (!existsSync(sourceDir)) return true;
  const builtAt = statSync(builtFile).mtimeMs;
  const entries = readdirSync(sourceDir, { recursive: true, withFileTypes: true });
  return entries.every((entry) => !entry.isFile() || !entry.name.endsWith('.ts') || statSync(join(entry.parentPath, entry.name)).mtimeMs <= builtAt);
}

/**
 * Imports the CLI module of the package whose bin is `binUrl` (`../dist/cli.js`, else `../src/cli.ts`). From source,
 * workspace packages resolve to their sources too (the `@washops/source` condition, as in tests): unbuilt, they have no dist/.
 */
export async function importCli(binUrl) {
  const built = fileURLToPath(new URL('../dist/cli.js', binUrl));
  if (isBuildCurrent(built, fileURLToPath(new URL('../src/', binUrl)))) return import(pathToFileURL(built).href);
  register('data:text/javascript,export function resolve(s,c,n){return n(s,{...c,conditions:[...c.conditions,"@washops/source"]})}');
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(fileURLToPath(new URL('../src/cli.ts', binUrl)), binUrl);
}
