import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SESSION_COOKIE,
  appRouter,
  createCaller,
  createFetchContextFactory,
  createPortalContext,
  demoPortalUsers,
  parsePortalUsers,
  publicErrorOf,
  type PortalDeps,
  type PortalRequestInfo,
} from '../src/index.js';
import { errorOf, makeDeps, sessionCookieOf } from './helpers.js';

let deps: PortalDeps;

beforeAll(async () => {
  deps = await makeDeps();
});

function request(overrides: Partial<PortalRequestInfo> = {}): PortalRequestInfo {
  return { origin: 'http://portal.test', host: 'portal.test', secFetchSite: 'same-origin', ip: '10.0.0.1', cookieHeader: null, ...overrides };
}

function callerWith(info: PortalRequestInfo | null, cookies: string[] = []) {
  return createCaller(() => createPortalContext(deps, info, (c) => cookies.push(c)));
}

function cookieHeaderFrom(setCookie: string): string {
  return setCookie.split(';')[0]!;
}

describe('sign-in', () => {
  it('refuses a wrong password without saying which part was wrong', async () => {
    await expect(callerWith(request({ ip: '10.0.0.2' })).auth.signIn({ username: 'admin', password: 'nope' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Wrong username or password.',
    });
    await expect(callerWith(request({ ip: '10.0.0.2' })).auth.signIn({ username: 'ghost', password: 'nope' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Wrong username or password.',
    });
  });

  it('signs in with the right password and sets a signed, httpOnly, SameSite session cookie that expires', async () => {
    const cookies: string[] = [];
    const result = await callerWith(request(), cookies).auth.signIn({ username: 'viewer', password: 'washops-viewer' });
    expect(result).toEqual({ username: 'viewer', role: 'viewer' });
    expect(cookies).toHaveLength(1);
    const cookie = cookies[0]!;
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Max-Age=60');
    const me = await callerWith(request({ cookieHeader: cookieHeaderFrom(cookie) })).auth.me();
    expect(me).toMatchObject({ username: 'viewer', role: 'viewer' });
  });

  it('delays repeated failures at one address, even when the right password follows', async () => {
    const info = request({ ip: '10.9.9.9' });
    for (let i = 0; i < 3; i++) {
      await expect(callerWith(info).auth.signIn({ username: 'admin', password: `guess-${i}` })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
    const refused = await errorOf(callerWith(info).auth.signIn({ username: 'admin', password: 'washops-admin' }));
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.message).toMatch(/^Too many failed sign-ins from this address\. Try again in 1 second\.$/);
    expect(publicErrorOf(refused).details['retryAfterMs']).toBeGreaterThan(0);
    // Another address is not delayed by someone else's guessing.
    await expect(callerWith(request({ ip: '10.9.9.10' })).auth.signIn({ username: 'admin', password: 'washops-admin' })).resolves.toMatchObject({
      role: 'admin',
    });
  });

  it('counts guesses sent at once: concurrent wrong passwords cannot outrun the delay', async () => {
    const info = request({ ip: '10.6.6.6' });
    const guesses = Array.from({ length: 8 }, (_, i) =>
      callerWith(info).auth.signIn({ username: 'admin', password: `burst-${i}` }).then(
        () => 'signed in',
        (error: { code?: string }) => error.code,
      ),
    );
    const codes = await Promise.all(guesses);
    expect(codes.filter((code) => code === 'UNAUTHORIZED')).toHaveLength(3);
    expect(codes.filter((code) => code === 'TOO_MANY_REQUESTS')).toHaveLength(5);
  });

  it('twenty wrong guesses for admin from other addresses do not keep the real admin out', async () => {
    for (let i = 0; i < 20; i++) {
      await expect(callerWith(request({ ip: `10.7.0.${i}` })).auth.signIn({ username: 'admin', password: `guess-${i}` })).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    }
    await expect(callerWith(request({ ip: '10.7.1.1' })).auth.signIn({ username: 'admin', password: 'washops-admin' })).resolves.toMatchObject({
      role: 'admin',
    });
  });

  it('refuses a cross-origin sign-in (login CSRF)', async () => {
    await expect(
      callerWith(request({ origin: 'https://evil.example', secFetchSite: 'cross-site' })).auth.signIn({ username: 'admin', password: 'washops-admin' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerWith(request({ origin: 'http://evil.example', secFetchSite: null })).auth.signIn({ username: 'admin', password: 'washops-admin' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('ends the session at sign-out: a copy of the old cookie no longer opens it', async () => {
    const cookies: string[] = [];
    await callerWith(request({ ip: '10.5.5.5' }), cookies).auth.signIn({ username: 'admin', password: 'washops-admin' });
    const signedIn = request({ cookieHeader: cookieHeaderFrom(cookies[0]!) });
    await expect(callerWith(signedIn).auth.me()).resolves.toMatchObject({ username: 'admin' });
    await callerWith(signedIn).auth.signOut();
    await expect(callerWith(signedIn).auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerWith(signedIn).employees.disable({ posUserId: 1 })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('signs out by clearing the cookie', async () => {
    const cookies: string[] = [];
    await callerWith(request({ cookieHeader: await sessionCookieOf(deps, 'admin') }), cookies).auth.signOut();
    expect(cookies[0]).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
  });
});

describe('sessions', () => {
  it('opens nothing with a token the database does not know, however it looks', async () => {
    const real = (await sessionCookieOf(deps, 'viewer')).split('=')[1]!;
    for (const token of [`${real}x`, real.slice(1), 'forged.token', `${Buffer.from('{"u":"admin","r":"admin"}').toString('base64url')}.mac`]) {
      await expect(callerWith(request({ cookieHeader: `${SESSION_COOKIE}=${token}` })).auth.me(), token).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
    await expect(callerWith(request({ cookieHeader: `${SESSION_COOKIE}=${real}` })).auth.me()).resolves.toMatchObject({ username: 'viewer' });
  });

  it('treats an expired session as signed out', async () => {
    const admin = (await deps.store.users.find('admin'))!;
    const { token } = await deps.store.sessions.create({ userId: admin.id, ttlMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await expect(callerWith(request({ cookieHeader: `${SESSION_COOKIE}=${token}` })).auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('every procedure but sign-in needs a session', () => {
  it('answers UNAUTHORIZED to anonymous calls of every procedure', async () => {
    const procedures = Object.keys(appRouter._def.procedures).filter((path) => path !== 'auth.signIn');
    expect(procedures.length).toBeGreaterThan(0);
    const anonymous = callerWith(request());
    for (const path of procedures) {
      const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], anonymous) as (input?: unknown) => Promise<unknown>;
      await expect(fn({}), path).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});

describe('over HTTP (the fetch adapter the portal mounts)', () => {
  async function call(path: string, init: RequestInit = {}) {
    return fetchRequestHandler({
      endpoint: '/api/trpc',
      req: new Request(`http://portal.test/api/trpc/${path}`, init),
      router: appRouter,
      createContext: createFetchContextFactory(deps),
    });
  }

  it('signs in through a POST and returns the cookie in Set-Cookie, never in the body', async () => {
    const response = await call('auth.signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://portal.test', host: 'portal.test' },
      body: JSON.stringify({ username: 'admin', password: 'washops-admin' }),
    });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(response.headers.get('set-cookie')).toContain(`${SESSION_COOKIE}=`);
    expect(body).not.toContain(SESSION_COOKIE);
    expect(body).not.toContain('washops-admin');
  });

  it('answers 401 to an anonymous query, with a public error shape and no stack', async () => {
    const response = await call('auth.me');
    expect(response.status).toBe(401);
    const json = (await response.json()) as { error: { message: string; data: Record<string, unknown> } };
    expect(json.error.message).toBe('Sign in to continue.');
    expect(json.error.data['publicError']).toEqual({ code: 'UNAUTHORIZED', message: 'Sign in to continue.', details: {} });
    expect(JSON.stringify(json)).not.toContain('stack');
  });

  it('reports input errors per field', async () => {
    const response = await call('auth.signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://portal.test', host: 'portal.test' },
      body: JSON.stringify({ username: '', password: '' }),
    });
    expect(response.status).toBe(400);
    const json = (await response.json()) as { error: { data: { publicError: { code: string; details: { issues: unknown[] } } } } };
    expect(json.error.data.publicError.code).toBe('VALIDATION_ERROR');
    expect(json.error.data.publicError.details.issues).toEqual([
      { path: 'username', message: 'Enter your username' },
      { path: 'password', message: 'Enter your password' },
    ]);
  });
});

describe('portal users from the environment', () => {
  it('accepts hashed users and refuses clear passwords', async () => {
    const [admin] = await demoPortalUsers();
    expect(parsePortalUsers(JSON.stringify([admin]))).toEqual([admin]);
    expect(() => parsePortalUsers(JSON.stringify([{ username: 'a', role: 'admin', passwordHash: 'hunter2' }]))).toThrow(/passwordHash/);
    expect(() => parsePortalUsers(JSON.stringify([{ username: 'a', role: 'admin', passwordHash: 'hunter2' }]))).not.toThrow(/hunter2/);
    expect(() => parsePortalUsers('not json')).toThrow(/not valid JSON/);
  });
});
