import { VirtualClock } from '@washops/client-core';
import { APIError, DateRangeError } from '@washops/shared-errors';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fakeDataApi, rejectionOf } from '../../test/support/fake-client.js';
import { json, listPage, never, transaction } from '../../test/support/fake-fetch.js';
import { clockEntry, customerDetail, recurringDetail } from '../../test/support/resource-fixtures.js';
import { CustomerListParamsSchema, DataApiClient, oldestAllowedSeconds, RateLimiter } from '../index.js';

describe("the client's clock decides \"today\" for the date rules", () => {
  // Years after any day this suite runs: every rule below answers differently on the system clock.
  const FAR_NOW = Date.UTC(2040, 0, 1, 15, 0, 0);
  const empty = () => json({ data: { customers: [], giftcards: [], accounts: [], offset: 1, limit: 100, total: 0 } });

  it('accepts what is past on its clock and refuses what is older than the look-back from it', async () => {
    const { client, fake } = fakeDataApi((request) => (request.path.startsWith('/transaction') ? json(listPage([], 0)) : empty()), {
      clock: new VirtualClock(FAR_NOW),
    });
    await client.customers.list({ startDate: '2039-12-31' }); // "after today" on the system clock
    await client.transactions.list({ startDate: '2039-12-30', endDate: '2039-12-31' });
    await client.recurring.list({ startDate: Date.UTC(2039, 11, 1) / 1000 }); // open end: up to its "now", 31 days
    expect(fake.calls).toHaveLength(3);
    await expect(client.giftCards.list({ startDate: '2026-01-15', endDate: '2026-01-16' })).rejects.toBeInstanceOf(DateRangeError);
    await expect(client.transactions.list({ startDate: '2039-06-30' })).rejects.toThrow(/6 months back \(from 2039-07-01T15:00:00.000Z\)/);
    await expect(client.recurring.listDetails({ startDate: Date.UTC(2039, 10, 1) / 1000 })).rejects.toBeInstanceOf(DateRangeError);
    expect(fake.calls).toHaveLength(3);
  });

  it('outside a client, the exported rules still read the system clock', async () => {
    const { client } = fakeDataApi(empty, { clock: new VirtualClock(FAR_NOW) });
    await client.customers.list({ startDate: '2039-12-31' });
    expect(CustomerListParamsSchema.safeParse({ startDate: '2039-12-31' }).success).toBe(false);
    expect(Math.abs(oldestAllowedSeconds() - oldestAllowedSeconds(Date.now()))).toBeLessThanOrEqual(1);
  });
});

describe('employees.clockEntries', () => {
  it('asks in inclusive chunks of at most 14 days as YYYY-MM-DD, flattens the weeks and adds the employee and week', async () => {
    const { client, fake } = fakeDataApi((request) => {
      const from = request.query['startDate'] ?? '';
      return json({ data: { weeks: [{ week: `${from} - …`, weekTotalRegularHours: 8, weekTotalOverTimeHours: 0, clockEntries: [clockEntry(from)] }] } });
    });
    const entries = await client.employees.clockEntries('7', { startDate: '2026-01-01', endDate: '2026-01-20' });
    expect(fake.calls.map((c) => [c.path, c.query])).toEqual([
      ['/employee/7/clock-entries', { startDate: '2026-01-01', endDate: '2026-01-14' }],
      ['/employee/7/clock-entries', { startDate: '2026-01-15', endDate: '2026-01-20' }],
    ]);
    expect(entries).toEqual([
      {
        employeeId: 7,
        week: '2026-01-01 - …',
        clockIn: '2026-01-01T13:00:00.000Z',
        clockOut: '2026-01-01T21:00:00.000Z',
        regularRate: 15,
        regularHours: 8,
        overtimeEligible: true,
        overtimeRate: 22.5,
        overtimeHours: 0,
        wasModified: false,
        modificationTimestamp: null,
        wasCreatedInBackOffice: false,
        siteCode: 'JOLIET',
      },
      expect.objectContaining({ employeeId: 7, clockIn: '2026-01-15T13:00:00.000Z' }),
    ]);
  });

  it('keeps only the entries of siteCode (the header may not filter them), counts a shift sent twice once, keeps open shifts', async () => {
    const shared = clockEntry('2026-01-14', { clockOut: null });
    const { client, fake } = fakeDataApi(() =>
      json({ data: { weeks: [{ week: 'w', clockEntries: [shared, clockEntry('2026-01-10', { siteCode: 'NILES' })] }, { week: 'x', clockEntries: null }] } }),
    );
    const entries = await client.employees.clockEntries(7, { startDate: '2026-01-01', endDate: '2026-01-28', siteCode: 'JOLIET' });
    expect(fake.calls).toHaveLength(2);
    expect(entries).toEqual([expect.objectContaining({ siteCode: 'JOLIET', clockOut: null, week: 'w' })]);
  });

  it('a range of one day is one request; an empty answer is no entries', async () => {
    const { client, fake } = fakeDataApi(() => json({ data: { weeks: [] } }));
    expect(await client.employees.clockEntries(7, { startDate: new Date('2026-01-05T23:00:00Z'), endDate: '2026-01-05' })).toEqual([]);
    expect(fake.calls.map((c) => c.query)).toEqual([{ startDate: '2026-01-05', endDate: '2026-01-05' }]);
  });
});

