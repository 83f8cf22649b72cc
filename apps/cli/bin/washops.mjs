#!/usr/bin/env node
// The CLI runs on import (built when current, else from source).
import { importCli } from '@washops/sim-kit/run-cli';

await importCli(import.meta.url);
