import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { TransactionsClient } from '@washops/transactions-client';
import { pinnedClock, startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appRouter, createCaller, createFetchContextFactory, createPortalContext, EXPORT_CSV_COLUMNS, ExportRegistry, MAX_LIST_ROWS, publicErrorOf, transactionsBudgets, type ExportView, type PortalDeps, type TransactionListChunk } from '../src/index.js';
import { browserRequest, callerAs, errorOf, makeDeps, parseCsv, sessionCookieOf } from './helpers.js';

// The simulator's 15 s rate window runs as 300 ms and a job works 100 ms; the clients are scaled alike.
const TIME_SCALE = 0.02;
const WINDOW_MS = 15_000 * TIME_SCALE;
const DAY = 86_400;
const clock = pinnedClock();
const yesterday = Math.floor(clock.now() / 86_400_000) * DAY - DAY;
const day = { startDate: yesterday, endDate: yesterday + DAY - 1 };

let sim: TransactionsSimulator;
let interactive: TransactionsClient;
let exportClient: TransactionsClient;
let deps: PortalDeps;

beforeAll(async () => {
  sim = await startTransactionsSimulator({ port: 0, seed: 'demo', timeScale: TIME_SCALE, clock });
  const base = await makeDeps();
  // The portal's wiring: both clients wait for the API id's one budget in the database.
  const budgets = transactionsBudgets(base.store, 'demo', TIME_SCALE);
  interactive = new TransactionsClient({ apiId: 'demo', apiKey: 'demo-key', baseUrl: sim.url, clock, rateLimit: budgets.interactive });
  exportClient = new TransactionsClient({ apiId: 'demo', apiKey: 'demo-key', baseUrl: sim.url, clock, rateLimit: budgets.exports });
  deps = {
    ...base,
    transactions: interactive,
    exports: new ExportRegistry(exportClient, base.store, { pollIntervalMs: 2000 * TIME_SCALE, maxRunningPerUser: 2, maxRunning: 3 }),
  };
});

afterAll(async () => {
  await deps?.exports.close();
  await interactive?.close();
  await exportClient?.close();
  await sim?.close();
});

beforeEach(() => sim.control.clearRequests());

/** A client over an injected fetch that serves `count` generated rows, reporting `total`. */
function pagedClient(count: number, total: number | null) {
  let sent = 0;
  const fetchPage = async (input: string | URL | Request): Promise<Response> => {
    sent += 1;
    const offset = Number(new URL(String(input)).searchParams.get('offset'));
    const from = (offset - 1) * 100;
    const transactions = Array.from({ length: Math.max(0, Math.min(100, count - from)) }, (_v, i) => ({
      transNumber: from + i + 1,
      transId: `${from + i + 1}:7`,
      total: 7.99,
      date: '2026-01-15T05:32:32.000Z',
    }));
    return new Response(JSON.stringify({ data: { transactions, offset, limit: 100, total } }), { headers: { 'content-type': 'application/json' } });
  };
  const client = new TransactionsClient({
    apiId: 'demo',
    apiKey: 'demo-key',
    baseUrl: 'http://api.test/v1',
    fetch: fetchPage as typeof fetch,
    rateLimit: { requests: 10_000, windowMs: 1_000 },
  });
  return { client, requests: () => sent };
}

async function collectList(chunks: AsyncIterable<TransactionListChunk>) {
  const received: TransactionListChunk[] = [];
  for await (const chunk of chunks) received.push(chunk);
  return received;
}

/** The store's id of a demo user, the owner of their exports. */
async function userIdOf(username: 'admin' | 'viewer'): Promise<number> {
  return (await deps.store.users.find(username))!.id;
}

