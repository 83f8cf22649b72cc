import { describe, expect, it } from 'vitest';
import { FixedWindowCounter } from './fixed-window.js';

describe('FixedWindowCounter', () => {
  it('allows exactly 20 per 15 s window per key; the 21st is refused until the window expires', () => {
    let now = 1_000;
    const counter = new FixedWindowCounter(20, () => 15_000, () => now);
    for (let i = 1; i <= 20; i++) expect(counter.hit('demo').allowed).toBe(true);
    const refused = counter.hit('demo');
    expect(refused).toMatchObject({ allowed: false, count: 21, resetInMs: 15_000 });
    expect(counter.hit('other-api-id').allowed).toBe(true);
    now += 14_999;
    expect(counter.hit('demo').allowed).toBe(false);
    now += 1;
    expect(counter.hit('demo')).toMatchObject({ allowed: true, count: 1 });
  });

  it('starts the window at the first request, not on a fixed clock grid', () => {
    let now = 7_000;
    const counter = new FixedWindowCounter(1, () => 15_000, () => now);
    counter.hit('k');
    now = 15_500; // past a 15 s grid line, inside the window that began at 7 000
    expect(counter.hit('k').allowed).toBe(false);
  });
});
