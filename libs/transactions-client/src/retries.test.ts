import { APIError, APITimeoutError, RateLimitError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { json, never, type FakeHandler } from '../test/support/fake-fetch.js';
import { fakeClient, rejectionOf } from '../test/support/fake-client.js';
import type { TransactionsClientOptions } from './client.js';

const setup = (handler: FakeHandler, options: Partial<TransactionsClientOptions> = {}) => fakeClient(handler, { apiKey: 'k3y-retries', ...options });

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
    const { client, fake } = setup((_req, i) => (answers[i] as () => Response)());
    expect(await client.listSites()).toEqual([]);
    expect(fake.calls).toHaveLength(4);
    expect(client.stats).toMatchObject({ requests: 4, retries: 3, rateLimited: 0 });
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
    const { client, fake } = setup((_r, i) => (i === 0 ? json({ type: 'RequestRateExceedError', message: 'blocked' }, 429) : sites()), {
      rateLimit: { requests: 20, windowMs: 120 },
    });
    await client.listSites();
    const [first, second] = fake.calls;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(119);
    expect(client.stats.rateLimited).toBe(1);
  });

  it('honours Retry-After', async () => {
    const { client, fake } = setup((_r, i) => (i === 0 ? json({ type: 'RequestRateExceedError', message: 'x' }, 429, { 'retry-after': '0.2' }) : sites()), {
      rateLimit: { requests: 20, windowMs: 10 },
    });
    await client.listSites();
    expect((fake.calls[1]?.at ?? 0) - (fake.calls[0]?.at ?? 0)).toBeGreaterThanOrEqual(199);
  });

  it('a 429 storm ends in RateLimitError with retryAfterMs, after maxRetries', async () => {
    const { client, fake } = setup(() => json({ error: { type: 'RequestRateExceedError', message: 'Request blocked.' } }, 429), {
      rateLimit: { requests: 20, windowMs: 30 },
      maxRetries: 3,
    });
    const error = await rejectionOf(client.listSites());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 30, status: 429, vendorType: 'RequestRateExceedError' });
    expect(fake.calls).toHaveLength(4);
    // Each retry waited for a fresh window.
    for (let i = 1; i < 4; i++) expect((fake.calls[i]?.at ?? 0) - (fake.calls[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(29);
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
    let first = true;
    const { client, fake } = setup(
      () => {
        if (first) {
          first = false;
          return json({ type: 'RequestRateExceedError', message: 'x' }, 429);
        }
        return sites();
      },
      { rateLimit: { requests: 20, windowMs: 100 } },
    );
    const one = client.listSites();
    await new Promise((r) => setTimeout(r, 10));
    await Promise.all([one, client.listSites()]);
    const t0 = fake.calls[0]?.at ?? 0;
    expect(fake.calls.slice(1).every((c) => c.at - t0 >= 99)).toBe(true);
  });
});