async function waitForState(role: 'admin' | 'viewer', id: string, until: (s: ExportView) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await callerAs(deps, role).transactions.exports.status({ id });
    if (until(status)) return status;
    if (Date.now() > deadline) throw new Error(`export ${id} still ${status.state} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('transactions.list (streamed)', () => {
  it('streams a day of one site page by page, the same rows the client lists', async () => {
    const chunks = await collectList(await callerAs(deps, 'viewer').transactions.list({ ...day, site: 'FIESTA' }));
    const expected = await interactive.list({ ...day, site: 'FIESTA' });
    expect(expected.length).toBeGreaterThan(200);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.slice(0, -1).every((c) => c.rows.length === 100 && !c.done)).toBe(true);
    expect(chunks.at(-1)).toMatchObject({ done: true, truncated: false });
    expect(chunks.flatMap((c) => c.rows)).toEqual(expected);
  });

  it('hands on each page the client yields and marks the last one done as it arrives', async () => {
    const { client, requests } = pagedClient(200, 200);
    const chunks = await collectList(await callerAs({ ...deps, transactions: client }, 'viewer').transactions.list({ ...day, site: 'ECOM' }));
    // The total says page 2 is the last: no extra empty message, no extra request.
    expect(chunks.map((c) => [c.rows.length, c.done, c.truncated])).toEqual([
      [100, false, false],
      [100, true, false],
    ]);
    expect(requests()).toBe(2);
  });

  it(`stops at ${MAX_LIST_ROWS} rows only when more would follow`, async () => {
    const exact = pagedClient(MAX_LIST_ROWS, MAX_LIST_ROWS);
    const whole = await collectList(await callerAs({ ...deps, transactions: exact.client }, 'viewer').transactions.list({ ...day, site: 'ECOM' }));
    expect(whole.at(-1)).toMatchObject({ done: true, truncated: false });
    const more = pagedClient(MAX_LIST_ROWS + 50, MAX_LIST_ROWS + 50);
    const cut = await collectList(await callerAs({ ...deps, transactions: more.client }, 'viewer').transactions.list({ ...day, site: 'ECOM' }));
    expect(cut.at(-1)).toMatchObject({ done: true, truncated: true });
    expect(cut.flatMap((c) => c.rows)).toHaveLength(MAX_LIST_ROWS);
    expect(more.requests()).toBe(MAX_LIST_ROWS / 100);
  });

  it('stops fetching pages once the request is aborted (the browser left or changed the filters)', async () => {
    const cookie = await sessionCookieOf(deps, 'viewer');
    const controller = new AbortController();
    const caller = createCaller(() => createPortalContext(deps, browserRequest({ cookieHeader: cookie })), {
      signal: controller.signal,
    });
    const stream = await caller.transactions.list({ ...day, region: 'ILLINOIS' });
    const received: TransactionListChunk[] = [];
    await expect(
      (async () => {
        for await (const chunk of stream) {
          received.push(chunk);
          if (received.length === 2) controller.abort();
        }
      })(),
    ).rejects.toBeDefined();
    expect(received).toHaveLength(2);
    // A page on the wire at the abort may still land; after that, nothing more is sent (a region's day is hundreds of pages).
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const sent = sim.control.requests().length;
    await new Promise((r) => setTimeout(r, WINDOW_MS * 3));
    expect(sim.control.requests().length).toBe(sent);
    expect(sent).toBeLessThan(10);
  });

  it('lists by type (v1) and with the v2 fields', async () => {
    const viewer = callerAs(deps, 'viewer');
    const giftcards = (await collectList(await viewer.transactions.list({ ...day, site: 'FIESTA', type: 'giftcard' }))).flatMap((c) => c.rows);
    expect(giftcards).toEqual(await interactive.listByType('giftcard', { ...day, site: 'FIESTA' }));
    const v2 = (await collectList(await viewer.transactions.list({ ...day, site: 'ECOM', version: 'v2' }))).flatMap((c) => c.rows);
    expect(v2.length).toBeGreaterThan(0);
    expect(v2[0]).toHaveProperty('transactionStatus');
  });

  it('refuses a range over 31 days with the client message at the end date, before any request', async () => {
    const error = await errorOf(callerAs(deps, 'viewer').transactions.list({ startDate: '2026-09-01', endDate: '2026-10-15', site: 'ECOM' }));
    expect(error.code).toBe('BAD_REQUEST');
    const issues = publicErrorOf(error).details['issues'] as Array<{ path: string; message: string }>;
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toBe('endDate');
    expect(issues[0]!.message).toMatch(/31 days/);
    const typeOnV2 = await errorOf(callerAs(deps, 'viewer').transactions.list({ ...day, version: 'v2', type: 'wash' }));
    expect(publicErrorOf(typeOnV2).details['issues']).toEqual([{ path: 'type', message: expect.stringMatching(/v1 lists only/) }]);
    expect(sim.control.requests()).toHaveLength(0);
  });

  it('turns a rate limit past the retries into TOO_MANY_REQUESTS with a retry hint', async () => {
    const impatient = new TransactionsClient({ apiId: 'demo', apiKey: 'demo-key', baseUrl: sim.url, clock, maxRetries: 0, rateLimit: { requests: 20, windowMs: WINDOW_MS } });
    const fault = sim.control.inject({ endpoint: 'list', kind: 'rateLimitStorm', retryAfterSeconds: 2 });
    try {
      const error = await errorOf(
        (async () => collectList(await callerAs({ ...deps, transactions: impatient }, 'viewer').transactions.list({ ...day, site: 'ECOM' })))(),
      );
      expect(error.code).toBe('TOO_MANY_REQUESTS');
      const pub = publicErrorOf(error);
      expect(pub.code).toBe('RATE_LIMIT_ERROR');
      expect(pub.details['retryAfterMs']).toBeGreaterThan(0);
      expect(JSON.stringify(pub)).not.toContain('demo-key');
    } finally {
      fault.remove();
      await impatient.close();
    }
  });
});

describe('transactions.list over HTTP (the streaming link the browser uses)', () => {
  it('sends an error raised mid-stream with its public shape and retry hint', async () => {
    // The first page arrives; from then on every list request draws a 429 the client may not retry.
    const second = { endpoint: 'list' as const, kind: 'rateLimitStorm' as const, retryAfterSeconds: 3 };
    const cookie = await sessionCookieOf(deps, 'viewer');
    const input = encodeURIComponent(JSON.stringify({ 0: { ...day, site: 'FIESTA' } }));
    let injected: { remove(): void } | undefined;
    const fetchOnce = new TransactionsClient({
      apiId: 'demo',
      apiKey: 'demo-key',
      baseUrl: sim.url,
      clock,
      maxRetries: 0,
      rateLimit: { requests: 20, windowMs: WINDOW_MS },
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        injected ??= sim.control.inject(second);
        return response;
      },
    });
    try {
      const response = await fetchRequestHandler({
        endpoint: '/api/trpc',
        req: new Request(`http://portal.test/api/trpc/transactions.list?batch=1&input=${input}`, {
          headers: { 'trpc-accept': 'application/jsonl', cookie: cookie },
        }),
        router: appRouter,
        createContext: createFetchContextFactory({ ...deps, transactions: fetchOnce }),
      });
      const body = await response.text();
      expect(body).toContain('"rows"');
      expect(body).toContain('RATE_LIMIT_ERROR');
      expect(body).toContain('retryAfterMs');
      expect(body).not.toContain('demo-key');
      expect(body).not.toContain('stack');
    } finally {
      injected?.remove();
      await fetchOnce.close();
    }
  });
});

