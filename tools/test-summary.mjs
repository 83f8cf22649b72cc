// Reads the output of `npm test` and prints one closing line, "Tests: N passed, N failed, N skipped",
// summed over every Vitest run and the Playwright run, so a reader (or CI) sees the whole count at once.
// Given the folder of the run's JSON reports (WASHOPS_TEST_REPORT_DIR), it first prints where the time went:
// the unit run's wall clock and each project's share, the browser suite's time, the ten slowest test files, and the
// assertions counted; and each failed unit test with the first line of its failure, so the end of a CI log names it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
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
/** `libs/store/test/x.test.ts` → `libs/store`. */
const projectOf = (file) => file.split('/').slice(0, 2).join('/');

if (reportDir && existsSync(reportDir)) {
  const root = process.cwd();
  const files = [];
  const failures = [];
  // Each project's Vitest run, from its report: when it started and when its last file ended.
  const runs = new Map();
  for (const name of readdirSync(reportDir).filter((n) => /^vitest-.*\.json$/.test(n))) {
    const report = JSON.parse(readFileSync(join(reportDir, name), 'utf8'));
    const results = report.testResults ?? [];
    const end = Math.max(report.startTime, ...results.map((r) => r.endTime ?? report.startTime));
    for (const r of results) {
      files.push({ file: relative(root, r.name), ms: (r.endTime ?? 0) - (r.startTime ?? 0), tests: r.assertionResults?.length ?? 0 });
      const failedTests = (r.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests) failures.push({ file: relative(root, r.name), name: t.fullName ?? t.title, message: t.failureMessages?.[0] });
      // A file that failed before any test ran (an import or a hook) has no failed test to name.
      if (r.status === 'failed' && failedTests.length === 0) failures.push({ file: relative(root, r.name), name: '(the file itself)', message: r.message });
    }
    if (results[0]) runs.set(projectOf(relative(root, results[0].name)), { start: report.startTime, end });
  }
  const runMs = runs.size ? Math.max(...[...runs.values()].map((r) => r.end)) - Math.min(...[...runs.values()].map((r) => r.start)) : 0;
  let assertions = 0;
  // The counter's whole-file times (imports and hooks too) replace the report's, which leave the hooks out.
  const wholeFile = new Map();
  const cpuOfFile = new Map();
  for (const name of readdirSync(reportDir).filter((n) => n.startsWith('assertions-'))) {
    for (const line of readFileSync(join(reportDir, name), 'utf8').split('\n').filter(Boolean)) {
      const counted = JSON.parse(line);
      assertions += counted.assertions;
      if (counted.wallMs !== undefined) wholeFile.set(relative(root, counted.file), counted.wallMs);
      if (counted.cpuMs !== undefined) cpuOfFile.set(relative(root, counted.file), counted.cpuMs);
    }
  }
  const projects = new Map();
  for (const f of files) {
    f.ms = wholeFile.get(f.file) ?? f.ms;
    const project = projectOf(f.file);
    const sum = projects.get(project) ?? { ms: 0, files: 0, tests: 0 };
    projects.set(project, { ms: sum.ms + f.ms, files: sum.files + 1, tests: sum.tests + f.tests });
  }
  console.log(`Unit tests: ${seconds(runMs)} of wall clock on ${os.availableParallelism()} cores. Per project: its Vitest run's wall clock, its files' times summed:`);
  for (const [project, p] of [...projects].sort((a, b) => b[1].ms - a[1].ms)) {
    const run = runs.get(project);
    console.log(`  ${project.padEnd(30)} ${seconds(run ? run.end - run.start : 0).padStart(9)} ${seconds(p.ms).padStart(9)}  ${String(p.files).padStart(3)} files  ${p.tests} tests`);
  }
  if (browserTime) console.log(`Browser suite: ${browserTime}`);
  console.log('Ten slowest test files (imports and hooks included):');
  for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`  ${seconds(f.ms).padStart(9)}  ${f.file}`);
  if (cpuOfFile.size) {
    const cpuMs = [...cpuOfFile.values()].reduce((a, b) => a + b, 0);
    console.log(`CPU time of the test processes: ${seconds(cpuMs)} (child processes not counted). The ten files that used most:`);
    for (const [file, ms] of [...cpuOfFile].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`  ${seconds(ms).padStart(9)}  ${file}`);
  }
  console.log(`Assertions made by the unit tests: ${assertions}`);
  if (failures.length) console.log('Failed unit tests:');
  for (const f of failures) {
    const firstLine = stripVTControlCharacters(String(f.message ?? '')).split('\n').find((l) => l.trim()) ?? '';
    console.log(`  ${f.file} > ${f.name}\n      ${firstLine.trim().slice(0, 300)}`);
  }
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
