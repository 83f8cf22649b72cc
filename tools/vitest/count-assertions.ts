// Counts each test file's assertions (expect calls) so a run can print how much it proves, not only how many tests.
// Loaded only when WASHOPS_TEST_REPORT_DIR names a folder (vitest.shared.ts); one JSON line per file.
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';

const reportDir = process.env['WASHOPS_TEST_REPORT_DIR'] as string;
let assertions = 0;

afterEach(() => {
  assertions += expect.getState().assertionCalls;
});
afterAll(() => {
  const file = expect.getState().testPath ?? 'unknown';
  mkdirSync(reportDir, { recursive: true });
  mkdirSync(reportDir, { recursive: true });
  appendFileSync(join(reportDir, `assertions-${process.pid}.jsonl`), `${JSON.stringify({ file, assertions })}\n`);
});
