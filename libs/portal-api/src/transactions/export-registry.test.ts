import { TRPCError } from '@trpc/server';
import { APIError } from '@washops/shared-errors';
import { INTERRUPTED_MESSAGE, openStore, type Store } from '@washops/store';
import { RateLimiter, TransactionsClient, type LoadJobOptions } from '@washops/transactions-client';
import { pinnedClock, startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { transactionsCsv } from './export-csv.js';
import { ExportRegistry, type ExportClient, type ExportRegistryOptions, type ExportView } from './export-registry.js';

const TIME_SCALE = 0.02;
const DAY = 86_400;
const clock = pinnedClock();
const yesterday = Math.floor(clock.now() / 86_400_000) * DAY - DAY;
const day = { site: 'CENT', startDate: yesterday, endDate: yesterday + DAY - 1 };

let sim: TransactionsSimulator;
let store: Store;
let alice: number;
let bob: number;
const registries: ExportRegistry[] = [];
const clients: TransactionsClient[] = [];

beforeAll(async () => {
  [sim, store] = await Promise.all([startTransactionsSimulator({ port: 0, seed: 'demo', timeScale: TIME_SCALE, clock }), openStore({ inMemory: true })]);
  alice = (await store.users.add({ username: 'alice', role: 'viewer', passwordHash: 'scrypt$test$alice' })).id;
  bob = (await store.users.add({ username: 'bob', role: 'admin', passwordHash: 'scrypt$test$bob' })).id;
});

afterEach(async () => {
  await Promise.all(registries.splice(0).map((r) => r.close()));
  await Promise.all(clients.splice(0).map((c) => c.close()));
  for (const owner of [alice, bob]) for (const view of await store.exports.listForOwner(owner)) await store.exports.cancel(view.id, owner);
  await store.exports.deleteEnded({ olderThanMs: 0, keepPerOwner: 0 });
});

afterAll(async () => {
  await store?.close();
  await sim?.close();
});

/** A Data API client over the simulator, as the portal builds one for exports. */
function simulatorClient(): TransactionsClient {
  const client = new TransactionsClient({ apiId: 'demo', apiKey: 'demo-key', baseUrl: sim.url, clock, rateLimit: new RateLimiter({ requests: 20, windowMs: 15_000 * TIME_SCALE }) });
  clients.push(client);
  return client;
}

/** A registry over the shared store: one per simulated process. */
function registry(client: ExportClient, options: ExportRegistryOptions = {}): ExportRegistry {
  const made = new ExportRegistry(client, store, { pollIntervalMs: 2000 * TIME_SCALE, pruneEveryMs: 0, ...options });
  registries.push(made);
  return made;
}

/** A job that reports its first page and then waits until its signal aborts; `aborted` tells which calls saw it. */
function hangingClient() {
  const signals: AbortSignal[] = [];
  const client: ExportClient = {
    loadJob: (options: LoadJobOptions) =>
      new Promise((_resolve, reject) => {
        const signal = options.signal as AbortSignal;
        signals.push(signal);
        options.onProgress?.({ pagesDone: 1, pagesTotal: 4, records: 100, total: 400 });
        signal.addEventListener('abort', () => reject(signal.reason));
      }),
  };
  return { client, aborted: () => signals.filter((s) => s.aborted).length };
}

const instantClient: ExportClient = { loadJob: () => Promise.resolve([]) };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(read: () => Promise<ExportView>, until: (view: ExportView) => boolean, timeoutMs = 15_000): Promise<ExportView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = await read();
    if (until(view)) return view;
    if (Date.now() > deadline) throw new Error(`export ${view.id} still ${view.state} after ${timeoutMs} ms`);
    await sleep(20);
  }
}

