import { describe, expect, it } from 'vitest';
import { SignInThrottle } from './sign-in-throttle.js';

describe('SignInThrottle', () => {
  it('refuses a key after its failures fill the window, and lets it try again once they age out', () => {
    let now = 0;
    const throttle = new SignInThrottle(3, 1000, () => now);
    for (let i = 0; i < 3; i++) throttle.recordFailure('admin|10.0.0.1');
    expect(throttle.retryAfterMs('admin|10.0.0.1')).toBe(1000);
    expect(throttle.retryAfterMs('admin|10.0.0.2')).toBe(0);
    now = 1001;
    expect(throttle.retryAfterMs('admin|10.0.0.1')).toBe(0);
  });

  it('forgets keys whose failures have aged out, so guesses under ever new names do not grow memory for good', () => {
    let now = 0;
    const throttle = new SignInThrottle(5, 1000, () => now);
    for (let i = 0; i < 5000; i++) throttle.recordFailure(`guess-${i}|10.0.0.1`);
    now = 2000;
    for (let i = 0; i < 5000; i++) throttle.recordFailure(`later-${i}|10.0.0.1`);
    expect(throttle.trackedKeys).toBeLessThanOrEqual(5000);
    // Recent failures are never dropped to make room: that would reset someone's throttle.
    expect(throttle.retryAfterMs('later-0|10.0.0.1')).toBe(0);
    for (let i = 0; i < 4; i++) throttle.recordFailure('later-0|10.0.0.1');
    expect(throttle.retryAfterMs('later-0|10.0.0.1')).toBeGreaterThan(0);
  });
});
