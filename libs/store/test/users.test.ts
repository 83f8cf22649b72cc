import { DuplicateError, NotFoundError, ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { LastAdminError, openStore } from '../src/index.js';
import { describeEachBackend, fakeHash, useStore } from './harness.js';

describeEachBackend('portal users', (backend) => {
  const store = useStore(backend);

  it('adds a user and lists it without its password hash', async () => {
    const added = await store().users.add({ username: 'ada', role: 'admin', passwordHash: fakeHash('ada') });
    expect(added).toMatchObject({ username: 'ada', role: 'admin', disabled: false, lastSignInAt: null });
    expect(added.createdAt).toBeInstanceOf(Date);
    const [listed] = await store().users.list();
    expect(listed).toEqual(added);
    expect(JSON.stringify(await store().users.list())).not.toContain('scrypt$');
  });

  it('finds the credentials sign-in needs, and null for an unknown name', async () => {
    const hash = fakeHash('bob');
    await store().users.add({ username: 'bob', role: 'viewer', passwordHash: hash });
    expect(await store().users.findCredentials('bob')).toMatchObject({ username: 'bob', role: 'viewer', passwordHash: hash });
    expect(await store().users.findCredentials('nobody')).toBeNull();
    expect(await store().users.find('nobody')).toBeNull();
  });

  it('refuses a second user with the same name as a DuplicateError on username', async () => {
    await store().users.add({ username: 'ada', role: 'admin', passwordHash: fakeHash('1') });
    const error = await store().users.add({ username: 'ada', role: 'viewer', passwordHash: fakeHash('2') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuplicateError);
    expect((error as DuplicateError).field).toBe('username');
    expect((error as Error).message).not.toContain('scrypt$');
  });

  it('refuses a clear password and an unknown role before writing', async () => {
    await expect(store().users.add({ username: 'x', role: 'admin', passwordHash: 'hunter2' })).rejects.toBeInstanceOf(ValidationError);
    await expect(store().users.add({ username: 'x', role: 'owner' as never, passwordHash: fakeHash('x') })).rejects.toThrow(/Unknown role/);
    expect(await store().users.list()).toEqual([]);
  });

  it('changes a role and ends that user’s sessions', async () => {
    await store().users.add({ username: 'ada', role: 'admin', passwordHash: fakeHash('a') });
    const bob = await store().users.add({ username: 'bob', role: 'viewer', passwordHash: fakeHash('b') });
    const { token } = await store().sessions.create({ userId: bob.id, ttlMs: 60_000 });
    const change = await store().users.setRole('bob', 'admin');
    expect(change.user.role).toBe('admin');
    expect(change.sessionsEnded).toBe(1);
    expect(await store().sessions.findValid(token)).toBeNull();
    expect(await store().users.countActiveAdmins()).toBe(2);
  });

  it('refuses to disable or demote the last active admin, and allows it once another admin exists', async () => {
    await store().users.add({ username: 'ada', role: 'admin', passwordHash: fakeHash('a') });
    await store().users.add({ username: 'bob', role: 'viewer', passwordHash: fakeHash('b') });
    await expect(store().users.disable('ada')).rejects.toBeInstanceOf(LastAdminError);
    await expect(store().users.setRole('ada', 'viewer')).rejects.toThrow(/last active admin/);
    expect(await store().users.find('ada')).toMatchObject({ role: 'admin', disabled: false });

    await store().users.setRole('bob', 'admin');
    await store().users.disable('ada');
    expect(await store().users.find('ada')).toMatchObject({ disabled: true });
    // A disabled admin does not count: bob is now the last active one.
    await expect(store().users.setRole('bob', 'viewer')).rejects.toBeInstanceOf(LastAdminError);
  });

  it('disables a user, ending their sessions, and enables them again', async () => {
    await store().users.add({ username: 'ada', role: 'admin', passwordHash: fakeHash('a') });
    const bob = await store().users.add({ username: 'bob', role: 'viewer', passwordHash: fakeHash('b') });
    const first = await store().sessions.create({ userId: bob.id, ttlMs: 60_000 });
    await store().sessions.create({ userId: bob.id, ttlMs: 60_000 });
    expect((await store().users.disable('bob')).sessionsEnded).toBe(2);
    expect(await store().sessions.findValid(first.token)).toBeNull();
    const enabled = await store().users.enable('bob');
    expect(enabled.disabled).toBe(false);
    // Re-enabling does not revive the ended session.
    expect(await store().sessions.findValid(first.token)).toBeNull();
  });

  it('a password change ends every session; a hash upgrade at sign-in keeps them', async () => {
    const ada = await store().users.add({ username: 'ada', role: 'admin', passwordHash: fakeHash('a') });
    const { token } = await store().sessions.create({ userId: ada.id, ttlMs: 60_000 });
    const upgraded = fakeHash('stronger');
    await store().users.setPasswordHash('ada', upgraded, { endSessions: false });
    expect(await store().sessions.findValid(token)).not.toBeNull();
    expect((await store().users.findCredentials('ada'))?.passwordHash).toBe(upgraded);
    const changed = await store().users.setPasswordHash('ada', fakeHash('new'));
    expect(changed.sessionsEnded).toBe(1);
    expect(await store().sessions.findValid(token)).toBeNull();
  });

  it('reports an unknown user as NotFoundError on every change', async () => {
    await expect(store().users.disable('ghost')).rejects.toBeInstanceOf(NotFoundError);
    await expect(store().users.enable('ghost')).rejects.toBeInstanceOf(NotFoundError);
    await expect(store().users.setRole('ghost', 'viewer')).rejects.toBeInstanceOf(NotFoundError);
    await expect(store().users.setPasswordHash('ghost', fakeHash('g'))).rejects.toBeInstanceOf(NotFoundError);
  });

  it('records the time of the last sign-in', async () => {
    await store().users.add({ username: 'ada', role: 'admin', passwordHash: fakeHash('a') });
    const at = new Date('2026-03-01T10:00:00Z');
    await store().users.recordSignIn('ada', at);
    expect((await store().users.find('ada'))?.lastSignInAt?.toISOString()).toBe(at.toISOString());
  });

  describe('under concurrency', () => {
    it('of two admins disabled at once, exactly one stays active', async () => {
      const fresh = await backend.fresh(true);
      // Two instances on one database when it is a server; PGlite is one process by design.
      const first = await openStore(fresh.options);
      const second = backend.kind === 'postgres' ? await openStore(fresh.options) : first;
      try {
        await first.users.add({ username: 'ada', role: 'admin', passwordHash: fakeHash('a') });
        await first.users.add({ username: 'bob', role: 'admin', passwordHash: fakeHash('b') });
        for (let round = 0; round < 5; round++) {
          const results = await Promise.allSettled([first.users.disable('ada'), second.users.setRole('bob', 'viewer')]);
          const refused = results.filter((r) => r.status === 'rejected');
          expect(refused).toHaveLength(1);
          expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(LastAdminError);
          expect(await first.users.countActiveAdmins()).toBe(1);
          await first.users.enable('ada');
          await first.users.setRole('bob', 'admin');
        }
      } finally {
        if (second !== first) await second.close();
        await first.close();
        await fresh.drop();
      }
    });
  });
});