describe('one client, one budget, one lifetime', () => {
  it('a resource call and a transaction call count against one limiter', async () => {
    const { client, fake } = fakeDataApi(
      (request) => (request.path.startsWith('/transaction') ? json({ data: transaction() }) : json({ data: customerDetail })),
      { rateLimit: { requests: 2, windowMs: 60_000 } },
    );
    await client.transactions.get('876:1001');
    await client.customers.get('5012:1001');
    expect(client.transactions.rateLimiter.nextFreeInMs()).toBeGreaterThan(50_000);
    // A third request of either kind waits for the same window.
    const waiting = client.recurring.get('701:1001', { signal: AbortSignal.timeout(50) });
    expect(await rejectionOf(waiting)).toBeDefined();
    expect(fake.calls.map((c) => c.path)).toEqual(['/transaction/876%3A1001', '/customer/5012%3A1001']);
    expect(client.transactions.stats.requests).toBe(2);
  });

  it('shares a RateLimiter passed in with other clients of the same API id', async () => {
    const limiter = new RateLimiter({ requests: 1000, windowMs: 1000 });
    const { client } = fakeDataApi(() => json({ data: recurringDetail }), { rateLimit: limiter });
    const before = limiter.sent;
    await client.recurring.get('701:1001');
    expect(limiter.sent).toBe(before + 1);
    expect(client.transactions.budget).toBe(limiter);
  });

  it('a 429 on a resource pauses the budget the transactions wait for, then the request is retried', async () => {
    const { client, fake } = fakeDataApi((_request, index) =>
      index === 0 ? json({ type: 'RequestRateExceedError', message: 'blocked' }, 429, { 'retry-after-ms': '40' }) : json({ data: recurringDetail }),
    );
    await client.recurring.get('701:1001');
    expect(fake.calls).toHaveLength(2);
    expect(client.transactions.stats).toMatchObject({ rateLimited: 1, retries: 1 });
  });

  it('close aborts a resource call in flight and refuses new ones, on every resource', async () => {
    const { client, fake } = fakeDataApi(() => never());
    const pending = client.items.list();
    while (fake.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    await client.close();
    expect(client.closed).toBe(true);
    expect(await rejectionOf(pending)).toBeInstanceOf(APIError);
    expect(await rejectionOf(client.customers.get('5012:1001'))).toBeInstanceOf(APIError);
    expect(() => client.giftCards.listPages()).toThrow(APIError);
    expect(await rejectionOf(client.transactions.listSites())).toBeInstanceOf(APIError);
    expect(fake.calls).toHaveLength(1);
  });

  it('card numbers appear nowhere beyond their last four digits: not in results, logs or errors', async () => {
    const lines: string[] = [];
    const log = (entry: object, msg?: string) => void lines.push(`${JSON.stringify(entry)} ${msg ?? ''}`, inspect(entry, { depth: Infinity }));
    const logger = { debug: log, info: log, warn: log, error: log };
    const broken = { ...recurringDetail, planName: 7, recurringBillings: [{ ...recurringDetail.recurringBillings[0], lastFourCC: '4111111111110572' }] };
    const { client } = fakeDataApi((_request, index) => json({ data: index === 0 ? recurringDetail : broken }), { logger });
    const detail = await client.recurring.get('701:1001');
    const error = await rejectionOf(client.recurring.get('701:1001'));
    const seen = [JSON.stringify(detail), inspect(detail, { depth: Infinity }), ...lines, inspect(error, { depth: Infinity }), JSON.stringify(error)].join('\n');
    expect(detail.recurringBillings[0]?.cardLastFour).toBe('0572');
    expect(seen).not.toMatch(/XXXX|41111111|\d{5,}0572/);
    expect(lines.length).toBeGreaterThan(0);
  });

  it('takes the TransactionsClient options and checks them the same way', () => {
    expect(() => new DataApiClient({ apiId: '', apiKey: 'k' })).toThrow(/apiId is required/);
  });
});
