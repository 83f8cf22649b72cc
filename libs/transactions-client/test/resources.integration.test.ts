/**
 * Every resource of `DataApiClient` over HTTP against the simulator, on the agreed wire facts: paths, parameters, page
 * sizes, the live quirks (realistic mode, the default), each range refusal sending nothing, the clock-entry chunking,
 * `null` totals and empty pages, and one rate budget across every resource.
 */
import { DateRangeError, NotFoundError, ValidationError } from '@washops/shared-errors';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DataApiClient, DataApiPage } from '../src/index.js';
import { DAY, dataApiFor, dayStart, isoDay, maxPerServerWindow, nowSeconds, startPinnedSimulator, type Simulator } from './support/sim.js';

const SCALE = 0.01; // the 15 s window runs as 150 ms
const WINDOW = 15_000 * SCALE;
let sim: Simulator;
let client: DataApiClient;

beforeAll(async () => {
  sim = await startPinnedSimulator({ timeScale: SCALE });
});
afterAll(async () => {
  await client?.close();
  await sim?.close();
});
beforeEach(async () => {
  await client?.close();
  sim.control.reset();
  client = dataApiFor(sim, SCALE);
});

/** The requests the server received on `path` (below `/v1`), or on every path. */
function serverRequests(path?: string | RegExp) {
  return sim.control
    .requests()
    .filter((r) => path === undefined || (typeof path === 'string' ? r.path === `/v1${path}` : path.test(r.path.replace(/^\/v1/, ''))));
}

async function pagesOf<T>(pages: AsyncIterable<DataApiPage<T>>): Promise<Array<DataApiPage<T>>> {
  const out: Array<DataApiPage<T>> = [];
  for await (const page of pages) out.push(page);
  return out;
}

const now = nowSeconds;

/** The first page of a list, or none; the slow endpoints are read a page at a time (see SLOW). */
async function firstPage<T>(pages: AsyncIterable<DataApiPage<T>>): Promise<DataApiPage<T> | undefined> {
  for await (const page of pages) return page;
  return undefined;
}

/**
 * The simulator answers a customer or recurring-account page in 10 to 75 s on a loaded machine (it rebuilds its world
 * per request), so those tests read one page and get this long; the other lists are walked whole.
 */
const SLOW = 240_000;

