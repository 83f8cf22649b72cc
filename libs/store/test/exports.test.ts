import { NotFoundError, ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { INTERRUPTED_CODE, INTERRUPTED_MESSAGE, openStore } from '../src/index.js';
import { describeEachBackend, fakeHash, useStore } from './harness.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const params = { from: '2026-04-01', to: '2026-04-30', site: 'NORTH', kind: 'transactions' };

describeEachBackend('exports', (backend) => {
  const store = useStore(backend);
  const owner = () => store().users.add({ username: `u${Math.random()}`, role: 'viewer', passwordHash: fakeHash('u') });

  it('runs an export from creation through progress to a finished CSV', async () => {
    const { id: ownerUserId } = await owner();
    const created = await store().exports.create({ ownerUserId, params });
    expect(created).toMatchObject({ ownerUserId, params, state: 'running', pagesDone: 0, rowsWritten: 0, hasCsvContent: false });
    expect(created.startedAt).toBeInstanceOf(Date);
    await store().exports.progress(created.id, { pagesDone: 2, pagesTotal: 5, rowsWritten: 200 });
    expect(await store().exports.get(created.id)).toMatchObject({ state: 'running', pagesDone: 2, pagesTotal: 5, rowsWritten: 200 });
    const done = await store().exports.finish(created.id, { rowsWritten: 480, csvContent: 'a,b\r\n1,2\r\n' });
    expect(done).toMatchObject({ state: 'finished', rowsWritten: 480, hasCsvContent: true, error: null });
    expect(done?.finishedAt).toBeInstanceOf(Date);
    expect(await store().exports.readCsv(created.id)).toBe('a,b\r\n1,2\r\n');
  });

  it('keeps a file location instead of the text when the CSV is on disk', async () => {
    const { id: ownerUserId } = await owner();
    const { id } = await store().exports.create({ ownerUserId, params, state: 'queued' });
    expect((await store().exports.get(id))?.startedAt).toBeNull();
    expect((await store().exports.progress(id, { pagesDone: 1, rowsWritten: 10 }))?.state).toBe('running');
    expect(await store().exports.finish(id, { rowsWritten: 10, csvPath: 'exports/x.csv' })).toMatchObject({ csvPath: 'exports/x.csv', hasCsvContent: false });
    await expect(store().exports.readCsv(id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(store().exports.finish(id, { rowsWritten: 1 } as never)).rejects.toBeInstanceOf(ValidationError);
  });

  it('records a failure, after which progress and finish change nothing', async () => {
    const { id: ownerUserId } = await owner();
    const { id } = await store().exports.create({ ownerUserId, params });
    expect(await store().exports.fail(id, 'The Data API refused the key.')).toMatchObject({
      state: 'failed',
      error: 'The Data API refused the key.',
      errorCode: null,
      errorDetails: null,
    });
    expect(await store().exports.progress(id, { pagesDone: 9, rowsWritten: 9 })).toBeNull();
    expect(await store().exports.finish(id, { rowsWritten: 9, csvContent: 'x' })).toBeNull();
    expect((await store().exports.get(id))?.state).toBe('failed');
  });

  it('marks interrupted only the active exports no process refreshed within the stale window', async () => {
    const { id: ownerUserId } = await owner();
    const lost = await store().exports.create({ ownerUserId, params });
    const queued = await store().exports.create({ ownerUserId, params, state: 'queued' });
    const alive = await store().exports.create({ ownerUserId, params });
    const finished = await store().exports.create({ ownerUserId, params });
    await store().exports.finish(finished.id, { rowsWritten: 0, csvContent: '' });
    await sleep(400);
    expect(await store().exports.heartbeat(alive.id)).toBe(true);
    const marked = await store().exports.markStaleInterrupted(300);
    expect(marked.map((e) => e.id).sort()).toEqual([lost.id, queued.id].sort());
    expect(await store().exports.get(lost.id)).toMatchObject({ state: 'interrupted', error: INTERRUPTED_MESSAGE, errorCode: INTERRUPTED_CODE });
    expect((await store().exports.get(lost.id))?.finishedAt).toBeInstanceOf(Date);
    expect((await store().exports.get(alive.id))?.state).toBe('running');
    // The process that lost it finds out at its next write.
    expect(await store().exports.heartbeat(lost.id)).toBe(false);
    expect(await store().exports.progress(lost.id, { pagesDone: 1, rowsWritten: 1 })).toBeNull();
    expect(await store().exports.finish(lost.id, { rowsWritten: 1, csvContent: 'late' })).toBeNull();
    expect((await store().exports.get(finished.id))?.state).toBe('finished');
    expect(await store().exports.readCsv(finished.id)).toBe('');
  });

  it('cancels only the owner’s active export; the running process finds it no longer active', async () => {
    const alice = await owner();
    const bob = await owner();
    const { id } = await store().exports.create({ ownerUserId: alice.id, params });
    expect(await store().exports.cancel(id, bob.id)).toBeNull();
    expect((await store().exports.get(id))?.state).toBe('running');
    const cancelled = await store().exports.cancel(id, alice.id);
    expect(cancelled).toMatchObject({ state: 'cancelled', error: null });
    expect(cancelled?.finishedAt).toBeInstanceOf(Date);
    expect(await store().exports.heartbeat(id)).toBe(false);
    expect(await store().exports.progress(id, { pagesDone: 3, rowsWritten: 300 })).toBeNull();
    // Cancelling again, or after it ended, changes nothing.
    expect(await store().exports.cancel(id, alice.id)).toMatchObject({ state: 'cancelled', pagesDone: 0 });
    const failed = await store().exports.create({ ownerUserId: alice.id, params });
    await store().exports.fail(failed.id, 'Batch job failed. Reference: 0a1b2c3d.', { code: 'API_ERROR', details: { reference: '0a1b2c3d' } });
    expect(await store().exports.cancel(failed.id, alice.id)).toMatchObject({
      state: 'failed',
      error: 'Batch job failed. Reference: 0a1b2c3d.',
      errorCode: 'API_ERROR',
      errorDetails: { reference: '0a1b2c3d' },
    });
    expect(await store().exports.cancel('not-an-id', alice.id)).toBeNull();
  });

  it('interrupts one active export (a process shutting down) and leaves an ended one alone', async () => {
    const { id: ownerUserId } = await owner();
    const running = await store().exports.create({ ownerUserId, params });
    expect(await store().exports.interrupt(running.id)).toMatchObject({ state: 'interrupted', errorCode: INTERRUPTED_CODE });
    const done = await store().exports.create({ ownerUserId, params });
    await store().exports.finish(done.id, { rowsWritten: 0, csvContent: 'x' });
    expect(await store().exports.interrupt(done.id)).toBeNull();
    expect((await store().exports.get(done.id))?.state).toBe('finished');
  });

  it('refuses a new export past the owner’s or the overall running limit, counting every active one', async () => {
    const alice = await owner();
    const bob = await owner();
    const limits = { perOwner: 2, overall: 3 };
    const a1 = await store().exports.createWithinLimits({ ownerUserId: alice.id, params, limits });
    expect(a1.created).toMatchObject({ ownerUserId: alice.id, state: 'running', params });
    await store().exports.createWithinLimits({ ownerUserId: alice.id, params, limits });
    expect(await store().exports.createWithinLimits({ ownerUserId: alice.id, params, limits })).toEqual({ refused: 'perOwner', limit: 2 });
    await store().exports.createWithinLimits({ ownerUserId: bob.id, params, limits });
    expect(await store().exports.createWithinLimits({ ownerUserId: bob.id, params, limits })).toEqual({ refused: 'overall', limit: 3 });
    // An ended export frees its place.
    await store().exports.cancel(a1.created!.id, alice.id);
    expect((await store().exports.createWithinLimits({ ownerUserId: bob.id, params, limits })).created?.state).toBe('running');
  });

  it('lets only as many concurrent starts through as the limit allows', async () => {
    const { id: ownerUserId } = await owner();
    const limits = { perOwner: 3, overall: 10 };
    const results = await Promise.all(Array.from({ length: 8 }, () => store().exports.createWithinLimits({ ownerUserId, params, limits })));
    expect(results.filter((r) => r.created)).toHaveLength(3);
    expect((await store().exports.listForOwner(ownerUserId)).filter((e) => e.state === 'running')).toHaveLength(3);
  });

  it('deletes ended exports beyond each owner’s newest few and those that ended too long ago, never an active one', async () => {
    const alice = await owner();
    const bob = await owner();
    const ended: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { id } = await store().exports.create({ ownerUserId: alice.id, params: { n: i } });
      await (i % 2 === 0 ? store().exports.finish(id, { rowsWritten: 0, csvContent: `${i}` }) : store().exports.fail(id, 'no'));
      ended.push(id);
    }
    const running = await store().exports.create({ ownerUserId: alice.id, params });
    const bobs = await store().exports.create({ ownerUserId: bob.id, params });
    await store().exports.interrupt(bobs.id);
    expect(await store().exports.deleteEnded({ olderThanMs: 3_600_000, keepPerOwner: 2 })).toBe(2);
    expect((await store().exports.listForOwner(alice.id)).map((e) => e.id)).toEqual([running.id, ended[3], ended[2]]);
    expect((await store().exports.listForOwner(bob.id)).map((e) => e.id)).toEqual([bobs.id]);
    await sleep(300);
    expect(await store().exports.deleteEnded({ olderThanMs: 200, keepPerOwner: 10 })).toBe(3);
    expect((await store().exports.listForOwner(alice.id)).map((e) => e.id)).toEqual([running.id]);
    expect(await store().exports.listForOwner(bob.id)).toEqual([]);
  });

  it('lists an owner’s exports newest first and no one else’s; unknown or malformed ids are not found', async () => {
    const alice = await owner();
    const bob = await owner();
    const first = await store().exports.create({ ownerUserId: alice.id, params: { n: 1 } });
    const second = await store().exports.create({ ownerUserId: alice.id, params: { n: 2 } });
    await store().exports.create({ ownerUserId: bob.id, params: { n: 3 } });
    await store().exports.progress(first.id, { pagesDone: 1, rowsWritten: 1 });
    const listed = await store().exports.listForOwner(alice.id);
    expect(listed.map((e) => e.id)).toEqual([second.id, first.id]);
    expect(await store().exports.listForOwner(alice.id, { limit: 1 })).toHaveLength(1);
    expect(await store().exports.get('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await store().exports.get('../../etc/passwd')).toBeNull();
    expect(await store().exports.progress('nope', { pagesDone: 1, rowsWritten: 1 })).toBeNull();
  });

  describe('across a restart', () => {
    it('a finished export still downloads and a running one is interrupted once its record is stale', async () => {
      const fresh = await backend.fresh(true);
      try {
        const before = await openStore(fresh.options);
        const user = await before.users.add({ username: 'ada', role: 'admin', passwordHash: fakeHash('a') });
        const done = await before.exports.create({ ownerUserId: user.id, params });
        await before.exports.finish(done.id, { rowsWritten: 1, csvContent: 'id\r\n7\r\n' });
        const cut = await before.exports.create({ ownerUserId: user.id, params });
        await before.close();
        const after = await openStore(fresh.options);
        try {
          await sleep(150);
          expect((await after.exports.markStaleInterrupted(100)).map((e) => e.id)).toEqual([cut.id]);
          expect(await after.exports.readCsv(done.id)).toBe('id\r\n7\r\n');
          expect((await after.exports.listForOwner(user.id)).map((e) => e.state)).toEqual(['interrupted', 'finished']);
        } finally {
          await after.close();
        }
      } finally {
        await fresh.drop();
      }
    });
  });
});
