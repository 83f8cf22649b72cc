#!/usr/bin/env node
// Runs the built CLI when it is current, else the TypeScript source through tsx, so the bin works with or without a build.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isBuildCurrent } from './build-is-current.mjs';

const built = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
if (isBuildCurrent(built, fileURLToPath(new URL('../src/', import.meta.url)))) {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { register: registerHooks } = await import('node:module');
  registerHooks('./source-conditions.mjs', import.meta.url);
  await import(new URL('../src/cli.ts', import.meta.url).href);
}
