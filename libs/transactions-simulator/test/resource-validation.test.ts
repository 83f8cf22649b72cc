/** Black-box: each parameter rule of the resource endpoints (status and message from VALIDATION_RULES), over HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { startTransactionsSimulator, VALIDATION_RULES, type TransactionsSimulator } from '../src/index.js';
import { call as rawCall, DAY_S, FIXED_NOW, headersFor, unix, type ApiResponse } from './helpers.js';

const R = VALIDATION_RULES;
const NOW_S = unix(FIXED_NOW);
const day = (offsetDays: number): string => new Date(FIXED_NOW + offsetDays * DAY_S * 1000).toISOString().slice(0, 10);
const HEADERS = headersFor('demo', 'demo-key', 'NAPER');

describe('the resource endpoints\' parameter rules', { timeout: 240_000 }, () => {
  let sim: TransactionsSimulator;
  let employeeId: number;
  beforeAll(async () => {
    sim = await startTransactionsSimulator({ clock: new VirtualClock(FIXED_NOW) });
    employeeId = (await call('/employee', {})).body.data.employees[0].employeeId;
  });
  afterAll(() => sim.close());
  async function call(path: string, query: Record<string, string | number>): Promise<ApiResponse> {
    sim.control.reset(); // a fresh throttle window (and no cached answers) for each request
    return rawCall(sim, path, { query, headers: HEADERS });
  }
  async function expect422(path: string, query: Record<string, string | number>, ...messages: string[]): Promise<void> {
    const res = await call(path, query);
    expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(422);
    expect(res.body).toEqual({ type: 'PayloadValidationError', messages: expect.arrayContaining(messages) });
  }
  async function expect200(path: string, query: Record<string, string | number>): Promise<void> {
    const res = await call(path, query);
    expect(res.status, `${path} ${JSON.stringify(query)}: ${res.text.slice(0, 200)}`).toBe(200);
  }

  it('page sizes: 1–100 on the lists, 100–1000 on status changes, 1–500 on sales outcomes', async () => {
    for (const path of ['/customer', '/recurring/account/list', '/washbook/account/list', '/giftcard-liablilty', '/item', '/employee', '/recurring/account/modifications']) {
      for (const limit of ['0', '101', 'ten']) await expect422(path, { limit }, R.limitOutOfRange.message);
      for (const limit of [1, 100]) await expect200(path, { limit });
    }
    for (const limit of ['99', '1001', '1']) await expect422('/recurring/account/status-list', { limit }, R.statusListLimitOutOfRange.message);
    for (const limit of [100, 1000]) await expect200('/recurring/account/status-list', { limit });
    for (const limit of ['0', '501']) await expect422('/sales-outcome/list', { limit }, R.salesLimitOutOfRange.message);
    for (const limit of [1, 500]) await expect200('/sales-outcome/list', { limit });
  });

  it('offset is a page number from 1', async () => {
    for (const path of ['/customer', '/recurring/account/status-list', '/sales-outcome/list', '/item']) {
      for (const offset of ['0', '-1', '1.5']) await expect422(path, { offset }, R.offsetOutOfRange.message);
    }
  });

  it('customers and sales outcomes take YYYY-MM-DD; a customer start date may not pass today', async () => {
    for (const path of ['/customer', '/sales-outcome/list']) {
      for (const startDate of [String(NOW_S), '2026-02-30', '11/01/2026']) await expect422(path, { startDate }, R.startDateNotYmd.message);
      await expect422(path, { endDate: 'today' }, R.endDateNotYmd.message);
    }
    await expect422('/customer', { startDate: day(1) }, R.customerStartAfterToday.message);
    await expect200('/customer', { startDate: day(0), endDate: day(0) });
    await expect422('/sales-outcome/list', { startDate: day(0), endDate: day(-1) }, R.startAfterEnd.message);
  });

  it('the account lists, status changes and gift cards take Unix seconds (400 otherwise)', async () => {
    for (const path of ['/recurring/account/list', '/recurring/account/details/list', '/recurring/account/status-list', '/recurring/account/modifications', '/washbook/account/list', '/giftcard-liablilty']) {
      const res = await call(path, { startDate: day(-3) });
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ type: 'InvalidPayloadRequestTimestampError', message: R.timestampNotNumeric.message });
    }
  });

  it('recurring list, modifications and washbook list span at most 6 months (183 days); older starts are fine', async () => {
    const end = NOW_S - 10 * DAY_S;
    for (const path of ['/recurring/account/list', '/recurring/account/modifications', '/washbook/account/list']) {
      await expect422(path, { startDate: end - 184 * DAY_S, endDate: end }, R.rangeOverSixMonths.message);
      await expect200(path, { startDate: end - 183 * DAY_S, endDate: end });
      await expect200(path, { startDate: NOW_S - 300 * DAY_S, endDate: NOW_S - 200 * DAY_S });
      await expect422(path, { startDate: end, endDate: end - DAY_S }, R.startAfterEnd.message);
    }
  });

  it('the details list spans at most 1 month (31 days)', async () => {
    await expect422('/recurring/account/details/list', { startDate: NOW_S - 32 * DAY_S, endDate: NOW_S }, R.rangeOverMonth.message);
    await expect200('/recurring/account/details/list', { startDate: NOW_S - 31 * DAY_S, endDate: NOW_S });
  });

  it('status changes have no range limit', async () => {
    await expect200('/recurring/account/status-list', { startDate: NOW_S - 400 * DAY_S, endDate: NOW_S, limit: 100 });
  });

  it('gift cards start no older than 6 months and not in the future', async () => {
    await expect422('/giftcard-liablilty', { startDate: NOW_S - 200 * DAY_S }, R.startOlderThanSixMonths.message);
    await expect422('/giftcard-liablilty', { startDate: NOW_S - DAY_S, endDate: NOW_S + DAY_S }, R.endInFuture.message);
    await expect200('/giftcard-liablilty', { startDate: NOW_S - 150 * DAY_S, endDate: NOW_S });
  });

  it('clock entries take YYYY-MM-DD and at most 14 days, both ends included', async () => {
    const path = `/employee/${employeeId}/clock-entries`;
    await expect422(path, { startDate: day(-14), endDate: day(0) }, R.rangeOverFourteenDays.message);
    await expect200(path, { startDate: day(-13), endDate: day(0) });
    await expect422(path, { startDate: String(NOW_S - 3 * DAY_S), endDate: String(NOW_S) }, R.startDateNotYmd.message, R.endDateNotYmd.message);
    await expect422(path, { startDate: day(0), endDate: day(-2) }, R.startAfterEnd.message);
    await expect200(path, {});
  });

  it('phone numbers have 10 or 11 characters', async () => {
    for (const phoneNumber of ['312555010', '131255501011']) await expect422('/customer', { phoneNumber }, R.phoneNumberLength.message);
    for (const phoneNumber of ['3125550101', '13125550101']) await expect200('/customer', { phoneNumber });
  });

  it('enums: recurring status 1–15, modification 1–7, department names, customer and washbook statuses', async () => {
    for (const status of ['0', '16', 'Active']) await expect422('/recurring/account/list', { recurringAccountStatus: status }, R.recurringStatusInvalid.message);
    for (const status of ['1', '15']) await expect200('/recurring/account/list', { recurringAccountStatus: status });
    await expect422('/recurring/account/status-list', { recurringAccountStatus: '99' }, R.recurringStatusInvalid.message);
    await expect422('/recurring/account/details/list', { recurringAccountStatus: '0' }, R.recurringStatusInvalid.message);
    for (const m of ['0', '8', '9']) await expect422('/recurring/account/modifications', { modifications: m }, R.modificationInvalid.message);
    await expect200('/recurring/account/modifications', { modifications: '7' });
    for (const d of ['Recurring Plan', 'wash', 'Vacuum']) await expect422('/item', { departmentName: d }, R.departmentInvalid.message);
    for (const d of ['Recurring_Plan', 'Add_On', 'recipe']) await expect200('/item', { departmentName: d });
    await expect422('/customer', { status: 'gone' }, R.customerStatusInvalid.message);
    await expect422('/washbook/account/list', { accountStatus: 'Active' }, R.accountStatusInvalid.message);
    await expect200('/washbook/account/list', { accountStatus: 'inactive' });
  });

  it('identifiers: customerId and itemId filters and the customer path are `<number>:<number>`', async () => {
    for (const path of ['/recurring/account/list', '/washbook/account/list']) {
      await expect422(path, { customerId: 'abc' }, R.customerIdMalformed.message);
      await expect422(path, { itemId: '200101' }, R.itemIdMalformed.message);
    }
    const malformed = await call('/customer/abc', {});
    expect(malformed.status).toBe(422);
    expect(malformed.body.messages).toEqual([R.customerPathMalformed.message]);
    for (const path of ['/customer/1:1007', '/recurring/account/1:1007/detail', '/washbook/account/x/detail', '/employee/999999', '/employee/abc/clock-entries']) {
      const res = await call(path, {});
      expect(res.status, path).toBe(404);
      expect(res.body.type).toBe('EntityNotFoundError');
    }
  });

  it('lists every failing parameter in one 422', async () => {
    await expect422('/customer', { limit: 0, offset: 0, phoneNumber: '1', status: 'x' },
      R.limitOutOfRange.message, R.offsetOutOfRange.message, R.phoneNumberLength.message, R.customerStatusInvalid.message);
  });
});
