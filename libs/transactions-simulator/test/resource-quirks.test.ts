/**
 * Black-box: one test per live quirk of the resource endpoints (contract §9), on under `realism` and off without it,
 * plus the wire facts clients must agree on (snake_case status changes, masked cards, string balances) and the two
 * 1-hour caches.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { startTransactionsSimulator, type TransactionsSimulator, type TransactionsSimulatorOptions } from '../src/index.js';
import { call as rawCall, DAY_S, FIXED_NOW, headersFor, unix, type ApiResponse } from './helpers.js';

const NOW_S = unix(FIXED_NOW);
const TODAY = new Date(FIXED_NOW).toISOString().slice(0, 10);
const NAPER = headersFor('demo', 'demo-key', 'NAPER');
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect arbitrary JSON

describe('the resource endpoints\' live quirks behind `realism`', { timeout: 240_000 }, () => {
  let sim: TransactionsSimulator | undefined;
  let clock: VirtualClock;
  async function start(options: TransactionsSimulatorOptions = {}): Promise<TransactionsSimulator> {
    await sim?.close();
    clock = new VirtualClock(FIXED_NOW);
    sim = await startTransactionsSimulator({ clock, ...options });
    return sim;
  }
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });
  async function call(path: string, query: Record<string, string | number> = {}, headers = NAPER): Promise<ApiResponse> {
    sim!.control.reset();
    return rawCall(sim!, path, { query, headers });
  }
  const accounts = async (path: string, query: Record<string, string | number> = {}): Promise<Row[]> =>
    (await call(path, { startDate: NOW_S - 30 * DAY_S, ...query })).body.data.accounts;

  it('§9.7 customer list: modifiedDate null for never-modified customers under realism, their creation date without', async () => {
    await start();
    const on: Row[] = (await call('/customer')).body.data.customers;
    const nulls = on.filter((c) => c.modifiedDate === null);
    expect(nulls.length).toBeGreaterThan(0);
    expect(on.length - nulls.length).toBeGreaterThan(0);
    await start({ realism: false });
    const off: Row[] = (await call('/customer')).body.data.customers;
    for (const c of off) expect(c.modifiedDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const unmodified = off.filter((c) => nulls.some((n) => n.customerId === c.customerId));
    for (const c of unmodified) expect(c.modifiedDate).toBe(c.createdDate);
  });

  it('§9.7 customer detail: companyName and loyaltyNumber null on a share of customers under realism, never without', async () => {
    await start();
    const ids: string[] = (await call('/customer', { limit: 30 })).body.data.customers.map((c: Row) => c.customerId);
    const details: Row[] = [];
    for (const id of ids) details.push((await call(`/customer/${id}`)).body.data);
    for (const key of ['companyName', 'loyaltyNumber']) {
      const nulls = details.filter((d) => d[key] === null).length;
      expect(nulls, key).toBeGreaterThan(0);
      expect(nulls, key).toBeLessThan(details.length);
    }
    sim!.control.setRealism(false);
    for (const id of ids.slice(0, 10)) {
      const d = (await call(`/customer/${id}`)).body.data;
      expect(typeof d.companyName).toBe('string');
      expect(typeof d.loyaltyNumber).toBe('string');
    }
  });

  it('unset contact strings (customer phone and email, staff phone and email) are "" under realism, as the transactions\' optional strings; null without', async () => {
    await start();
    const on: Row[] = (await call('/customer')).body.data.customers;
    const unset = on.filter((c) => c.phoneNumber === '');
    expect(unset.length).toBeGreaterThan(0);
    for (const c of on) expect(c.phoneNumber).not.toBeNull();
    const detail = (await call(`/customer/${unset[0]!.customerId}`)).body.data;
    expect(detail.phone).toBe('');
    sim!.control.setRealism({ emptyStrings: false });
    const off: Row[] = (await call('/customer')).body.data.customers;
    expect(off.filter((c) => c.phoneNumber === null).map((c) => c.customerId)).toEqual(unset.map((c) => c.customerId));
    expect((await call(`/customer/${unset[0]!.customerId}`)).body.data.phone).toBeNull();
  });

  it('§9.7 employee startDateChange and gift-card completeDate: null on a share under realism, never without', async () => {
    await start();
    const staff: Row[] = (await call('/employee', {}, headersFor('demo', 'demo-key'))).body.data.employees.slice(0, 30);
    const changes: unknown[] = [];
    for (const e of staff) changes.push((await call(`/employee/${e.employeeId}`)).body.data.startDateChange);
    expect(changes.filter((c) => c === null).length).toBeGreaterThan(0);
    expect(changes.filter((c) => c !== null).length).toBeGreaterThan(0);
    const cards: Row[] = (await call('/giftcard-liablilty', { startDate: NOW_S - 60 * DAY_S })).body.data.giftcards;
    expect(cards.filter((g) => g.completeDate === null).length).toBeGreaterThan(0);
    expect(cards.filter((g) => g.completeDate !== null).length).toBeGreaterThan(0);
    sim!.control.setRealism(false);
    for (const e of staff.slice(0, 10)) expect((await call(`/employee/${e.employeeId}`)).body.data.startDateChange).not.toBeNull();
    const plain: Row[] = (await call('/giftcard-liablilty', { startDate: NOW_S - 60 * DAY_S })).body.data.giftcards;
    for (const g of plain) expect(g.completeDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('§9.8 recurring trialAmount, billingAmount and amountCharged are "29.99" strings under realism, numbers without', async () => {
    await start();
    // Accounts of two to three months ago: billed at least once since their sign-up.
    const on = await accounts('/recurring/account/details/list', { startDate: NOW_S - 90 * DAY_S, endDate: NOW_S - 60 * DAY_S });
    const billed = on.find((a) => a.recurringBillings.length > 0)!;
    expect(billed.billingAmount).toMatch(/^\d+\.\d{2}$/);
    expect(billed.trialAmount).toMatch(/^\d+\.\d{2}$/);
    for (const b of billed.recurringBillings) expect(b.amountCharged).toMatch(/^\d+\.\d{2}$/);
    sim!.control.setRealism({ resourceNumbersAsStrings: false });
    const off = (await call(`/recurring/account/${billed.id}/detail`)).body.data;
    expect(off.billingAmount).toBe(Number(billed.billingAmount));
    expect(off.recurringBillings.map((b: Row) => b.amountCharged)).toEqual(billed.recurringBillings.map((b: Row) => Number(b.amountCharged)));
  });

  it('§9.8 washbook balance: a string in the list always (999 unlimited), a "7.00" string in the detail under realism', async () => {
    await start();
    const list = await accounts('/washbook/account/list', { startDate: NOW_S - 120 * DAY_S });
    for (const w of list) expect(w.balance).toMatch(/^\d+$/);
    const book = list[0]!;
    expect((await call(`/washbook/account/${book.id}/detail`)).body.data.balance).toBe(Number(book.balance).toFixed(2));
    sim!.control.setRealism(false);
    expect((await call(`/washbook/account/${book.id}/detail`)).body.data.balance).toBe(Number(book.balance));
    expect((await accounts('/washbook/account/list', { startDate: NOW_S - 120 * DAY_S }))[0]!.balance).toBe(book.balance);
  });

  it('§9.8 item prices and every sales-outcome field are strings (the spec\'s own schema), with or without realism', async () => {
    for (const realism of [true, false]) {
      await start({ realism });
      const items: Row[] = (await call('/item')).body.data.items;
      for (const i of items) {
        expect(i.priceAtSite).toMatch(/^\d+\.\d{2}$/);
        if (i.costPerItem !== null) expect(i.costPerItem).toMatch(/^\d+\.\d{2}$/);
      }
      const sales: Row[] = (await call('/sales-outcome/list', { startDate: TODAY, endDate: TODAY })).body.data.sales;
      expect(sales.length).toBeGreaterThan(0);
      for (const s of sales) for (const value of Object.values(s)) expect(typeof value).toBe('string');
      expect(new Set(sales.map((s) => s.isConverted))).toEqual(new Set(['yes', 'no']));
    }
  });

  it('§9.6 modification entries are {name, date, comment} under realism, the spec\'s modificationType/Date/Comment without', async () => {
    await start();
    const on = await accounts('/recurring/account/modifications', { startDate: NOW_S - 90 * DAY_S });
    const entries = on.flatMap((a) => a.modifications);
    expect(entries.length).toBeGreaterThan(0);
    for (const m of entries) {
      expect(Object.keys(m).sort()).toEqual(['comment', 'date', 'name']);
      expect(m.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    sim!.control.setRealism({ liveModificationKeys: false });
    const off = (await accounts('/recurring/account/modifications', { startDate: NOW_S - 90 * DAY_S })).flatMap((a) => a.modifications);
    for (const m of off) expect(Object.keys(m).sort()).toEqual(['modificationComment', 'modificationDate', 'modificationType']);
  });

  it('§9.4 total: null on a share of the new lists\' criteria (every page of them) under realism, never without', async () => {
    await start();
    const nulls: string[] = [];
    const numbers: string[] = [];
    for (let d = 1; d <= 12; d++) {
      const query = { startDate: NOW_S - d * 10 * DAY_S, endDate: NOW_S - (d - 1) * 10 * DAY_S };
      const res = await call('/recurring/account/list', query);
      (res.body.data.total === null ? nulls : numbers).push(JSON.stringify(query));
      if (res.body.data.total === null) expect((await call('/recurring/account/list', { ...query, offset: 2 })).body.data.total).toBeNull();
    }
    expect(nulls.length).toBeGreaterThan(0);
    expect(numbers.length).toBeGreaterThan(0);
    sim!.control.setRealism({ nullTotals: false });
    for (const q of nulls) expect(typeof (await call('/recurring/account/list', JSON.parse(q))).body.data.total).toBe('number');
  });

  it('status changes use the live snake_case keys and vendor status names', async () => {
    await start();
    const changes: Row[] = (await call('/recurring/account/status-list', { startDate: NOW_S - 60 * DAY_S })).body.data.accounts;
    expect(changes.length).toBeGreaterThan(0);
    for (const c of changes) {
      expect(Object.keys(c).sort()).toEqual(['employee_name', 'new_status', 'old_status', 'recurring_id', 'site_code', 'status_date', 'washbook_account_id']);
      expect(c.status_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(c.old_status).not.toBe(c.new_status);
    }
  });

  it('billings show only the last four digits of the card, as `XXXXXXXXXXXX` + four', async () => {
    await start();
    const details = await accounts('/recurring/account/details/list', { startDate: NOW_S - 90 * DAY_S, endDate: NOW_S - 60 * DAY_S });
    const billings = details.flatMap((a) => a.recurringBillings);
    expect(billings.length).toBeGreaterThan(0);
    for (const b of billings) {
      expect(b.lastFourCC).toMatch(/^X{12}\d{4}$/);
      expect(b.creditCardExpirationDate === null || /^\d{4}-\d{2}$/.test(b.creditCardExpirationDate)).toBe(true);
    }
  });

  /** A cached answer is visible when the quirks change underneath it: the cached body keeps the old `total`. */
  async function showsCache(path: string, queries: Array<Record<string, string | number>>): Promise<void> {
    await start();
    let cachedQuery: Record<string, string | number> | undefined;
    for (const query of queries) {
      sim!.control.reset();
      if ((await rawCall(sim!, path, { query, headers: NAPER })).body.data.total === null) {
        cachedQuery = query;
        break;
      }
    }
    expect(cachedQuery, `${path}: criteria answered with total: null`).toBeDefined();
    sim!.control.setRealism({ nullTotals: false });
    await clock.advance(59 * 60_000);
    expect((await rawCall(sim!, path, { query: cachedQuery!, headers: NAPER })).body.data.total).toBeNull();
    // The same query in another site scope is a different request: not served from it.
    const other = await rawCall(sim!, path, { query: cachedQuery!, headers: headersFor('demo', 'demo-key', 'JOLIET') });
    expect(typeof other.body.data.total).toBe('number');
    await clock.advance(61_000);
    expect(typeof (await rawCall(sim!, path, { query: cachedQuery!, headers: NAPER })).body.data.total).toBe('number');
  }

  it('caches /item for one hour per request', async () => {
    const departments = ['Wash', 'Recurring_Plan', 'Add_On', 'Merchandise', 'GiftCard', 'WashBook', 'Prepaid_Wash', 'Detail', 'Service', 'Discount', 'Vacuum_sales', 'food'];
    await showsCache('/item', [{}, ...departments.map((departmentName) => ({ departmentName }))]);
  });

  it('caches /recurring/account/status-list for one hour per request', async () => {
    await showsCache('/recurring/account/status-list', Array.from({ length: 12 }, (_, d) => ({ startDate: NOW_S - (d + 1) * 7 * DAY_S, endDate: NOW_S - d * 7 * DAY_S })));
  });
});
