import { describe, expect, it } from 'vitest';
import { Cache } from './cache.js';

function countingCache() {
  const fills: Array<(value: string[]) => void> = [];
  const cache = new Cache<string[]>(() => new Promise((resolve) => fills.push(resolve)));
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
