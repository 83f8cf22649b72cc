import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { startTransactionsSimulator, VALIDATION_RULES, type TransactionsSimulator } from '../src/index.js';
import { call as rawCall, DAY_S, dayStart, FIXED_NOW, headersFor, SITE_DAY, unix } from './helpers.js';

const R = VALIDATION_RULES;
const NOW_S = unix(FIXED_NOW);

describe('validation as the Data API does it (choices in VALIDATION_RULES)', () => {
  let sim: TransactionsSimulator;
  beforeAll(async () => {
    sim = await startTransactionsSimulator({
      clock: new VirtualClock(FIXED_NOW),
      credentials: [
        { apiId: 'demo', apiKey: 'demo-key' },
        { apiId: 'one-site', apiKey: 'one-key', siteCodes: ['VALPO'] },
      ],
    });
  });
  beforeEach(() => sim.control.reset());
  afterAll(() => sim.close());
  /** These tests are about validation, not the throttle: each request gets a fresh window. */
  const call: typeof rawCall = (target, path, options) => {
    sim.control.reset();
    return rawCall(target, path, options);
  };

  const lists = ['/transaction', '/transaction/type/wash', '/transaction/version-2'];

  async function expect422(path: string, query: Record<string, string | number>, message: string, method = 'GET'): Promise<void> {
    const res = await call(sim, path, { query, method });
    expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(422);
    expect(res.body).toEqual({ type: 'PayloadValidationError', messages: expect.arrayContaining([message]) });
    expect(res.body.message).toBeUndefined();
  }

  it('rejects limit outside 1..100 and non-integers with 422; accepts 1 and 100', async () => {
    for (const path of lists) {
      for (const limit of ['0', '101', '-1', '10.5', 'ten']) await expect422(path, { ...SITE_DAY, limit }, R.limitOutOfRange.message);
      for (const limit of [1, 100]) expect((await call(sim, path, { query: { ...SITE_DAY, limit } })).status).toBe(200);
    }
  });

  it('rejects offset below 1 and non-integers with 422', async () => {
    for (const path of lists) {
      for (const offset of ['0', '-3', '1.5', 'x']) await expect422(path, { ...SITE_DAY, offset }, R.offsetOutOfRange.message);
    }
  });

  it('answers 400 InvalidPayloadRequestTimestampError for dates that are not Unix seconds', async () => {
    for (const startDate of ['06/01/2025', '2026-11-01', 'yesterday']) {
      const res = await call(sim, '/transaction', { query: { ...SITE_DAY, startDate } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ type: 'InvalidPayloadRequestTimestampError', message: R.timestampNotNumeric.message });
    }
    const end = await call(sim, '/transaction/load-job', { method: 'POST', query: { ...SITE_DAY, endDate: '2026-11-01T00:00:00Z' } });
    expect(end.status).toBe(400);
  });

  it('rejects a range over 31 days, accepts exactly 31 days', async () => {
    const end = dayStart(1);
    await expect422('/transaction', { startDate: end - 31 * DAY_S - 1, endDate: end, site: 'HOBART' }, R.rangeOverMonth.message);
    const ok = await call(sim, '/transaction', { query: { startDate: end - 31 * DAY_S, endDate: end, site: 'ECOM' } });
    expect(ok.status).toBe(200);
  });

  it('rejects dates older than six months and dates in the future', async () => {
    const old = NOW_S - 190 * DAY_S;
    await expect422('/transaction', { startDate: old, endDate: old + DAY_S }, R.startOlderThanSixMonths.message);
    await expect422('/transaction/version-2', { startDate: old, endDate: old + DAY_S }, R.endOlderThanSixMonths.message);
    await expect422('/transaction', { startDate: NOW_S - 3600, endDate: NOW_S + 3600 }, R.endInFuture.message);
    await expect422('/transaction', { startDate: NOW_S + 3600, endDate: NOW_S + 7200 }, R.startInFuture.message);
    // Up to a minute ahead counts as clock skew, not the future.
    expect((await call(sim, '/transaction', { query: { startDate: NOW_S - 3600, endDate: NOW_S + 30, site: 'NAPER' } })).status).toBe(200);
    // Five months back is fine.
    const fiveMonths = NOW_S - 150 * DAY_S;
    expect((await call(sim, '/transaction', { query: { startDate: fiveMonths, endDate: fiveMonths + 3600, site: 'NAPER' } })).status).toBe(200);
  });

  it('rejects a start after the end', async () => {
    await expect422('/transaction', { startDate: SITE_DAY.endDate, endDate: SITE_DAY.startDate }, R.startAfterEnd.message);
  });

  it('reports every invalid parameter at once', async () => {
    const res = await call(sim, '/transaction', { query: { ...SITE_DAY, limit: 0, offset: 0 } });
    expect(res.body.messages).toEqual([R.limitOutOfRange.message, R.offsetOutOfRange.message]);
  });

  it('defaults to today (midnight UTC to now), limit 100 and offset 1', async () => {
    const res = await call(sim, '/transaction', { query: { site: 'NAPER' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ offset: 1, limit: 100 });
    const explicit = await call(sim, '/transaction', { query: { site: 'NAPER', startDate: dayStart(0), endDate: NOW_S, limit: 100, offset: 1 } });
    expect(res.text).toBe(explicit.text);
  });

  it('rejects an unknown item_type with 422 and accepts every documented one', async () => {
    await expect422('/transaction/type/car', SITE_DAY, R.unknownItemType.message);
    await expect422('/transaction/type/WASH', SITE_DAY, R.unknownItemType.message);
    for (const type of ['wash', 'prepaid-wash', 'recurring', 'washbook', 'giftcard', 'merchandise', 'house-account']) {
      expect((await call(sim, `/transaction/type/${type}`, { query: SITE_DAY })).status).toBe(200);
    }
  });

  it('answers 404 for an unknown site or region, and ignores region when site is sent', async () => {
    const site = await call(sim, '/transaction', { query: { ...SITE_DAY, site: 'invalid' } });
    expect(site.status).toBe(404);
    expect(site.body).toEqual({ type: 'EntityNotFoundError', message: R.siteNotFound.message });
    const { site: _s, ...range } = SITE_DAY;
    const region = await call(sim, '/transaction/version-2', { query: { ...range, region: 'invalid' } });
    expect(region.body).toEqual({ type: 'EntityNotFoundError', message: R.regionNotFound.message });
    const both = await call(sim, '/transaction', { query: { ...SITE_DAY, region: 'invalid' } });
    expect(both.status).toBe(200);
  });

  it('filters by region', async () => {
    const { site: _s, ...range } = SITE_DAY;
    const res = await call(sim, '/transaction', { query: { ...range, region: 'INDIANA', limit: 100 } });
    const siteIds = new Set(res.body.data.transactions.map((t: { transId: string }) => t.transId.split(':')[1]));
    expect([...siteIds].sort()).toEqual(['1021', '1022', '1024']);
  });

  it('answers 422 for a malformed transaction id and 404 for one that does not exist', async () => {
    await expect422('/transaction/abc', {}, R.transIdMalformed.message);
    await expect422('/transaction/12-1001', {}, R.transIdMalformed.message);
    for (const id of ['999:999', '1:1001', '99999999:1001']) {
      const res = await call(sim, `/transaction/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ type: 'EntityNotFoundError', message: R.transactionNotFound.message });
    }
  });

  it('limits load-job to 24 hours, a limit of 100 and one site', async () => {
    const start = dayStart(2);
    await expect422('/transaction/load-job', { startDate: start, endDate: start + DAY_S + 1, site: 'NAPER' }, R.jobRangeOver24h.message, 'POST');
    expect((await call(sim, '/transaction/load-job', { method: 'POST', query: { startDate: start, endDate: start + DAY_S, site: 'NAPER' } })).status).toBe(200);
    await expect422('/transaction/load-job', { ...SITE_DAY, limit: 50 }, R.jobLimitNot100.message, 'POST');
    const { site: _s, ...range } = SITE_DAY;
    await expect422('/transaction/load-job', range, 'site: Only 1 site can be selected.', 'POST');
    await expect422('/transaction/load-job', { ...range, region: 'INDIANA' }, 'site: Only 1 site can be selected.', 'POST');
    // One visible site (by credential or by header) needs no site argument.
    const single = await call(sim, '/transaction/load-job', { method: 'POST', query: range, headers: headersFor('one-site', 'one-key') });
    expect(single.status).toBe(200);
    const scoped = await call(sim, '/transaction/load-job', { method: 'POST', query: range, headers: headersFor('demo', 'demo-key', 'NAPER') });
    expect(scoped.status).toBe(200);
  });

  it('asks for the hash on get-job-data', async () => {
    await expect422('/transaction/get-job-data', {}, R.hashMissing.message);
  });

  it('answers 404 EntityNotFoundError for unknown paths and methods', async () => {
    for (const [path, method] of [['/transactions', 'GET'], ['/transaction', 'POST'], ['/site/list', 'DELETE']] as const) {
      const res = await call(sim, path, { method });
      expect(res.status).toBe(404);
      expect(res.body.type).toBe('EntityNotFoundError');
    }
    const noPrefix = await fetch(sim.url.replace(/\/v1$/, '') + '/transaction', { headers: headersFor('demo', 'demo-key') });
    expect(noPrefix.status).toBe(404);
  });
});
