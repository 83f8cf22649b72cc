import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { LastAdminError, StoreUnavailableError, type Store } from '@washops/store';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SESSION_COOKIE,
  appRouter,
  createCaller,
  createFetchContextFactory,
  createPortalContext,
  hashPassword,
  portalResponseMeta,
  toTrpcError,
  type PortalDeps,
} from '../src/index.js';
import { TEST_PASSWORD_COST, browserRequest, errorOf, makeDeps, secondInstance, sessionCookieOf } from './helpers.js';

let deps: PortalDeps;
let other: PortalDeps;

beforeAll(async () => {
  deps = await makeDeps();
  other = secondInstance(deps);
});

function caller(on: PortalDeps, cookieHeader: string | null = null, cookies: string[] = [], ip = '10.1.0.1') {
  return createCaller(() => createPortalContext(on, browserRequest({ cookieHeader, ip }), (cookie) => cookies.push(cookie)));
}

/** Signs `username` in on `on` and returns the `Cookie` header the browser would send back. */
async function signIn(on: PortalDeps, username: string, password: string, ip = '10.1.0.1'): Promise<string> {
  const cookies: string[] = [];
  await caller(on, null, cookies, ip).auth.signIn({ username, password });
  return cookies[0]!.split(';')[0]!;
}

async function addUser(username: string, role: 'admin' | 'viewer', password = 'a long enough password'): Promise<void> {
  await deps.store.users.add({ username, role, passwordHash: await hashPassword(password, TEST_PASSWORD_COST) });
}

