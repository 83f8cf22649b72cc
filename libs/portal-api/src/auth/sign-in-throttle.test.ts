import { describe, expect, it } from 'vitest';
import { SignInThrottle } from './sign-in-throttle.js';

const policy = { freeFailures: 3, baseDelayMs: 1000, maxDelayMs: 8000 };
const admin = (address: string) => ({ username: 'admin', address });

describe('SignInThrottle', () => {
  it('lets a few failures through, then makes each further attempt wait twice as long, up to the cap', () => {
    let now = 0;
    const throttle = new SignInThrottle({ perAccountAddress: policy, now: () => now });
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      waits.push(throttle.retryAfterMs(admin('10.0.0.1')));
      throttle.recordFailure(admin('10.0.0.1'));
      now += 10;
    }
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    // Right after the fourth failure: 1 s (minus the 10 ms that passed), then 2 s, 4 s, 8 s, 8 s.
    expect(throttle.retryAfterMs(admin('10.0.0.1'))).toBe(8000 - 10);
    now += 8000;
    expect(throttle.retryAfterMs(admin('10.0.0.1'))).toBe(0);
    expect(throttle.retryAfterMs(admin('10.0.0.2'))).toBe(0);
  });

  it('never delays a username by itself: failures from other addresses leave a fresh address free', () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 200; i++) throttle.recordFailure(admin(`203.0.113.${i}`));
    expect(throttle.retryAfterMs(admin('198.51.100.7'))).toBe(0);
  });

  it('slows one address that sprays many usernames', () => {
    const now = 0;
    const throttle = new SignInThrottle({ perAddress: { freeFailures: 10, baseDelayMs: 1000, maxDelayMs: 60_000 }, now: () => now });
    for (let i = 0; i < 10; i++) throttle.recordFailure({ username: `user${i}`, address: '10.0.0.9' });
    expect(throttle.retryAfterMs({ username: 'someone-new', address: '10.0.0.9' })).toBe(1000);
    expect(throttle.retryAfterMs({ username: 'someone-new', address: '10.0.0.10' })).toBe(0);
  });

  it('clears the account at the address after a success, and takes back its own count at the address', () => {
    const throttle = new SignInThrottle({ perAccountAddress: policy, perAddress: { freeFailures: 1, baseDelayMs: 1000, maxDelayMs: 1000 } });
    throttle.recordFailure(admin('10.0.0.1'));
    throttle.recordSuccess(admin('10.0.0.1'));
    expect(throttle.retryAfterMs(admin('10.0.0.1'))).toBe(0);
    expect(throttle.trackedKeys).toBe(0);
  });

  it('forgets keys whose failures have aged out, so guesses under ever new names do not grow memory for good', () => {
    let now = 0;
    const throttle = new SignInThrottle({
      perAccountAddress: { freeFailures: 5, baseDelayMs: 1000, maxDelayMs: 1000 },
      perAddress: { freeFailures: 1e9, baseDelayMs: 1000, maxDelayMs: 1000 },
      forgetAfterMs: 1000,
      now: () => now,
    });
    for (let i = 0; i < 5000; i++) throttle.recordFailure({ username: `guess-${i}`, address: '10.0.0.1' });
    now = 2000;
    for (let i = 0; i < 5000; i++) throttle.recordFailure({ username: `later-${i}`, address: '10.0.0.2' });
    // At most the 5000 recent names and the two addresses, not all 10,000 names.
    expect(throttle.trackedKeys).toBeLessThanOrEqual(5002);
    // Recent failures are never dropped to make room: that would lift someone's delay.
    expect(throttle.retryAfterMs({ username: 'later-0', address: '10.0.0.2' })).toBe(0);
    for (let i = 0; i < 4; i++) throttle.recordFailure({ username: 'later-0', address: '10.0.0.2' });
    expect(throttle.retryAfterMs({ username: 'later-0', address: '10.0.0.2' })).toBeGreaterThan(0);
  });
});
