import { describe, expect, it } from 'vitest';
import { VirtualClock, type Clock } from '@washops/client-core';
import { DEFAULT_RATE_LIMIT, RateLimiter } from './rate-limiter.js';

/** The server's real budget: on virtual time, a 15 s window costs no more than a 15 ms one. */
const { requests: REQUESTS, windowMs: WINDOW } = DEFAULT_RATE_LIMIT;
const START = Date.UTC(2026, 10, 20, 21, 30, 0);

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
async function drive(limiter: RateLimiter, clock: Clock, count: number, latencyMs: () => number, parallel: number): Promise<Span[]> {
  const spans: Span[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      next++;
      const permit = await limiter.acquire();
      const sentAt = clock.now();
      const latency = latencyMs();
      await clock.sleep(latency);
      const settledAt = clock.now();
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

/** Latencies of a loaded network: mostly a tenth of the window at most, sometimes a straggler of a third of it. */
const jittery = (): number => (Math.random() < 0.1 ? WINDOW / 3 : Math.random() * (WINDOW / 10));

describe('RateLimiter', () => {
  it('fixed window (default): the server never counts more than `requests` in one of its windows', async () => {
    for (let round = 0; round < 5; round++) {
      const clock = new VirtualClock(START);
      const limiter = new RateLimiter(DEFAULT_RATE_LIMIT, clock);
      const spans = await clock.runUntil(drive(limiter, clock, 5 * REQUESTS + 6, jittery, 32));
      expect(spans).toHaveLength(5 * REQUESTS + 6);
      expect(maxInServerFixedWindow(spans, WINDOW)).toBeLessThanOrEqual(REQUESTS);
    }
  });

  it('sliding log: no window of `windowMs`, however aligned, sees more than `requests`', async () => {
    const clock = new VirtualClock(START);
    const limiter = new RateLimiter({ ...DEFAULT_RATE_LIMIT, algorithm: 'sliding-log' }, clock);
    const spans = await clock.runUntil(drive(limiter, clock, 4 * REQUESTS + 12, jittery, 32));
    expect(maxInAnySlidingWindow(spans, WINDOW)).toBeLessThanOrEqual(REQUESTS);
    expect(limiter.sent).toBe(4 * REQUESTS + 12);
  });

  it('fixed window uses each window fully: 3 windows for 2×requests + 1', async () => {
    const clock = new VirtualClock(START);
    const limiter = new RateLimiter(DEFAULT_RATE_LIMIT, clock);
    const latency = 200;
    const spans = await clock.runUntil(drive(limiter, clock, 2 * REQUESTS + 1, () => latency, 2 * REQUESTS + 1));
    const sends = spans.map((s) => s.sentAt).sort((a, b) => a - b);
    const at = (i: number): number => (sends[i] ?? 0) - (sends[0] ?? 0);
    // Batches of `requests`, each a window after the previous one opened (plus a response latency).
    expect(at(REQUESTS)).toBeGreaterThanOrEqual(WINDOW);
    expect(at(2 * REQUESTS)).toBeGreaterThanOrEqual(2 * WINDOW);
    expect(at(2 * REQUESTS)).toBeLessThan(3 * WINDOW); // not one window per request: the windows are used fully
    expect([at(REQUESTS - 1), at(REQUESTS), at(2 * REQUESTS)]).toEqual([0, WINDOW + latency, 2 * (WINDOW + latency)]);
  });

  it('sends the first `requests` at once and the next only after the window', async () => {
    const clock = new VirtualClock(START);
    const limiter = new RateLimiter({ ...DEFAULT_RATE_LIMIT, algorithm: 'sliding-log' }, clock);
    const started = clock.now();
    const spans = await clock.runUntil(drive(limiter, clock, REQUESTS + 1, () => 0, REQUESTS + 1));
    const sends = spans.map((s) => s.sentAt - started).sort((a, b) => a - b);
    expect(sends[REQUESTS - 1]).toBeLessThan(WINDOW);
    expect(sends[REQUESTS]).toBeGreaterThanOrEqual(WINDOW);
    expect(sends[REQUESTS]).toBeLessThan(2 * WINDOW);
    expect(sends).toEqual([...Array.from({ length: REQUESTS }, () => 0), WINDOW]);
  });

  it.each(['fixed-window', 'sliding-log'] as const)('%s: an unanswered request keeps the window from reopening', async (algorithm) => {
    const clock = new VirtualClock(START);
    const limiter = new RateLimiter({ requests: 1, windowMs: WINDOW, algorithm }, clock);
    const first = await limiter.acquire();
    let granted = false;
    const second = limiter.acquire().then((p) => {
      granted = true;
      return p;
    });
    await clock.advance(4 * WINDOW);
    expect(granted).toBe(false);
    first.settle();
    await clock.advance(2.5 * WINDOW);
    expect(granted).toBe(true);
    (await second).settle();
  });

  it('grants in arrival order', async () => {
    const clock = new VirtualClock(START);
    const limiter = new RateLimiter({ requests: 1, windowMs: WINDOW }, clock);
    const order: number[] = [];
    await clock.runUntil(
      Promise.all(
        [0, 1, 2, 3].map(async (i) => {
          const permit = await limiter.acquire();
          order.push(i);
          permit.settle();
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3]);
  });

  it('rejects a waiting acquire at once when its signal aborts, and frees its place', async () => {
    const clock = new VirtualClock(START);
    const limiter = new RateLimiter({ requests: 1, windowMs: WINDOW }, clock);
    (await limiter.acquire()).settle();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    expect(clock.pending).toBe(1); // the limiter's wake-up at the window's end
    const reason = new Error('stop');
    const started = clock.now();
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    expect(clock.now() - started).toBeLessThan(1000); // the window was 15 s
    expect(clock.pending).toBe(0); // with no one waiting, the wake-up is cancelled
    await expect(limiter.acquire(controller.signal)).rejects.toBe(reason);
  });

  it('holds everything back after pauseFor (a 429 from elsewhere)', async () => {
    const clock = new VirtualClock(START);
    const limiter = new RateLimiter(DEFAULT_RATE_LIMIT, clock);
    limiter.pauseFor(60);
    const started = clock.now();
    (await clock.runUntil(limiter.acquire())).settle();
    expect(clock.now() - started).toBeGreaterThanOrEqual(59);
    expect(clock.now() - started).toBe(60);
  });

  it('on a VirtualClock, lets exactly `requests` through per window of virtual time (20 per 15 s)', async () => {
    const clock = new VirtualClock(START);
    const limiter = new RateLimiter(DEFAULT_RATE_LIMIT, clock);
    const grantedAt: number[] = [];
    await clock.runUntil(
      Promise.all(
        Array.from({ length: 5 * REQUESTS }, async () => {
          const permit = await limiter.acquire();
          grantedAt.push(clock.now() - START);
          permit.settle(); // answered at once: each window opens exactly a window after the last
        }),
      ),
    );
    const perWindow = new Map<number, number>();
    for (const at of grantedAt) perWindow.set(Math.floor(at / WINDOW), (perWindow.get(Math.floor(at / WINDOW)) ?? 0) + 1);
    expect([...perWindow]).toEqual([0, 1, 2, 3, 4].map((window) => [window, REQUESTS]));
    expect(grantedAt).toEqual(Array.from({ length: 5 * REQUESTS }, (_, i) => Math.floor(i / REQUESTS) * WINDOW));
    expect(limiter.sent).toBe(5 * REQUESTS);
  });

  it('on the system clock (the default), a waiter goes once the window has passed in real time', async () => {
    const limiter = new RateLimiter({ requests: 1, windowMs: 30 });
    (await limiter.acquire()).settle();
    const started = performance.now();
    (await limiter.acquire()).settle();
    // The system clock counts whole milliseconds, so the wait may look up to 1 ms short here.
    expect(performance.now() - started).toBeGreaterThanOrEqual(29);
    expect(performance.now() - started).toBeLessThan(1000);
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

  it('shared: the first caller picks the clock; another clock for the same budget is refused', () => {
    const clock = new VirtualClock(START);
    const a = RateLimiter.shared('clocked', 'http://z/v1', undefined, clock);
    expect(RateLimiter.shared('clocked', 'http://z/v1')).toBe(a);
    expect(RateLimiter.shared('clocked', 'http://z/v1', undefined, clock)).toBe(a);
    expect(() => RateLimiter.shared('clocked', 'http://z/v1', undefined, new VirtualClock(START))).toThrow(RangeError);
  });

  it('refuses a nonsensical budget', () => {
    expect(() => new RateLimiter({ requests: 0, windowMs: 10 })).toThrow(RangeError);
    expect(() => new RateLimiter({ requests: 1, windowMs: 0 })).toThrow(RangeError);
  });
});
