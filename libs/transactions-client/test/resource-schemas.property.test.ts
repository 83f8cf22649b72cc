/**
 * The resources' input rules, generatively: inside an endpoint's limits a call sends exactly the expected query;
 * outside them it raises a typed error and sends nothing, spending none of the rate-limit budget.
 */
import { DateRangeError, ValidationError } from '@washops/shared-errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RANGE_LIMIT_DAYS, type DataApiClient } from '../src/index.js';
import { fakeDataApi } from './support/fake-client.js';
import { json, type RecordedRequest } from './support/fake-fetch.js';

const DAY = 86_400;
const RUNS = { numRuns: 60 };
const nowSeconds = Math.floor(Date.now() / 1000);

/** Answers every request with an empty list (under each endpoint's key) or no clock entries, and records it. */
function emptyApi() {
  const keys: Record<string, string> = { '/giftcard-liablilty': 'giftcards', '/sales-outcome/list': 'sales', '/customer': 'customers' };
  return fakeDataApi((request: RecordedRequest) =>
    request.path.endsWith('/clock-entries')
      ? json({ data: { weeks: [] } })
      : json({ data: { [keys[request.path] ?? 'accounts']: [], offset: 1, limit: 100, total: 0 } }),
  );
}

async function refusedUnsent(run: (client: DataApiClient) => Promise<unknown>, Class: typeof ValidationError): Promise<void> {
  const { client, fake } = emptyApi();
  await expect(run(client)).rejects.toBeInstanceOf(Class);
  expect(fake.calls).toEqual([]);
  expect(client.transactions.rateLimiter.sent).toBe(0);
}

type RangeCall = (client: DataApiClient, range: { startDate: number; endDate: number }) => Promise<unknown>;
const limited: Array<[string, number, string, RangeCall]> = [
  ['recurring.list', RANGE_LIMIT_DAYS.recurringList, '/recurring/account/list', (c, r) => c.recurring.list(r)],
  ['recurring.listDetails', RANGE_LIMIT_DAYS.recurringDetailsList, '/recurring/account/details/list', (c, r) => c.recurring.listDetails(r)],
  ['recurring.listModifications', RANGE_LIMIT_DAYS.recurringModifications, '/recurring/account/modifications', (c, r) => c.recurring.listModifications(r)],
  ['washbooks.list', RANGE_LIMIT_DAYS.washbookList, '/washbook/account/list', (c, r) => c.washbooks.list(r)],
];

describe('Unix-seconds ranges', () => {
  for (const [name, maxDays, path, call] of limited) {
    it(`${name}: at most ${maxDays} days is sent as Unix seconds; longer is a DateRangeError, unsent`, async () => {
      const range = fc
        .integer({ min: nowSeconds - 700 * DAY, max: nowSeconds })
        .chain((start) => fc.tuple(fc.constant(start), fc.integer({ min: start, max: start + 2 * maxDays * DAY })));
      await fc.assert(
        fc.asyncProperty(range, async ([startDate, endDate]) => {
          if (endDate - startDate > maxDays * DAY) {
            await refusedUnsent((c) => call(c, { startDate, endDate }), DateRangeError);
            return;
          }
          const { client, fake } = emptyApi();
          await call(client, { startDate, endDate });
          expect(fake.calls.map((c) => [c.path, c.query['startDate'], c.query['endDate'], c.query['limit']])).toEqual([
            [path, String(startDate), String(endDate), '100'],
          ]);
        }),
        RUNS,
      );
    });
  }
});

describe('clock-entry chunks', () => {
  it('any range is sent as contiguous inclusive chunks of at most 14 days that cover it exactly', async () => {
    const days = fc.record({ offset: fc.integer({ min: 0, max: 3000 }), length: fc.integer({ min: 1, max: 120 }) });
    await fc.assert(
      fc.asyncProperty(days, async ({ offset, length }) => {
        const start = new Date(Date.UTC(2020, 0, 1) + offset * DAY * 1000);
        const end = new Date(start.getTime() + (length - 1) * DAY * 1000);
        const { client, fake } = emptyApi();
        await client.employees.clockEntries(3, { startDate: start, endDate: end });
        const chunks = fake.calls.map((c) => [Date.parse(`${c.query['startDate']}T00:00:00Z`), Date.parse(`${c.query['endDate']}T00:00:00Z`)] as const);
        expect(chunks).toHaveLength(Math.ceil(length / RANGE_LIMIT_DAYS.clockEntries));
        expect(chunks[0]?.[0]).toBe(start.getTime());
        expect(chunks.at(-1)?.[1]).toBe(end.getTime());
        chunks.forEach(([from, to], i) => {
          const inclusiveDays = (to - from) / (DAY * 1000) + 1;
          expect(inclusiveDays).toBeGreaterThanOrEqual(1);
          expect(inclusiveDays).toBeLessThanOrEqual(RANGE_LIMIT_DAYS.clockEntries);
          if (i > 0) expect(from).toBe((chunks[i - 1]?.[1] ?? 0) + DAY * 1000);
        });
      }),
      RUNS,
    );
  });
});

describe('page sizes', () => {
  it('status changes: 100–1000 is sent as the limit; anything else is a ValidationError, unsent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -5, max: 2000 }), async (pageSize) => {
        if (pageSize < 100 || pageSize > 1000) return refusedUnsent((c) => c.recurring.listStatusChanges({ pageSize }), ValidationError);
        const { client, fake } = emptyApi();
        await client.recurring.listStatusChanges({ pageSize });
        expect(fake.calls.map((c) => c.query['limit'])).toEqual([String(pageSize)]);
      }),
      RUNS,
    );
  });

  it('sales outcomes: 1–500 is sent as the limit; anything else is a ValidationError, unsent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -5, max: 1200 }), async (pageSize) => {
        const params = { startDate: '2026-01-01', endDate: '2026-01-31', pageSize };
        if (pageSize < 1 || pageSize > 500) return refusedUnsent((c) => c.salesOutcomes.list(params), ValidationError);
        const { client, fake } = emptyApi();
        await client.salesOutcomes.list(params);
        expect(fake.calls.map((c) => c.query['limit'])).toEqual([String(pageSize)]);
      }),
      RUNS,
    );
  });
});

describe('phone numbers', () => {
  it('10 digits, or 11 starting with 1, are sent as digits whatever the punctuation; other lengths are refused', async () => {
    const punctuation = fc.constantFrom('', ' ', '-', '.', '(', ')');
    const phone = fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), punctuation), { minLength: 7, maxLength: 13 });
    await fc.assert(
      fc.asyncProperty(phone, async (parts) => {
        const digits = parts.map(([d]) => String(d)).join('');
        const text = parts.map(([d, p]) => `${p}${d}`).join('');
        if (!/^(?:\d{10}|1\d{10})$/.test(digits)) return refusedUnsent((c) => c.customers.list({ phoneNumber: text }), ValidationError);
        const { client, fake } = emptyApi();
        await client.customers.list({ phoneNumber: text });
        expect(fake.calls.map((c) => c.query['phoneNumber'])).toEqual([digits]);
      }),
      RUNS,
    );
  });
});
