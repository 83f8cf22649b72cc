import type { DataApiResource, Store } from '@washops/store';
import { openStore } from '@washops/store';
import { DataApiClient } from '@washops/transactions-client';
import { startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchWindow } from '../src/dataapi/fetch.js';
import { planResourceWindows } from '../src/dataapi/plan.js';
import { openResourceReads } from '../src/index.js';
import type { ResourceReads } from '../src/index.js';

// The resource reads over HTTP against the Data API simulator: first live (the warehouse holds nothing), then from the
// warehouse after the sync's own fetch filled it; both sources give the same answer, each saying where it comes from.

// One site's key: the world builds a site's members and customers in about a second each, all sites ten times that.
const CREDENTIALS = { apiId: 'demo', apiKey: 'demo-key' };
const SITE = 'JOLIET';
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = utcDay(Date.now());
const addDays = (day: string, n: number) => utcDay(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000);
/** The last 20 whole UTC days. */
const RANGE = { from: addDays(today, -20), to: addDays(today, -1) };
/**
 * Gift cards synced over most of the Data API's 6-month look-back. It starts a day inside the live list's own window
 * (the last 180 × 24 hours up to the moment it is read), so every card synced is one the live list serves too.
 */
const GIFT_CARD_DAYS = { from: addDays(today, -179), to: addDays(today, -1) };

/** Everything but where it came from. */
function withoutFreshness<T extends { freshness: unknown }>(answer: T): Omit<T, 'freshness'> {
  const { freshness: _freshness, ...rest } = answer;
  return rest;
}

