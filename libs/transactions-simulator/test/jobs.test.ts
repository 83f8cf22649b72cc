import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { DEFAULT_JOB_DURATION_MS, startTransactionsSimulator, type TransactionsSimulator, type TransactionsSimulatorOptions } from '../src/index.js';
import { call, dayStart, FIXED_NOW, headersFor, SITE_DAY } from './helpers.js';

describe('jobs: load-job and get-job-data', () => {
  let sim: TransactionsSimulator | undefined;
  let clock: VirtualClock;
  async function start(options: TransactionsSimulatorOptions = {}): Promise<TransactionsSimulator> {
    clock = new VirtualClock(FIXED_NOW);
    sim = await startTransactionsSimulator({ clock, ...options });
    return sim;
  }
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });
  const submit = async (s: TransactionsSimulator, query: Record<string, string | number> = SITE_DAY, method = 'POST') =>
    call(s, '/transaction/load-job', { method, query });
  const poll = async (s: TransactionsSimulator, hash: string) => call(s, '/transaction/get-job-data', { query: { hash } });

  it('returns a 32-hex hash; identical criteria within 20 minutes return the same hash without a new job', async () => {
    const s = await start();
    const a = await submit(s);
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ data: { hash: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    await clock.advance(1_000);
    const b = await submit(s);
    expect(b.body.data.hash).toBe(a.body.data.hash);
    // Same hash means the same job: it became ready on the first job's schedule, not 2 s after the second submit.
    await clock.advance(1_000);
    expect((await poll(s, a.body.data.hash)).body.data.status).toBe('pass');
    await clock.advance(3_000);
    expect((await submit(s)).body.data.hash).toBe(a.body.data.hash);
    // GET works too (the spec's sample uses it) and finds the same job.
    expect((await submit(s, SITE_DAY, 'GET')).body.data.hash).toBe(a.body.data.hash);
    const page2 = await submit(s, { ...SITE_DAY, offset: 2 });
    expect(page2.body.data.hash).not.toBe(a.body.data.hash);
  });

  it('is working for jobDurationMs, then passes with that page of detailed transactions and the total', async () => {
    const s = await start({ jobDurationMs: 3000, realism: { nullTotals: false } });
    const list = await call(s, '/transaction', { query: { ...SITE_DAY, limit: 100, offset: 2 } });
    const hash = (await submit(s, { ...SITE_DAY, offset: 2 })).body.data.hash;
    const working = await poll(s, hash);
    expect(working.body).toEqual({ data: { hash, status: 'working', data: [] } });
    await clock.advance(2_999);
    expect((await poll(s, hash)).body.data.status).toBe('working');
    await clock.advance(1);
    const done = await poll(s, hash);
    expect(done.body.data).toMatchObject({ hash, status: 'pass', offset: 2, limit: 100, total: list.body.data.total });
    expect(done.body.data.data.map((t: { id: string }) => t.id)).toEqual(list.body.data.transactions.map((t: { transId: string }) => t.transId));
  });

  it('is working until the default 2 s have passed on the injected clock; its hash lives 20 minutes of it', async () => {
    const s = await start();
    expect(DEFAULT_JOB_DURATION_MS).toBe(2_000);
    const hash = (await submit(s)).body.data.hash;
    expect((await poll(s, hash)).body.data.status).toBe('working');
    await clock.advance(1_999);
    expect((await poll(s, hash)).body.data.status).toBe('working');
    await clock.advance(1);
    expect((await poll(s, hash)).body.data.status).toBe('pass');
    // Twenty minutes of the clock later the job and its hash are gone.
    await clock.advance(20 * 60_000 - 2_001);
    expect((await poll(s, hash)).status).toBe(200);
    await clock.advance(1);
    expect((await poll(s, hash)).status).toBe(404);
  });

  it('scales the job duration with timeScale', async () => {
    const s = await start({ jobDurationMs: 2000, timeScale: 0.1 });
    const hash = (await submit(s)).body.data.hash;
    await clock.advance(199);
    expect((await poll(s, hash)).body.data.status).toBe('working');
    await clock.advance(1);
    expect((await poll(s, hash)).body.data.status).toBe('pass');
  });

  it('answers an empty job with null paging under realism, numbers without it; past-the-end pages are empty', async () => {
    const s = await start({ jobDurationMs: 0 });
    // Two seconds at the online store before dawn: nothing sold.
    const quiet = { startDate: dayStart(2) + 9 * 3600, endDate: dayStart(2) + 9 * 3600 + 1, site: 'ECOM' };
    const listed = await call(s, '/transaction', { query: quiet });
    expect(listed.body.data.transactions).toEqual([]);
    const hash = (await submit(s, quiet)).body.data.hash;
    expect((await poll(s, hash)).body).toEqual({ data: { hash, status: 'pass', data: [], offset: null, limit: null, total: null } });
    s.control.setRealism({ nullJobPaging: false });
    expect((await poll(s, hash)).body.data).toEqual({ hash, status: 'pass', data: [], offset: 1, limit: 100, total: 0 });
    const past = (await submit(s, { ...SITE_DAY, offset: 99 })).body.data.hash;
    const pastBody = (await poll(s, past)).body.data;
    expect(pastBody).toMatchObject({ status: 'pass', data: [], offset: 99, limit: 100 });
    expect(pastBody.total).toBeGreaterThan(100);
  });

  it('answers 404 EntityNotFoundError for an unknown hash, an expired one, and another API id\'s', async () => {
    const s = await start({
      timeScale: 0.01,
      credentials: [
        { apiId: 'demo', apiKey: 'demo-key' },
        { apiId: 'other', apiKey: 'other-key' },
      ],
    });
    const unknown = await poll(s, '0123456789abcdef0123456789abcdef');
    expect(unknown.status).toBe(404);
    expect(unknown.body.type).toBe('EntityNotFoundError');
    const hash = (await submit(s)).body.data.hash;
    expect((await call(s, '/transaction/get-job-data', { query: { hash }, headers: headersFor('other', 'other-key') })).status).toBe(404);
    await clock.advance(20 * 60_000 * 0.01 - 1);
    expect((await poll(s, hash)).status).toBe(200);
    await clock.advance(1);
    expect((await poll(s, hash)).status).toBe(404);
    // After expiry the same criteria start a new job with a new hash.
    const again = (await submit(s)).body.data.hash;
    expect(again).not.toBe(hash);
    expect((await poll(s, again)).status).toBe(200);
  });

  it('fails the job a jobFail fault matches; leaves other jobs alone', async () => {
    const s = await start({ jobDurationMs: 1000 });
    s.control.inject({ kind: 'jobFail', count: 1 });
    const failing = (await submit(s)).body.data.hash;
    const healthy = (await submit(s, { ...SITE_DAY, offset: 2 })).body.data.hash;
    expect((await poll(s, failing)).body.data.status).toBe('working');
    await clock.advance(1000);
    expect((await poll(s, failing)).body.data).toEqual({ hash: failing, status: 'fail', data: [] });
    expect((await poll(s, healthy)).body.data.status).toBe('pass');
  });

  it('keeps a jobNeverFinishes job working until it expires', async () => {
    const s = await start({ jobDurationMs: 0 });
    s.control.inject({ kind: 'jobNeverFinishes', endpoint: 'loadJob' });
    const hash = (await submit(s)).body.data.hash;
    for (const step of [0, 60_000, 10 * 60_000, 7 * 60_000]) {
      await clock.advance(step);
      const res = await poll(s, hash);
      expect(res.body.data?.status, JSON.stringify(res.body)).toBe('working');
    }
    await clock.advance(60_000);
    expect((await poll(s, hash)).body.data.status).toBe('working');
    await clock.advance(60_000);
    expect((await poll(s, hash)).status).toBe(404);
  });

  it('applies job faults only to load-job requests the endpoint filter matches', async () => {
    const s = await start({ jobDurationMs: 0 });
    s.control.inject({ kind: 'jobFail', endpoint: 'list' });
    const hash = (await submit(s)).body.data.hash;
    expect((await poll(s, hash)).body.data.status).toBe('pass');
  });
});
