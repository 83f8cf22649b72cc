import { VirtualClock } from '@washops/client-core';
import { APIError, APITimeoutError, RateLimitError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { json, never, type FakeHandler } from '../test/support/fake-fetch.js';
import { fakeClient, rejectionOf } from '../test/support/fake-client.js';
import type { TransactionsClientOptions } from './client.js';
import { DEFAULT_RATE_LIMIT } from './internal/rate-limiter.js';
import { DEFAULT_BACKOFF } from './internal/retry.js';

const setup = (handler: FakeHandler, options: Partial<TransactionsClientOptions> = {}) => fakeClient(handler, { apiKey: 'k3y-retries', ...options });

/** The server's real 15 s window, on virtual time: the waits are exact and cost no wall time. */
const WINDOW = DEFAULT_RATE_LIMIT.windowMs;
const START = Date.UTC(2026, 10, 20, 21, 30, 0);

/** A client on a fresh `VirtualClock` with the real budget (and the real backoff unless `options` says otherwise). */
function onVirtualTime(handler: FakeHandler, options: Partial<TransactionsClientOptions> = {}) {
  const clock = new VirtualClock(START);
  return { clock, ...setup(handler, { clock, rateLimit: DEFAULT_RATE_LIMIT, backoff: DEFAULT_BACKOFF, ...options }) };
}

/** Milliseconds between consecutive requests, as the fake saw them. */
const gaps = (calls: Array<{ at: number }>): number[] => calls.slice(1).map((c, i) => c.at - (calls[i]?.at ?? 0));

describe('retries', () => {
  const sites = () => json({ data: { sites: [] } });

  it('recovers from 5xx, a dropped connection and malformed JSON', async () => {
    const answers: Array<() => Response> = [
      () => new Response('<h1>502 Bad Gateway</h1>', { status: 502 }),
      () => {
        throw new TypeError('fetch failed', { cause: new Error('other side closed') });
      },
      () => new Response('{"data": {"sites": [', { status: 200 }),
      sites,
    ];
    const { client, fake, clock } = onVirtualTime((_req, i) => (answers[i] as () => Response)());
    expect(await clock.runUntil(client.listSites())).toEqual([]);
    expect(fake.calls).toHaveLength(4);
    expect(client.stats).toMatchObject({ requests: 4, retries: 3, rateLimited: 0 });
    // The default backoff: 500 ms doubling, each less up to a quarter of jitter.
    const waited = gaps(fake.calls);
    [500, 1000, 2000].forEach((base, i) => {
      expect(waited[i]).toBeGreaterThanOrEqual(base * 0.75);
      expect(waited[i]).toBeLessThanOrEqual(base);
    });
  });

  it('gives up after maxRetries with the last error', async () => {
    const { client, fake } = setup(() => {
      throw new TypeError('fetch failed', { cause: new Error('ECONNRESET') });
    }, { maxRetries: 1 });
    const error = await rejectionOf(client.listSites());
    expect(error).toBeInstanceOf(APIError);
    expect((error as Error).message).toMatch(/Could not reach the Data API .*ECONNRESET/);
    expect(fake.calls).toHaveLength(2);
  });

  it('times out each attempt and ends in APITimeoutError', async () => {
    const { client, fake } = setup(() => never(), { timeoutMs: 30, maxRetries: 2 });
    const started = performance.now();
    const error = await rejectionOf(client.listSites());
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(fake.calls).toHaveLength(3);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('an abort during a backoff rejects at once with the signal reason', async () => {
    const { client, fake } = setup(() => new Response('', { status: 503 }), { backoff: { initialMs: 5_000, maxMs: 5_000 } });
    const controller = new AbortController();
    const call = client.listSites({ signal: controller.signal });
    await new Promise((r) => setTimeout(r, 30));
    expect(fake.calls).toHaveLength(1);
    const started = performance.now();
    const reason = new Error('user cancelled');
    controller.abort(reason);
    expect(await rejectionOf(call)).toBe(reason);
    expect(performance.now() - started).toBeLessThan(1000); // the backoff was 5 s
    expect(fake.calls).toHaveLength(1);
  });

  it('an abort while a request is in flight rejects at once with the reason, and is not retried', async () => {
    const { client, fake } = setup(() => never());
    const controller = new AbortController();
    const call = client.listSites({ signal: controller.signal });
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.calls).toHaveLength(1);
    const reason = new Error('user navigated away');
    const started = performance.now();
    controller.abort(reason);
    expect(await rejectionOf(call)).toBe(reason);
    expect(performance.now() - started).toBeLessThan(1000); // the attempt timeout was 30 s
    await new Promise((r) => setTimeout(r, 30));
    expect(fake.calls).toHaveLength(1);
    expect(client.stats.retries).toBe(0);
  });

  it('an abort while waiting for the rate limiter rejects at once', async () => {
    const { client, fake } = setup(() => sites(), { rateLimit: { requests: 1, windowMs: 60_000 } });
    await client.listSites();
    const controller = new AbortController();
    const call = client.listSites({ signal: controller.signal });
    controller.abort();
    expect((await rejectionOf(call)) as Error).toMatchObject({ name: 'AbortError' });
    expect(fake.calls).toHaveLength(1);
  });
});

describe('429s', () => {
  const sites = () => json({ data: { sites: [] } });

  it('waits out the window after a 429 without Retry-After, then succeeds', async () => {
    const { client, fake, clock } = onVirtualTime((_r, i) => (i === 0 ? json({ type: 'RequestRateExceedError', message: 'blocked' }, 429) : sites()));
    await clock.runUntil(client.listSites());
    const [first, second] = fake.calls;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(WINDOW - 1);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBe(WINDOW);
    expect(client.stats.rateLimited).toBe(1);
  });

  it('honours Retry-After', async () => {
    const { client, fake, clock } = onVirtualTime((_r, i) =>
      i === 0 ? json({ type: 'RequestRateExceedError', message: 'x' }, 429, { 'retry-after': '0.2' }) : sites(),
    );
    await clock.runUntil(client.listSites());
    expect((fake.calls[1]?.at ?? 0) - (fake.calls[0]?.at ?? 0)).toBeGreaterThanOrEqual(199);
    expect((fake.calls[1]?.at ?? 0) - (fake.calls[0]?.at ?? 0)).toBe(200);
  });

  it('a Retry-After of N seconds, as seconds, milliseconds or an HTTP date on the client clock, is honoured to the ms', async () => {
    // The date is 20 s after the virtual start, far from the real "now": read against the client's clock.
    const retryAfters: Array<Record<string, string>> = [{ 'retry-after': '7' }, { 'retry-after-ms': '2500' }, { 'retry-after': new Date(START + 20_000).toUTCString() }];
    const { client, fake, clock } = onVirtualTime((_r, i) =>
      i < retryAfters.length ? json({ type: 'RequestRateExceedError', message: 'x' }, 429, retryAfters[i]) : sites(),
    );
    await clock.runUntil(client.listSites());
    expect(fake.calls).toHaveLength(4);
    // The third 429 arrives 9.5 s into the run: 10.5 s before the date.
    expect(gaps(fake.calls)).toEqual([7_000, 2_500, 10_500]);
  });

  it('a Retry-After on a 5xx replaces the backoff, to the ms', async () => {
    const { client, fake, clock } = onVirtualTime((_r, i) => (i === 0 ? new Response('', { status: 503, headers: { 'retry-after': '3' } }) : sites()));
    await clock.runUntil(client.listSites());
    expect(gaps(fake.calls)).toEqual([3_000]);
  });

  it('a 429 storm ends in RateLimitError with retryAfterMs, after maxRetries', async () => {
    const { client, fake, clock } = onVirtualTime(() => json({ error: { type: 'RequestRateExceedError', message: 'Request blocked.' } }, 429), {
      maxRetries: 3,
    });
    const error = await rejectionOf(clock.runUntil(client.listSites()));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfterMs: WINDOW, status: 429, vendorType: 'RequestRateExceedError' });
    expect(fake.calls).toHaveLength(4);
    // Each retry waited for a fresh window.
    for (let i = 1; i < 4; i++) expect((fake.calls[i]?.at ?? 0) - (fake.calls[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(WINDOW - 1);
    expect(gaps(fake.calls)).toEqual([WINDOW, WINDOW, WINDOW]);
  });

  it('a Retry-After longer than a minute is not slept through: RateLimitError at once, carrying the wait', async () => {
    const { client, fake } = setup(() => json({ type: 'RequestRateExceedError', message: 'x' }, 429, { 'retry-after': '120' }));
    const started = performance.now();
    const error = await rejectionOf(client.listSites());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 120_000, status: 429 });
    expect(fake.calls).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('one 429 holds back the other calls of the client too', async () => {
    const clock = new VirtualClock(START);
    let first = true;
    const { client, fake } = setup(
      () => {
        if (first) {
          first = false;
          return json({ type: 'RequestRateExceedError', message: 'x' }, 429);
        }
        return sites();
      },
      { clock, rateLimit: DEFAULT_RATE_LIMIT },
    );
    const one = client.listSites();
    await clock.advance(10);
    await clock.runUntil(Promise.all([one, client.listSites()]));
    const t0 = fake.calls[0]?.at ?? 0;
    expect(fake.calls.slice(1).every((c) => c.at - t0 >= WINDOW - 1)).toBe(true);
    expect(fake.calls.map((c) => c.at - t0)).toEqual([0, WINDOW, WINDOW]);
  });
});
