/**
 * Black-box: every resource endpoint beyond the transactions, over HTTP, on the seeded world: happy paths, paging
 * (`total`, the last short page, the empty page past the end), site scoping, the shared throttle, fault targets and
 * the sandbox's magic values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { startTransactionsSimulator, type TransactionsSimulator } from '../src/index.js';
import { call as rawCall, DAY_S, FIXED_NOW, headersFor, unix, type ApiResponse } from './helpers.js';

const NOW_S = unix(FIXED_NOW);
const TODAY = new Date(FIXED_NOW).toISOString().slice(0, 10);
const daysAgo = (n: number): string => new Date(FIXED_NOW - n * DAY_S * 1000).toISOString().slice(0, 10);
const NAPER = headersFor('demo', 'demo-key', 'NAPER');
const NAPER_ID = 1007;

/** Each list: path, a query that finds rows, the items key, the page sizes to try (a short last page needs one). */
const LISTS: Array<{ path: string; query: Record<string, string | number>; key: string; sizes: number[] }> = [
  { path: '/customer', query: {}, key: 'customers', sizes: [97, 89, 83] },
  { path: '/recurring/account/list', query: { startDate: NOW_S - 60 * DAY_S }, key: 'accounts', sizes: [97, 89, 83] },
  { path: '/recurring/account/details/list', query: { startDate: NOW_S - 30 * DAY_S }, key: 'accounts', sizes: [37, 31, 29] },
  { path: '/recurring/account/status-list', query: { startDate: NOW_S - 90 * DAY_S }, key: 'accounts', sizes: [101, 103, 107] },
  { path: '/recurring/account/modifications', query: { startDate: NOW_S - 90 * DAY_S }, key: 'accounts', sizes: [37, 31, 29] },
  { path: '/washbook/account/list', query: { startDate: NOW_S - 90 * DAY_S }, key: 'accounts', sizes: [37, 31, 29] },
  { path: '/giftcard-liablilty', query: { startDate: NOW_S - 60 * DAY_S }, key: 'giftcards', sizes: [37, 31, 29] },
  { path: '/item', query: {}, key: 'items', sizes: [7, 11, 13] },
  { path: '/employee', query: {}, key: 'employees', sizes: [7, 11, 13] },
  { path: '/sales-outcome/list', query: { startDate: daysAgo(3), endDate: TODAY }, key: 'sales', sizes: [97, 89, 83] },
];

