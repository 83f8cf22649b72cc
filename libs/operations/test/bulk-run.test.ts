import { expect, it } from 'vitest';
import { actor, bulkFor, csvOf, hireCells, resultRows } from './bulk-support.js';
import { describeEachBackend, useSimulator, vendorPosts } from './support.js';

describeEachBackend('bulk hires over the BackOffice simulator', (store) => {
  const sim = useSimulator('bulk-run');

  it('a run of 20 hires creates each once, and the results file gives each PIN once', async () => {
    const bulk = bulkFor(store(), sim());
    const rows = Array.from({ length: 20 }, () => hireCells());
    const sheet = bulk.parseCsv('create', { name: 'hires.csv', content: csvOf(rows) });
    const report = await bulk.check(sheet);
    expect(report.counts).toEqual({ total: 20, ok: 20, warning: 0, error: 0 });
    expect(vendorPosts(sim())).toEqual([]);
    const { run } = await bulk.prepare(actor, sheet);
    expect(run).toMatchObject({ state: 'queued', kind: 'create', actor, progress: { total: 20, done: 0, remaining: 20 } });
    const progress: number[] = [];
    const ended = await bulk.execute(run.id, { onProgress: (p) => progress.push(p.done) });
    expect(ended).toMatchObject({ state: 'finished', progress: { total: 20, done: 20, failed: 0, remaining: 0 }, secretsAvailable: true });
    expect(progress.at(-1)).toBe(20);
    const employees = sim().control.employees();
    for (const row of rows) expect(employees.filter((e) => e.posUserId === Number(row['posUserId']))).toHaveLength(1);
    expect(vendorPosts(sim()).filter((p) => p === '/employee/insert')).toHaveLength(20);

    const first = await bulk.resultsCsv(run.id, { revealSecrets: true });
    expect(first.secretsIncluded).toBe(true);
    const results = resultRows(first.csv);
    expect(results).toHaveLength(20);
    for (const result of results) {
      const employee = employees.find((e) => e.posUserId === Number(result['posUserId']));
      expect(result).toMatchObject({ outcome: 'created', employeeId: String(employee?.id), posPin: String(employee?.posPin) });
    }
    const second = await bulk.resultsCsv(run.id, { revealSecrets: true });
    expect(second.secretsIncluded).toBe(false);
    expect(resultRows(second.csv)[0]?.['posPin']).toMatch(/^\(shown once, \d{4}-\d\d-\d\dT/);
    expect(await bulk.get(run.id)).toMatchObject({ secretsAvailable: false });
    expect((await bulk.rows(run.id)).every((r) => r.state === 'done' && r.employeeId !== null)).toBe(true);
    expect((await bulk.list()).map((r) => r.id)).toContain(run.id);
  });
});
