import { openStore, type Store, type ThrottleQueries } from '@washops/store';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SignInThrottle } from './sign-in-throttle.js';

const policy = { freeFailures: 3, baseDelayMs: 1000, maxDelayMs: 8000 };
const admin = (address: string) => ({ username: 'admin', address });

let store: Store;

beforeAll(async () => {
  store = await openStore({ inMemory: true });
});

afterAll(async () => {
  await store?.close();
});

beforeEach(async () => {
  await store.throttle.forgetOlderThan(new Date(Date.now() + 86_400_000));
});

describe('SignInThrottle over the store', () => {
  it('lets a few failures through, then makes each further attempt wait twice as long, up to the cap', async () => {
    let now = 0;
    const throttle = new SignInThrottle(store.throttle, { perAccountAddress: policy, now: () => now });
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      waits.push(await throttle.retryAfterMs(admin('10.0.0.1')));
      // Each admitted attempt counts as failed until a success takes it back.
      expect(await throttle.admit(admin('10.0.0.1'))).toBe(0);
      now += 10_000;
    }
    expect(waits).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    // Right after a failure: 1 s after the third, then 2 s, 4 s, 8 s, 8 s (the cap).
    now -= 10_000 - 10;
    expect(await throttle.retryAfterMs(admin('10.0.0.1'))).toBe(8000 - 10);
    expect(await throttle.admit(admin('10.0.0.1'))).toBe(8000 - 10);
    now += 8000;
    expect(await throttle.retryAfterMs(admin('10.0.0.1'))).toBe(0);
    expect(await throttle.retryAfterMs(admin('10.0.0.2'))).toBe(0);
  });

  it('doubles per failure: 1 s after the third failure, 2 s after the fourth', async () => {
    let now = 0;
    const throttle = new SignInThrottle(store.throttle, { perAccountAddress: policy, now: () => now });
    for (let i = 0; i < 3; i++) await throttle.admit(admin('10.0.1.1'));
    expect(await throttle.retryAfterMs(admin('10.0.1.1'))).toBe(1000);
    now += 1000;
    expect(await throttle.admit(admin('10.0.1.1'))).toBe(0);
    expect(await throttle.retryAfterMs(admin('10.0.1.1'))).toBe(2000);
  });

  it('never delays a username by itself: failures from other addresses leave a fresh address free', async () => {
    const throttle = new SignInThrottle(store.throttle);
    for (let i = 0; i < 50; i++) await throttle.admit(admin(`203.0.113.${i}`));
    expect(await throttle.retryAfterMs(admin('198.51.100.7'))).toBe(0);
  });

  it('slows one address that sprays many usernames', async () => {
    const now = 0;
    const throttle = new SignInThrottle(store.throttle, { perAddress: { freeFailures: 10, baseDelayMs: 1000, maxDelayMs: 60_000 }, now: () => now });
    for (let i = 0; i < 10; i++) await throttle.admit({ username: `user${i}`, address: '10.0.0.9' });
    expect(await throttle.retryAfterMs({ username: 'someone-new', address: '10.0.0.9' })).toBe(1000);
    expect(await throttle.retryAfterMs({ username: 'someone-new', address: '10.0.0.10' })).toBe(0);
  });

  it('clears the account at the address after a success, and takes back its own count at the address', async () => {
    const throttle = new SignInThrottle(store.throttle, { perAccountAddress: policy, perAddress: { freeFailures: 1, baseDelayMs: 1000, maxDelayMs: 1000 } });
    await throttle.admit(admin('10.0.0.3'));
    await throttle.recordSuccess(admin('10.0.0.3'));
    expect(await throttle.retryAfterMs(admin('10.0.0.3'))).toBe(0);
    expect(await store.throttle.read('account:admin|10.0.0.3')).toBeNull();
    expect(await store.throttle.read('address:10.0.0.3')).toBeNull();
  });

  it('shares its counts between portal instances: failures at one delay the attempt at the other', async () => {
    const first = new SignInThrottle(store.throttle, { perAccountAddress: policy });
    const second = new SignInThrottle(store.throttle, { perAccountAddress: policy });
    for (let i = 0; i < 3; i++) await first.admit(admin('10.0.0.4'));
    expect(await second.retryAfterMs(admin('10.0.0.4'))).toBeGreaterThan(0);
    expect(await second.admit(admin('10.0.0.4'))).toBeGreaterThan(0);
  });

  it('admits only the free attempts among many sent at once, and counts none of the refused ones', async () => {
    const first = new SignInThrottle(store.throttle, { perAccountAddress: policy });
    const second = new SignInThrottle(store.throttle, { perAccountAddress: policy });
    const waits = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? first : second).admit(admin('10.0.0.5'))));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(3);
    expect(waits.filter((wait) => wait > 0)).toHaveLength(7);
    expect((await store.throttle.read('account:admin|10.0.0.5'))?.failures).toBe(3);
  });

  it('lets failures age out, and deletes old keys now and then rather than at every attempt', async () => {
    let now = 1_000_000;
    const sweeps: Date[] = [];
    const counts: ThrottleQueries = {
      ...store.throttle,
      forgetOlderThan: (cutoff) => {
        sweeps.push(cutoff);
        return store.throttle.forgetOlderThan(cutoff);
      },
    };
    const throttle = new SignInThrottle(counts, { perAccountAddress: policy, forgetAfterMs: 60_000, sweepEveryMs: 600_000, now: () => now });
    for (let i = 0; i < 5; i++) await throttle.admit(admin('10.0.0.6'));
    expect(await throttle.retryAfterMs(admin('10.0.0.6'))).toBeGreaterThan(0);
    expect(sweeps).toHaveLength(0);
    now += 61_000;
    // Aged out: no delay, and a new failure starts a new count.
    expect(await throttle.retryAfterMs(admin('10.0.0.6'))).toBe(0);
    expect(await throttle.admit(admin('10.0.0.6'))).toBe(0);
    expect((await store.throttle.read('account:admin|10.0.0.6'))?.failures).toBe(1);
    now += 600_000;
    await throttle.admit(admin('10.0.0.7'));
    await throttle.admit(admin('10.0.0.7'));
    expect(sweeps).toEqual([new Date(now - 60_000)]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await store.throttle.read('account:admin|10.0.0.6')).toBeNull();
    expect(await store.throttle.read('account:admin|10.0.0.7')).not.toBeNull();
  });
});
