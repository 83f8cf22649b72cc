// Counts each test file's assertions (expect calls) so a run can print how much it proves, not only how many tests,
// and times the whole file: its imports and its beforeAll/afterAll hooks as well as its tests (the JSON report's
// file times leave the hooks out, where a file's simulators and stores start), in wall clock and in the CPU time of
// its test process (its child processes not counted): on two cores the suite is bound by CPU, not by waiting.
// Loaded only when WASHOPS_TEST_REPORT_DIR names a folder (vitest.shared.ts); one JSON line per file.
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';

const reportDir = process.env['WASHOPS_TEST_REPORT_DIR'] as string;
const startedAt = performance.now();
const cpuAtStart = process.cpuUsage();
mkdirSync(reportDir, { recursive: true });
let assertions = 0;

afterEach(() => {
  assertions += expect.getState().assertionCalls;
});
// Registered before the file's own hooks, so it runs after them.
afterAll(() => {
  const file = expect.getState().testPath ?? 'unknown';
  appendFileSync(join(reportDir, `assertions-${process.pid}.jsonl`), `${JSON.stringify({ file, assertions, wallMs: Math.round(performance.now() - startedAt), cpuMs: cpuMsSince(cpuAtStart) })}\n`);
});

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return Math.round((used.user + used.system) / 1000);
}
