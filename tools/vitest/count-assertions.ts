// Counts each test file's assertions (expect calls) so a run can print how much it proves, not only how many tests.
// Written only when WASHOPS_TEST_REPORT_DIR names a folder; one JSON line per file.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';

const statsDir = process.env['WASHOPS_TEST_REPORT_DIR'];
let assertions = 0;
let tests = 0;

if (statsDir) {
  afterEach(() => {
    assertions += expect.getState().assertionCalls;
    tests += 1;
  });
  afterAll(() => {
    const file = expect.getState().testPath ?? 'unknown';
    appendFileSync(join(statsDir, `assertions-${process.pid}.jsonl`), `${JSON.stringify({ file, tests, assertions })}\n`);
  });
}
