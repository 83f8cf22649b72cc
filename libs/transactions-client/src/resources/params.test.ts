import { DateRangeError, ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { fakeDataApi, rejectionOf } from '../../test/support/fake-client.js';
import { json } from '../../test/support/fake-fetch.js';
import { dateChunks } from './params/dates.js';
import { CustomerListParamsSchema } from './schemas.js';

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY * 1000).toISOString().slice(0, 10);

/** A client whose every request would succeed with an empty list: a refusal is the client's own. */
function client() {
  return fakeDataApi((request) => json({ data: { [request.path === '/giftcard-liablilty' ? 'giftcards' : 'accounts']: [], offset: 1, limit: 100, total: 0 } }));
}

describe('each endpoint refuses bad input before sending anything', () => {
  const ranges: Array<[string, (c: ReturnType<typeof client>['client']) => Promise<unknown>]> = [
    ['recurring list over 6 months', (c) => c.recurring.list({ startDate: now() - 190 * DAY, endDate: now() - 6 * DAY })],
    ['recurring list from over 6 months ago to today (no end: the server assumes today)', (c) => c.recurring.list({ startDate: now() - 190 * DAY })],
    ['details list over 1 month', (c) => c.recurring.listDetails({ startDate: now() - 40 * DAY, endDate: now() - 8 * DAY })],
    ['modifications over 6 months', (c) => c.recurring.listModifications({ startDate: now() - 200 * DAY, endDate: now() })],
    ['washbook list over 6 months', (c) => c.washbooks.list({ startDate: now() - 184 * DAY, endDate: now() })],
    ['gift cards older than the 6-month look-back', (c) => c.giftCards.list({ startDate: now() - 200 * DAY, endDate: now() - 190 * DAY })],
    ['status changes ending before they start', (c) => c.recurring.listStatusChanges({ startDate: now(), endDate: now() - DAY })],
    ['clock entries ending before they start', (c) => c.employees.clockEntries(7, { startDate: '2026-01-20', endDate: '2026-01-01' })],
    ['sales outcomes ending before they start', (c) => c.salesOutcomes.list({ startDate: '2026-01-20', endDate: '2026-01-01' })],
    ['customers created after today', (c) => c.customers.list({ startDate: isoDay(2) })],
  ];
  for (const [what, call] of ranges) {
    it(`${what}: DateRangeError, no request`, async () => {
      const { client: c, fake } = client();
      expect(await rejectionOf(call(c))).toBeInstanceOf(DateRangeError);
      expect(fake.calls).toHaveLength(0);
    });
  }

  const invalid: Array<[string, (c: ReturnType<typeof client>['client']) => Promise<unknown>]> = [
    ['status code 0', (c) => c.recurring.list({ status: 0 as never })],
    ['status code 16', (c) => c.recurring.listDetails({ status: 16 as never })],
    ['status code 1.5', (c) => c.recurring.listStatusChanges({ status: 1.5 as never })],
    ['modification type 8', (c) => c.recurring.listModifications({ modification: 8 as never })],
    ['status-change page of 99', (c) => c.recurring.listStatusChanges({ pageSize: 99 })],
    ['status-change page of 1001', (c) => c.recurring.listStatusChanges({ pageSize: 1001 })],
    ['sales-outcome page of 501', (c) => c.salesOutcomes.list({ startDate: '2026-01-01', endDate: '2026-01-02', pageSize: 501 })],
    ['sales-outcome page of 0', (c) => c.salesOutcomes.list({ startDate: '2026-01-01', endDate: '2026-01-02', pageSize: 0 })],
    ['sales outcomes without dates', (c) => c.salesOutcomes.list(undefined as never)],
    ['a Unix date on a YYYY-MM-DD endpoint', (c) => c.customers.list({ startDate: 1768435200 as never })],
    ['a US-style date', (c) => c.salesOutcomes.list({ startDate: '01/15/2026', endDate: '2026-01-20' })],
    ['a date that does not exist', (c) => c.employees.clockEntries(7, { startDate: '2026-02-30', endDate: '2026-03-02' })],
    ['a phone number of 9 digits', (c) => c.customers.list({ phoneNumber: '312555010' })],
    ['a phone number of 11 digits not starting with 1', (c) => c.customers.list({ phoneNumber: '23125550101' })],
    ['a phone number with letters', (c) => c.customers.list({ phoneNumber: '312-555-CALL' })],
    ['an unknown item department', (c) => c.items.list({ departmentName: 'Recurring Plan' as never })],
    ['a param the endpoint does not have', (c) => c.giftCards.list({ limit: 5 } as never)],
    ['a malformed customer id filter', (c) => c.washbooks.list({ customerId: 'abc' })],
    ['a site code with a comma', (c) => c.recurring.listModifications({ sites: ['A,B'] })],
    ['an employee id with letters', (c) => c.employees.clockEntries('7a', { startDate: '2026-01-01', endDate: '2026-01-02' })],
    ['an empty account id', (c) => c.washbooks.get('')],
  ];
  for (const [what, call] of invalid) {
    it(`${what}: ValidationError, no request`, async () => {
      const { client: c, fake } = client();
      expect(await rejectionOf(call(c))).toBeInstanceOf(ValidationError);
      expect(fake.calls).toHaveLength(0);
    });
  }

  it('listPages refuses when called, before iteration', () => {
    const { client: c, fake } = client();
    expect(() => c.recurring.listDetailsPages({ startDate: now() - 40 * DAY, endDate: now() })).toThrow(DateRangeError);
    expect(fake.calls).toHaveLength(0);
  });

  it('accepts the limits themselves: 6 months (183 days), 1 month (31 days), page sizes 100 and 1000, 500, an 11-digit phone', async () => {
    const { client: c, fake } = client();
    await c.recurring.list({ startDate: now() - 183 * DAY, endDate: now() });
    await c.washbooks.list({ startDate: now() - 182 * DAY }); // no end: up to the server's "today", a second later
    await c.recurring.listDetails({ startDate: now() - 31 * DAY, endDate: now() });
    await c.recurring.listStatusChanges({ startDate: now() - 400 * DAY, pageSize: 100 });
    await c.recurring.listStatusChanges({ pageSize: 1000 });
    expect(fake.calls).toHaveLength(5);
    expect(CustomerListParamsSchema.parse({ phoneNumber: '+1 (312) 555-0101' }).phoneNumber).toBe('13125550101');
  });
});

describe('dateChunks', () => {
  it('splits an inclusive range into chunks of at most 14 days', () => {
    expect(dateChunks('2026-01-01', '2026-01-20', 14)).toEqual([
      { startDate: '2026-01-01', endDate: '2026-01-14' },
      { startDate: '2026-01-15', endDate: '2026-01-20' },
    ]);
    expect(dateChunks('2026-01-01', '2026-01-14', 14)).toEqual([{ startDate: '2026-01-01', endDate: '2026-01-14' }]);
    expect(dateChunks('2026-02-28', '2026-02-28', 14)).toEqual([{ startDate: '2026-02-28', endDate: '2026-02-28' }]);
    expect(dateChunks('2025-12-25', '2026-01-28', 14).map((c) => `${c.startDate}..${c.endDate}`)).toEqual([
      '2025-12-25..2026-01-07',
      '2026-01-08..2026-01-21',
      '2026-01-22..2026-01-28',
    ]);
  });
});
