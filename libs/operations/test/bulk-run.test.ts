import { expect, it } from 'vitest';
import { actor, bulkFor, csvOf, hireCells, resultRows } from './bulk-support.js';
import { describeEachBackend, memoryLogger, newest, useSimulator, vendorPosts } from './support.js';

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

  it('a linked Back Office user gets a generated password that only the results file shows, once', async () => {
    const logger = memoryLogger();
    const bulk = bulkFor(store(), sim(), { logger });
    const username = `bulk_${Date.now().toString(36)}`;
    const rows = [hireCells({ requiresBackoffice: 'yes', backofficeUsername: username, permission: 'Manager' })];
    const { run } = await bulk.prepare(actor, bulk.parseCsv('create', { name: 'linked.csv', content: csvOf(rows) }));
    expect(await bulk.execute(run.id)).toMatchObject({ state: 'finished', progress: { done: 1 } });
    const user = sim().control.users().find((u) => u.username === username);
    expect(user).toBeDefined();
    const results = resultRows((await bulk.resultsCsv(run.id, { revealSecrets: true })).csv);
    const password = results[0]?.['backofficePassword'] as string;
    expect(password).toMatch(/^.{16}$/);
    expect(results[0]).toMatchObject({ outcome: 'created', backofficeUsername: username });
    // Nowhere else: not the audit log, the logs, the rows or the run.
    const elsewhere = JSON.stringify([await newest(store(), 20), logger.lines, await bulk.rows(run.id), await bulk.get(run.id), await bulk.list()]);
    expect(elsewhere).not.toContain(password);
    expect(elsewhere).not.toContain(`"${results[0]?.['posPin']}"`);
    const without = resultRows((await bulk.resultsCsv(run.id, { revealSecrets: false })).csv);
    expect(without[0]?.['backofficePassword']).toMatch(/^\(shown once, /);
  });

  it('formula cells come back inert in the results file', async () => {
    const bulk = bulkFor(store(), sim());
    const cells = hireCells();
    const rows = [{ ...cells, email: `=cmd|calc.${cells['posUserId']}@example.invalid` }];
    const { run } = await bulk.prepare(actor, bulk.parseCsv('create', { name: 'formula.csv', content: csvOf(rows) }));
    await bulk.execute(run.id);
    const results = resultRows((await bulk.resultsCsv(run.id, { revealSecrets: false })).csv);
    expect(results[0]?.['email']).toBe(`'=cmd|calc.${cells['posUserId']}@example.invalid`);
    expect(results[0]?.['posPin']).toBe('');
  });

  it('a row that failed with nothing applied shows no PIN, and its unused one is dropped with the rest', async () => {
    const bulk = bulkFor(store(), sim());
    const rows = [hireCells(), hireCells()];
    const { run } = await bulk.prepare(actor, bulk.parseCsv('create', { name: 'one-fails.csv', content: csvOf(rows) }));
    sim().control.inject({ route: 'POST /employee/insert', kind: 'serverError', count: 1 });
    expect(await bulk.execute(run.id)).toMatchObject({ state: 'finished', progress: { done: 1, failed: 1 }, secretsAvailable: true });
    const failed = (await bulk.rows(run.id)).find((r) => r.state === 'failed');
    expect(failed).toMatchObject({ state: 'failed', employeeId: null });
    const results = resultRows((await bulk.resultsCsv(run.id, { revealSecrets: true })).csv);
    const shown = Object.fromEntries(results.map((r) => [r['outcome'], r]));
    expect(shown['failed']).toMatchObject({ row: String(failed?.rowNumber), posPin: '' });
    expect(shown['failed']?.['error']).toMatch(/^BACKOFFICE_SERVER_ERROR: /);
    expect(shown['created']?.['posPin']).toMatch(/^\d{5}$/);
    expect(await bulk.get(run.id)).toMatchObject({ secretsAvailable: false });
    expect((await store().bulkRuns.readSecrets(run.id)).size).toBe(0);
  });
});
