import { expect, it } from 'vitest';
import { describeEachBackend, useStore } from './harness.js';

/** The portal's rule: three free failures, then 1 s doubling per failure. */
const delayFor = (failures: number) => (failures <= 3 ? 0 : 1_000 * 2 ** (failures - 4));

describeEachBackend('sign-in throttle', (backend) => {
  const store = useStore(backend);
  const now = new Date('2026-05-01T12:00:00Z');

  it('counts failures per key and moves the next allowed time by the delay rule', async () => {
    for (let i = 1; i <= 3; i++) {
      const state = await store().throttle.recordFailure('bob|10.0.0.1', delayFor, now);
      expect(state).toMatchObject({ failures: i, nextAllowedAt: now });
    }
    const fourth = await store().throttle.recordFailure('bob|10.0.0.1', delayFor, now);
    expect(fourth.nextAllowedAt.getTime() - now.getTime()).toBe(1_000);
    const fifth = await store().throttle.recordFailure('bob|10.0.0.1', delayFor, now);
    expect(fifth.nextAllowedAt.getTime() - now.getTime()).toBe(2_000);
    expect(await store().throttle.read('bob|10.0.0.1')).toEqual(fifth);
    expect(await store().throttle.read('other')).toBeNull();
  });

  it('counts every one of many failures recorded at once', async () => {
    await Promise.all(Array.from({ length: 12 }, () => store().throttle.recordFailure('10.0.0.9', delayFor, now)));
    expect((await store().throttle.read('10.0.0.9'))?.failures).toBe(12);
  });

  it('takes a failure back, forgetting the key at zero, and clears a key', async () => {
    await store().throttle.recordFailure('a', delayFor, now);
    await store().throttle.recordFailure('a', delayFor, now);
    await store().throttle.takeBackFailure('a');
    expect((await store().throttle.read('a'))?.failures).toBe(1);
    await store().throttle.takeBackFailure('a');
    expect(await store().throttle.read('a')).toBeNull();
    await store().throttle.recordFailure('b', delayFor, now);
    await store().throttle.clear('b');
    expect(await store().throttle.read('b')).toBeNull();
  });

  it('forgets keys whose last failure is older than the cutoff', async () => {
    await store().throttle.recordFailure('old', delayFor, new Date(now.getTime() - 3_600_001));
    await store().throttle.recordFailure('new', delayFor, now);
    expect(await store().throttle.forgetOlderThan(new Date(now.getTime() - 3_600_000))).toBe(1);
    expect(await store().throttle.read('old')).toBeNull();
    expect(await store().throttle.read('new')).not.toBeNull();
  });
});
