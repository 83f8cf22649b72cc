import { describe, expect, it } from 'vitest';
import { sleep } from '@washops/client-core';
import { RateLimiter } from './rate-limiter.js';

/** A request's life: sent, reached the server (somewhere in between), answered. */
interface Span {
  sentAt: number;
  arrivedAt: number;
  settledAt: number;
}

/**
 * Runs `count` requests through the limiter, `parallel` at a time. Each takes `latencyMs()`, and the
 * server "counts" it at a random moment of its flight, as a real network would.
 */
async function drive(limiter: RateLimiter, count: number, latencyMs: () => number, parallel: number): Promise<Span[]> {
  const spans: Span[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      next++;
      const permit = await limiter.acquire();
      const sentAt = performance.now();
      const latency = latencyMs();
      await sleep(latency);
      const settledAt = performance.now();
      permit.settle();
      spans.push({ sentAt, arrivedAt: sentAt + Math.random() * (settledAt - sentAt), settledAt });
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return spans;
}

/** The Data API's counter: a fixed window opened by the first arrival after the last one expired. */
function maxInServerFixedWindow(spans: Span[], windowMs: number): number {
  let start = Number.NEGATIVE_INFINITY;
  let count = 0;
  let worst = 0;
  for (const at of spans.map((s) => s.arrivedAt).sort((a, b) => a - b)) {
    if (at - start >= windowMs) {
      start = at;
      count = 0;
    }
    worst = Math.max(worst, ++count);
  }
  return worst;
}

/** The most requests any window of `windowMs` could catch, wherever each arrived within its flight. */
function maxInAnySlidingWindow(spans: Span[], windowMs: number): number {
  let worst = 0;
  for (const { sentAt: t } of spans) {
    worst = Math.max(worst, spans.filter((s) => s.settledAt >= t && s.sentAt < t + windowMs).length);
  }
  return worst;
}

/** Latencies of a loaded loopback: mostly a few ms, sometimes a straggler of a third of the window. */
const jittery = (): number => (Math.random() < 0.1 ? 20 : Math.random() * 6);

describe('RateLimiter', () => {
  it('fixed window (default): the server never counts more than `requests` in one of its windows', async () => {
    for (let round = 0; round < 5; round++) {
      const limiter = new RateLimiter({ requests: 5, windowMs: 60 });
      const spans = await drive(limiter, 26, jittery, 8);
      expect(spans).toHaveLength(26);
      expect(maxInServerFixedWindow(spans, 60)).toBeLessThanOrEqual(5);
    }
  });

  it('sliding log: no window of `windowMs`, however aligned, sees more than `requests`', async () => {
    const limiter = new RateLimiter({ requests: 5, windowMs: 60, algorithm: 'sliding-log' });
    const spans = await drive(limiter, 23, jittery, 8);
    expect(maxInAnySlidingWindow(spans, 60)).toBeLessThanOrEqual(5);
    expect(limiter.sent).toBe(23);
  });

  it('fixed window uses each window fully: 3 windows for 2×requests + 1', async () => {
    const limiter = new RateLimiter({ requests: 4, windowMs: 80 });
    const spans = await drive(limiter, 9, () => 1, 9);
    const sends = spans.map((s) => s.sentAt).sort((a, b) => a - b);
    const at = (i: number): number => (sends[i] ?? 0) - (sends[0] ?? 0);
    // Batches of 4, each a window after the previous one opened (plus about a response latency).
    expect(at(4)).toBeGreaterThanOrEqual(80);
    expect(at(8)).toBeGreaterThanOrEqual(160);
    expect(at(8)).toBeLessThan(160 + 150); // not one window per request: the windows are used fully
  });

  it('sends the first `requests` at once and the next only after the window', async () => {
    const limiter = new RateLimiter({ requests: 3, windowMs: 80, algorithm: 'sliding-log' });
    const started = performance.now();
    const spans = await drive(limiter, 4, () => 0, 4);
    const sends = spans.map((s) => s.sentAt - started).sort((a, b) => a - b);
    expect(sends[2]).toBeLessThan(60);
    expect(sends[3]).toBeGreaterThanOrEqual(79);
    expect(sends[3]).toBeLessThan(250);
  });

  it.each(['fixed-window', 'sliding-log'] as const)('%s: an unanswered request keeps the window from reopening', async (algorithm) => {
    const limiter = new RateLimiter({ requests: 1, windowMs: 10, algorithm });
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
    expect(performance.now() - started).toBeLessThan(1000); // the window was 10 s
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
    expect(a.algorithm).toBe('fixed-window');
  });

  it('shared: a trailing slash on the base URL names the same budget; a conflicting config is refused', () => {
    const a = RateLimiter.shared('slash', 'http://z/v1', { requests: 5, windowMs: 100 });
    expect(RateLimiter.shared('slash', 'http://z/v1/')).toBe(a);
    expect(RateLimiter.shared('slash', 'http://z/v1', { requests: 5, windowMs: 100 })).toBe(a);
    expect(() => RateLimiter.shared('slash', 'http://z/v1', { requests: 20, windowMs: 15_000 })).toThrow(RangeError);
  });

  it('refuses a nonsensical budget', () => {
    expect(() => new RateLimiter({ requests: 0, windowMs: 10 })).toThrow(RangeError);
    expect(() => new RateLimiter({ requests: 1, windowMs: 0 })).toThrow(RangeError);
  });
});