describe('resource reads against the Data API simulator', () => {
  let sim: TransactionsSimulator;
  let client: DataApiClient;
  let store: Store;
  let live: ResourceReads;
  let warehouse: ResourceReads;

  beforeAll(async () => {
    sim = await startTransactionsSimulator({ port: 0, seed: 'resource-reads', nullTotalsShare: 0, timeScale: 0.01, credentials: [{ ...CREDENTIALS, siteCodes: [SITE] }] });
    client = new DataApiClient({ ...CREDENTIALS, siteCode: SITE, baseUrl: sim.url, maxRetries: 0, timeoutMs: 120_000, rateLimit: { requests: 20, windowMs: 15_000 * 0.01 } });
    store = await openStore({ inMemory: true });
    live = openResourceReads({ store, dataApi: client });
    warehouse = openResourceReads({ store });
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await sim?.close();
    await store?.close();
  });

  /** One resource synced over the range the way the sync's workers do it. */
  async function sync(resource: DataApiResource, employeeIds: number[] = [], range = RANGE): Promise<void> {
    for (const key of planResourceWindows(resource, range, Date.now(), employeeIds)) {
      const { data } = await fetchWindow(client, key);
      await store.resources.completeWindow(key, data);
    }
  }

  it('gift cards, items, status changes, clock entries and sales outcomes: live first, then the same answer from the warehouse', async () => {
    const employees = await client.employees.list({});
    expect(employees.length).toBeGreaterThan(0);
    const employeeId = employees[0]!.employeeId;
    const asks = {
      giftCards: () => warehouseOrLive.listGiftCards({ siteCode: SITE, pageSize: 100 }),
      items: () => warehouseOrLive.listItems({ pageSize: 100 }),
      statusChanges: () => warehouseOrLive.listMembershipStatusChanges({ ...RANGE, pageSize: 100 }),
      clock: () => warehouseOrLive.listClockEntries({ ...RANGE, employeeId, pageSize: 100 }),
      outcomes: () => warehouseOrLive.listSalesOutcomes({ ...RANGE, pageSize: 100 }),
    };
    let warehouseOrLive = live;
    const before = { giftCards: await asks.giftCards(), items: await asks.items(), statusChanges: await asks.statusChanges(), clock: await asks.clock(), outcomes: await asks.outcomes() };
    for (const answer of Object.values(before)) expect(answer.freshness.source).toBe('live');
    expect(before.items.total).toBeGreaterThan(0);
    expect(before.giftCards.totalOutstandingCents).toBe(before.giftCards.liability.reduce((sum, site) => sum + site.valueCents - site.usedCents, 0));
    for (const shift of before.clock.rows) expect(shift.open).toBe(shift.clockOut === null);
    expect(before.outcomes.byEmployee.reduce((sum, e) => sum + e.offers, 0)).toBe(before.outcomes.total);

    await sync('employees');
    // Gift cards over the Data API's whole look-back: the live list without dates holds every card it serves.
    await sync('gift-cards', [], GIFT_CARD_DAYS);
    await sync('items');
    await sync('status-changes');
    await sync('clock-entries', employees.map((e) => e.employeeId));
    await sync('sales-outcomes');
    warehouseOrLive = warehouse;
    const after = { giftCards: await asks.giftCards(), items: await asks.items(), statusChanges: await asks.statusChanges(), clock: await asks.clock(), outcomes: await asks.outcomes() };
    for (const answer of Object.values(after)) expect(answer.freshness.source).toBe('warehouse');
    expect(withoutFreshness(after.items)).toEqual(withoutFreshness(before.items));
    expect(withoutFreshness(after.statusChanges)).toEqual(withoutFreshness(before.statusChanges));
    expect(withoutFreshness(after.clock)).toEqual(withoutFreshness(before.clock));
    expect(withoutFreshness(after.outcomes)).toEqual(withoutFreshness(before.outcomes));
    // Gift cards: the live list is the Data API's whole look-back up to now, the warehouse's the days it synced (named
    // in its freshness); its liability is that of the cards the Data API sold on those days.
    expect(after.giftCards.freshness.range).toEqual({ from: GIFT_CARD_DAYS.from, to: GIFT_CARD_DAYS.to });
    const sold = await client.giftCards.list({ startDate: `${GIFT_CARD_DAYS.from}T00:00:00Z`, endDate: `${GIFT_CARD_DAYS.to}T23:59:59Z` });
    const cents = (dollars: number) => Math.round(dollars * 100);
    expect(after.giftCards.totalOutstandingCents).toBe(sold.reduce((sum, card) => sum + cents(card.value) - cents(card.amountUsed), 0));
    expect(after.giftCards.total).toBe(sold.length);
  }, 600_000);

  it('memberships and washbooks live over the widest 6 months the Data API takes, saying so', async () => {
    const memberships = await live.listMemberships({ pageSize: 5 });
    expect(memberships.freshness).toMatchObject({ source: 'live', note: 'Live from the Data API: the warehouse has not synced memberships. The Data API serves the memberships of the last 6 months only.' });
    expect(memberships.total).toBeGreaterThan(0);
    const oldest = Date.now() - 181 * 86_400_000;
    for (const m of memberships.rows) expect(Date.parse(m.signUpAt!)).toBeGreaterThanOrEqual(oldest);
    expect((await live.listWashbooks({ pageSize: 5 })).freshness.source).toBe('live');
  }, 300_000);

  it("a member's profile live: memberships with card last four only, contact details masked", async () => {
    const [account] = await client.recurring.list({ startDate: `${RANGE.from}T00:00:00Z` });
    expect(account?.customerId).toBeTruthy();
    const profile = await live.getCustomer(account!.customerId!);
    expect(profile.freshness.source).toBe('live');
    expect(profile.customer.contact.masked).toBe(true);
    expect(profile.memberships.map((m) => m.id)).toContain(account!.id);
    for (const billing of profile.memberships.flatMap((m) => m.billings)) expect(billing.cardLastFour ?? '0000').toMatch(/^\d{4}$/);
    const raw = await client.customers.get(account!.customerId!);
    if (raw.phone) expect(JSON.stringify(profile)).not.toContain(raw.phone);
    if (raw.email) expect(JSON.stringify(profile)).not.toContain(raw.email);
  }, 300_000);

  it("a synced customer's email, address and birth date are read from their own record when their profile opens, saying so", async () => {
    await sync('customers');
    const [synced] = await store.resources.searchCustomers({ query: 'a', limit: 1 });
    expect(synced).toBeDefined();
    const before = sim.control.requests().length;
    const shown = openResourceReads({ store, dataApi: client, showPersonalData: true });
    const profile = await shown.getCustomer(synced!.customerId);
    const own = sim.control.requests().slice(before).filter((r) => r.path.startsWith('/v1/customer/'));
    expect(own).toHaveLength(1);
    const raw = await client.customers.get(synced!.customerId);
    expect(profile.customer.contact).toMatchObject({ email: raw.email, address1: raw.address.address1, birthDate: raw.birthDate });
    expect(profile.freshness).toMatchObject({ source: 'warehouse' });
    expect(profile.freshness.note).toMatch(/Email, address and birth date live from the Data API\.$/);
    // Without a Data API the warehouse's answer says what it could not read.
    expect((await warehouse.getCustomer(synced!.customerId)).freshness.note).toMatch(/not read: no Data API is configured\.$/);
  }, 300_000);
});
