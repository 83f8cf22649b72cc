import {
  APIError,
  APITimeoutError,
  AuthenticationError,
  DateRangeError,
  NotFoundError,
  RateLimitError,
  ValidationError,
} from '@washops/shared-errors';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RateLimiter, TransactionsClient, type LoadJobProgress } from '../src/index.js';
import { clientFor, clock, day, maxPerServerWindow, pickSites, startPinnedSimulator, type Simulator } from './support/sim.js';

const SCALE = 0.01; // the 15 s window runs as 150 ms, a 2 s job as 20 ms
const WINDOW = 15_000 * SCALE;
let sim: Simulator;
let client: TransactionsClient;
let SMALL: string; // a page or two a day
let BUSY: string; // many pages a day
let BUSY_REGION: string;

beforeAll(async () => {
  sim = await startPinnedSimulator({ timeScale: SCALE });
  ({ small: SMALL, busy: BUSY, busyRegion: BUSY_REGION } = pickSites(sim));
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(async () => {
  await client?.close();
  sim.control.reset();
  client = clientFor(sim, SCALE);
});

function serverRequests(path?: string) {
  return sim.control.requests().filter((r) => path === undefined || r.path === `/v1${path}`);
}

describe('every operation over HTTP', () => {
  it('listSites returns the tenant sites', async () => {
    const sites = await client.listSites();
    expect(sites).toEqual(sim.control.sites().map(({ siteId, code, name, timezone }) => ({ siteId, code, name, timezone })));
  });

  it('list pages through a busy day and stops on its own', async () => {
    const items = await client.list({ ...day(2), site: BUSY });
    const requests = serverRequests('/transaction');
    expect(items.length).toBeGreaterThan(300);
    expect(requests.map((r) => r.query['offset'])).toEqual(requests.map((_r, i) => String(i + 1)));
    expect(requests.every((r) => r.query['limit'] === '100' && r.status === 200)).toBe(true);
    // A full last page with a null total costs one more (empty) page; otherwise no extra request.
    expect(requests.length).toBeLessThanOrEqual(Math.ceil(items.length / 100) + 1);
    expect(new Set(items.map((i) => i.transId)).size).toBe(items.length);
  });

  it('listStream yields exactly what list returns', async () => {
    const params = { ...day(3), site: SMALL };
    const streamed = [];
    for await (const item of client.listStream(params)) streamed.push(item);
    expect(streamed).toEqual(await client.list(params));
    expect(streamed.length).toBeGreaterThan(0);
  });

  it('listByType and listV2 (with its v2 fields) agree with list', async () => {
    const params = { ...day(2), site: SMALL };
    const all = await client.list(params);
    const giftcards = await client.listByType('giftcard', params);
    const v2 = await client.listV2(params);
    expect(serverRequests('/transaction/type/giftcard').length).toBeGreaterThan(0);
    expect(giftcards.every((g) => all.some((a) => a.transId === g.transId))).toBe(true);
    expect(v2.map((r) => r.transId)).toEqual(all.map((r) => r.transId));
    expect(v2[0]).toEqual(expect.objectContaining({ isRecurringPlanSale: expect.any(Boolean), transactionStatus: expect.any(String) }));
    for await (const row of client.listV2Stream(params)) expect(typeof row.isRecurringPlanRedemption).toBe('boolean');
    let typed = 0;
    for await (const _row of client.listByTypeStream('giftcard', params)) typed++;
    expect(typed).toBe(giftcards.length);
  });

  it('get returns a detailed transaction, and 404 for an unknown one', async () => {
    let first: { transId: string } | undefined;
    for await (const row of client.listStream({ ...day(2), site: BUSY, region: BUSY_REGION })) {
      first = row;
      break;
    }
    expect(serverRequests('/transaction')).toHaveLength(1);
    const tx = await client.get(first?.transId ?? '');
    expect(tx.id).toBe(first?.transId);
    expect(tx.locationCode).toBe(BUSY);
    expect(Array.isArray(tx.discounts)).toBe(true);
    expect(tx.tenders.length).toBeGreaterThan(0);
    await expect(client.get('999:999')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('loadJob exports a day of one site: every record of list, flat and in order, with progress', async () => {
    const range = day(2);
    const progress: LoadJobProgress[] = [];
    const records = await client.loadJob({ ...range, site: BUSY, pollIntervalMs: 10, onProgress: (p) => progress.push(p) });
    const listed = await client.list({ ...range, site: BUSY });
    expect(records.map((r) => r.id)).toEqual(listed.map((r) => r.transId));
    expect(records.every((r) => r.locationCode === BUSY)).toBe(true);
    const pages = Math.ceil(records.length / 100);
    expect(serverRequests('/transaction/load-job').map((r) => r.query['offset']).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: pages }, (_, i) => String(i + 1)),
    );
    expect(progress.at(-1)).toEqual({ pagesDone: pages, pagesTotal: pages, records: records.length, total: records.length });
    expect(records[0]).toHaveProperty('isRecurringPlanSale', null); // the live job payload omits the v2 fields
  });
});

describe('errors over HTTP', () => {
  it('bad credentials → AuthenticationError keeping the vendor type, not retried', async () => {
    const bad = new TransactionsClient({ apiId: 'demo', apiKey: 'wrong-key', baseUrl: sim.url });
    const error = await bad.listSites().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 403, vendorType: 'BadClientCredentialsError' });
    expect(serverRequests()).toHaveLength(1);
  });

  it('site-code errors are AuthenticationErrors keeping the vendor type; a site-code client sees its site only', async () => {
    const unknownSite = clientFor(sim, SCALE, { siteCode: 'NOSUCHSITE' });
    await expect(unknownSite.listSites()).rejects.toMatchObject({ name: 'AuthenticationError', status: 403, vendorType: 'BadSiteCredentialsError' });
    const scoped = clientFor(sim, SCALE, { siteCode: SMALL });
    expect((await scoped.listSites()).map((s) => s.code)).toEqual([SMALL]);
    await expect(scoped.list({ ...day(2), site: BUSY })).rejects.toMatchObject({ name: 'AuthenticationError', vendorType: 'NotAuthorizedSiteArgsError' });
  });

  it('the wrapped error envelope is read the same way', async () => {
    sim.control.setErrorEnvelope('wrapped');
    try {
      const error = await client.list({ ...day(2), site: 'NOPE' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ vendorType: 'EntityNotFoundError', message: expect.stringContaining('Site code not found.') });
    } finally {
      sim.control.setErrorEnvelope('flat');
    }
  });

  it('a start over six months back is refused before any request, as the server would refuse it', async () => {
    const error = await client.list(day(200)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DateRangeError);
    expect(error).toMatchObject({ message: expect.stringContaining('6 months back') });
    expect(serverRequests()).toHaveLength(0);
  });

  it("the server's own validation (a start in the future) → ValidationError with its messages", async () => {
    const tomorrow = day(-1);
    const error = await client.list({ startDate: tomorrow.startDate + 3600, endDate: tomorrow.endDate }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 422, vendorType: 'PayloadValidationError', message: expect.stringContaining('future') });
  });

  it('recovers from 5xx, dropped connections and malformed JSON', async () => {
    sim.control.inject({ endpoint: 'siteList', kind: 'serverError', count: 1 });
    sim.control.inject({ endpoint: 'siteList', kind: 'serverError', status: 502, count: 1 });
    sim.control.inject({ endpoint: 'siteList', kind: 'drop', count: 1 });
    sim.control.inject({ endpoint: 'get', kind: 'malformedJson', count: 1 });
    const [first] = await client.list({ ...day(2), site: SMALL });
    expect(await client.listSites()).toHaveLength(sim.control.sites().length);
    expect((await client.get(first?.transId ?? '')).id).toBe(first?.transId);
    expect(client.stats.retries).toBe(4);
  });

  it('a slow answer past timeoutMs is retried, and APITimeoutError once retries run out', async () => {
    const fast = clientFor(sim, SCALE, { timeoutMs: 60, maxRetries: 1 });
    sim.control.inject({ endpoint: 'siteList', kind: 'slow', delayMs: 200, count: 1 });
    expect(await fast.listSites()).not.toHaveLength(0);
    sim.control.inject({ endpoint: 'siteList', kind: 'slow', delayMs: 200, count: 2 });
    await expect(fast.listSites()).rejects.toBeInstanceOf(APITimeoutError);
  });

  it('a 429 storm: waits each window, then RateLimitError with retryAfterMs', async () => {
    sim.control.inject({ endpoint: 'siteList', kind: 'rateLimitStorm', count: 2 });
    const started = performance.now();
    await client.listSites();
    expect(performance.now() - started).toBeGreaterThanOrEqual(2 * WINDOW - 5);
    sim.control.inject({ endpoint: 'siteList', kind: 'rateLimitStorm', count: 10 });
    const error = await client.listSites().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(WINDOW);
    expect(client.stats.rateLimited).toBe(6);
  });

  it('a 429 with Retry-After waits that long', async () => {
    sim.control.inject({ endpoint: 'siteList', kind: 'rateLimitStorm', retryAfterSeconds: 0.3, count: 1 });
    const started = performance.now();
    await client.listSites();
    expect(performance.now() - started).toBeGreaterThanOrEqual(299);
  });

  it('a failing job → APIError("Batch job failed"); a job that never finishes → APITimeoutError', async () => {
    sim.control.inject({ endpoint: 'loadJob', kind: 'jobFail', count: 1 });
    await expect(client.loadJob({ ...day(2), site: SMALL, pollIntervalMs: 10 })).rejects.toThrow(/^Batch job failed$/);
    sim.control.inject({ endpoint: 'loadJob', kind: 'jobNeverFinishes', count: 1 });
    const error = await client.loadJob({ ...day(3), site: SMALL, pollIntervalMs: 20, timeoutMs: 120 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error).toBeInstanceOf(APIError);
  });

  it('an abort during a poll stops the job at once', async () => {
    sim.control.setJobDuration(100_000);
    try {
      const controller = new AbortController();
      const job = client.loadJob({ ...day(2), site: SMALL, pollIntervalMs: 5_000, signal: controller.signal });
      await new Promise((r) => setTimeout(r, 50));
      const started = performance.now();
      controller.abort();
      await expect(job).rejects.toMatchObject({ name: 'AbortError' });
      expect(performance.now() - started).toBeLessThan(1000); // the poll interval was 5 s
      expect(serverRequests('/transaction/get-job-data')).toHaveLength(1);
    } finally {
      sim.control.setJobDuration(2000);
    }
  });
});

describe('the rate limit', () => {
  it('alone, the client never triggers a 429, and never exceeds 20 per server window', async () => {
    const range = day(2);
    await Promise.all([
      client.list({ ...range, site: BUSY }),
      client.loadJob({ ...range, site: BUSY, pollIntervalMs: 10 }),
      ...Array.from({ length: 10 }, () => client.listSites()),
    ]);
    const log = sim.control.requests();
    expect(log.length).toBeGreaterThan(40);
    expect(log.filter((r) => r.status === 429)).toEqual([]);
    expect(client.stats.rateLimited).toBe(0);
    expect(maxPerServerWindow(sim, WINDOW)).toBeLessThanOrEqual(20);
  });

  it('clients of one API id share a limiter and together stay under the limit', async () => {
    const limiter = new RateLimiter({ requests: 20, windowMs: WINDOW }, clock);
    const a = clientFor(sim, SCALE, { rateLimit: limiter });
    const b = clientFor(sim, SCALE, { rateLimit: limiter });
    await Promise.all(Array.from({ length: 30 }, (_v, i) => (i % 2 ? a : b).listSites()));
    expect(sim.control.requests().filter((r) => r.status === 429)).toEqual([]);
    expect(limiter.sent).toBe(30);
  });

  it('without sharing, clients of one API id collide, and recover by waiting', async () => {
    // Three clients spend their own budgets at once: 60 requests. A simulator of its own with a 3 s window, so that
    // even a loaded machine sends them within one or two server windows, and one of those windows sees more than 20.
    const slowWindow = await startPinnedSimulator({ timeScale: 0.2 });
    try {
      const clients = [clientFor(slowWindow, 0.2), clientFor(slowWindow, 0.2), clientFor(slowWindow, 0.2)];
      const answers = await Promise.all(Array.from({ length: 60 }, (_v, i) => clients[i % 3]!.listSites()));
      expect(answers.every((sites) => sites.length > 0)).toBe(true);
      expect(clients.reduce((sum, c) => sum + c.stats.rateLimited, 0)).toBeGreaterThan(0);
      expect(slowWindow.control.requests().some((r) => r.status === 429)).toBe(true);
    } finally {
      await slowWindow.close();
    }
  }, 120_000);
});
