import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { describe, expect, it } from 'vitest';
import {
  HashingSlots,
  PEER_ADDRESS_HEADER,
  SESSION_COOKIE,
  appRouter,
  createCaller,
  createFetchContextFactory,
  createPortalContext,
  hashPassword,
  parseTrustProxy,
  publicErrorOf,
  verifyPassword,
  type PortalDeps,
  type TrustProxy,
} from '../src/index.js';
import { TEST_PASSWORD_COST, browserRequest, errorOf, makeAuth, makeDeps, sessionCookieOf } from './helpers.js';

async function depsWith(trustProxy?: TrustProxy): Promise<PortalDeps> {
  const deps = await makeDeps();
  return trustProxy ? { ...deps, auth: { ...deps.auth, trustProxy } } : deps;
}

/** A sign-in POST as the portal's server receives it: the peer address stamped, other headers as the client sent them. */
function signIn(deps: PortalDeps, peer: string, password: string, headers: Record<string, string> = {}) {
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req: new Request('http://portal.test/api/trpc/auth.signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://portal.test', host: 'portal.test', [PEER_ADDRESS_HEADER]: peer, ...headers },
      body: JSON.stringify({ username: 'admin', password }),
    }),
    router: appRouter,
    createContext: createFetchContextFactory(deps),
  });
}

describe('client addresses without TRUST_PROXY', () => {
  it('ignores forged X-Forwarded-For: the guesser is delayed at its socket address, the real admin signs in at once', async () => {
    const deps = await depsWith();
    for (let i = 0; i < 20; i++) {
      const response = await signIn(deps, '203.0.113.9', `guess-${i}`, { 'x-forwarded-for': `10.20.${i}.1`, 'x-real-ip': `10.30.${i}.1` });
      expect(response.status, `guess ${i}`).toBe(i < 3 ? 401 : 429);
    }
    const admin = await signIn(deps, '198.51.100.7', 'washops-admin', { 'x-forwarded-for': '203.0.113.9' });
    expect(admin.status).toBe(200);
    expect(admin.headers.get('set-cookie')).toContain(`${SESSION_COOKIE}=`);
  });

  it('checks the Origin against Host, not against a forged X-Forwarded-Host', async () => {
    const deps = await depsWith();
    const response = await signIn(deps, '198.51.100.8', 'washops-admin', { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' });
    expect(response.status).toBe(403);
  });
});

describe('client addresses behind a trusted proxy', () => {
  it('uses the address the proxy appended; what the client wrote before it does not count', async () => {
    const deps = await depsWith(parseTrustProxy('1'));
    for (let i = 0; i < 5; i++) {
      const response = await signIn(deps, '10.0.0.5', `guess-${i}`, { 'x-forwarded-for': `10.40.${i}.1, 203.0.113.20` });
      expect(response.status, `guess ${i}`).toBe(i < 3 ? 401 : 429);
    }
    const admin = await signIn(deps, '10.0.0.5', 'washops-admin', { 'x-forwarded-for': '203.0.113.20, 198.51.100.21' });
    expect(admin.status).toBe(200);
  });

  it('takes the host from X-Forwarded-Host only from the listed proxy', async () => {
    const deps = await depsWith(parseTrustProxy('10.0.0.5'));
    const viaProxy = { origin: 'https://portal.example.com', host: '10.0.0.20:3000', 'x-forwarded-host': 'portal.example.com', 'x-forwarded-for': '198.51.100.30' };
    expect((await signIn(deps, '10.0.0.5', 'washops-admin', viaProxy)).status).toBe(200);
    expect((await signIn(deps, '203.0.113.31', 'washops-admin', viaProxy)).status).toBe(403);
  });
});

describe('concurrent password hashing', () => {
  it('runs one hash at a time here, queues two, and refuses the rest at once with a retry hint', async () => {
    const deps = await depsWith();
    deps.auth.hashingSlots = new HashingSlots(1, 2);
    const calls = Array.from({ length: 10 }, (_, i) =>
      createCaller(() => createPortalContext(deps, browserRequest({ ip: `10.50.0.${i}` })))
        .auth.signIn({ username: 'admin', password: i === 0 ? 'washops-admin' : `guess-${i}` })
        .then(() => 'signed in', (error: unknown) => error),
    );
    const outcomes = await Promise.all(calls);
    const busy = outcomes.filter((o) => typeof o === 'object' && (o as { code?: string }).code === 'TOO_MANY_REQUESTS');
    expect(busy).toHaveLength(7);
    expect(outcomes[0]).toBe('signed in');
    expect(outcomes.filter((o) => typeof o === 'object' && (o as { code?: string }).code === 'UNAUTHORIZED')).toHaveLength(2);
    const refusal = await errorOf(Promise.reject(busy[0]));
    expect(refusal.message).toBe('The portal is busy checking other passwords. Try again in 1 second.');
    expect(publicErrorOf(refusal).details).toMatchObject({ retryAfterMs: 1000 });
    expect(deps.auth.hashingSlots.load).toEqual({ running: 0, waiting: 0 });
    // A refusal for load is not a failed guess: the address may sign in right away.
    await expect(createCaller(() => createPortalContext(deps, browserRequest({ ip: '10.50.0.9' }))).auth.signIn({ username: 'admin', password: 'washops-admin' })).resolves.toMatchObject({ role: 'admin' });
  });
});

describe('hash upgrades', () => {
  it('upgrades a lower-cost stored hash at the next successful sign-in, in the store, keeping the user signed in elsewhere', async () => {
    const base = await makeDeps();
    const oldHash = await hashPassword('long-enough-secret', TEST_PASSWORD_COST);
    await base.store.users.add({ username: 'owner', role: 'admin', passwordHash: oldHash });
    const higher = { N: 2 ** 15, r: 8, p: 1 };
    const deps = { ...base, auth: makeAuth(base.store, { passwordCost: higher }) };
    const elsewhere = await sessionCookieOf(deps, 'owner');
    const caller = () => createCaller(() => createPortalContext(deps, browserRequest({ ip: '10.60.0.1' })));
    await expect(caller().auth.signIn({ username: 'owner', password: 'wrong-password' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await deps.store.users.findCredentials('owner'))?.passwordHash).toBe(oldHash);
    await expect(caller().auth.signIn({ username: 'owner', password: 'long-enough-secret' })).resolves.toMatchObject({ role: 'admin' });
    const upgraded = (await deps.store.users.findCredentials('owner'))!.passwordHash;
    expect(upgraded.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(await verifyPassword('long-enough-secret', upgraded)).toBe(true);
    await expect(caller().auth.signIn({ username: 'owner', password: 'long-enough-secret' })).resolves.toMatchObject({ role: 'admin' });
    // An upgrade is no password change: the session opened elsewhere goes on.
    await expect(createCaller(() => createPortalContext(deps, browserRequest({ cookieHeader: elsewhere }))).auth.me()).resolves.toMatchObject({ username: 'owner' });
  });

  it('hash-password prints a hash at the current cost', async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const stdout = await new Promise<string>((resolve, reject) => {
      const child = execFile(
        process.execPath,
        ['--conditions=@washops/source', '--import', 'tsx', 'src/cli/hash-password.ts'],
        { cwd: root },
        (error, out) => (error ? reject(error) : resolve(out)),
      );
      child.stdin?.end('a portal password\n');
    });
    const hash = stdout.trim();
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('a portal password', hash)).toBe(true);
  });
});
