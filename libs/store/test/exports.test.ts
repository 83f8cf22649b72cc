import { NotFoundError, ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { openStore } from '../src/index.js';
import { describeEachBackend, fakeHash, useStore } from './harness.js';

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
    expect(await store().exports.fail(id, 'The Data API refused the key.')).toMatchObject({ state: 'failed', error: 'The Data API refused the key.' });
    expect(await store().exports.progress(id, { pagesDone: 9, rowsWritten: 9 })).toBeNull();
    expect(await store().exports.finish(id, { rowsWritten: 9, csvContent: 'x' })).toBeNull();
    expect((await store().exports.get(id))?.state).toBe('failed');
  });

  it('marks the running and queued exports interrupted, leaving finished ones alone', async () => {
    const { id: ownerUserId } = await owner();
    const running = await store().exports.create({ ownerUserId, params });
    const queued = await store().exports.create({ ownerUserId, params, state: 'queued' });
    const finished = await store().exports.create({ ownerUserId, params });
    await store().exports.finish(finished.id, { rowsWritten: 0, csvContent: '' });
    const marked = await store().exports.markActiveInterrupted();
    expect(marked.map((e) => e.id).sort()).toEqual([running.id, queued.id].sort());
    expect((await store().exports.get(running.id))?.state).toBe('interrupted');
    expect(await store().exports.finish(running.id, { rowsWritten: 1, csvContent: 'late' })).toBeNull();
    expect((await store().exports.get(finished.id))?.state).toBe('finished');
    expect(await store().exports.readCsv(finished.id)).toBe('');
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
    it('a finished export still downloads and a running one is interrupted at the next start', async () => {
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
          expect((await after.exports.markActiveInterrupted()).map((e) => e.id)).toEqual([cut.id]);
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
