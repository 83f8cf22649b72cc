import { openStore, type Store } from '@washops/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoActiveAdminError, bringInPortalUsers, hashPassword, parsePortalUsers, verifyPassword, type PortalUser } from '../src/index.js';
import { TEST_PASSWORD_COST } from './helpers.js';

let store: Store;

async function configured(username: string, role: 'admin' | 'viewer', password: string): Promise<PortalUser> {
  return { username, role, passwordHash: await hashPassword(password, TEST_PASSWORD_COST) };
}

describe('bringing PORTAL_USERS and the demo sign-ins into the database', () => {
  // One database for these tests (PGlite takes seconds to start); each uses names of its own.
  beforeAll(async () => {
    store = await openStore({ inMemory: true });
  });

  afterAll(async () => {
    await store?.close();
  });

  it('adds the users the database lacks and never overwrites one it has', async () => {
    const ada = await configured('ada', 'admin', 'ada first password');
    expect(await bringInPortalUsers(store, { configured: [ada], demo: false })).toEqual(['ada']);
    // Changed in the database since (the Users page, the command line): a later boot keeps that.
    await store.users.setPasswordHash('ada', await hashPassword('ada changed it since', TEST_PASSWORD_COST));
    await store.users.add({ username: 'bob', role: 'admin', passwordHash: await hashPassword('bob password 1', TEST_PASSWORD_COST) });
    await store.users.setRole('ada', 'viewer');
    const again = await bringInPortalUsers(store, { configured: [await configured('ada', 'admin', 'ada first password'), await configured('cy', 'viewer', 'cy password 12')], demo: false });
    expect(again).toEqual(['cy']);
    const stored = await store.users.findCredentials('ada');
    expect(stored?.role).toBe('viewer');
    expect(await verifyPassword('ada changed it since', stored!.passwordHash)).toBe(true);
  });

  it('adds the demo sign-ins in demo mode, hashing only those missing', async () => {
    expect(await bringInPortalUsers(store, { configured: [], demo: true, passwordCost: TEST_PASSWORD_COST })).toEqual(['admin', 'viewer']);
    const admin = await store.users.findCredentials('admin');
    expect(admin).toMatchObject({ role: 'admin', disabled: false });
    expect(await verifyPassword('washops-admin', admin!.passwordHash)).toBe(true);
    expect(await bringInPortalUsers(store, { configured: [], demo: true, passwordCost: TEST_PASSWORD_COST })).toEqual([]);
    expect((await store.users.findCredentials('admin'))!.passwordHash).toBe(admin!.passwordHash);
  });

  it('refuses to go on without an active admin, saying how to make one', async () => {
    const empty = await openStore({ inMemory: true });
    try {
      await refusesWithoutAdmin(empty);
    } finally {
      await empty.close();
    }
  });

  async function refusesWithoutAdmin(store: Store): Promise<void> {
    const viewer = await configured('vera', 'viewer', 'vera password 1');
    const refusal = await bringInPortalUsers(store, { configured: [viewer], demo: false }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(NoActiveAdminError);
    expect((refusal as Error).message).toContain('has no active admin');
    expect((refusal as Error).message).toContain('npm run users -- add <name> --role admin');
    // What could be brought in was, so a later `users add` only needs the admin.
    expect(await store.users.find('vera')).not.toBeNull();
    await expect(bringInPortalUsers(store, { configured: [], demo: false })).rejects.toBeInstanceOf(NoActiveAdminError);
  }

  it('starts together with another instance without either failing on the other’s insert', async () => {
    const users = [await configured('dan', 'admin', 'dan password 12'), await configured('eve', 'viewer', 'eve password 12')];
    const [first, second] = await Promise.all([
      bringInPortalUsers(store, { configured: users, demo: false }),
      bringInPortalUsers(store, { configured: users, demo: false }),
    ]);
    expect([...first, ...second].sort()).toEqual(['dan', 'eve']);
    expect((await store.users.list()).filter((user) => ['dan', 'eve'].includes(user.username))).toHaveLength(2);
  });
});

describe('PORTAL_USERS', () => {
  it('holds usernames to the account rules, lower-cased as sign-in looks them up', async () => {
    const hash = await hashPassword('a long password', TEST_PASSWORD_COST);
    expect(parsePortalUsers(JSON.stringify([{ username: ' Ada.L ', role: 'admin', passwordHash: hash }]))).toEqual([
      { username: 'ada.l', role: 'admin', passwordHash: hash },
    ]);
    expect(() => parsePortalUsers(JSON.stringify([{ username: 'ada lovelace', role: 'admin', passwordHash: hash }]))).toThrow(/0\.username: Use letters, digits/);
  });
});
