// Reads the output of `npm test` and prints one closing line, "Tests: N passed, N failed, N skipped",
// summed over every Vitest run and the Playwright run, so a reader (or CI) sees the whole count at once.
// Given the folder of the run's JSON reports (WASHOPS_TEST_REPORT_DIR), it first prints where the time went:
// each project's unit time, the browser suite's time, the ten slowest test files, and the assertions counted.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const log = stripVTControlCharacters(readFileSync(process.argv[2] ?? 0, 'utf8'));
const reportDir = process.argv[3] ?? process.env['WASHOPS_TEST_REPORT_DIR'];
let passed = 0;
let failed = 0;
let skipped = 0;
let browserTime;
for (const line of log.split('\n')) {
  const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
  if (vitest) {
    passed += Number(/(\d+) passed/.exec(vitest[1])?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(vitest[1])?.[1] ?? 0);
    skipped += Number(/(\d+) skipped/.exec(vitest[1])?.[1] ?? 0);
    continue;
  }
  const playwright = /^\s*(\d+) (passed|failed|skipped|flaky)(?: \((.*)\))?\s*$/.exec(line);
  if (playwright) {
    const n = Number(playwright[1]);
    if (playwright[2] === 'passed' || playwright[2] === 'flaky') passed += n;
    else if (playwright[2] === 'failed') failed += n;
    else skipped += n;
    if (playwright[3]) browserTime = playwright[3];
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

if (reportDir && existsSync(reportDir)) {
  const root = process.cwd();
  const projects = [];
  const files = [];
  for (const name of readdirSync(reportDir).filter((n) => /^vitest-.*\.json$/.test(n))) {
    const report = JSON.parse(readFileSync(join(reportDir, name), 'utf8'));
    const results = report.testResults ?? [];
    const end = Math.max(report.startTime, ...results.map((r) => r.endTime ?? report.startTime));
    projects.push({ project: name.slice('vitest-'.length, -'.json'.length), ms: end - report.startTime, tests: report.numTotalTests });
    for (const r of results) files.push({ file: relative(root, r.name), ms: (r.endTime ?? 0) - (r.startTime ?? 0) });
  }
  let assertions = 0;
  for (const name of readdirSync(reportDir).filter((n) => n.startsWith('assertions-'))) {
    for (const line of readFileSync(join(reportDir, name), 'utf8').split('\n').filter(Boolean)) assertions += JSON.parse(line).assertions;
  }
  console.log('Unit test time per project (wall clock of its Vitest run):');
  for (const p of projects.sort((a, b) => b.ms - a.ms)) console.log(`  ${p.project.padEnd(24)} ${seconds(p.ms).padStart(9)}  ${p.tests} tests`);
  if (browserTime) console.log(`Browser suite: ${browserTime}`);
  console.log('Ten slowest test files:');
  for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`  ${seconds(f.ms).padStart(9)}  ${f.file}`);
  console.log(`Assertions made by the unit tests: ${assertions}`);
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
