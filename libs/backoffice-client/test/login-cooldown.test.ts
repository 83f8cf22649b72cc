/**
 * Login storms: after the BackOffice rejects the credentials, the client does not post the
 * password again for a cool-down (doubling up to 15 minutes, reset by a successful login).
 */
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { VirtualClock } from '@washops/client-core';
import { AuthenticationError, ValidationError } from '@washops/shared-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackofficeClient } from '../src/index.js';
import { FakeBackoffice } from './support/fake-backoffice.js';
import { clientFor } from './support/harness.js';

let sim: BackofficeSimulator;
beforeAll(async () => {
  sim = await startBackofficeSimulator({ seed: 'login-cooldown' });
});
afterAll(async () => {
  await sim?.close();
});

const loginPosts = () => sim.control.requests().filter((r) => r.method === 'POST' && r.path === '/login_check').length;
const START = Date.UTC(2026, 4, 1, 9);

describe('after a rejected login (simulator)', () => {
  it('posts the wrong password once for 20 calls in a row; every call fails fast with AuthenticationError', async () => {
    sim.control.clearRequests();
    await using bo = clientFor(sim, { password: 'wrong-password-4471' });
    const errors: unknown[] = [];
    for (let i = 0; i < 20; i++) errors.push(await bo.listEmployees({ refresh: true }).catch((e: unknown) => e));
    expect(loginPosts()).toBe(1);
    expect(errors.every((e) => e instanceof AuthenticationError)).toBe(true);
    expect((errors[1] as AuthenticationError).details).toMatchObject({ coolingDown: true });
    expect((errors[1] as Error).message).toMatch(/not signing in again for 60 s/);
    expect(errors.some((e) => JSON.stringify(e).includes('wrong-password-4471') || String(e).includes('wrong-password-4471'))).toBe(false);
  });

  it('lets 20 concurrent callers share one attempt', async () => {
    sim.control.clearRequests();
    await using bo = clientFor(sim, { password: 'wrong-password-4471' });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => bo.listSites()));
    expect(loginPosts()).toBe(1);
    expect(results.every((r) => r.status === 'rejected' && r.reason instanceof AuthenticationError)).toBe(true);
  });
});

describe('the cool-down (injected fetch)', () => {
  it('doubles per rejection, and a successful login resets it', async () => {
    const fake = new FakeBackoffice();
    const cooldowns: number[] = [];
    const logger = { debug: () => undefined, info: () => undefined, warn: (obj: object) => void ('cooldownMs' in obj && cooldowns.push(obj.cooldownMs as number)), error: () => undefined };
    const clock = new VirtualClock(START);
    const bo = new BackofficeClient({ baseUrl: 'http://backoffice.test', username: 'bot', password: 'right-password-9', fetch: fake.fetch, loginCooldownMs: 100, logger, clock });
    fake.password = 'another-password';
    const posts = () => fake.count('POST', '/login_check');

    await expect(bo.listSites()).rejects.toBeInstanceOf(AuthenticationError);
    await expect(bo.listSites()).rejects.toBeInstanceOf(AuthenticationError);
    expect(posts()).toBe(1);
    await clock.advance(130);
    await expect(bo.listSites()).rejects.toBeInstanceOf(AuthenticationError);
    expect(posts()).toBe(2);
    await clock.advance(60); // the second cool-down is 200 ms
    await expect(bo.listSites()).rejects.toBeInstanceOf(AuthenticationError);
    expect(posts()).toBe(2);
    await clock.advance(160);
    fake.password = 'right-password-9';
    expect(await bo.listSites()).toHaveLength(1);
    expect(posts()).toBe(3);

    fake.expireAll();
    fake.password = 'changed-again';
    await expect(bo.listSites({ refresh: true })).rejects.toBeInstanceOf(AuthenticationError);
    expect(cooldowns).toEqual([100, 200, 100]);
    await bo.close();
  });

  it('cools down on the injected clock: 60 s of its time end the default cool-down, to the millisecond', async () => {
    const fake = new FakeBackoffice();
    const clock = new VirtualClock(START);
    const bo = new BackofficeClient({ baseUrl: 'http://backoffice.test', username: 'bot', password: 'right-password-9', fetch: fake.fetch, clock });
    fake.password = 'another-password';
    const posts = () => fake.count('POST', '/login_check');

    await expect(bo.listSites()).rejects.toBeInstanceOf(AuthenticationError);
    await clock.advance(59_000);
    const cooling = await bo.listSites().catch((e: unknown) => e);
    expect(cooling).toBeInstanceOf(AuthenticationError);
    expect((cooling as AuthenticationError).details).toMatchObject({ coolingDown: true, retryAfterMs: 1_000 });
    expect((cooling as Error).message).toMatch(/not signing in again for 1 s/);
    await clock.advance(999);
    await expect(bo.listSites()).rejects.toMatchObject({ details: { coolingDown: true, retryAfterMs: 1 } });
    expect(posts()).toBe(1);

    await clock.advance(1);
    fake.password = 'right-password-9';
    expect(await bo.listSites()).toHaveLength(1);
    expect(posts()).toBe(2);
    await bo.close();
  });

  it('tries every time with loginCooldownMs 0, and refuses a cool-down past 15 minutes', async () => {
    const fake = new FakeBackoffice();
    const bo = new BackofficeClient({ baseUrl: 'http://backoffice.test', username: 'bot', password: 'wrong-password', fetch: fake.fetch, loginCooldownMs: 0 });
    for (let i = 0; i < 3; i++) await expect(bo.listSites()).rejects.toBeInstanceOf(AuthenticationError);
    expect(fake.count('POST', '/login_check')).toBe(3);
    expect(() => new BackofficeClient({ baseUrl: 'http://backoffice.test', username: 'bot', password: 'x', loginCooldownMs: 15 * 60_000 + 1 })).toThrow(ValidationError);
  });
});
