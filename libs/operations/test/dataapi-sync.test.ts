import { clockFrom } from '@washops/client-core';
import { addDays, type Store } from '@washops/store';
import { DataApiClient } from '@washops/transactions-client';
import { SMALL_CHAIN_SITES, type TransactionsSimulator } from '@washops/transactions-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCustomerRecord, toGiftCard, toMembershipSummary, toSalesOutcome, toWashbook } from '../src/dataapi/mapping.js';
import type { ResourceWindowEvent, WarehouseSync } from '../src/index.js';
import { openSimulatedWarehouse, warehouseBackends, type SimulatedWarehouse } from './warehouse-support.js';

const ACTOR = { channel: 'cli', name: 'resources-test' } as const;
/** Slow enough that a window of the simulator's costlier lists (gift cards' use, modifications) stays within its job's time. */
const TIME_SCALE = 0.02;
const PRETEND_NOW = Date.parse('2026-11-10T18:00:00Z');
const byKey = <T>(rows: T[], key: (row: T) => string) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));

for (const backend of warehouseBackends) {
  describe.skipIf(backend.skip)(`resources sync on ${backend.name}`, () => {
    const clock = clockFrom(PRETEND_NOW);
    const yesterday = addDays(new Date(PRETEND_NOW).toISOString().slice(0, 10), -1);
    const from = yesterday;
    let sim: TransactionsSimulator;
    let store: Store;
    let sync: WarehouseSync;
    let reference: DataApiClient;
    let warehouse: SimulatedWarehouse | undefined;

    beforeAll(async () => {
      warehouse = await openSimulatedWarehouse(backend, { timeScale: TIME_SCALE, clock, retryLimit: 0, sites: SMALL_CHAIN_SITES });
      ({ sim, store, sync } = warehouse);
      // The simulator's records read straight over HTTP, on the same budget as the sync.
      reference = new DataApiClient({ apiId: 'demo', apiKey: 'demo-key', baseUrl: sim.url, rateLimit: store.rateBudget('demo', { requests: 20, windowMs: 15_000 * TIME_SCALE, ceiling: 20 }) });
    }, 180_000);
    afterAll(async () => {
      await reference?.close();
      await warehouse?.close();
    });

    const runUntilIdle = async (events: ResourceWindowEvent[] = []) => {
      const worker = await sync.startWorker({ exitWhenIdle: true, schedule: false, onWindow: (e) => events.push(e) });
      await worker.done;
      return events;
    };

    it('a backfill of a day of every resource equals the simulator, and a re-run adds nothing', async () => {
      const range = { startDate: Date.parse(`${from}T00:00:00Z`) / 1000, endDate: Date.parse(`${yesterday}T23:59:59Z`) / 1000 };
      const outstanding = (cards: ReturnType<typeof toGiftCard>[]) => cards.reduce((n, c) => n + c.valueCents - c.usedCents, 0);
      // A card's use grows with the simulator's clock, which runs on meanwhile: read before the sync as well as after it.
      const cardsBefore = (await reference.giftCards.list(range)).map(toGiftCard);
      const result = await sync.resources.backfill({ from, to: yesterday }, ACTOR);
      expect(result.queued).toBeGreaterThan(0);
      const events = await runUntilIdle();
      expect(events.filter((e) => e.kind === 'failed')).toEqual([]);

      // The simulator's chain keeps signing customers up as its clock runs: those created after the range came later.
      const rangeEnd = new Date(`${yesterday}T23:59:59Z`);
      const customers = (await reference.customers.list({ startDate: from })).map(toCustomerRecord).filter((c) => c.createdAt !== null && c.createdAt <= rangeEnd);
      const storedCustomers = await Promise.all(customers.map((c) => store.resources.customerProfile(c.customerId)));
      expect(storedCustomers.map((p) => p?.customer.customerId)).toEqual(customers.map((c) => c.customerId));
      for (const [i, c] of customers.entries()) expect(storedCustomers[i]?.customer).toMatchObject(c);

      const accounts = (await reference.recurring.list(range)).map(toMembershipSummary);
      for (const account of accounts) expect(await store.resources.getMembership(account.id)).toMatchObject(account);
      // Each status change is filed under the account the list names (`washbook_account_id`, the account list's id).
      const dayBounds = { from: new Date(`${from}T00:00:00Z`), to: new Date(`${yesterday}T23:59:59Z`) };
      const changes = await store.resources.listStatusChanges(dayBounds);
      expect(changes.length).toBeGreaterThan(0);
      for (const change of changes) expect(change.membershipId).toBe(change.washbookAccountId);
      const changed = accounts.find((account) => changes.some((c) => c.membershipId === account.id));
      if (changed) {
        const profile = await store.resources.getMembership(changed.id);
        const own = changes.filter((c) => c.membershipId === changed.id).map((c) => `${c.at.toISOString()} ${c.newStatus}`);
        expect(profile?.statusChanges.map((c) => `${c.at.toISOString()} ${c.newStatus}`)).toEqual(expect.arrayContaining(own));
      }
      const books = (await reference.washbooks.list(range)).map(toWashbook);
      expect(byKey(await store.resources.listWashbooks(), (w) => w.id)).toEqual(byKey(books, (w) => w.id));
      const cards = (await reference.giftCards.list(range)).map(toGiftCard);
      const liability = await store.resources.giftCardLiability();
      expect(liability.reduce((n, l) => n + l.cards, 0)).toBe(cards.length);
      expect(cardsBefore.map((c) => c.giftcardId).sort()).toEqual(cards.map((c) => c.giftcardId).sort());
      // Use only grows: the sum the sync stored lies between the two reads, and equals both when no card was used meanwhile.
      const storedOutstanding = liability.reduce((n, l) => n + l.outstandingCents, 0);
      expect(storedOutstanding).toBeLessThanOrEqual(outstanding(cardsBefore));
      expect(storedOutstanding).toBeGreaterThanOrEqual(outstanding(cards));
      const sales = (await reference.salesOutcomes.list({ startDate: from, endDate: yesterday })).map(toSalesOutcome);
      const perEmployee = await store.resources.salesOutcomesByEmployee({ from: new Date(`${from}T00:00:00Z`), to: new Date(`${yesterday}T23:59:59Z`) });
      expect(perEmployee.reduce((n, e) => n + e.offers, 0)).toBe(sales.length);
      expect(perEmployee.reduce((n, e) => n + e.converted, 0)).toBe(sales.filter((s) => s.isConverted).length);
      const items = await reference.items.list({});
      expect((await store.resources.listCatalogItems()).length).toBe(new Set(items.map((i) => `${i.sku}\u0000${i.siteLocation ?? ''}`)).size);
      const employees = await reference.employees.list({});
      expect((await store.resources.listEmployees()).map((e) => e.employeeId).sort((a, b) => a - b)).toEqual(employees.map((e) => e.employeeId).sort((a, b) => a - b));
      const someone = employees[0];
      if (someone) {
        const entries = await reference.employees.clockEntries(someone.employeeId, { startDate: from, endDate: yesterday });
        const stored = await store.resources.clockEntries({ from: new Date(`${from}T00:00:00Z`), to: new Date(`${yesterday}T23:59:59Z`), employeeId: someone.employeeId });
        expect(stored.shifts.length).toBe(entries.filter((e) => e.clockIn !== null).length);
      }
      for (const status of await sync.resources.status({ from, to: yesterday })) expect({ resource: status.resource, complete: status.coverage.complete }).toEqual({ resource: status.resource, complete: true });

      // Again, every window read anew: the same rows, nothing added.
      const counts = async () => ({
        customers: (await store.resources.searchCustomers({ query: 'a', limit: 100 })).length,
        washbooks: (await store.resources.listWashbooks()).length,
        sales: (await store.resources.salesOutcomesByEmployee({ from: new Date(0), to: new Date(PRETEND_NOW) })).reduce((n, e) => n + e.offers, 0),
        shifts: (await store.resources.clockEntries({ from: new Date(0), to: new Date(PRETEND_NOW) })).shifts.length,
        changes: (await store.resources.listStatusChanges({ from: new Date(0), to: new Date(PRETEND_NOW) })).length,
      });
      const before = await counts();
      expect((await sync.resources.backfill({ from, to: yesterday, resync: true }, ACTOR)).queued).toBeGreaterThan(0);
      expect((await runUntilIdle()).filter((e) => e.kind === 'failed')).toEqual([]);
      expect(await counts()).toEqual(before);
    }, 600_000);

    it('a window whose second list fails is left failed with its error and nothing of it written; retried, it completes', async () => {
      const day = addDays(yesterday, -10);
      const range = { startDate: Date.parse(`${day}T00:00:00Z`) / 1000, endDate: Date.parse(`${day}T23:59:59Z`) / 1000 };
      const accounts = await reference.recurring.list(range);
      expect(accounts.length).toBeGreaterThan(0);
      // The account list answers; the details list of the same window does not.
      sim.control.inject({ endpoint: 'recurringDetailsList', kind: 'serverError', count: 1_000 });
      try {
        await sync.resources.backfill({ from: day, to: day, resources: ['memberships'] }, ACTOR);
        const events = await runUntilIdle();
        expect(events).toEqual([expect.objectContaining({ kind: 'failed', willRetry: false })]);
      } finally {
        sim.control.clearFaults();
      }
      const [window] = await store.resources.windows({ resource: 'memberships', from: day, to: day });
      expect(window).toMatchObject({ state: 'failed', syncedAt: null, records: null });
      expect(window?.error).toBeTruthy();
      // Nothing of the account list the window read was kept (a modification read elsewhere may hold an account's detail).
      for (const account of accounts) expect((await store.resources.getMembership(account.id))?.signUpAt ?? null).toBeNull();
      expect((await store.resources.coverage('memberships', { from: day, to: day })).complete).toBe(false);
      expect(await sync.resources.retryFailed(ACTOR)).toBe(1);
      expect((await runUntilIdle()).map((e) => e.kind)).toEqual(['done']);
      for (const account of accounts) expect(await store.resources.getMembership(account.id)).toMatchObject({ id: account.id, signUpAt: new Date(account.signUpDate), planName: expect.any(String) });
    }, 600_000);
  });
}