async function refusal(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe('exports kept in the store', () => {
  it('a finished export downloads from a new registry over the same store, to its owner only', async () => {
    const before = registry(simulatorClient());
    const started = await before.start(alice, day);
    const done = await waitFor(() => before.status(alice, started.id), (v) => v.state !== 'running');
    expect(done).toMatchObject({ state: 'finished', site: 'CENT', error: null });
    expect(done.pagesDone).toBe(done.pagesTotal);
    const csv = await before.csv(alice, started.id);
    await before.close();

    const after = registry(instantClient);
    expect(await after.list(alice)).toEqual([done]);
    const again = await after.csv(alice, started.id);
    expect(again).toEqual(csv);
    expect(again?.filename).toMatch(/^transactions-CENT-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(again?.body.split('\r\n').filter(Boolean)).toHaveLength(done.records + 1);
    expect(await after.csv(bob, started.id)).toBeNull();
    expect((await refusal(after.status(bob, started.id))).code).toBe('NOT_FOUND');
    expect(await after.list(bob)).toEqual([]);
  });

  it('a running export whose process stopped is shown interrupted by a new registry, and runs again to the same rows', async () => {
    // Registry A "stops": its job never ends and it writes nothing more (no heartbeat within the test).
    const stopped = registry(hangingClient().client, { heartbeatMs: 3_600_000 });
    const lost = await stopped.start(alice, day);
    const next = registry(simulatorClient(), { staleAfterMs: 300 });
    expect((await next.list(alice)).map((v) => v.state)).toEqual(['running']);
    await sleep(500);
    expect((await next.status(alice, lost.id)).state).toBe('interrupted');
    const [interrupted] = await next.list(alice);
    expect(interrupted).toMatchObject({ id: lost.id, state: 'interrupted', pagesDone: 1, records: 100, error: { code: 'INTERRUPTED', message: INTERRUPTED_MESSAGE } });
    expect(interrupted?.finishedAt).not.toBeNull();

    expect((await refusal(next.rerun(bob, lost.id))).code).toBe('NOT_FOUND');
    const rerun = await next.rerun(alice, lost.id);
    expect(rerun.id).not.toBe(lost.id);
    expect(rerun).toMatchObject({ state: 'running', site: day.site, startDate: lost.startDate, endDate: lost.endDate });
    const finished = await waitFor(() => next.status(alice, rerun.id), (v) => v.state !== 'running');
    expect(finished.state).toBe('finished');
    const expected = transactionsCsv(await simulatorClient().loadJob({ ...day, pollIntervalMs: 2000 * TIME_SCALE }));
    expect((await next.csv(alice, rerun.id))?.body).toBe(expected);
    // A finished export is not run again; the interrupted one stays listed beside its rerun.
    expect((await refusal(next.rerun(alice, rerun.id))).code).toBe('BAD_REQUEST');
    expect((await next.list(alice)).map((v) => [v.id, v.state])).toEqual([
      [rerun.id, 'finished'],
      [lost.id, 'interrupted'],
    ]);
  });

  it('an export another live registry runs is not interrupted, however long it takes', async () => {
    const job = hangingClient();
    const a = registry(job.client, { heartbeatMs: 50 });
    const started = await a.start(alice, day);
    const b = registry(instantClient, { staleAfterMs: 300 });
    await sleep(800);
    expect(await b.interruptStale()).toBe(0);
    expect(await b.status(alice, started.id)).toMatchObject({ state: 'running', pagesDone: 1 });
    expect(job.aborted()).toBe(0);
  });

  it('a cancel made through another registry aborts the running job at its next heartbeat', async () => {
    const job = hangingClient();
    const a = registry(job.client, { heartbeatMs: 50 });
    const b = registry(instantClient);
    const started = await a.start(alice, day);
    expect((await refusal(b.cancel(bob, started.id))).code).toBe('NOT_FOUND');
    expect(await b.cancel(alice, started.id)).toMatchObject({ id: started.id, state: 'cancelled' });
    await expect.poll(job.aborted, { timeout: 5_000 }).toBe(1);
    await sleep(100);
    expect((await a.status(alice, started.id)).state).toBe('cancelled');
    expect(await a.csv(alice, started.id)).toBeNull();
  });

  it('a cancel made through another registry aborts the running job at its next progress write', async () => {
    const signals: AbortSignal[] = [];
    // Pages answer every 30 ms; no heartbeat within the test, so only a progress write can notice the cancel.
    const paging: ExportClient = {
      loadJob: (options: LoadJobOptions) =>
        new Promise((_resolve, reject) => {
          const signal = options.signal as AbortSignal;
          signals.push(signal);
          let pagesDone = 0;
          const page = setInterval(() => options.onProgress?.({ pagesDone: ++pagesDone, pagesTotal: 1000, records: pagesDone * 100, total: 100_000 }), 30);
          signal.addEventListener('abort', () => {
            clearInterval(page);
            reject(signal.reason);
          });
        }),
    };
    const a = registry(paging, { heartbeatMs: 3_600_000 });
    const started = await a.start(alice, day);
    await waitFor(() => a.status(alice, started.id), (v) => v.pagesDone >= 2);
    await registry(instantClient).cancel(alice, started.id);
    await expect.poll(() => signals.filter((s) => s.aborted).length, { timeout: 5_000 }).toBe(1);
    const cancelled = await a.status(alice, started.id);
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.pagesDone).toBeLessThan(1000);
  });

  it('a cancel in the registry running the job aborts it at once', async () => {
    const job = hangingClient();
    const a = registry(job.client, { heartbeatMs: 3_600_000 });
    const started = await a.start(alice, day);
    await a.cancel(alice, started.id);
    expect(job.aborted()).toBe(1);
    // Cancelling an ended export leaves it as it is.
    expect((await a.cancel(alice, started.id)).state).toBe('cancelled');
  });

  it('counts running exports of every registry against the per-user and overall limits', async () => {
    const limits = { maxRunningPerUser: 2, maxRunning: 3 };
    const a = registry(hangingClient().client, limits);
    const b = registry(hangingClient().client, limits);
    await a.start(alice, day);
    await a.start(alice, { ...day, site: 'HOBART' });
    const perUser = await refusal(b.start(alice, { ...day, site: 'VALPO' }));
    expect(perUser.code).toBe('TOO_MANY_REQUESTS');
    expect(perUser.message).toMatch(/You already have 2 exports running/);
    await b.start(bob, day);
    const overall = await refusal(b.start(bob, { ...day, site: 'VALPO' }));
    expect(overall.message).toMatch(/3 exports are running on the portal already/);
    // A cancel anywhere frees a place everywhere.
    const [first] = await a.list(alice);
    await b.cancel(alice, first!.id);
    expect((await b.start(bob, { ...day, site: 'VALPO' })).state).toBe('running');
  });

  it('records a failed job with its public error, and it can run again', async () => {
    let fail = true;
    const flaky: ExportClient = { loadJob: () => (fail ? Promise.reject(new APIError('Batch job failed')) : Promise.resolve([])) };
    const a = registry(flaky);
    const started = await a.start(alice, day);
    const failed = await waitFor(() => a.status(alice, started.id), (v) => v.state !== 'running');
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'API_ERROR', message: expect.stringMatching(/^Batch job failed/) } });
    // The reference shown is the one logged, read back from the store.
    expect(failed.error?.message).toBe(`Batch job failed. Reference: ${failed.error?.details['reference']}.`);
    fail = false;
    const again = await a.rerun(alice, started.id);
    expect((await waitFor(() => a.status(alice, again.id), (v) => v.state !== 'running')).state).toBe('finished');
  });

  it('marks its own running exports interrupted when it closes (a server shutting down)', async () => {
    const job = hangingClient();
    const a = registry(job.client, { heartbeatMs: 3_600_000 });
    const started = await a.start(alice, day);
    await a.close();
    expect(job.aborted()).toBe(1);
    expect((await registry(instantClient).status(alice, started.id)).state).toBe('interrupted');
  });

  it('keeps each user’s newest ended exports and deletes the rest, and deletes any after their time', async () => {
    const a = registry(instantClient, { maxEndedPerUser: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const started = await a.start(alice, day);
      await waitFor(() => a.status(alice, started.id), (v) => v.state === 'finished');
      ids.push(started.id);
    }
    await a.start(bob, day);
    expect((await a.list(alice)).map((v) => v.id)).toEqual([ids[3], ids[2]]);
    expect(await a.csv(alice, ids[0]!)).toBeNull();
    expect((await refusal(a.status(alice, ids[1]!))).code).toBe('NOT_FOUND');

    const short = registry(instantClient, { keepEndedMs: 200 });
    await sleep(300);
    expect(await short.list(alice)).toEqual([]);
    expect(await short.list(bob)).toEqual([]);
  });
});
