import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { DuplicateError, RunInProgressError } from '@washops/shared-errors';
import { StoreUnavailableError, type BulkRowRecord } from '@washops/store';
import { expect, it } from 'vitest';
import { Operations, backofficeConnectionOf, type ActorOperations, type BackofficeReads } from '../src/index.js';
import { workCreate } from '../src/bulk/row-work.js';
import { BackofficeClient, type CreateEmployeeInput } from '@washops/backoffice-client';
import { actor, bulkFor, csvOf, hireCells, resultRows } from './bulk-support.js';
import { describeEachBackend, useSimulator, vendorPosts } from './support.js';

/** A pid that was alive a moment ago on this host and is not any more: a process that "died". */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid as number;
}

const inserts = (sim: ReturnType<ReturnType<typeof useSimulator>>) => vendorPosts(sim).filter((path) => path === '/employee/insert').length;

describeEachBackend('bulk runs stopped and resumed', (store) => {
  const sim = useSimulator('bulk-resume');

  async function prepared(count: number, concurrency = 1) {
    const bulk = bulkFor(store(), sim());
    const rows = Array.from({ length: count }, () => hireCells());
    const sheet = bulk.parseCsv('create', { name: 'hires.csv', content: csvOf(rows) });
    const { run } = await bulk.prepare(actor, sheet, { concurrency });
    return { bulk, rows, sheet, run };
  }

  it('a 500 on the permissions POST leaves a partial row that a second execute completes without a second insert', async () => {
    const { bulk, rows, run } = await prepared(3);
    sim().control.inject({ route: 'POST /employee/permissions/update', kind: 'serverError', count: 1 });
    const first = await bulk.execute(run.id);
    expect(first).toMatchObject({ state: 'interrupted', progress: { done: 2, failed: 1, partial: 1, remaining: 0 } });
    const partial = (await bulk.rows(run.id)).find((r) => r.state === 'partial');
    expect(partial).toMatchObject({ rowNumber: 2, code: 'BACKOFFICE_SERVER_ERROR' });
    expect(partial?.employeeId).toBeGreaterThan(0);
    expect(inserts(sim())).toBe(3);

    const second = await bulk.execute(run.id);
    expect(second).toMatchObject({ state: 'finished', progress: { done: 3, failed: 0 } });
    expect(inserts(sim())).toBe(3);
    const employee = sim().control.employees().find((e) => e.posUserId === Number(rows[0]?.['posUserId']));
    expect(employee?.id).toBe(partial?.employeeId);
    const cashier = sim().control.employees().find((e) => e.posUserId === Number(rows[1]?.['posUserId']));
    expect([...(employee?.grants ?? [])].sort()).toEqual([...(cashier?.grants ?? [])].sort());
    const results = resultRows((await bulk.resultsCsv(run.id, { revealSecrets: true })).csv);
    expect(results[0]).toMatchObject({ outcome: 'created', posPin: String(employee?.posPin) });
  });

  it('a linked user that failed after the employee was made is created on resume with the row’s own password', async () => {
    const bulk = bulkFor(store(), sim());
    const username = `resume_${Date.now().toString(36)}`;
    const rows = [hireCells({ requiresBackoffice: 'true', backofficeUsername: username, permission: 'Manager' })];
    const { run } = await bulk.prepare(actor, bulk.parseCsv('create', { name: 'linked.csv', content: csvOf(rows) }));
    sim().control.inject({ route: 'POST /user/insert', kind: 'serverError', count: 1 });
    expect(await bulk.execute(run.id)).toMatchObject({ state: 'interrupted', progress: { failed: 1 } });
    const [partial] = await bulk.rows(run.id);
    expect(partial).toMatchObject({ state: 'partial' });
    expect(sim().control.users().some((u) => u.username === username)).toBe(false);
    const password = (await store().bulkRuns.readSecrets(run.id)).get(2)?.['backofficePassword'];
    expect(typeof password).toBe('string');

    expect(await bulk.execute(run.id)).toMatchObject({ state: 'finished', progress: { done: 1 } });
    const user = sim().control.users().find((u) => u.username === username);
    expect(user?.employeeId).toBe(partial?.employeeId);
    expect(inserts(sim())).toBe(1);
    const results = resultRows((await bulk.resultsCsv(run.id, { revealSecrets: true })).csv);
    expect(results[0]).toMatchObject({ outcome: 'created', backofficeUsername: username, backofficePassword: password });
  });

  it('an insert whose answer was dropped after it applied is settled, created once', async () => {
    const { bulk, rows, run } = await prepared(2);
    sim().control.inject({ route: 'POST /employee/insert', kind: 'dropAfterApply', count: 1 });
    expect(await bulk.execute(run.id)).toMatchObject({ state: 'finished', progress: { done: 2, failed: 0 } });
    for (const row of rows) expect(sim().control.employees().filter((e) => e.posUserId === Number(row['posUserId']))).toHaveLength(1);
  });

  it('a run whose process died after an insert landed is taken over and settled by a read, not created again', async () => {
    const { bulk, rows, run } = await prepared(2);
    const holder = { id: 'died', host: hostname(), pid: deadPid() };
    await store().bulkRuns.acquire(run.id, holder, { staleAfterMs: 30_000 });
    await store().bulkRuns.startRow(run.id, 2, { holderId: 'died', from: ['pending'], secrets: { posPin: 24680 } });
    // The dead process's insert went through before it was killed.
    const client = new BackofficeClient({ baseUrl: sim().url, username: 'bot', password: 'bot-password' });
    const operations = new Operations({ store: store(), backoffice: backofficeConnectionOf(client) });
    const row = rows[0] as Record<string, string>;
    await operations.as(actor).createEmployee({ ...row, posUserId: Number(row['posUserId']), availableSites: ['WashU Fiesta', 'nolo'], departments: ['Greeter'], posPin: 24680 } as CreateEmployeeInput);
    expect(inserts(sim())).toBe(1);

    const ended = await bulk.execute(run.id);
    expect(ended).toMatchObject({ state: 'finished', progress: { done: 2, failed: 0 } });
    expect(inserts(sim())).toBe(2);
    expect(sim().control.employees().filter((e) => e.posUserId === Number(row['posUserId']))).toHaveLength(1);
    const results = resultRows((await bulk.resultsCsv(run.id, { revealSecrets: true })).csv);
    expect(results[0]).toMatchObject({ outcome: 'created', posPin: '24680' });
  });

  it('an employee found with the row’s POS id but another name is reported, never adopted', async () => {
    const { bulk, rows, run } = await prepared(1);
    await store().bulkRuns.acquire(run.id, { id: 'died', host: hostname(), pid: deadPid() }, { staleAfterMs: 30_000 });
    await store().bulkRuns.startRow(run.id, 2, { holderId: 'died', from: ['pending'], secrets: { posPin: 13579 } });
    const client = new BackofficeClient({ baseUrl: sim().url, username: 'bot', password: 'bot-password' });
    const row = rows[0] as Record<string, string>;
    await new Operations({ store: store(), backoffice: backofficeConnectionOf(client) })
      .as(actor)
      .createEmployee({ ...row, firstName: 'Someone', posUserId: Number(row['posUserId']), availableSites: 'all', departments: ['Greeter'] } as CreateEmployeeInput);
    const ended = await bulk.execute(run.id);
    expect(ended.state).toBe('finished');
    expect((await bulk.rows(run.id))[0]).toMatchObject({ state: 'failed', code: 'DUPLICATE_ERROR', field: 'posUserId' });
    expect(inserts(sim())).toBe(1);
  });

  it('an email taken by someone else between the dry run and the write fails the row: the other employee is never adopted or changed', async () => {
    const { bulk, rows, run } = await prepared(1);
    const row = rows[0] as Record<string, string>;
    const client = new BackofficeClient({ baseUrl: sim().url, username: 'bot', password: 'bot-password' });
    const other = await new Operations({ store: store(), backoffice: backofficeConnectionOf(client) })
      .as(actor)
      .createEmployee({ ...hireCells(), email: row['email'], posUserId: Number(row['posUserId']) + 1, permission: 'Manager', availableSites: 'all', departments: ['Greeter'] } as unknown as CreateEmployeeInput);
    const grantsBefore = [...(sim().control.employees().find((e) => e.id === other.employeeId)?.grants ?? [])].sort();
    const ended = await bulk.execute(run.id);
    expect(ended.state).toBe('finished');
    const [result] = await bulk.rows(run.id);
    expect(result).toMatchObject({ state: 'failed', code: 'DUPLICATE_ERROR', employeeId: null });
    expect([...(sim().control.employees().find((e) => e.id === other.employeeId)?.grants ?? [])].sort()).toEqual(grantsBefore);
    expect(sim().control.employees().filter((e) => e.email === row['email'])).toHaveLength(1);
  });

  it('a duplicate refused before any POST names the existing owner: the row fails, that employee is never taken as the row’s', async () => {
    const { run } = await prepared(1);
    const holder = { id: 'unit', host: hostname(), pid: process.pid };
    await store().bulkRuns.acquire(run.id, holder, { staleAfterMs: 30_000 });
    const [row] = await store().bulkRuns.rows(run.id);
    const calls: string[] = [];
    const refuse = async () => {
      calls.push('createEmployee');
      throw new DuplicateError('Email is already used by employee 99.', { details: { field: 'email', employeeId: 99 } });
    };
    const writes = { createEmployee: refuse } as unknown as ActorOperations;
    await workCreate({ store: store(), runId: run.id, holderId: holder.id, writes, reads: {} as BackofficeReads }, row as BulkRowRecord, undefined);
    expect((await store().bulkRuns.rows(run.id))[0]).toMatchObject({ state: 'failed', employeeId: null, error: { code: 'DUPLICATE_ERROR', field: 'email' } });
    expect(calls).toEqual(['createEmployee']);
  });

  it('an abort stops taking rows, lets the one in flight finish, and the same file run again resumes the rest', async () => {
    const { bulk, rows, sheet, run } = await prepared(5);
    const controller = new AbortController();
    const cancelled = await bulk.execute(run.id, { signal: controller.signal, onProgress: (p) => p.done === 2 && controller.abort() });
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.progress).toMatchObject({ done: 2, remaining: 3, inFlight: 0 });
    expect((await bulk.rows(run.id)).map((r) => r.state)).toEqual(['done', 'done', 'pending', 'pending', 'pending']);

    const again = await bulk.prepare(actor, bulk.parseCsv('create', { name: 'hires-again.csv', content: csvOf(rows) }));
    expect(again.run.id).toBe(run.id);
    expect(again.report.resumes).toEqual({ runId: run.id, done: 2, remaining: 3 });
    expect(again.report.rows.map((r) => r.previous)).toEqual(['done', 'done', 'pending', 'pending', 'pending']);
    expect(again.report.counts.error).toBe(0);
    expect(sheet.fileHash).toBe(bulk.parseCsv('create', { name: 'x.csv', content: csvOf(rows) }).fileHash);
    expect(await bulk.execute(run.id)).toMatchObject({ state: 'finished', progress: { done: 5 } });
    expect(inserts(sim())).toBe(5);
  });

  it('the same file after a finished run with a failed row comes back to that run and tries only that row again', async () => {
    const { bulk, rows, run } = await prepared(3);
    sim().control.inject({ route: 'POST /employee/insert', kind: 'serverError', count: 1 });
    expect(await bulk.execute(run.id)).toMatchObject({ state: 'finished', progress: { done: 2, failed: 1 } });
    const failedRow = (await bulk.rows(run.id)).find((r) => r.state === 'failed')?.rowNumber;

    const again = await bulk.prepare(actor, bulk.parseCsv('create', { name: 'hires.csv', content: csvOf(rows) }));
    expect(again.run.id).toBe(run.id);
    expect(again.report.counts.error).toBe(0);
    expect(again.report.resumes).toEqual({ runId: run.id, done: 2, remaining: 1 });
    expect(again.report.rows.find((r) => r.rowNumber === failedRow)?.previous).toBe('failed');
    expect(await bulk.execute(run.id)).toMatchObject({ id: run.id, state: 'finished', progress: { done: 3, failed: 0 } });
    expect(inserts(sim())).toBe(4);
    for (const row of rows) expect(sim().control.employees().filter((e) => e.posUserId === Number(row['posUserId']))).toHaveLength(1);
  });

  it('the same file after a run with every row done comes back to that run, which has nothing to do', async () => {
    const { bulk, rows, run } = await prepared(2);
    const ended = await bulk.execute(run.id);
    expect(ended).toMatchObject({ state: 'finished', progress: { done: 2 } });
    await bulk.resultsCsv(run.id, { revealSecrets: true });

    const again = await bulk.prepare(actor, bulk.parseCsv('create', { name: 'hires.csv', content: csvOf(rows) }));
    expect(again.run.id).toBe(run.id);
    expect(again.report.resumes).toEqual({ runId: run.id, done: 2, remaining: 0 });
    expect(again.report.rows.map((r) => r.status)).toEqual(['ok', 'ok']);
    expect(await bulk.execute(run.id)).toMatchObject({ id: run.id, state: 'finished', finishedAt: ended.finishedAt, progress: { done: 2, remaining: 0 } });
    expect(inserts(sim())).toBe(2);
    const results = resultRows((await bulk.resultsCsv(run.id, { revealSecrets: true })).csv);
    expect(results.map((r) => r['posPin'])).toEqual([expect.stringMatching(/^\(shown once, /), expect.stringMatching(/^\(shown once, /)]);
  });

  it('a row whose linked Back Office user the run already made is not flagged as taking that username on a resume', async () => {
    const bulk = bulkFor(store(), sim());
    const username = `own_${Date.now().toString(36)}`;
    const rows = [hireCells({ requiresBackoffice: 'true', backofficeUsername: username, permission: 'Manager' }), hireCells()];
    const { run } = await bulk.prepare(actor, bulk.parseCsv('create', { name: 'linked-stop.csv', content: csvOf(rows) }), { concurrency: 1 });
    const controller = new AbortController();
    await bulk.execute(run.id, { signal: controller.signal, onProgress: (p) => p.done === 1 && controller.abort() });
    expect(sim().control.users().some((u) => u.username === username)).toBe(true);

    const again = await bulk.prepare(actor, bulk.parseCsv('create', { name: 'linked-stop.csv', content: csvOf(rows) }));
    expect(again.run.id).toBe(run.id);
    expect(again.report.rows[0]).toMatchObject({ status: 'ok', previous: 'done', errors: [] });
    expect(await bulk.execute(run.id)).toMatchObject({ state: 'finished', progress: { done: 2 } });
  });

  it('a resume is recorded under whoever resumes it; the run keeps its creator', async () => {
    const alice = { channel: 'portal' as const, name: 'alice' };
    const bob = { channel: 'portal' as const, name: 'bob' };
    const bulk = bulkFor(store(), sim());
    const rows = [hireCells(), hireCells(), hireCells()];
    const { run } = await bulk.prepare(alice, bulk.parseCsv('create', { name: 'handover.csv', content: csvOf(rows) }), { concurrency: 1 });
    const controller = new AbortController();
    await bulk.execute(run.id, { actor: alice, signal: controller.signal, onProgress: (p) => p.done === 1 && controller.abort() });
    expect(await bulk.execute(run.id, { actor: bob })).toMatchObject({ state: 'finished', actor: alice, progress: { done: 3 } });

    const { events } = await store().audit.list({ operation: 'employee.create' }, { limit: 50 });
    const byPos = (row: Record<string, string>) => events.find((e) => e.target.posUserId === Number(row['posUserId']));
    expect(rows.map((row) => byPos(row)?.actor)).toEqual(['alice', 'bob', 'bob']);
  });

  it('rows another claim took first do not count towards this process’s rate', async () => {
    const { run } = await prepared(3);
    const real = store();
    const claimedElsewhere = { ...real, bulkRuns: { ...real.bulkRuns, startRow: () => Promise.resolve(false) } };
    const seen: (number | null)[] = [];
    await bulkFor(claimedElsewhere, sim()).execute(run.id, { onProgress: (p) => seen.push(p.ratePerMinute) });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((rate) => rate === null)).toBe(true);
    expect(inserts(sim())).toBe(0);
  });

  it('Cancel from another process is seen between rows', async () => {
    const { bulk, run } = await prepared(4);
    const elsewhere = bulkFor(store(), sim());
    let asked: Promise<unknown> | undefined;
    const ended = await bulk.execute(run.id, { onProgress: (p) => void (p.done === 1 && (asked ??= elsewhere.cancel(run.id))) });
    await asked;
    expect(ended.state).toBe('cancelled');
    expect(ended.progress.done).toBeLessThan(4);
    expect((await bulk.execute(run.id)).state).toBe('finished');
    expect(inserts(sim())).toBe(4);
  });

  it('a store failure mid-run stops it and lets go of it: the next execute resumes at once and settles the row', async () => {
    const { rows, sheet, run } = await prepared(2);
    const real = store();
    const failing = { ...real, bulkRuns: { ...real.bulkRuns, endRow: () => Promise.reject(new StoreUnavailableError('The database is unavailable.')) } };
    const broken = bulkFor(failing, sim());
    await expect(broken.execute(run.id)).rejects.toBeInstanceOf(StoreUnavailableError);
    const bulk = bulkFor(real, sim());
    expect(await bulk.get(run.id)).toMatchObject({ state: 'interrupted' });
    expect((await bulk.rows(run.id)).map((r) => r.state)).toEqual(['running', 'pending']);
    expect(await bulk.execute(run.id)).toMatchObject({ state: 'finished', progress: { done: 2 } });
    expect(inserts(sim())).toBe(2);
    expect(sheet.rows).toHaveLength(rows.length);
  });

  it('a second process is refused while the holder lives; at start-up a dead holder’s run becomes interrupted', async () => {
    const { bulk, run } = await prepared(1);
    await store().bulkRuns.acquire(run.id, { id: 'alive', host: hostname(), pid: process.pid }, { staleAfterMs: 30_000 });
    const refused = await bulk.execute(run.id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RunInProgressError);
    expect((refused as RunInProgressError).details['heldBy']).toMatchObject({ holder: 'alive', pid: process.pid, host: hostname() });
    expect(await bulk.recoverInterrupted()).toBe(0);
    await store().bulkRuns.release(run.id, 'alive', 'cancelled');
    await store().bulkRuns.acquire(run.id, { id: 'gone', host: hostname(), pid: deadPid() }, { staleAfterMs: 30_000 });
    expect(await bulk.recoverInterrupted()).toBe(1);
    expect(await bulk.get(run.id)).toMatchObject({ state: 'interrupted' });
    expect(inserts(sim())).toBe(0);
  });
});