describe('every resource endpoint over HTTP', () => {
  it('customers: a page by creation date, one customer by id, the same customer by phone; an unknown id is NotFoundError', async () => {
    const page = await firstPage(client.customers.listPages({ startDate: isoDay(1) }));
    expect(page?.rows.length).toBeGreaterThan(0);
    for (const row of page!.rows) expect(row.createdDate >= `${isoDay(1)}T00:00:00.000Z`).toBe(true);
    expect(serverRequests('/customer')[0]?.query).toEqual({ startDate: isoDay(1), limit: '100', offset: '1' });

    const withPhone = page!.rows.find((r) => r.phoneNumber !== null) ?? page!.rows[0]!;
    const customer = await client.customers.get(withPhone.customerId);
    expect(customer).toMatchObject({ id: withPhone.customerId, firstName: withPhone.firstName, lastName: withPhone.lastName });
    if (withPhone.phoneNumber !== null) {
      const byPhone = await client.customers.list({ phoneNumber: withPhone.phoneNumber });
      expect(byPhone.map((r) => r.customerId)).toContain(withPhone.customerId);
    }
    await expect(client.customers.get('999:999')).rejects.toBeInstanceOf(NotFoundError);
  }, SLOW);

  it('recurring accounts: a page of a window\'s sign-ups, and each account in detail', async () => {
    const window = { startDate: dayStart(7), endDate: now() };
    const page = await firstPage(client.recurring.listPages(window));
    expect(page?.rows.length).toBeGreaterThan(0);
    for (const account of page!.rows) {
      expect(Date.parse(account.signUpDate) / 1000).toBeGreaterThanOrEqual(window.startDate);
      expect(account.statusName).not.toBe('');
    }
    const detail = await client.recurring.get(page!.rows[0]!.id);
    expect(detail.id).toBe(page!.rows[0]!.id);
    expect(detail.recurringStatuses.length).toBeGreaterThan(0);
    for (const billing of detail.recurringBillings) expect(billing.cardLastFour).toMatch(/^\d{4}$/);
  }, SLOW);

  it('recurring details list and modifications: a page each, modifications read from the live keys', async () => {
    const window = { startDate: dayStart(7), endDate: now() };
    const details = await firstPage(client.recurring.listDetailsPages(window));
    for (const d of details?.rows ?? []) expect(d.planName).not.toBe('');
    const modified = await firstPage(client.recurring.listModificationsPages(window));
    expect(modified?.rows.length).toBeGreaterThan(0);
    for (const account of modified!.rows) {
      expect(account.modifications.length).toBeGreaterThan(0);
      for (const m of account.modifications) expect(m.type).not.toBe('');
    }
    // A page answered past the client's 30 s attempt timeout is asked again, so count the page sizes, not the requests.
    for (const path of ['/recurring/account/details/list', '/recurring/account/modifications']) {
      expect(serverRequests(path).length).toBeGreaterThan(0);
      expect(serverRequests(path).every((r) => r.query['limit'] === '100' && r.query['offset'] === '1')).toBe(true);
    }
  }, SLOW);

  it('recurring status changes: a page of 1000 asked for, snake_case read as camelCase', async () => {
    const page = await firstPage(client.recurring.listStatusChangesPages({ startDate: dayStart(7), endDate: now() }));
    expect(page?.rows.length).toBeGreaterThan(0);
    expect(page?.pageSize).toBe(1000);
    for (const change of page!.rows) {
      expect(change.washbookAccountId).toMatch(/^\d+:\d+$/);
      expect(change.newStatus).not.toBe('');
    }
    expect(serverRequests('/recurring/account/status-list')[0]?.query['limit']).toBe('1000');
  }, SLOW);

  it('washbooks: every one of a month, balances as numbers or unlimited, one in detail', async () => {
    const books = await client.washbooks.list({ startDate: dayStart(30), endDate: now() });
    expect(books.length).toBeGreaterThan(0);
    for (const book of books) expect(book.unlimited ? book.balance === null : typeof book.balance === 'number').toBe(true);
    const detail = await client.washbooks.get(books[0]!.id);
    expect(detail).toMatchObject({ id: books[0]!.id, unlimited: books[0]!.unlimited });
  }, SLOW);

  it('gift cards: the misspelled path, used amounts within the card value', async () => {
    const cards = await client.giftCards.list({ startDate: dayStart(7), endDate: now() });
    expect(cards.length).toBeGreaterThan(0);
    expect(serverRequests('/giftcard-liablilty').length).toBeGreaterThan(0);
    for (const card of cards) expect(card.amountUsed).toBeLessThanOrEqual(card.value);
  }, SLOW);

  it('items: the catalogue, and a department filter that returns a part of it', async () => {
    const items = await client.items.list();
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(typeof item.priceAtSite).toBe('number');
    const plans = await client.items.list({ departmentName: 'Recurring_Plan' });
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.length).toBeLessThan(items.length);
    expect(plans.every((p) => p.departmentName === 'Recurring Plan')).toBe(true);
  }, SLOW);

  it('employees: the list, one in detail, and 20 days of clock entries asked as two chunks of at most 14 days', async () => {
    const employees = await client.employees.list();
    expect(employees.length).toBeGreaterThan(0);
    const one = await client.employees.get(employees[0]!.employeeId);
    expect(one).toMatchObject({ employeeId: employees[0]!.employeeId, firstName: employees[0]!.firstName });

    const entries = await client.employees.clockEntries(one.employeeId, { startDate: isoDay(19), endDate: isoDay(0) });
    const asked = serverRequests(/^\/employee\/\d+\/clock-entries$/).map((r) => [r.query['startDate'], r.query['endDate']]);
    expect(asked).toEqual([
      [isoDay(19), isoDay(6)],
      [isoDay(5), isoDay(0)],
    ]);
    for (const entry of entries) {
      expect(entry.employeeId).toBe(one.employeeId);
      if (entry.clockIn !== null) expect(entry.clockIn >= `${isoDay(19)}T00:00:00.000Z`).toBe(true);
    }
    await expect(client.employees.get(999_999_999)).rejects.toBeInstanceOf(NotFoundError);
  }, SLOW);

  it('sales outcomes: pages of 500 asked with YYYY-MM-DD dates; timestamps within the range', async () => {
    const rows = await client.salesOutcomes.list({ startDate: isoDay(2), endDate: isoDay(1) });
    expect(rows.length).toBeGreaterThan(0);
    expect(serverRequests('/sales-outcome/list')[0]?.query).toMatchObject({ startDate: isoDay(2), endDate: isoDay(1), limit: '500', offset: '1' });
    for (const row of rows) {
      expect(row.timestamp >= `${isoDay(2)}T00:00:00.000Z`).toBe(true);
      expect(typeof row.isConverted).toBe('boolean');
    }
  }, SLOW);

  it('sites: the chain, the same as the transactions client reads', async () => {
    const sites = await client.sites.list();
    expect(sites.map((s) => s.code)).toEqual(sim.control.sites().map((s) => s.code));
    expect(await client.transactions.listSites()).toEqual(sites);
  });
});

