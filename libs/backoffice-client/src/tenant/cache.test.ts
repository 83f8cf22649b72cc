import { VirtualClock, type Clock } from '@washops/client-core';
import { describe, expect, it } from 'vitest';
import { Cache } from './cache.js';

function countingCache(clock?: Clock) {
  const fills: Array<(value: string[]) => void> = [];
  const cache = new Cache<string[]>(() => new Promise((resolve) => fills.push(resolve)), clock);
  return { cache, fills };
}

describe('Cache.update', () => {
  it('changes the held value in place, without a fill', async () => {
    const { cache, fills } = countingCache();
    const first = cache.get();
    fills[0]?.(['a']);
    await first;
    cache.update((held) => void held.push('b'));
    expect(await cache.get()).toEqual(['a', 'b']);
    expect(fills).toHaveLength(1);
  });

  it('drops everything when a fill is in progress, since it may have read the server before the write', async () => {
    const { cache, fills } = countingCache();
    const pending = cache.get();
    cache.update((held) => void held.push('b'));
    fills[0]?.(['a']);
    expect(await pending).toEqual(['a']);
    const next = cache.get();
    expect(fills).toHaveLength(2);
    fills[1]?.(['a', 'b']);
    expect(await next).toEqual(['a', 'b']);
  });

  it('does nothing when nothing is held', () => {
    const { cache, fills } = countingCache();
    cache.update(() => {
      throw new Error('not called');
    });
    expect(fills).toHaveLength(0);
  });
});

describe('Cache maxAgeMs', () => {
  it("measures a held value's age on the cache's clock, from the end of its fill", async () => {
    const clock = new VirtualClock(Date.UTC(2026, 4, 1));
    const { cache, fills } = countingCache(clock);
    const first = cache.get();
    await clock.advance(500); // the fill's own time does not count
    fills[0]?.(['a']);
    await first;

    await clock.advance(1_000);
    expect(await cache.get({ maxAgeMs: 1_000 })).toEqual(['a']);
    expect(fills).toHaveLength(1);

    await clock.advance(1);
    const again = cache.get({ maxAgeMs: 1_000 });
    expect(fills).toHaveLength(2);
    fills[1]?.(['b']);
    expect(await again).toEqual(['b']);
    expect(await cache.get({ maxAgeMs: 0 })).toEqual(['b']);
    expect(fills).toHaveLength(2);
  });
});
