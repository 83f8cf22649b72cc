#!/usr/bin/env node
// Runs the built CLI when there is one; otherwise the TypeScript source through tsx, so it works without a build.
// In a checkout, a build older than the sources is ignored, so a stale dist/ never serves yesterday's simulator.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { register } from 'node:module';
import { fileURLToPath } from 'node:url';

const built = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const sources = fileURLToPath(new URL('../src/', import.meta.url));

function buildIsCurrent() {
  if (!existsSync(built)) return false;
  if (!existsSync(sources)) return true;
  const builtAt = statSync(built).mtimeMs;
  return readdirSync(sources).every((name) => !name.endsWith('.ts') || statSync(sources + name).mtimeMs <= builtAt);
}

let cli;
if (buildIsCurrent()) {
  cli = await import(new URL('../dist/cli.js', import.meta.url).href);
} else {
  // The sources import workspace packages by their source entry too (unbuilt, they have no dist/).
  register('data:text/javascript,export function resolve(s,c,n){return n(s,{...c,conditions:[...c.conditions,"@washops/source"]})}');
  const { tsImport } = await import('tsx/esm/api');
  cli = await tsImport('../src/cli.ts', import.meta.url);
}
await cli.run(process.argv.slice(2));
