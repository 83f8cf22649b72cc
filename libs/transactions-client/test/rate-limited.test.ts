import { VirtualClock } from '@washops/client-core';
import { RateLimitError } from '@washops/shared-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT, type Logger, type RateLimitedEvent } from '../src/index.js';
import { fakeClient, rejectionOf } from './support/fake-client.js';
import { json } from './support/fake-fetch.js';
import { clientFor, FIXED_NOW, startPinnedSimulator, type Simulator } from './support/sim.js';

const tooMany = (headers: Record<string, string> = {}) => json({ type: 'RequestRateExceedError', message: 'Request blocked.' }, 429, headers);
const sites = () => json({ data: { sites: [] } });

/** A logger that keeps its warnings. */
function warnings(): { logger: Logger; entries: Array<{ entry: Record<string, unknown>; msg: string | undefined }> } {
  const entries: Array<{ entry: Record<string, unknown>; msg: string | undefined }> = [];
  const ignore = () => undefined;
  const logger: Logger = { debug: ignore, info: ignore, error: ignore, warn: (entry, msg) => entries.push({ entry: entry as Record<string, unknown>, msg }) };
  return { logger, entries };
}

describe('onRateLimited and the rate-limit warning (injected fetch)', () => {
  it('a Retry-After past the cap is announced with the wait the next call will sit through', async () => {
    const events: RateLimitedEvent[] = [];
    const { logger, entries } = warnings();
    const { client } = fakeClient(() => tooMany({ 'retry-after': '120' }), { onRateLimited: (e) => events.push(e), logger });
    const error = await rejectionOf(client.listSites());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({ attempt: 1, retryAfterMs: 120_000, path: '/site/list' });
    // The limiter caps the pause at a minute; that is what the next call waits.
    expect(event?.waitMs).toBeGreaterThan(59_000);
    expect(event?.waitMs).toBeLessThanOrEqual(60_000);
    expect(client.rateLimiter.nextFreeInMs()).toBeGreaterThan(59_000);
    const warning = entries.find((e) => e.entry['waitMs'] !== undefined);
    expect(warning?.entry).toMatchObject({ path: '/site/list', attempt: 1, retryAfterMs: 120_000, waitMs: event?.waitMs });
    expect(warning?.msg).toMatch(/rate limit.*wait \d+ ms/i);
  });

  it('without Retry-After the wait is the window, and every retried 429 is announced with its attempt', async () => {
    const events: RateLimitedEvent[] = [];
    // The server's real 15 s window, on virtual time.
    const clock = new VirtualClock(FIXED_NOW);
    const window = DEFAULT_RATE_LIMIT.windowMs;
    const { client } = fakeClient((_r, i) => (i < 2 ? tooMany() : sites()), {
      clock,
      rateLimit: DEFAULT_RATE_LIMIT,
      onRateLimited: (e) => events.push(e),
    });
    await clock.runUntil(client.listSites());
    expect(events.map((e) => e.attempt)).toEqual([1, 2]);
    for (const event of events) {
      expect(event).not.toHaveProperty('retryAfterMs');
      expect(event.waitMs).toBeGreaterThan(window * 0.75);
      expect(event.waitMs).toBeLessThanOrEqual(window + 1);
      expect(event.waitMs).toBe(window);
    }
  });

  it('a hook that throws or rejects is logged and ignored; the call still succeeds', async () => {
    const { logger, entries } = warnings();
    const throwing = fakeClient((_r, i) => (i === 0 ? tooMany() : sites()), {
      rateLimit: { requests: 20, windowMs: 10 },
      logger,
      onRateLimited: () => {
        throw new Error('hook broke');
      },
    });
    await expect(throwing.client.listSites()).resolves.toEqual([]);
    const rejecting = fakeClient((_r, i) => (i === 0 ? tooMany() : sites()), {
      rateLimit: { requests: 20, windowMs: 10 },
      logger,
      onRateLimited: () => Promise.reject(new Error('async hook broke')),
    });
    await expect(rejecting.client.listSites()).resolves.toEqual([]);
    await new Promise((r) => setTimeout(r, 0));
    expect(entries.filter((e) => e.msg === 'onRateLimited threw; ignored')).toHaveLength(2);
  });

  it('refuses a hook that is not a function', () => {
    expect(() => fakeClient(sites, { onRateLimited: 'yes' as never })).toThrow(/onRateLimited must be a function/);
  });
});

describe("onRateLimited against the simulator's 429 storm", () => {
  const SCALE = 0.01;
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startPinnedSimulator({ timeScale: SCALE });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('a storm with Retry-After: 120 is announced at once, not sat through', async () => {
    sim.control.reset();
    sim.control.inject({ endpoint: 'siteList', kind: 'rateLimitStorm', retryAfterSeconds: 120, count: 1 });
    const events: RateLimitedEvent[] = [];
    const { logger, entries } = warnings();
    const client = clientFor(sim, SCALE, { onRateLimited: (e) => events.push(e), logger });
    const started = performance.now();
    const error = await rejectionOf(client.listSites());
    expect(error).toMatchObject({ status: 429, retryAfterMs: 120_000 });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(events).toEqual([{ attempt: 1, retryAfterMs: 120_000, path: '/site/list', waitMs: expect.any(Number) }]);
    expect(events[0]?.waitMs).toBeGreaterThan(59_000);
    expect(entries.some((e) => e.entry['waitMs'] === events[0]?.waitMs)).toBe(true);
    await client.close();
  });

  it('a storm without Retry-After is announced once per 429, then the call succeeds', async () => {
    sim.control.reset();
    sim.control.inject({ endpoint: 'siteList', kind: 'rateLimitStorm', count: 2 });
    const events: RateLimitedEvent[] = [];
    const client = clientFor(sim, SCALE, { onRateLimited: (e) => events.push(e) });
    expect((await client.listSites()).length).toBeGreaterThan(0);
    expect(events.map((e) => [e.attempt, e.path])).toEqual([
      [1, '/site/list'],
      [2, '/site/list'],
    ]);
    expect(events.every((e) => e.waitMs > 0 && e.waitMs <= 15_000 * SCALE + 1)).toBe(true);
    await client.close();
  });
});
