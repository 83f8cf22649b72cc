// Whether dist/ may serve: it exists and no TypeScript source (in any subfolder) is newer than it.
// In a checkout, a build older than the sources would otherwise serve yesterday's simulator.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** True when `builtFile` exists and is at least as new as every `.ts` file under `sourceDir` (absent sources: true). */
export function isBuildCurrent(builtFile, sourceDir) {
  if (!existsSync(builtFile)) return false;
  if (!existsSync(sourceDir)) return true;
  const builtAt = statSync(builtFile).mtimeMs;
  const entries = readdirSync(sourceDir, { recursive: true, withFileTypes: true });
  return entries.every((entry) => !entry.isFile() || !entry.name.endsWith('.ts') || statSync(join(entry.parentPath, entry.name)).mtimeMs <= builtAt);
}
