import { startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';
import { APIError, APITimeoutError, DateRangeError, RateLimitError, ValidationError } from '@washops/shared-errors';
import { StoreUnavailableError } from '@washops/store';
import { TransactionsClient } from '@washops/transactions-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastFourDigits, toWarehouseTransaction } from '../src/warehouse/mapping.js';
import { allowedDays, daysBetween, localDayOf, planSiteDays, siteDayWindows, zoneOrUtc } from '../src/warehouse/plan.js';
import { fetchSiteDay, toWarehouseSites } from '../src/warehouse/site-day.js';
import { isTransient } from '../src/warehouse/worker.js';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('site-day windows', () => {
  it('an ordinary Chicago day is local midnight to the next local midnight minus one second', () => {
    expect(siteDayWindows('2026-01-15', 'America/Chicago').map((w) => [iso(w.startSeconds), iso(w.endSeconds)])).toEqual([
      ['2026-01-15T06:00:00.000Z', '2026-01-16T05:59:59.000Z'],
    ]);
  });

  it('a 23-hour spring-forward day is one window', () => {
    const windows = siteDayWindows('2026-03-08', 'America/Chicago');
    expect(windows).toHaveLength(1);
    expect(windows.map((w) => [iso(w.startSeconds), iso(w.endSeconds)])).toEqual([['2026-03-08T06:00:00.000Z', '2026-03-09T04:59:59.000Z']]);
  });

  it('a 25-hour fall-back day is two windows, each within 24 hours, covering the day without gap or overlap', () => {
    const windows = siteDayWindows('2026-11-01', 'America/Chicago');
    expect(windows).toHaveLength(2);
    const [first, second] = windows as [(typeof windows)[0], (typeof windows)[0]];
    expect(iso(first.startSeconds)).toBe('2026-11-01T05:00:00.000Z');
    expect(iso(second.endSeconds)).toBe('2026-11-02T05:59:59.000Z');
    expect(second.startSeconds).toBe(first.endSeconds + 1);
    for (const w of windows) expect(w.endSeconds - w.startSeconds).toBeLessThanOrEqual(86_400);
  });

  it('a zone whose day starts at 01:00 (no local midnight on a DST change) and a half-hour zone', () => {
    // Santiago moved its clocks from 00:00 to 01:00 on 2026-09-06.
    const [santiago] = siteDayWindows('2026-09-06', 'America/Santiago');
    expect(localDayOf(santiago?.startSeconds ?? 0, 'America/Santiago')).toBe('2026-09-06');
    expect(localDayOf((santiago?.startSeconds ?? 0) - 1, 'America/Santiago')).toBe('2026-09-05');
    expect(siteDayWindows('2026-01-15', 'Asia/Kolkata').map((w) => iso(w.startSeconds))).toEqual(['2026-01-14T18:30:00.000Z']);
  });

  it('a site without a zone is on UTC', () => {
    expect(zoneOrUtc(null)).toBe('UTC');
    expect(zoneOrUtc('')).toBe('UTC');
    expect(siteDayWindows('2026-01-15', zoneOrUtc('')).map((w) => iso(w.startSeconds))).toEqual(['2026-01-15T00:00:00.000Z']);
  });
});

describe('planning a backfill', () => {
  const now = Date.parse('2026-11-20T12:00:00Z');
  const chicago = [{ siteCode: 'NILES', timeZone: 'America/Chicago' }];

  it('the allowed range is whole local days inside six months back that have ended', () => {
    expect(allowedDays('America/Chicago', now)).toEqual({ from: '2026-05-21', to: '2026-11-19' });
  });

  it('days × sites, in order', () => {
    const keys = planSiteDays(daysBetween('2026-11-17', '2026-11-18'), [...chicago, { siteCode: 'CENT', timeZone: 'America/Chicago' }], now);
    expect(keys).toEqual([
      { siteCode: 'NILES', day: '2026-11-17' },
      { siteCode: 'NILES', day: '2026-11-18' },
      { siteCode: 'CENT', day: '2026-11-17' },
      { siteCode: 'CENT', day: '2026-11-18' },
    ]);
  });

  it('refuses today (not ended), the future and days past the look-back, naming the allowed range', () => {
    for (const [from, to] of [
      ['2026-11-19', '2026-11-20'],
      ['2026-12-01', '2026-12-01'],
      ['2026-05-20', '2026-05-22'],
    ] as const) {
      const attempt = () => planSiteDays(daysBetween(from, to), chicago, now);
      expect(attempt).toThrow(DateRangeError);
      expect(attempt).toThrow(/from 2026-05-21 to 2026-11-19/);
    }
  });

  it('refuses malformed days and an end before the start as validation errors', () => {
    expect(() => daysBetween('2026-02-30', '2026-03-01')).toThrow(ValidationError);
    expect(() => daysBetween('yesterday', '2026-03-01')).toThrow(ValidationError);
    expect(() => daysBetween('2026-03-02', '2026-03-01')).toThrow(ValidationError);
  });
});

describe('mapping job records', () => {
  let sim: TransactionsSimulator;
  let client: TransactionsClient;
  beforeAll(async () => {
    sim = await startTransactionsSimulator({ timeScale: 0.01, realism: true });
    client = new TransactionsClient({ apiId: 'demo', apiKey: 'demo-key', baseUrl: sim.url, rateLimit: { requests: 20, windowMs: 150 } });
  });
  afterAll(async () => {
    await client.close();
    await sim.close();
  });

  it('keeps only the last four digits of a card number, whatever the vendor sends', () => {
    expect(lastFourDigits('4111111111111111')).toBe('1111');
    expect(lastFourDigits('**** 4242')).toBe('4242');
    expect(lastFourDigits('')).toBeNull();
    expect(lastFourDigits(null)).toBeNull();
  });

  it("a site-day fetched from the simulator's jobs (realism on) maps to cents, UTC times and null v2 fields, and equals its count and sum", async () => {
    const [site] = toWarehouseSites(await client.listSites()).filter((s) => s.siteCode === 'BERWYN');
    expect(site?.timeZone).toBe('America/Chicago');
    const day = localDayOf(Math.floor(Date.now() / 1000) - 3 * 86_400, 'America/Chicago');
    const key = { siteCode: 'BERWYN', day };
    const { transactions: rows, vendorTotal } = await fetchSiteDay(key, 'America/Chicago', { client, pollIntervalMs: 20, jobTimeoutMs: 30_000 });
    const [window] = siteDayWindows(day, 'America/Chicago');
    const expected = sim.control.summary({ siteCode: 'BERWYN', startMs: (window?.startSeconds ?? 0) * 1000, endMs: (window?.endSeconds ?? 0) * 1000 });
    expect(rows.length).toBe(expected.count);
    // Realism may leave `total` out of an answer (as the live API does at times); when sent, it counts the day.
    expect(vendorTotal === null || vendorTotal === expected.count).toBe(true);
    expect(rows.reduce((sum, r) => sum + r.totalCents, 0)).toBe(expected.totalCents);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    for (const row of rows) {
      expect(row).toMatchObject({ siteCode: 'BERWYN', day, timeZone: 'America/Chicago' });
      expect(localDayOf(Math.floor(row.completedAt.getTime() / 1000), 'America/Chicago')).toBe(day);
      expect(Number.isInteger(row.totalCents)).toBe(true);
      expect(row.isRecurringPlanSale).toBeNull();
      expect(row.transactionStatus).toBeNull();
      for (const tender of row.tenders) expect(tender.cardLastFour === null || /^\d{4}$/.test(tender.cardLastFour)).toBe(true);
    }
    expect(rows.some((r) => r.tenders.some((t) => t.cardLastFour !== null))).toBe(true);
    expect(rows.some((r) => r.discounts.length > 0 && r.discounts.every((d) => Number.isInteger(d.amountCents)))).toBe(true);
  });

  it("a job that hands back fewer records than its own total is an APIError worth a retry, and nothing is returned as whole", async () => {
    // The simulator's answers, with the last page of each job cut short on the way.
    const shortening: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (!url.pathname.endsWith('/get-job-data')) return response;
      const body = (await response.json()) as { data: { status: string; data: unknown[]; offset: number | null; total: number | null } };
      const { data } = body;
      if (data.status === 'pass' && data.total !== null && data.offset === Math.ceil(data.total / 100)) data.data = data.data.slice(1);
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    };
    // Without realism every answer carries `total` (realism leaves it out of some, as the live API does).
    const plain = await startTransactionsSimulator({ timeScale: 0.01 });
    const cutting = new TransactionsClient({ apiId: 'demo', apiKey: 'demo-key', baseUrl: plain.url, rateLimit: { requests: 20, windowMs: 150 }, fetch: shortening });
    try {
      const day = localDayOf(Math.floor(Date.now() / 1000) - 4 * 86_400, 'America/Chicago');
      const failure = await fetchSiteDay({ siteCode: 'BERWYN', day }, 'America/Chicago', { client: cutting, pollIntervalMs: 20, jobTimeoutMs: 30_000 }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(APIError);
      expect((failure as APIError).message).toMatch(/gave \d+ of the \d+ records it counted/);
      expect(isTransient(failure)).toBe(true);
    } finally {
      await cutting.close();
      await plain.close();
    }
  });

  it('a record with an unreadable completeDate is an APIError a retry would not fix', async () => {
    const [item] = await client.loadJob({ site: 'BERWYN', startDate: Math.floor(Date.now() / 1000) - 86_400 * 2, endDate: Math.floor(Date.now() / 1000) - 86_400, pollIntervalMs: 20 });
    expect(item).toBeDefined();
    let unreadable: unknown;
    try {
      toWarehouseTransaction({ ...item!, completeDate: 'not a date' }, { siteCode: 'BERWYN', day: '2026-11-01' }, 'America/Chicago');
    } catch (error) {
      unreadable = error;
    }
    expect(unreadable).toBeInstanceOf(APIError);
    expect(isTransient(unreadable)).toBe(false);
  });

  it('maps a record with the v2 fields as given and a card number longer than four digits to its last four', async () => {
    const [item] = await client.loadJob({ site: 'BERWYN', startDate: Math.floor(Date.now() / 1000) - 86_400 * 2, endDate: Math.floor(Date.now() / 1000) - 86_400, pollIntervalMs: 20 });
    expect(item).toBeDefined();
    const withV2 = { ...item!, isRecurringPlanSale: true, isRecurringPlanRedemption: false, transactionStatus: 'Completed', total: 12.345 };
    withV2.tenders = [{ ...item!.tenders[0]!, creditCardLastFour: '5555444433332222' }];
    const row = toWarehouseTransaction(withV2, { siteCode: 'BERWYN', day: '2026-01-01' }, 'America/Chicago');
    expect(row).toMatchObject({ isRecurringPlanSale: true, isRecurringPlanRedemption: false, transactionStatus: 'Completed', totalCents: 1235 });
    expect(row.tenders[0]?.cardLastFour).toBe('2222');
  });
});

describe('which failures a site-day retries', () => {
  it('retries network, server, time-out and failed-job errors and a busy or lost database; not a record that does not fit', () => {
    expect(isTransient(new APIError('Batch job failed', { details: { status: 'fail' } }))).toBe(true);
    expect(isTransient(new APIError('Could not reach the Data API', { status: 503 }))).toBe(true);
    expect(isTransient(new APITimeoutError('slow'))).toBe(true);
    expect(isTransient(new RateLimitError('429'))).toBe(true);
    expect(isTransient(new StoreUnavailableError('gone'))).toBe(true);
    expect(isTransient(new APIError('unexpected response', { details: { issues: [{ path: 'data.0.id', message: 'Required' }] } }))).toBe(false);
    expect(isTransient(new ValidationError('bad'))).toBe(false);
  });
});
