import { VirtualClock } from '@washops/client-core';
import { APIError, APITimeoutError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { jobItem, json, type RecordedRequest } from '../test/support/fake-fetch.js';
import { fakeClient, rejectionOf } from '../test/support/fake-client.js';
import type { TransactionsClientOptions } from './client.js';
import type { RequestBudget } from './internal/rate-limiter.js';
import type { LoadJobProgress } from './params.js';

interface FakeJobServerOptions {
  records: number;
  /** How long each page's job stays `working` (ms), by page. */
  durationMs?: (page: number) => number;
  /** Send `total` on the load-job answer too. */
  totalOnSubmit?: boolean;
  /** `total` and paging as null (the live empty-day answer). */
  nullPaging?: boolean;
  status?: (page: number) => 'pass' | 'fail' | 'working' | undefined;
  /** Answer 404 to the first poll of these pages (expired hash). */
  expireFirstPoll?: number[];
  /** The `total` a page's answer claims (default `records`). */
  claimedTotal?: (page: number) => number;
}

/** A Data API job endpoint pair, with a log of what the client did. */
function fakeJobServer(options: FakeJobServerOptions) {
  const jobs = new Map<string, { page: number; createdAt: number; polls: number[]; done: boolean }>();
  let maxInFlight = 0;
  const inFlight = () => [...jobs.values()].filter((j) => !j.done).length;
  const expired = new Set(options.expireFirstPoll ?? []);
  const handler = (req: RecordedRequest): Response => {
    if (req.method === 'POST' && req.path === '/transaction/load-job') {
      const page = Number(req.query['offset']);
      const hash = `h${jobs.size + 1}p${page}`;
      jobs.set(hash, { page, createdAt: req.at, polls: [], done: false });
      maxInFlight = Math.max(maxInFlight, inFlight());
      return json({ data: { hash, ...(options.totalOnSubmit ? { total: options.records } : {}) } });
    }
    if (req.method === 'GET' && req.path === '/transaction/get-job-data') {
      const job = jobs.get(req.query['hash'] ?? '');
      if (!job) return json({ type: 'EntityNotFoundError', message: 'no such hash' }, 404);
      job.polls.push(req.at);
      if (expired.delete(job.page)) {
        job.done = true;
        return json({ type: 'EntityNotFoundError', message: 'expired' }, 404);
      }
      const forced = options.status?.(job.page);
      const ready = req.at - job.createdAt >= (options.durationMs?.(job.page) ?? 0);
      const status = forced ?? (ready ? 'pass' : 'working');
      if (status !== 'working') job.done = true;
      if (status !== 'pass') return json({ data: { hash: req.query['hash'], status, data: [], offset: null, limit: null, total: null } });
      const from = (job.page - 1) * 100;
      const count = Math.max(0, Math.min(100, options.records - from));
      const data = Array.from({ length: count }, (_, i) => jobItem(from + i + 1));
      return json({
        data: options.nullPaging
          ? { hash: req.query['hash'], status, data, offset: null, limit: null, total: null }
          : { hash: req.query['hash'], status, data, offset: job.page, limit: 100, total: options.claimedTotal?.(job.page) ?? options.records },
      });
    }
    return json({ type: 'EntityNotFoundError', message: 'no route' }, 404);
  };
  return { handler, jobs, maxInFlight: () => maxInFlight };
}

/** The fixtures are dated January 2026 and the six-month look-back counts from the client's clock: it starts here. */
const FEB_1 = Date.parse('2026-02-01T00:00:00Z');

/** A client on virtual time: polls, intervals and page timeouts are exact, and cost no wall time. */
const setup = (
  server: Pick<ReturnType<typeof fakeJobServer>, 'handler'>,
  options: Partial<TransactionsClientOptions> = {},
  clock = new VirtualClock(FEB_1),
) => ({ clock, ...fakeClient(server.handler, { clock, ...options }) });

const day = { startDate: '2026-01-15T00:00:00Z', endDate: '2026-01-15T23:59:59Z', site: 'MAIN' };

describe('loadJob', () => {
  it('runs one job per page, returns the records flat in page order, and reports progress', async () => {
    // Page 3 finishes before page 2: the result must still be in page order.
    const server = fakeJobServer({ records: 250, durationMs: (page) => (page === 2 ? 60 : 10) });
    const { client, fake, clock } = setup(server);
    const progress: LoadJobProgress[] = [];
    const items = await clock.runUntil(client.loadJob({ ...day, pollIntervalMs: 15, onProgress: (p) => progress.push(p) }));
    expect(items.map((i) => i.number)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(items[0]).toMatchObject({ isRecurringPlanSale: null, isRecurringPlanRedemption: null, transactionStatus: null, customerName: null });
    const submits = fake.callsTo('/transaction/load-job');
    expect(submits.map((c) => c.query)).toEqual(
      [1, 2, 3].map((page) => ({ startDate: '1768435200', endDate: '1768521599', site: 'MAIN', limit: '100', offset: String(page) })),
    );
    expect(submits.every((c) => c.method === 'POST')).toBe(true);
    expect(progress.at(-1)).toEqual({ pagesDone: 3, pagesTotal: 3, records: 250, total: 250 });
    expect(progress.map((p) => p.pagesDone)).toEqual([1, 2, 3]);
    expect(progress.every((p) => p.pagesTotal === 3)).toBe(true);
  });

  it('keeps at most `concurrency` pages in flight', async () => {
    const server = fakeJobServer({ records: 1000, durationMs: () => 20 });
    const { client, clock } = setup(server, { concurrency: 3 });
    expect(await clock.runUntil(client.loadJob({ ...day, pollIntervalMs: 10 }))).toHaveLength(1000);
    expect(server.maxInFlight()).toBe(3);
    const serial = fakeJobServer({ records: 300, durationMs: () => 5 });
    const serialClient = setup(serial);
    await serialClient.clock.runUntil(serialClient.client.loadJob({ ...day, pollIntervalMs: 10, concurrency: 1 }));
    expect(serial.maxInFlight()).toBe(1);
  });

  it('polls each job no more often than pollIntervalMs, and once a job length is known, polls later pages about once', async () => {
    const server = fakeJobServer({ records: 600, durationMs: () => 70 });
    const { client, fake, clock } = setup(server);
    await clock.runUntil(client.loadJob({ ...day, pollIntervalMs: 30 }));
    // On virtual time the fake stamps each poll at the instant the client sent it: the gaps are the interval, exactly.
    const gaps = [...server.jobs.values()].flatMap((job) => job.polls.slice(1).map((at, i) => at - (job.polls[i] ?? 0)));
    expect(gaps.length).toBeGreaterThan(0);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(25);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(30);
    const pollsPerPage = [...server.jobs.values()].map((j) => j.polls.length);
    expect(pollsPerPage[0]).toBeGreaterThanOrEqual(3); // the first job: at once, then every 30 ms until done
    // Once, unless a loaded machine delayed the server's start of the job past the estimate (then twice);
    // polling from the submit on would take three or more, as the first page does.
    for (const polls of pollsPerPage.slice(1)) expect(polls).toBeLessThanOrEqual(2);
    expect(pollsPerPage.slice(1).filter((polls) => polls === 1).length).toBeGreaterThanOrEqual(3);
    expect(fake.calls).toHaveLength(6 + pollsPerPage.reduce((a, b) => a + b, 0));
  });

  it('remembers the job length across loadJob calls: the next job polls even its first page about once', async () => {
    const server = fakeJobServer({ records: 300, durationMs: () => 70 });
    const { client, clock } = setup(server);
    await clock.runUntil(client.loadJob({ ...day, pollIntervalMs: 30 }));
    const firstJobPages = server.jobs.size;
    await clock.runUntil(client.loadJob({ ...day, pollIntervalMs: 30 }));
    const secondJob = [...server.jobs.values()].slice(firstJobPages);
    expect(secondJob).toHaveLength(3);
    // Polled at once, its first page would be polled three or more times (at 0, 30, 60 and 90 ms).
    expect(secondJob[0]?.polls.length).toBeLessThanOrEqual(2);
    // Another client starts knowing nothing: its first page is polled at once.
    const fresh = fakeJobServer({ records: 100, durationMs: () => 70 });
    const freshClient = setup(fresh);
    await freshClient.clock.runUntil(freshClient.client.loadJob({ ...day, pollIntervalMs: 30 }));
    expect([...fresh.jobs.values()][0]?.polls.length).toBeGreaterThanOrEqual(3);
  });

  it('does not learn a job length from polls a busy budget held back: once the budget is free, polls go out soon', async () => {
    const server = fakeJobServer({ records: 200, durationMs: () => 20 });
    let holdMs = 200;
    const clock = new VirtualClock(FEB_1);
    const budget: RequestBudget = {
      windowMs: 1000,
      acquire: async () => {
        if (holdMs > 0) await clock.sleep(holdMs);
        return { settle: () => undefined };
      },
      pauseFor: () => undefined,
      nextFreeInMs: () => 0,
    };
    const { client } = setup(server, { rateLimit: budget }, clock);
    await clock.runUntil(client.loadJob({ ...day, pollIntervalMs: 30 }));
    const seen = server.jobs.size;
    holdMs = 0;
    await clock.runUntil(client.loadJob({ ...day, pollIntervalMs: 30 }));
    const [firstPage] = [...server.jobs.values()].slice(seen);
    // Learning "done 200 ms after the submit" from the held-back polls would wait about 200 ms here.
    expect((firstPage?.polls[0] ?? Infinity) - (firstPage?.createdAt ?? 0)).toBeLessThan(100);
  });

  it('starts the other pages as soon as the load-job answer carries `total`', async () => {
    const server = fakeJobServer({ records: 300, durationMs: () => 400, totalOnSubmit: true });
    const { client, fake, clock } = setup(server);
    await clock.runUntil(client.loadJob({ ...day, pollIntervalMs: 50 }));
    const submits = fake.callsTo('/transaction/load-job').map((c) => c.at);
    expect((submits[2] ?? 0) - (submits[0] ?? 0)).toBeLessThan(200); // not after the first job's 400 ms
  });

  it("the first page's total decides the pages, whatever later pages claim", async () => {
    const server = fakeJobServer({ records: 250, claimedTotal: (page) => (page === 1 ? 250 : 1000) });
    const { client, fake, clock } = setup(server);
    expect(await clock.runUntil(client.loadJob({ ...day, pollIntervalMs: 5 }))).toHaveLength(250);
    expect(fake.callsTo('/transaction/load-job').map((c) => c.query['offset'])).toEqual(['1', '2', '3']);
  });

  it('an onProgress callback that throws or rejects is ignored, and no rejection goes unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { client, clock } = setup(fakeJobServer({ records: 150 }));
      const rejecting = async (): Promise<void> => {
        throw new Error('progress sink is gone');
      };
      expect(await clock.runUntil(client.loadJob({ ...day, pollIntervalMs: 5, onProgress: rejecting }))).toHaveLength(150);
      const throwing = (): void => {
        throw new Error('progress sink threw');
      };
      expect(await clock.runUntil(client.loadJob({ ...day, pollIntervalMs: 5, onProgress: throwing }))).toHaveLength(150);
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('starts at a caller-given page', async () => {
    const server = fakeJobServer({ records: 450 });
    const { client, fake, clock } = setup(server);
    const items = await clock.runUntil(client.loadJob({ ...day, offset: 3, pollIntervalMs: 5 }));
    expect(fake.callsTo('/transaction/load-job').map((c) => c.query['offset'])).toEqual(['3', '4', '5']);
    expect(items[0]?.number).toBe(201);
    expect(items).toHaveLength(250);
  });

  it('returns [] for an empty day answered with null paging', async () => {
    const server = fakeJobServer({ records: 0, nullPaging: true });
    const { client, fake, clock } = setup(server);
    const progress: LoadJobProgress[] = [];
    expect(await clock.runUntil(client.loadJob({ ...day, onProgress: (p) => progress.push(p) }))).toEqual([]);
    expect(fake.calls).toHaveLength(2);
    expect(progress.at(-1)).toEqual({ pagesDone: 1, pagesTotal: 1, records: 0, total: null });
  });

  it('without any total, follows full pages one at a time until a short one', async () => {
    const server = fakeJobServer({ records: 230, nullPaging: true });
    const { client, fake, clock } = setup(server);
    expect(await clock.runUntil(client.loadJob({ ...day, pollIntervalMs: 5 }))).toHaveLength(230);
    expect(fake.callsTo('/transaction/load-job').map((c) => c.query['offset'])).toEqual(['1', '2', '3']);
  });
});

describe('loadJob failures and recovery', () => {
  it('a failed job is APIError("Batch job failed") and stops the other pages', async () => {
    const server = fakeJobServer({ records: 2000, durationMs: () => 30, status: (page) => (page === 3 ? 'fail' : undefined) });
    const { client, fake, clock } = setup(server, { concurrency: 2 });
    const error = await rejectionOf(clock.runUntil(client.loadJob({ ...day, pollIntervalMs: 10 })));
    expect(error).toBeInstanceOf(APIError);
    expect((error as Error).message).toBe('Batch job failed');
    expect((error as APIError).details).toMatchObject({ page: 3 });
    const count = fake.calls.length;
    await clock.advance(80);
    expect(fake.calls.length).toBe(count);
    expect(clock.pending).toBe(0); // every poll's wait was cancelled
    expect(fake.callsTo('/transaction/load-job').length).toBeLessThan(20);
  });

  it('a job that never finishes is APITimeoutError after the page timeout', async () => {
    const server = fakeJobServer({ records: 10, status: () => 'working' });
    const { client, clock } = setup(server);
    const started = clock.now();
    const error = await rejectionOf(clock.runUntil(client.loadJob({ ...day, pollIntervalMs: 20, timeoutMs: 100 })));
    expect(error).toBeInstanceOf(APITimeoutError);
    expect((error as Error).message).toMatch(/page 1 was still "working" after 100 ms/);
    expect(clock.now() - started).toBeGreaterThanOrEqual(99);
    expect(clock.now() - started).toBeLessThan(1000);
    expect(clock.now() - started).toBe(100); // the last poll goes at the deadline
  });

  it('an abort during the wait between polls rejects at once and sends nothing more', async () => {
    const server = fakeJobServer({ records: 10, durationMs: () => 10_000 });
    const { client, fake, clock } = setup(server);
    const controller = new AbortController();
    const job = client.loadJob({ ...day, pollIntervalMs: 5_000, signal: controller.signal }); // driven by hand below
    await clock.advance(40);
    expect(fake.calls).toHaveLength(2); // submit, first poll; now sleeping 5 s
    const reason = new Error('stop export');
    const started = clock.now();
    controller.abort(reason);
    expect(await rejectionOf(job)).toBe(reason);
    expect(clock.now() - started).toBeLessThan(1000); // the poll interval was 5 s
    expect(fake.calls).toHaveLength(2);
  });

  it('resubmits a page once when its hash has expired (404)', async () => {
    const server = fakeJobServer({ records: 150, expireFirstPoll: [2] });
    const { client, fake, clock } = setup(server);
    expect(await clock.runUntil(client.loadJob({ ...day, pollIntervalMs: 5 }))).toHaveLength(150);
    expect(fake.callsTo('/transaction/load-job').map((c) => c.query['offset'])).toEqual(['1', '2', '2']);
  });

  it('a job record that does not fit the model is an APIError', async () => {
    const { client, clock } = setup({
      handler: (req: RecordedRequest) =>
        req.method === 'POST'
          ? json({ data: { hash: 'h' } })
          : json({ data: { status: 'pass', data: [{ id: 'nope' }], offset: 1, limit: 100, total: 1 } }),
    });
    await expect(clock.runUntil(client.loadJob(day))).rejects.toThrow(/unexpected response to job page 1/);
  });
});
