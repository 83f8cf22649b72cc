#!/usr/bin/env node
// Runs the CLI (built when current, else from source).
import { importCli } from '@washops/sim-kit/run-cli';

const cli = await importCli(import.meta.url);
await cli.run(process.argv.slice(2));
