import { randomBytes } from 'node:crypto';
import { openStore, type Store } from '@washops/store';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportRegistry, bringInPortalUsers, createCaller, createPortalContext, type PortalDeps } from '../src/index.js';
import { RecordingSync } from './fake-sync.js';
import { TEST_PASSWORD_COST, backofficeDeps, browserRequest, makeAuth, unreachableClients } from './helpers.js';

/** A PostgreSQL server whose user may create databases (libs/store/README.md shows how to start one). */
const serverUrl = process.env['WASHOPS_TEST_DATABASE_URL'];

if (!serverUrl) console.log('PostgreSQL half of the portal-api suite skipped: WASHOPS_TEST_DATABASE_URL is not set.');

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Two portal processes on one PostgreSQL: each with its own pool, throttle object and hashing slots. */
describe.skipIf(!serverUrl)('two portal instances on one PostgreSQL', () => {
  const name = `washops_portal_api_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const stores: Store[] = [];
  let one: PortalDeps;
  let two: PortalDeps;

  async function instance(): Promise<PortalDeps> {
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    const store = await openStore({ databaseUrl: url.toString(), maxConnections: 4 });
    stores.push(store);
    await bringInPortalUsers(store, { configured: [], demo: true, passwordCost: TEST_PASSWORD_COST });
    const clients = unreachableClients();
    return {
      auth: makeAuth(store),
      store,
      ...backofficeDeps(store, clients.backoffice),
      transactions: clients.transactions,
      exports: new ExportRegistry(clients.transactions, store),
      sync: new RecordingSync(),
    };
  }

  beforeAll(async () => {
    await onServer(`create database ${name}`);
    // Started together, as two processes behind one proxy would be: migrations and users brought in once.
    [one, two] = await Promise.all([instance(), instance()]);
  });

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    if (serverUrl) await onServer(`drop database if exists ${name} with (force)`);
  });

  function caller(on: PortalDeps, cookieHeader: string | null, cookies: string[] = [], ip = '10.3.0.1') {
    return createCaller(() => createPortalContext(on, browserRequest({ cookieHeader, ip }), (cookie) => cookies.push(cookie)));
  }

  async function signIn(on: PortalDeps, username: string, password: string, ip = '10.3.0.1'): Promise<string> {
    const cookies: string[] = [];
    await caller(on, null, cookies, ip).auth.signIn({ username, password });
    return cookies[0]!.split(';')[0]!;
  }

  it('brought the demo users in once, though both instances started at the same time', async () => {
    expect((await one.store.users.list()).map((user) => user.username)).toEqual(['admin', 'viewer']);
  });

  it('a sign-in on one is valid on the other; a sign-out on the other ends it on both', async () => {
    const cookie = await signIn(one, 'viewer', 'washops-viewer');
    await expect(caller(two, cookie).auth.me()).resolves.toMatchObject({ username: 'viewer' });
    await caller(two, cookie).auth.signOut();
    await expect(caller(one, cookie).auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(caller(two, cookie).auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('a user disabled on one is refused by the other on the next request', async () => {
    const admin = await signIn(one, 'admin', 'washops-admin', '10.3.1.1');
    const { generatedPassword } = await caller(one, admin).portalUsers.add({ username: 'olga', role: 'viewer' });
    const olga = await signIn(two, 'olga', generatedPassword!, '10.3.1.2');
    await expect(caller(two, olga).auth.me()).resolves.toMatchObject({ username: 'olga' });
    await caller(one, admin).portalUsers.disable({ username: 'olga' });
    await expect(caller(two, olga).auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('shares the sign-in throttle: guesses sent to both at once get only the free failures through', async () => {
    const guesses = Array.from({ length: 8 }, (_, i) =>
      caller(i % 2 ? one : two, null, [], '10.3.2.1')
        .auth.signIn({ username: 'admin', password: `guess-${i}` })
        .then(
          () => 'signed in',
          (error: { code?: string }) => error.code,
        ),
    );
    const codes = await Promise.all(guesses);
    expect(codes.filter((code) => code === 'UNAUTHORIZED')).toHaveLength(3);
    expect(codes.filter((code) => code === 'TOO_MANY_REQUESTS')).toHaveLength(5);
  });
});
