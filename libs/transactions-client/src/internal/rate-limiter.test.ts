import { describe, expect, it } from 'vitest';
import { sleep } from './abort.js';
import { RateLimiter } from './rate-limiter.js';

/** Runs `count` requests through the limiter, each taking `latencyMs`; returns their [sentAt, settledAt] times. */
async function drive(limiter: RateLimiter, count: number, latencyMs: () => number, parallel: number) {
  const spans: Array<[number, number]> = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      next++;
      const permit = await limiter.acquire();
      const sentAt = performance.now();
      await sleep(latencyMs());
      const settledAt = performance.now();
      permit.settle();
      spans.push([sentAt, settledAt]);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return spans;
}

/** The most requests a server could count in any window of `windowMs`, wherever the request arrived within its span. */
function worstCaseInWindow(spans: Array<[number, number]>, windowMs: number): number {
  // A request is counted at its arrival, somewhere in [sentAt, settledAt]. Adversarially, a window
  // [t, t + windowMs) catches every request whose span intersects it.
  let worst = 0;
  for (const [start] of spans) {
    const t = start;
    worst = Math.max(worst, spans.filter(([s, e]) => e >= t && s < t + windowMs).length);
  }
  return worst;
}

describe('RateLimiter', () => {
  it('never lets more than `requests` arrive in any window, whatever the latency', async () => {
    const limiter = new RateLimiter({ requests: 5, windowMs: 60 });
    const spans = await drive(limiter, 23, () => Math.random() * 15, 8);
    expect(spans).toHaveLength(23);
    expect(worstCaseInWindow(spans, 60)).toBeLessThanOrEqual(5);
    expect(limiter.sent).toBe(23);
  });

  it('sends the first `requests` at once and the next only after the window', async () => {
    const limiter = new RateLimiter({ requests: 3, windowMs: 80 });
    const started = performance.now();
    const spans = await drive(limiter, 4, () => 0, 4);
    const sends = spans.map(([s]) => s - started).sort((a, b) => a - b);
    expect(sends[2]).toBeLessThan(30);
    expect(sends[3]).toBeGreaterThanOrEqual(79);
    expect(sends[3]).toBeLessThan(150);
  });

  it('holds a slot while its request is in flight', async () => {
    const limiter = new RateLimiter({ requests: 1, windowMs: 10 });
    const first = await limiter.acquire();
    let granted = false;
    const second = limiter.acquire().then((p) => {
      granted = true;
      return p;
    });
    await sleep(40);
    expect(granted).toBe(false);
    first.settle();
    await sleep(25);
    expect(granted).toBe(true);
    (await second).settle();
  });

  it('grants in arrival order', async () => {
    const limiter = new RateLimiter({ requests: 1, windowMs: 5 });
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        const permit = await limiter.acquire();
        order.push(i);
        permit.settle();
      }),
    );
    expect(order).toEqual([0, 1, 2, 3]);
  });

  it('rejects a waiting acquire at once when its signal aborts, and frees its place', async () => {
    const limiter = new RateLimiter({ requests: 1, windowMs: 10_000 });
    (await limiter.acquire()).settle();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    const reason = new Error('stop');
    const started = performance.now();
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    expect(performance.now() - started).toBeLessThan(50);
    await expect(limiter.acquire(controller.signal)).rejects.toBe(reason);
  });

  it('holds everything back after pauseFor (a 429 from elsewhere)', async () => {
    const limiter = new RateLimiter({ requests: 10, windowMs: 10 });
    limiter.pauseFor(60);
    const started = performance.now();
    (await limiter.acquire()).settle();
    expect(performance.now() - started).toBeGreaterThanOrEqual(59);
  });

  it('shares one limiter per API id and base URL', () => {
    const a = RateLimiter.shared('acme', 'http://x/v1');
    expect(RateLimiter.shared('acme', 'http://x/v1')).toBe(a);
    expect(RateLimiter.shared('other', 'http://x/v1')).not.toBe(a);
    expect(RateLimiter.shared('acme', 'http://y/v1')).not.toBe(a);
    expect(a.requests).toBe(20);
    expect(a.windowMs).toBe(15_000);
  });

  it('refuses a nonsensical budget', () => {
    expect(() => new RateLimiter({ requests: 0, windowMs: 10 })).toThrow(RangeError);
    expect(() => new RateLimiter({ requests: 1, windowMs: 0 })).toThrow(RangeError);
  });
});