// The world answers a site's members and customers in about a second each (all sites: ten times more).
describe('the resource endpoints over HTTP', { timeout: 240_000 }, () => {
  let sim: TransactionsSimulator;
  // Never advanced: every request of these tests sees FIXED_NOW.
  const clock = new VirtualClock(FIXED_NOW);
  beforeAll(async () => {
    sim = await startTransactionsSimulator({
      clock,
      nullTotalsShare: 0,
      credentials: [
        { apiId: 'demo', apiKey: 'demo-key' },
        { apiId: 'north', apiKey: 'north-key', siteCodes: ['NAPER', 'JOLIET'] },
      ],
    });
  });
  afterAll(() => sim.close());
  /** Each request in a fresh throttle window: these tests are not about the throttle. */
  async function call(path: string, options: Parameters<typeof rawCall>[2] = {}): Promise<ApiResponse> {
    sim.control.reset();
    return rawCall(sim, path, { headers: NAPER, ...options });
  }

  it('answers every list from the world with 1-based paging: the total, a short last page, an empty page past the end', async () => {
    for (const { path, query, key, sizes } of LISTS) {
      const first = await call(path, { query });
      expect(first.status, path).toBe(200);
      const total: number = first.body.data.total;
      expect(total, `${path} has rows`).toBeGreaterThan(0);
      expect(first.body.data[key], path).toHaveLength(Math.min(total, first.body.data.limit));
      const limit = sizes.find((n) => total > n && total % n !== 0);
      expect(limit, `${path}: a page size that leaves a short last page of ${total}`).toBeDefined();
      const pages = Math.ceil(total / limit!);
      const last = await call(path, { query: { ...query, limit: limit!, offset: pages } });
      expect(last.body.data).toMatchObject({ offset: pages, limit, total });
      expect(last.body.data[key], path).toHaveLength(total - (pages - 1) * limit!);
      const past = await call(path, { query: { ...query, limit: limit!, offset: pages + 1 } });
      expect(past.body.data).toEqual({ [key]: [], offset: pages + 1, limit, total });
    }
  });

  it('pages without overlap or gaps: every row once, whatever the page size', async () => {
    const everySite = headersFor('demo', 'demo-key');
    async function all(path: string, query: Record<string, string | number>, key: string, id: (row: Record<string, unknown>) => unknown, limit: number): Promise<unknown[]> {
      const rows: unknown[] = [];
      for (let offset = 1; ; offset++) {
        const page = (await call(path, { query: { ...query, limit, offset }, headers: path === '/item' ? everySite : NAPER })).body.data;
        rows.push(...page[key].map(id));
        if (offset * limit >= page.total) return rows;
      }
    }
    const items = (row: Record<string, unknown>): string => `${row['siteLocation']}|${row['sku']}`;
    const byHundred = await all('/item', {}, 'items', items, 100);
    expect(await all('/item', {}, 'items', items, 37)).toEqual(byHundred);
    expect(new Set(byHundred).size).toBe(byHundred.length);
    const query = { startDate: NOW_S - 10 * DAY_S };
    const accounts = (row: Record<string, unknown>): unknown => row['id'];
    const big = await all('/recurring/account/list', query, 'accounts', accounts, 100);
    expect(await all('/recurring/account/list', query, 'accounts', accounts, 41)).toEqual(big);
    expect(new Set(big).size).toBe(big.length);
  });

  it('gets each kind of record by the id a list gave', async () => {
    const customer = (await call('/customer', { query: { limit: 1 } })).body.data.customers[0];
    expect((await call(`/customer/${customer.customerId}`)).body.data).toMatchObject({ id: customer.customerId, firstName: customer.firstName });
    const account = (await call('/recurring/account/list', { query: { startDate: NOW_S - 60 * DAY_S, limit: 1 } })).body.data.accounts[0];
    const detail = (await call(`/recurring/account/${account.id}/detail`)).body.data;
    expect(detail).toMatchObject({ id: account.id, planName: account.name, billingSiteCode: 'NAPER' });
    expect(detail.customer.id).toBe(account.customerId);
    const book = (await call('/washbook/account/list', { query: { startDate: NOW_S - 90 * DAY_S, limit: 1 } })).body.data.accounts[0];
    expect((await call(`/washbook/account/${book.id}/detail`)).body.data).toMatchObject({ id: book.id, name: book.name });
    const staff = (await call('/employee', { query: { limit: 1 } })).body.data.employees[0];
    expect((await call(`/employee/${staff.employeeId}`)).body.data).toMatchObject({ employeeId: staff.employeeId, lastName: staff.lastName });
  });

  it('lists the clock entries of a seller in weeks, at most 14 days, with week totals that add up', async () => {
    const seller = (await call('/sales-outcome/list', { query: { startDate: daysAgo(2), endDate: daysAgo(2), limit: 1 } })).body.data.sales[0];
    const res = await call(`/employee/${seller.employeeId}/clock-entries`, { query: { startDate: daysAgo(13), endDate: TODAY } });
    expect(res.status).toBe(200);
    const weeks = res.body.data.weeks;
    expect(weeks.length).toBeGreaterThan(0);
    for (const week of weeks) {
      expect(week.week).toMatch(/^\d{4}-\d{2}-\d{2} - \d{4}-\d{2}-\d{2}$/);
      const regular = week.clockEntries.reduce((sum: number, c: { regularHours: number }) => sum + c.regularHours, 0);
      expect(week.weekTotalRegularHours).toBeCloseTo(regular, 1);
    }
    expect(res.body.data).not.toHaveProperty('total');
  });

  it('narrows every SC list to the site-code header, and every request to the credential\'s sites', async () => {
    const customers = (await call('/customer')).body.data.customers;
    expect(customers.every((c: { customerId: string }) => c.customerId.endsWith(`:${NAPER_ID}`))).toBe(true);
    const accounts = (await call('/recurring/account/list', { query: { startDate: NOW_S - 60 * DAY_S } })).body.data.accounts;
    expect(accounts.every((a: { billingSiteId: number }) => a.billingSiteId === NAPER_ID)).toBe(true);
    const books = (await call('/washbook/account/list', { query: { startDate: NOW_S - 90 * DAY_S } })).body.data.accounts;
    expect(books.every((a: { billingSiteId: number }) => a.billingSiteId === NAPER_ID)).toBe(true);
    const cards = (await call('/giftcard-liablilty', { query: { startDate: NOW_S - 60 * DAY_S } })).body.data.giftcards;
    expect(cards.every((g: { siteCode: string }) => g.siteCode === 'NAPER')).toBe(true);
    const items = (await call('/item')).body.data.items;
    expect(items.every((i: { siteLocation: string }) => i.siteLocation === 'NAPER')).toBe(true);
    const all = await call('/item', { headers: headersFor('demo', 'demo-key') });
    expect(new Set(all.body.data.items.map((i: { siteLocation: string }) => i.siteLocation)).size).toBeGreaterThan(1);
    // The credential's own scope, without a header.
    const north = headersFor('north', 'north-key');
    const northCustomers = (await call('/customer', { headers: north })).body.data.customers;
    expect(northCustomers.every((c: { customerId: string }) => /:(1007|1010)$/.test(c.customerId))).toBe(true);
    const elsewhere = (await call('/customer', { headers: headersFor('demo', 'demo-key', 'FIESTA'), query: { limit: 1 } })).body.data.customers[0];
    expect((await call(`/customer/${elsewhere.customerId}`, { headers: north })).status).toBe(404);
    const outcomes = (await call('/sales-outcome/list', { headers: north, query: { startDate: daysAgo(1), endDate: TODAY } })).body.data.sales;
    expect(outcomes.every((s: { siteId: string }) => ['1007', '1010'].includes(s.siteId))).toBe(true);
  });

  it('answers the site arguments as the transaction lists do: `site` on gift cards, `sites` on modifications', async () => {
    const query = { startDate: NOW_S - 60 * DAY_S };
    expect((await call('/giftcard-liablilty', { query: { ...query, site: 'JOLIET' } })).body.type).toBe('NotAuthorizedSiteArgsError');
    expect((await call('/giftcard-liablilty', { query: { ...query, site: 'invalid' } })).status).toBe(404);
    const jolietCards = await call('/giftcard-liablilty', { query: { ...query, site: 'JOLIET' }, headers: headersFor('demo', 'demo-key') });
    expect(jolietCards.body.data.giftcards.every((g: { siteCode: string }) => g.siteCode === 'JOLIET')).toBe(true);
    const mods = await call('/recurring/account/modifications', { query: { ...query, sites: 'NAPER,JOLIET' }, headers: headersFor('north', 'north-key') });
    expect(mods.status).toBe(200);
    expect(mods.body.data.accounts.every((a: { billingSiteCode: string }) => ['NAPER', 'JOLIET'].includes(a.billingSiteCode))).toBe(true);
    expect((await call('/recurring/account/modifications', { query: { ...query, sites: 'NAPER,FIESTA' }, headers: headersFor('north', 'north-key') })).status).toBe(403);
    expect((await call('/recurring/account/modifications', { query: { ...query, sites: 'NOPE' } })).status).toBe(404);
  });

  it('serves clock entries whatever the site-code header says (unverified: the vendor\'s client filters them itself)', async () => {
    const staff = (await call('/employee', { headers: headersFor('north', 'north-key', 'NAPER') })).body.data.employees;
    const range = { startDate: daysAgo(13), endDate: TODAY };
    const withNaper = await call(`/employee/${staff[0].employeeId}/clock-entries`, { query: range, headers: headersFor('north', 'north-key', 'NAPER') });
    const withJoliet = await call(`/employee/${staff[0].employeeId}/clock-entries`, { query: range, headers: headersFor('north', 'north-key', 'JOLIET') });
    expect(withJoliet.status).toBe(200);
    expect(withJoliet.body).toEqual(withNaper.body);
  });

  it('answers the misspelled gift-card path, not the correct spelling', async () => {
    expect((await call('/giftcard-liablilty')).status).toBe(200);
    const right = await call('/giftcard-liability');
    expect(right.status).toBe(404);
    expect(right.body.type).toBe('EntityNotFoundError');
  });

  it('lets a fault target one of the new endpoints by name', async () => {
    sim.control.reset();
    sim.control.inject({ endpoint: 'itemList', kind: 'serverError', count: 1 });
    expect((await rawCall(sim, '/employee', { headers: NAPER })).status).toBe(200);
    expect((await rawCall(sim, '/item', { headers: NAPER })).status).toBe(500);
    expect((await rawCall(sim, '/item', { headers: NAPER })).status).toBe(200);
    expect(sim.control.requests().map((r) => r.endpoint)).toEqual(['employeeList', 'itemList', 'itemList']);
  });
});

