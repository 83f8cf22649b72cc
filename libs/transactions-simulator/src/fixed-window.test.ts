import { describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { FixedWindowCounter } from './fixed-window.js';

describe('FixedWindowCounter', () => {
  it('allows exactly 20 per 15 s window per key; the 21st is refused until the window expires', async () => {
    const clock = new VirtualClock(1_000);
    const counter = new FixedWindowCounter(20, () => 15_000, clock);
    for (let i = 1; i <= 20; i++) expect(counter.hit('demo').allowed).toBe(true);
    const refused = counter.hit('demo');
    expect(refused).toMatchObject({ allowed: false, count: 21, resetInMs: 15_000 });
    expect(counter.hit('other-api-id').allowed).toBe(true);
    await clock.advance(14_999);
    expect(counter.hit('demo').allowed).toBe(false);
    await clock.advance(1);
    expect(counter.hit('demo')).toMatchObject({ allowed: true, count: 1 });
  });

  it('starts the window at the first request, not on a fixed clock grid', async () => {
    const clock = new VirtualClock(7_000);
    const counter = new FixedWindowCounter(1, () => 15_000, clock);
    counter.hit('k');
    await clock.advance(8_500); // at 15 500: past a 15 s grid line, inside the window that began at 7 000
    expect(counter.hit('k').allowed).toBe(false);
  });

  it('counts on the injected clock: 20 pass, the 21st is refused with the time left, 15 s later 20 more pass', async () => {
    const clock = new VirtualClock(Date.UTC(2026, 10, 20, 21, 30, 0));
    const counter = new FixedWindowCounter(20, () => 15_000, clock);
    for (let i = 1; i <= 20; i++) {
      expect(counter.hit('demo'), `request ${i}`).toMatchObject({ allowed: true, count: i });
      await clock.advance(250); // 20 requests spread over the first 5 s
    }
    expect(counter.hit('demo')).toEqual({ allowed: false, count: 21, resetInMs: 10_000 });
    await clock.advance(10_000);
    for (let i = 1; i <= 20; i++) expect(counter.hit('demo'), `request ${i} of the next window`).toMatchObject({ allowed: true, count: i });
    expect(counter.hit('demo')).toEqual({ allowed: false, count: 21, resetInMs: 15_000 });
  });
});