describe('sessions in the database', () => {
  it('puts only an opaque token in the cookie; the context reads the session, with the user id, from the store', async () => {
    const cookie = await signIn(deps, 'viewer', 'washops-viewer');
    const token = cookie.slice(`${SESSION_COOKIE}=`.length);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(token).not.toContain('viewer');
    const context = await createPortalContext(deps, browserRequest({ cookieHeader: cookie }));
    const viewer = await deps.store.users.find('viewer');
    expect(context.session).toMatchObject({ userId: viewer!.id, username: 'viewer', role: 'viewer' });
    expect(context.session!.expiresAt).toBeGreaterThan(Date.now());
    expect((await deps.store.users.find('viewer'))!.lastSignInAt).toBeInstanceOf(Date);
  });

  it('is seen by a second portal instance over the same database, and a sign-out at either ends it at both', async () => {
    const cookie = await signIn(deps, 'admin', 'washops-admin');
    await expect(caller(other, cookie).auth.me()).resolves.toMatchObject({ username: 'admin', role: 'admin' });
    await caller(other, cookie).auth.signOut();
    await expect(caller(deps, cookie).auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(caller(other, cookie).auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a disabled user at sign-in with the same answer as an unknown one', async () => {
    await addUser('dora', 'viewer');
    await deps.store.users.disable('dora');
    const disabled = await errorOf(caller(deps, null, [], '10.1.1.1').auth.signIn({ username: 'dora', password: 'a long enough password' }));
    const unknown = await errorOf(caller(deps, null, [], '10.1.1.2').auth.signIn({ username: 'nobody-here', password: 'a long enough password' }));
    expect({ code: disabled.code, message: disabled.message }).toEqual({ code: 'UNAUTHORIZED', message: 'Wrong username or password.' });
    expect({ code: unknown.code, message: unknown.message }).toEqual({ code: disabled.code, message: disabled.message });
    // The same work for both: a refused sign-in still counts as a failure at the address.
    expect((await deps.store.throttle.read('address:10.1.1.1'))?.failures).toBe(1);
    expect((await deps.store.throttle.read('address:10.1.1.2'))?.failures).toBe(1);
  });

  it('signs in with the name in any case, as the account rules store it', async () => {
    await expect(caller(deps, null, [], '10.1.2.1').auth.signIn({ username: ' Viewer ', password: 'washops-viewer' })).resolves.toEqual({
      username: 'viewer',
      role: 'viewer',
    });
  });

  it('ends a user’s session at their next request when an admin at another instance disables them', async () => {
    await addUser('erin', 'viewer');
    const cookie = await signIn(deps, 'erin', 'a long enough password');
    await expect(caller(deps, cookie).auth.me()).resolves.toMatchObject({ username: 'erin' });
    const admin = await sessionCookieOf(other, 'admin');
    await expect(caller(other, admin).portalUsers.disable({ username: 'erin' })).resolves.toMatchObject({ sessionsEnded: 1 });
    await expect(caller(deps, cookie).auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await caller(other, admin).portalUsers.enable({ username: 'erin' });
    // Re-enabling does not bring the ended session back.
    await expect(caller(deps, cookie).auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('reads the role from the database on every request: a demoted admin can no longer write, a promoted viewer can', async () => {
    await addUser('fred', 'admin');
    await addUser('gina', 'viewer');
    const fred = await signIn(deps, 'fred', 'a long enough password', '10.1.3.1');
    const ginaBefore = await signIn(deps, 'gina', 'a long enough password', '10.1.3.2');
    expect(await caller(deps, fred).portalUsers.list()).toEqual(expect.arrayContaining([expect.objectContaining({ username: 'fred', isYou: true })]));
    await deps.store.users.setRole('fred', 'viewer');
    // The role change ended fred's session; signed in again, fred is a viewer now.
    await expect(caller(deps, fred).auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const fredAgain = await signIn(deps, 'fred', 'a long enough password', '10.1.3.1');
    expect((await errorOf(caller(deps, fredAgain).portalUsers.list())).code).toBe('FORBIDDEN');
    await deps.store.users.setRole('gina', 'admin');
    await expect(caller(deps, ginaBefore).auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const ginaAfter = await signIn(deps, 'gina', 'a long enough password', '10.1.3.2');
    await expect(caller(deps, ginaAfter).auth.me()).resolves.toMatchObject({ role: 'admin' });
  });
});

/** A store whose database has gone away: every query throws the store's unavailable error. */
function unreachable(store: Store): Store {
  const down = async () => {
    throw new StoreUnavailableError('The database is unavailable (connect ECONNREFUSED 127.0.0.1:5432); retry in a few seconds.');
  };
  return { ...store, sessions: { ...store.sessions, findValid: down }, users: { ...store.users, list: down } };
}

describe('a database that cannot be reached', () => {
  async function call(on: PortalDeps, path: string, cookie: string) {
    return fetchRequestHandler({
      endpoint: '/api/trpc',
      req: new Request(`http://portal.test/api/trpc/${path}`, { headers: { cookie } }),
      router: appRouter,
      createContext: createFetchContextFactory(on),
      responseMeta: portalResponseMeta,
    });
  }

  it('answers 503 with a Retry-After header and a public error that says to retry, not a 500', async () => {
    const cookie = await sessionCookieOf(deps, 'admin');
    const response = await call({ ...deps, store: unreachable(deps.store) }, 'auth.me', cookie);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    const json = (await response.json()) as { error: { data: { publicError: { code: string; message: string; details: Record<string, unknown> } } } };
    expect(json.error.data.publicError).toMatchObject({ code: 'STORE_UNAVAILABLE', details: { retryAfterMs: 5000 } });
    expect(json.error.data.publicError.message).toMatch(/retry in a few seconds/);
  });

  it('answers 503 as well when the database goes away in the middle of a procedure', async () => {
    const cookie = await sessionCookieOf(deps, 'admin');
    const store = unreachable(deps.store);
    const midway = { ...deps, store: { ...store, sessions: deps.store.sessions } };
    const response = await call(midway, 'portalUsers.list', cookie);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
  });

  it('gives a throttled sign-in a Retry-After header too', async () => {
    const signInOverHttp = (password: string) =>
      fetchRequestHandler({
        endpoint: '/api/trpc',
        req: new Request('http://portal.test/api/trpc/auth.signIn', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://portal.test', host: 'portal.test' },
          body: JSON.stringify({ username: 'admin', password }),
        }),
        router: appRouter,
        createContext: createFetchContextFactory(deps),
        responseMeta: portalResponseMeta,
      });
    for (let i = 0; i < 3; i++) expect((await signInOverHttp(`guess-${i}`)).headers.get('retry-after')).toBeNull();
    const throttled = await signInOverHttp('washops-admin');
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('1');
  });

  it('maps the store’s errors to tRPC codes: unavailable → 503, the last-admin rule → 400 with its message', () => {
    expect(toTrpcError(new StoreUnavailableError('down')).code).toBe('SERVICE_UNAVAILABLE');
    const lastAdmin = toTrpcError(new LastAdminError('"ada" is the last active admin and cannot be disabled.'));
    expect({ code: lastAdmin.code, message: lastAdmin.message }).toEqual({ code: 'BAD_REQUEST', message: '"ada" is the last active admin and cannot be disabled.' });
  });
});
