// Reads the output of `npm test` and prints one closing line, "Tests: N passed, N failed, N skipped",
// summed over every Vitest run and the Playwright run, so a reader (or CI) sees the whole count at once.
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const log = stripVTControlCharacters(readFileSync(process.argv[2] ?? 0, 'utf8'));
let passed = 0;
let failed = 0;
let skipped = 0;
for (const line of log.split('\n')) {
  const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
  if (vitest) {
    passed += Number(/(\d+) passed/.exec(vitest[1])?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(vitest[1])?.[1] ?? 0);
    skipped += Number(/(\d+) skipped/.exec(vitest[1])?.[1] ?? 0);
    continue;
  }
  const playwright = /^\s*(\d+) (passed|failed|skipped|flaky)(?: \(.*\))?\s*$/.exec(line);
  if (playwright) {
    const n = Number(playwright[1]);
    if (playwright[2] === 'passed' || playwright[2] === 'flaky') passed += n;
    else if (playwright[2] === 'failed') failed += n;
    else skipped += n;
  }
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
