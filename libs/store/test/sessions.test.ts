import { describe, expect, it } from 'vitest';
import { hashSessionToken, openStore } from '../src/index.js';
import { describeEachBackend, fakeHash, useStore } from './harness.js';

describeEachBackend('sessions', (backend) => {
  const store = useStore(backend);
  const addUser = (username: string, role: 'admin' | 'viewer' = 'viewer') =>
    store().users.add({ username, role, passwordHash: fakeHash(username) });

  it('finds a new session by its token, with the role read from the users table', async () => {
    const bob = await addUser('bob');
    const { token, expiresAt } = await store().sessions.create({ userId: bob.id, ttlMs: 60_000 });
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(await store().sessions.findValid(token)).toMatchObject({ userId: bob.id, username: 'bob', role: 'viewer', expiresAt });
    expect(await store().sessions.findValid('not-a-token')).toBeNull();
  });

  it('keeps only the token’s SHA-256, never the token itself', async () => {
    const bob = await addUser('bob');
    const { token } = await store().sessions.create({ userId: bob.id, ttlMs: 60_000 });
    expect(hashSessionToken(token)).toMatch(/^[0-9a-f]{64}$/);
    // A session found by the hash as a token would mean the hash itself works as a cookie.
    expect(await store().sessions.findValid(hashSessionToken(token))).toBeNull();
  });

  it('refuses an expired session and one whose user is disabled', async () => {
    await addUser('ada', 'admin');
    const bob = await addUser('bob');
    const now = new Date('2026-05-01T12:00:00Z');
    const { token } = await store().sessions.create({ userId: bob.id, ttlMs: 1_000, now });
    expect(await store().sessions.findValid(token, { now: new Date(now.getTime() + 999) })).not.toBeNull();
    expect(await store().sessions.findValid(token, { now: new Date(now.getTime() + 1_000) })).toBeNull();
    const live = await store().sessions.create({ userId: bob.id, ttlMs: 60_000 });
    await store().users.disable('bob');
    expect(await store().sessions.findValid(live.token)).toBeNull();
  });

  it('writes the last use only when it is older than the touch interval', async () => {
    const bob = await addUser('bob');
    const start = new Date('2026-05-01T12:00:00Z');
    const { token } = await store().sessions.create({ userId: bob.id, ttlMs: 3_600_000, now: start });
    const soon = await store().sessions.findValid(token, { now: new Date(start.getTime() + 30_000), touchAfterMs: 60_000 });
    expect(soon?.lastUsedAt.toISOString()).toBe(start.toISOString());
    const later = new Date(start.getTime() + 90_000);
    await store().sessions.findValid(token, { now: later, touchAfterMs: 60_000 });
    const reread = await store().sessions.findValid(token, { now: new Date(later.getTime() + 1), touchAfterMs: 60_000 });
    expect(reread?.lastUsedAt.toISOString()).toBe(later.toISOString());
  });

  it('sign-out ends one session; end-all ends every session of that user and no one else’s', async () => {
    const bob = await addUser('bob');
    const cy = await addUser('cy');
    const [b1, b2, b3] = await Promise.all([1, 2, 3].map(() => store().sessions.create({ userId: bob.id, ttlMs: 60_000 })));
    const c1 = await store().sessions.create({ userId: cy.id, ttlMs: 60_000 });
    expect(await store().sessions.end(b1!.token)).toBe(true);
    expect(await store().sessions.end(b1!.token)).toBe(false);
    expect(await store().sessions.findValid(b2!.token)).not.toBeNull();
    expect(await store().sessions.endAllForUser(bob.id)).toBe(2);
    expect(await store().sessions.findValid(b2!.token)).toBeNull();
    expect(await store().sessions.findValid(b3!.token)).toBeNull();
    expect(await store().sessions.findValid(c1.token)).toMatchObject({ username: 'cy' });
  });

  it('purges expired sessions only', async () => {
    const bob = await addUser('bob');
    const now = new Date('2026-05-01T12:00:00Z');
    await store().sessions.create({ userId: bob.id, ttlMs: 1_000, now });
    const { token } = await store().sessions.create({ userId: bob.id, ttlMs: 60_000, now });
    expect(await store().sessions.purgeExpired(new Date(now.getTime() + 5_000))).toBe(1);
    expect(await store().sessions.findValid(token, { now: new Date(now.getTime() + 5_000) })).not.toBeNull();
  });

  describe('across a restart', () => {
    it('a session stays valid and a signed-out one stays ended', async () => {
      const fresh = await backend.fresh(true);
      try {
        const before = await openStore(fresh.options);
        const bob = await before.users.add({ username: 'bob', role: 'viewer', passwordHash: fakeHash('b') });
        const kept = await before.sessions.create({ userId: bob.id, ttlMs: 60_000 });
        const ended = await before.sessions.create({ userId: bob.id, ttlMs: 60_000 });
        await before.sessions.end(ended.token);
        await before.close();
        const after = await openStore(fresh.options);
        try {
          expect(after.migration.applied).toBe(0);
          expect(await after.sessions.findValid(kept.token)).toMatchObject({ username: 'bob' });
          expect(await after.sessions.findValid(ended.token)).toBeNull();
        } finally {
          await after.close();
        }
      } finally {
        await fresh.drop();
      }
    });
  });
});