describe('refusals, chunking, totals and pages', () => {
  it('each range refusal sends nothing to the server', async () => {
    const refusals: Array<() => Promise<unknown>> = [
      () => client.recurring.list({ startDate: now() - 200 * DAY, endDate: now() }),
      () => client.recurring.listDetails({ startDate: now() - 40 * DAY, endDate: now() }),
      () => client.recurring.listModifications({ startDate: now() - 190 * DAY, endDate: now() }),
      () => client.washbooks.list({ startDate: now() - 184 * DAY, endDate: now() }),
      () => client.giftCards.list({ startDate: now() - 200 * DAY, endDate: now() - 190 * DAY }),
      () => client.salesOutcomes.list({ startDate: isoDay(1), endDate: isoDay(3) }),
      () => client.employees.clockEntries(1, { startDate: isoDay(1), endDate: isoDay(3) }),
    ];
    for (const refuse of refusals) await expect(refuse()).rejects.toBeInstanceOf(DateRangeError);
    await expect(client.recurring.listStatusChanges({ pageSize: 1001 })).rejects.toBeInstanceOf(ValidationError);
    await expect(client.salesOutcomes.list({ startDate: isoDay(3), endDate: isoDay(1), pageSize: 501 })).rejects.toBeInstanceOf(ValidationError);
    expect(serverRequests()).toEqual([]);
  });

  it('the server agrees: an over-limit details range asked for directly is a 422', async () => {
    const response = await fetch(`${sim.url}/recurring/account/details/list?startDate=${now() - 60 * DAY}&endDate=${now()}`, {
      headers: { 'X-Sonnys-API-ID': 'demo', 'X-Sonnys-API-Key': 'demo-key' },
    });
    expect(response.status).toBe(422);
  });

  it('an empty result is one request and no page', async () => {
    const pages = await pagesOf(client.giftCards.listPages({ prepaidNumber: 'NO-SUCH-CARD', startDate: dayStart(7), endDate: now() }));
    expect(pages).toEqual([]);
    expect(serverRequests('/giftcard-liablilty')).toHaveLength(1);
  });

  it('with every total null, the lists are walked to their short page and hold the same rows', async () => {
    const nullSim = await startPinnedSimulator({ timeScale: SCALE, nullTotalsShare: 1 });
    const nullClient = dataApiFor(nullSim, SCALE);
    try {
      const pages = await pagesOf(nullClient.items.listPages());
      expect(pages.length).toBeGreaterThan(0);
      expect(pages.every((p) => p.total === null && p.pageCount === null)).toBe(true);
      expect(pages.flatMap((p) => p.rows)).toEqual(await client.items.list());
      const window = { startDate: dayStart(7), endDate: now() };
      expect(await nullClient.giftCards.list(window)).toEqual(await client.giftCards.list(window));
    } finally {
      await nullClient.close();
      await nullSim.close();
    }
  }, SLOW);

  it('resource and transaction calls share one budget: the server never counts more than 20 in a window, no 429', async () => {
    const window = { startDate: dayStart(7), endDate: now() };
    await Promise.all([
      client.items.list(),
      client.employees.list(),
      client.giftCards.list(window),
      client.washbooks.list(window),
      client.salesOutcomes.list({ startDate: isoDay(2), endDate: isoDay(1) }),
      client.transactions.listV2({ startDate: dayStart(2), endDate: dayStart(1) }),
      client.sites.list(),
      ...Array.from({ length: 20 }, () => client.transactions.listSites()),
    ]);
    expect(serverRequests().filter((r) => r.status === 429)).toEqual([]);
    expect(maxPerServerWindow(sim, WINDOW)).toBeLessThanOrEqual(20);
    expect(client.transactions.stats.rateLimited).toBe(0);
  }, SLOW);
});
