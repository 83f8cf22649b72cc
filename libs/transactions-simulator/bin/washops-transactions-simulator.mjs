#!/usr/bin/env node
// Runs the built CLI when there is one; otherwise the TypeScript source through tsx, so it works without a build.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = new URL('../dist/cli.js', import.meta.url);
let cli;
if (existsSync(fileURLToPath(built))) {
  cli = await import(built.href);
} else {
  const { tsImport } = await import('tsx/esm/api');
  cli = await tsImport('../src/cli.ts', import.meta.url);
}
await cli.run(process.argv.slice(2));
