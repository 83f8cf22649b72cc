import { describe, expect, it } from 'vitest';
import { HashingSlots } from './hashing-slots.js';

describe('HashingSlots', () => {
  it('runs at most maxRunning at once, queues up to maxWaiting, and refuses the rest at once', async () => {
    const slots = new HashingSlots(2, 3);
    let running = 0;
    let peak = 0;
    const work = async (release: () => void) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      release();
    };
    const taken = Array.from({ length: 10 }, () => slots.tryAcquire());
    expect(taken.filter((slot) => slot === null)).toHaveLength(5);
    expect(slots.load).toEqual({ running: 2, waiting: 3 });
    await Promise.all(taken.filter((slot) => slot !== null).map(async (slot) => work(await slot!)));
    expect(peak).toBe(2);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it('ignores a second release of the same slot', async () => {
    const slots = new HashingSlots(1, 0);
    const release = await slots.tryAcquire()!;
    release();
    release();
    expect(slots.load.running).toBe(0);
    expect(slots.tryAcquire()).not.toBeNull();
    expect(slots.tryAcquire()).toBeNull();
  });
});