describe('transactions.get and sites', () => {
  it('returns a transaction with tenders, items and discounts; an unknown id is NOT_FOUND', async () => {
    const viewer = callerAs(deps, 'viewer');
    const sites = await viewer.transactions.sites();
    expect(sites.map((s) => s.code)).toEqual(expect.arrayContaining(['FIESTA', 'ECOM']));
    const [row] = await interactive.list({ ...day, site: 'ECOM' });
    const detail = await viewer.transactions.get({ transId: row!.transId });
    expect(detail).toMatchObject({ id: row!.transId, total: row!.total });
    expect(detail.items.length).toBeGreaterThan(0);
    expect(Array.isArray(detail.tenders) && Array.isArray(detail.discounts)).toBe(true);
    expect((await errorOf(viewer.transactions.get({ transId: '1:1' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(viewer.transactions.get({ transId: '../etc' }))).code).toBe('BAD_REQUEST');
  });
});

describe('transactions.exports', () => {
  it('runs an export to completion with progress; the CSV has one row per record, money with two decimals, ISO dates', async () => {
    const viewer = callerAs(deps, 'viewer');
    const started = await viewer.transactions.exports.start({ site: 'CENT', ...day });
    expect(started).toMatchObject({ state: 'running', site: 'CENT', pagesDone: 0 });
    const done = await waitForState('viewer', started.id, (s) => s.state !== 'running');
    expect(done).toMatchObject({ state: 'finished', error: null });
    expect(done.pagesTotal).toBeGreaterThan(5);
    expect(done.pagesDone).toBe(done.pagesTotal);
    const csv = (await deps.exports.csv(await userIdOf('viewer'), started.id))!;
    expect(csv.filename).toMatch(/^transactions-CENT-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv(csv.body);
    expect(rows).toHaveLength(done.records);
    expect(Object.keys(rows[0]!)).toEqual([...EXPORT_CSV_COLUMNS]);
    expect(rows.every((r) => /^-?\d+\.\d{2}$/.test(r['total']!))).toBe(true);
    expect(rows.every((r) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(r['complete_date']!))).toBe(true);
    // Nobody else sees it, starts it over, or downloads it.
    expect(await deps.exports.csv(await userIdOf('admin'), started.id)).toBeNull();
    expect((await errorOf(callerAs(deps, 'admin').transactions.exports.status({ id: started.id }))).code).toBe('NOT_FOUND');
    expect(sim.control.requests().filter((r) => r.status === 429)).toHaveLength(0);
  });

  it('cancels a running export: it stops sending requests and offers no CSV', async () => {
    const admin = callerAs(deps, 'admin');
    const started = await admin.transactions.exports.start({ site: 'HOBART', ...day });
    await waitForState('admin', started.id, (s) => s.pagesDone >= 1);
    // Someone else's cancel finds no such export and stops nothing.
    expect((await errorOf(callerAs(deps, 'viewer').transactions.exports.cancel({ id: started.id }))).code).toBe('NOT_FOUND');
    expect((await admin.transactions.exports.status({ id: started.id })).state).toBe('running');
    const cancelled = await admin.transactions.exports.cancel({ id: started.id });
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.pagesDone).toBeLessThan(cancelled.pagesTotal ?? Infinity);
    // Requests already on the wire at the abort may still land; after that, nothing more is sent.
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const sent = sim.control.requests().length;
    await new Promise((r) => setTimeout(r, WINDOW_MS * 3));
    expect(sim.control.requests().length).toBe(sent);
    expect((await admin.transactions.exports.status({ id: started.id })).state).toBe('cancelled');
    expect(await deps.exports.csv(await userIdOf('admin'), started.id)).toBeNull();
  });

  it('runs a cancelled export again with the same site and day, for its owner only', async () => {
    // Not ECOM: the simulator answers a job it has already finished from its results, and the failure test below needs a fresh one.
    const admin = callerAs(deps, 'admin');
    const started = await admin.transactions.exports.start({ site: 'FIESTA', ...day });
    await admin.transactions.exports.cancel({ id: started.id });
    expect((await errorOf(callerAs(deps, 'viewer').transactions.exports.rerun({ id: started.id }))).code).toBe('NOT_FOUND');
    const again = await admin.transactions.exports.rerun({ id: started.id });
    expect(again).toMatchObject({ state: 'running', site: 'FIESTA', startDate: started.startDate, endDate: started.endDate });
    expect(again.id).not.toBe(started.id);
    expect((await waitForState('admin', again.id, (s) => s.state !== 'running')).state).toBe('finished');
    expect((await errorOf(admin.transactions.exports.rerun({ id: again.id }))).code).toBe('BAD_REQUEST');
    expect((await admin.transactions.exports.list()).slice(0, 2).map((v) => [v.id, v.state])).toEqual([
      [again.id, 'finished'],
      [started.id, 'cancelled'],
    ]);
  });

  it('keeps interactive requests moving while an export runs, without a 429', async () => {
    const admin = callerAs(deps, 'admin');
    const started = await admin.transactions.exports.start({ site: 'HOBART', ...day });
    await waitForState('admin', started.id, (s) => s.pagesTotal !== null);
    const [row] = await interactive.list({ ...day, site: 'ECOM' });
    const before = Date.now();
    await admin.transactions.get({ transId: row!.transId });
    // One window at most, although the export keeps its own queue full.
    expect(Date.now() - before).toBeLessThan(WINDOW_MS + 250);
    expect((await admin.transactions.exports.status({ id: started.id })).state).toBe('running');
    await admin.transactions.exports.cancel({ id: started.id });
    expect(sim.control.requests().filter((r) => r.status === 429)).toHaveLength(0);
  });

  it('limits running exports per user and refuses more than 24 hours with the client message', async () => {
    const viewer = callerAs(deps, 'viewer');
    const a = await viewer.transactions.exports.start({ site: 'HOBART', ...day });
    const b = await viewer.transactions.exports.start({ site: 'VALPO', ...day });
    try {
      const third = await errorOf(viewer.transactions.exports.start({ site: 'MERRIL', ...day }));
      expect(third.code).toBe('TOO_MANY_REQUESTS');
      expect(third.message).toMatch(/2 exports running/);
    } finally {
      await viewer.transactions.exports.cancel({ id: a.id });
      await viewer.transactions.exports.cancel({ id: b.id });
    }
    const tooLong = await errorOf(viewer.transactions.exports.start({ site: 'ECOM', startDate: yesterday - DAY, endDate: yesterday + 3600 }));
    expect(tooLong.code).toBe('BAD_REQUEST');
    expect(publicErrorOf(tooLong).details['issues']).toEqual([{ path: 'endDate', message: expect.stringMatching(/1 day|24 hours/) }]);
    const noSite = await errorOf(viewer.transactions.exports.start({ site: '', ...day }));
    expect(noSite.code).toBe('BAD_REQUEST');
  });

  it('reports a failed job as a failed export with the public message', async () => {
    // Every job fails while this test runs: a one-shot fault could be spent by an earlier test's export still winding down.
    const fault = sim.control.inject({ endpoint: 'loadJob', kind: 'jobFail' });
    try {
      const started = await callerAs(deps, 'viewer').transactions.exports.start({ site: 'ECOM', ...day });
      const failed = await waitForState('viewer', started.id, (s) => s.state !== 'running');
      expect(failed).toMatchObject({ state: 'failed', error: { code: 'API_ERROR' } });
      expect(failed.error?.message).toMatch(/^Batch job failed\. Reference: [0-9a-f]{8}\.$/);
    } finally {
      fault.remove();
    }
  });
});