describe('the shared throttle and the sandbox', { timeout: 120_000 }, () => {
  it('counts every new endpoint against the same 20 per 15 s of the API id', async () => {
    const clock = new VirtualClock(FIXED_NOW);
    const sim = await startTransactionsSimulator({ clock });
    try {
      const paths = ['/customer', '/item', '/employee', '/recurring/account/list', '/washbook/account/list', '/giftcard-liablilty', '/recurring/account/status-list', '/sales-outcome/list', '/customer/1:1', '/employee/abc/clock-entries'];
      const headers = headersFor('demo', 'demo-key', 'NAPER');
      for (let i = 0; i < 20; i++) expect((await rawCall(sim, paths[i % paths.length]!, { headers })).status, paths[i % paths.length]).not.toBe(429);
      expect((await rawCall(sim, '/site/list', { headers })).status).toBe(429);
      expect((await rawCall(sim, '/customer', { headers })).body.type).toBe('RequestRateExceedError');
      await clock.advance(15_000);
      expect((await rawCall(sim, '/customer', { headers })).status).toBe(200);
    } finally {
      await sim.close();
    }
  });

  it('answers the sandbox\'s documented missing customer 999:999, employee 1 and employee 2\'s clock entries with 404', async () => {
    const sim = await startTransactionsSimulator({ clock: new VirtualClock(FIXED_NOW), environment: 'sandbox', credentials: [{ apiId: 'sb', apiKey: 'sb-key', environment: 'sandbox' }] });
    try {
      const headers = headersFor('sb', 'sb-key');
      for (const path of ['/customer/999:999', '/employee/1', '/employee/2/clock-entries']) {
        const res = await rawCall(sim, path, { headers });
        expect(res.status, path).toBe(404);
        expect(res.body.type).toBe('EntityNotFoundError');
      }
      // Employee 2 has a detail, and employee 1 clock entries, when the world has them.
      const staff = (await rawCall(sim, '/employee', { headers })).body.data.employees.map((e: { employeeId: number }) => e.employeeId);
      if (staff.includes(2)) expect((await rawCall(sim, '/employee/2', { headers })).status).toBe(200);
      if (staff.includes(1)) expect((await rawCall(sim, '/employee/1/clock-entries', { headers })).status).toBe(200);
    } finally {
      await sim.close();
    }
  });
});
