import { NotFoundError } from '@washops/shared-errors';
import { expect, it } from 'vitest';
import { openStore, type LeaseHolder, type NewBulkRun, type Store } from '../src/index.js';
import { describeEachBackend, useStoreAndSql } from './harness.js';

const rules = { staleAfterMs: 30_000 };

function newRun(overrides: Partial<NewBulkRun> = {}): NewBulkRun {
  return {
    kind: 'create',
    fileName: 'hires.csv',
    fileHash: `hash-${Math.random()}`,
    actor: { channel: 'cli', name: 'ada' },
    concurrency: 2,
    rows: [
      { rowNumber: 2, input: { firstName: 'Ana', posUserId: 501 } },
      { rowNumber: 3, input: { firstName: 'Ben', posUserId: 502 } },
      { rowNumber: 4, input: { firstName: 'Cy', posUserId: 503 } },
    ],
    ...overrides,
  };
}

const holder = (id: string, pid = 4242, host = 'box-a'): LeaseHolder => ({ id, host, pid });

describeEachBackend('bulk runs', (backend) => {
  const { store, exec } = useStoreAndSql(backend);

  it('records a run with its rows, and the same file while unfinished finds that run instead of a second one', async () => {
    const input = newRun();
    const first = await store().bulkRuns.createOrFindLatest(input);
    expect(first.created).toBe(true);
    expect(first.run).toMatchObject({ kind: 'create', fileName: 'hires.csv', state: 'queued', rowsTotal: 3, lease: null, actor: { channel: 'cli', name: 'ada' } });
    const again = await store().bulkRuns.createOrFindLatest({ ...input, fileName: 'renamed.csv' });
    expect(again).toMatchObject({ created: false, run: { id: first.run.id } });
    expect(await store().bulkRuns.findLatest('create', input.fileHash)).toMatchObject({ id: first.run.id });
    expect(await store().bulkRuns.findLatest('disable', input.fileHash)).toBeNull();
    const rows = await store().bulkRuns.rows(first.run.id);
    expect(rows.map((r) => [r.rowNumber, r.state, r.attempts, r.input['posUserId']])).toEqual([
      [2, 'pending', 0, 501],
      [3, 'pending', 0, 502],
      [4, 'pending', 0, 503],
    ]);
  });

  it('two preparations of one file at once make one run', async () => {
    const input = newRun();
    const both = await Promise.all([store().bulkRuns.createOrFindLatest(input), store().bulkRuns.createOrFindLatest(input)]);
    expect(both.map((b) => b.created).sort()).toEqual([false, true]);
    expect(both[0].run.id).toBe(both[1].run.id);
  });

  it('two holders racing for one lease: exactly one wins, the other learns who holds it', async () => {
    const { run } = await store().bulkRuns.createOrFindLatest(newRun());
    const results = await Promise.all([store().bulkRuns.acquire(run.id, holder('a:1:x', 1), rules), store().bulkRuns.acquire(run.id, holder('a:2:y', 2), rules)]);
    const winners = results.filter((r) => r.run);
    const losers = results.filter((r) => r.heldBy);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]?.heldBy?.id).toBe(winners[0]?.run?.lease?.id);
    expect(winners[0]?.run).toMatchObject({ state: 'running', cancelRequested: false });
    expect(winners[0]?.run?.startedAt).toBeInstanceOf(Date);
  });

  it('a holder whose pid is dead on this host, or whose heartbeat is stale, is taken over; a live one is not', async () => {
    const { run } = await store().bulkRuns.createOrFindLatest(newRun());
    expect((await store().bulkRuns.acquire(run.id, holder('first', 100), rules)).run).toBeDefined();
    const alive = await store().bulkRuns.acquire(run.id, holder('second', 200), { ...rules, isDeadOnThisHost: () => false });
    expect(alive.heldBy).toMatchObject({ id: 'first', host: 'box-a', pid: 100 });
    // Another host cannot judge a pid: it waits for the heartbeat.
    const elsewhere = await store().bulkRuns.acquire(run.id, holder('third', 100, 'box-b'), { ...rules, isDeadOnThisHost: () => true });
    expect(elsewhere.heldBy?.id).toBe('first');
    const dead = await store().bulkRuns.acquire(run.id, holder('second', 200), { ...rules, isDeadOnThisHost: (pid) => pid === 100 });
    expect(dead.run?.lease).toMatchObject({ id: 'second', pid: 200 });
    expect(await store().bulkRuns.heartbeat(run.id, 'first')).toEqual({ held: false, cancelRequested: false });
    await exec(`update bulk_runs set lease_heartbeat_at = now() - interval '31 seconds' where id = '${run.id}'`);
    const stale = await store().bulkRuns.acquire(run.id, holder('fourth', 300, 'box-b'), rules);
    expect(stale.run?.lease?.id).toBe('fourth');
  });

  it('a row is claimed once, and only by the lease holder', async () => {
    const { run } = await store().bulkRuns.createOrFindLatest(newRun());
    await store().bulkRuns.acquire(run.id, holder('h1'), rules);
    const claim = { holderId: 'h1', from: ['pending' as const], secrets: { posPin: 12345 } };
    const claims = await Promise.all([store().bulkRuns.startRow(run.id, 2, claim), store().bulkRuns.startRow(run.id, 2, claim)]);
    expect(claims.sort()).toEqual([false, true]);
    expect(await store().bulkRuns.startRow(run.id, 3, { ...claim, holderId: 'not-the-holder' })).toBe(false);
    const [row] = await store().bulkRuns.rows(run.id);
    expect(row).toMatchObject({ rowNumber: 2, state: 'running', attempts: 1, hasSecrets: true });
    await store().bulkRuns.endRow(run.id, 2, { state: 'done', employeeId: 9001, outcome: { permission: 'Cashier' } });
    expect((await store().bulkRuns.rows(run.id))[0]).toMatchObject({ state: 'done', employeeId: 9001, outcome: { permission: 'Cashier' }, error: null });
    expect((await store().bulkRuns.counts([run.id])).get(run.id)).toEqual({ byState: { pending: 2, running: 0, partial: 0, done: 1, failed: 0 }, withSecrets: 1 });
  });

  it('secrets dropped are gone from every row, and the run says when they were shown', async () => {
    const input = newRun();
    input.rows[2] = { rowNumber: 4, input: { firstName: 'Cy' }, secrets: { posPin: 22222 } };
    const { run } = await store().bulkRuns.createOrFindLatest(input);
    await store().bulkRuns.acquire(run.id, holder('h1'), rules);
    await store().bulkRuns.startRow(run.id, 2, { holderId: 'h1', from: ['pending'], secrets: { posPin: 12345, backofficePassword: 'pw-Secret-1!' } });
    await store().bulkRuns.startRow(run.id, 3, { holderId: 'h1', from: ['pending'], secrets: { posPin: 54321 } });
    expect([...(await store().bulkRuns.readSecrets(run.id)).entries()]).toEqual([
      [2, { posPin: 12345, backofficePassword: 'pw-Secret-1!' }],
      [3, { posPin: 54321 }],
      [4, { posPin: 22222 }],
    ]);
    expect((await store().bulkRuns.counts([run.id])).get(run.id)?.withSecrets).toBe(3);
    const dropped = await store().bulkRuns.dropSecrets(run.id);
    expect(dropped.secretsRevealedAt).toBeInstanceOf(Date);
    expect((await store().bulkRuns.readSecrets(run.id)).size).toBe(0);
    expect((await store().bulkRuns.counts([run.id])).get(run.id)?.withSecrets).toBe(0);
    const raw = (await exec(`select count(*)::int as n from bulk_run_rows where secrets is not null`)) as { rows: { n: number }[] };
    expect(raw.rows[0]?.n).toBe(0);
  });

  it('cancel is a flag any process sets: a held run becomes cancelling, its holder reads it; release ends it', async () => {
    const { run } = await store().bulkRuns.createOrFindLatest(newRun());
    await store().bulkRuns.acquire(run.id, holder('h1'), rules);
    expect(await store().bulkRuns.requestCancel(run.id)).toMatchObject({ state: 'cancelling', cancelRequested: true });
    expect(await store().bulkRuns.heartbeat(run.id, 'h1')).toEqual({ held: true, cancelRequested: true });
    expect(await store().bulkRuns.release(run.id, 'h1', 'cancelled')).toMatchObject({ state: 'cancelled', lease: null });
    // Running the file again clears the flag.
    expect((await store().bulkRuns.acquire(run.id, holder('h2'), rules)).run).toMatchObject({ state: 'running', cancelRequested: false, finishedAt: null });
    const { run: idle } = await store().bulkRuns.createOrFindLatest(newRun());
    expect(await store().bulkRuns.requestCancel(idle.id)).toMatchObject({ state: 'cancelled', cancelRequested: true });
  });

  it('a finished run is still the run of its file; it is leased again only when the caller reopens it', async () => {
    const input = newRun();
    const { run } = await store().bulkRuns.createOrFindLatest(input);
    await store().bulkRuns.acquire(run.id, holder('h1'), rules);
    expect(await store().bulkRuns.release(run.id, 'someone-else', 'finished')).toBeNull();
    await store().bulkRuns.release(run.id, 'h1', 'finished');
    expect(await store().bulkRuns.acquire(run.id, holder('h2'), rules)).toMatchObject({ run: { state: 'finished', lease: null } });
    expect(await store().bulkRuns.findLatest('create', input.fileHash)).toMatchObject({ id: run.id, state: 'finished' });
    expect(await store().bulkRuns.createOrFindLatest(input)).toMatchObject({ created: false, run: { id: run.id } });
    expect(await store().bulkRuns.acquire(run.id, holder('h3'), rules, { reopenFinished: true })).toMatchObject({ run: { state: 'running', lease: { id: 'h3' }, finishedAt: null } });
  });

  it('marks interrupted the runs whose holder is gone, and leaves a live holder alone', async () => {
    const a = (await store().bulkRuns.createOrFindLatest(newRun())).run;
    const b = (await store().bulkRuns.createOrFindLatest(newRun())).run;
    const c = (await store().bulkRuns.createOrFindLatest(newRun())).run;
    await store().bulkRuns.acquire(a.id, holder('dead', 111), rules);
    await store().bulkRuns.acquire(b.id, holder('alive', 222), rules);
    await store().bulkRuns.acquire(c.id, holder('remote', 333, 'box-b'), rules);
    await exec(`update bulk_runs set lease_heartbeat_at = now() - interval '1 hour' where id = '${c.id}'`);
    const marked = await store().bulkRuns.markInterrupted('box-a', { ...rules, isDeadOnThisHost: (pid) => pid === 111 });
    expect(marked.map((r) => r.id).sort()).toEqual([a.id, c.id].sort());
    expect(await store().bulkRuns.get(a.id)).toMatchObject({ state: 'interrupted', lease: null });
    expect(await store().bulkRuns.get(b.id)).toMatchObject({ state: 'running', lease: { id: 'alive' } });
  });

  it('lists newest first, and an unknown id is NotFoundError', async () => {
    const older = (await store().bulkRuns.createOrFindLatest(newRun())).run;
    const newer = (await store().bulkRuns.createOrFindLatest(newRun({ kind: 'disable' }))).run;
    expect((await store().bulkRuns.list()).map((r) => r.id)).toEqual([newer.id, older.id]);
    expect((await store().bulkRuns.list({ limit: 1 })).map((r) => r.id)).toEqual([newer.id]);
    await expect(store().bulkRuns.get('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(NotFoundError);
    await expect(store().bulkRuns.get('not-a-uuid')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describeEachBackend('bulk runs across a restart', (backend) => {
  it("a run's rows and their states survive closing and reopening the store", async () => {
    const fresh = await backend.fresh(true);
    let store: Store | undefined;
    try {
      store = await openStore(fresh.options);
      const { run } = await store.bulkRuns.createOrFindLatest(newRun({ fileHash: 'survivor' }));
      await store.bulkRuns.acquire(run.id, holder('h1'), rules);
      await store.bulkRuns.startRow(run.id, 2, { holderId: 'h1', from: ['pending'], secrets: { posPin: 11111 } });
      await store.bulkRuns.endRow(run.id, 2, { state: 'partial', employeeId: 77, error: { code: 'BACKOFFICE_SERVER_ERROR', message: 'permissions failed', details: { remainingSteps: ['applyPermissions'] } } });
      await store.close();
      store = await openStore(fresh.options);
      expect(await store.bulkRuns.findLatest('create', 'survivor')).toMatchObject({ id: run.id, lease: { id: 'h1' } });
      const rows = await store.bulkRuns.rows(run.id);
      expect(rows.map((r) => r.state)).toEqual(['partial', 'pending', 'pending']);
      expect(rows[0]).toMatchObject({ employeeId: 77, attempts: 1, hasSecrets: true, error: { code: 'BACKOFFICE_SERVER_ERROR', details: { remainingSteps: ['applyPermissions'] } } });
      expect((await store.bulkRuns.readSecrets(run.id)).get(2)).toEqual({ posPin: 11111 });
    } finally {
      await store?.close();
      await fresh.drop();
    }
  });
});
