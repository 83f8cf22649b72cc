import { clockFrom } from '@washops/client-core';
import type { ReportScope, Store } from '@washops/store';
import { startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouseSync, type WarehouseSync } from '../src/index.js';
import { expectedFigures, fetchSiteDay, typeListCount, type SourceRecord } from './report-correctness-source.js';
import { openAt, warehouseBackends } from './warehouse-support.js';

// Every report of the store, over site-days synced from the simulator, equals the same figures computed from the
// simulator's own records (its Data API's job pages, fetched here with plain fetch) and, for the mix, the vendor's own
// item_type lists. Nothing of the rollups, the report queries or the sync's mapping is used for the expectations.

const ACTOR = { channel: 'cli', name: 'report-correctness' } as const;
const TIME_SCALE = 0.01;
const PRETEND_NOW = Date.parse('2026-11-10T18:00:00Z');
const SITES = ['BERWYN', 'DKSN', 'ECOM'];
/** A Sunday and a Monday: two ISO weeks, one month, no DST change. */
const DAYS = ['2026-11-08', '2026-11-09'];
const ITEM_TYPES = ['wash', 'prepaid-wash', 'recurring', 'washbook', 'giftcard', 'merchandise', 'house-account'];

type Keyed = Record<string, Record<string, number>>;

function keyed<R>(rows: readonly R[], key: (row: R) => string, figures: (row: R) => Record<string, number>): Keyed {
  const out: Keyed = {};
  for (const row of rows) out[key(row)] = figures(row);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

for (const backend of warehouseBackends) {
  describe.skipIf(backend.skip)(`reports equal the simulator's own figures on ${backend.name}`, () => {
    const clock = clockFrom(PRETEND_NOW);
    let sim: TransactionsSimulator;
    let store: Store;
    let sync: WarehouseSync;
    let drop: () => Promise<void>;
    let records: SourceRecord[] = [];
    const zones = new Map<string, string>();
    const scope: ReportScope = { from: DAYS[0] as string, to: DAYS[1] as string, siteCodes: SITES };

    beforeAll(async () => {
      // The v2 flags kept in job items, so the plan figures are checked too; list totals always sent.
      sim = await startTransactionsSimulator({ timeScale: TIME_SCALE, realism: { jobItemsWithoutV2Fields: false }, nullTotalsShare: 0, clock, sites: SITES });
      for (const site of sim.control.sites()) zones.set(site.code, site.timezone);
      const created = await backend.create();
      drop = created.drop;
      store = await openAt(created.location);
      sync = await openWarehouseSync({
        store,
        dataApi: { apiId: 'demo', apiKey: 'demo-key', baseUrl: sim.url, timeScale: TIME_SCALE },
        settings: { retryLimit: 1, workerConcurrency: 3 },
        clock,
      });
      await sync.backfill({ from: scope.from, to: scope.to, siteCodes: SITES }, ACTOR);
      const worker = await sync.startWorker({ exitWhenIdle: true, schedule: false });
      await worker.done;
      records = [];
      for (const siteCode of SITES) for (const day of DAYS) records.push(...(await fetchSiteDay(sim, siteCode, day, zones.get(siteCode) as string)));
    }, 240_000);
    afterAll(async () => {
      await sync?.close();
      await store?.close();
      await sim?.close();
      await drop?.();
    });

    it('the range is synced whole, and the source is not trivial', async () => {
      expect(await store.reports.coverage(scope)).toMatchObject({ siteDays: 6, synced: 6, complete: true, missingCount: 0 });
      expect(records.length).toBeGreaterThan(1_000);
      const expected = expectedFigures(records);
      // Every report below has something to compare.
      for (const part of [expected.categories, expected.tenders, expected.staff, expected.discounts, expected.hours]) expect(Object.keys(part).length).toBeGreaterThan(3);
      expect(Object.values(expected.memberships).some((m) => (m['planSales'] ?? 0) > 0 && (m['memberWashes'] ?? 0) > 0)).toBe(true);
    });

    it('sales by day, week and month', async () => {
      const expected = expectedFigures(records).sales;
      for (const period of ['day', 'week', 'month'] as const) {
        const rows = await store.reports.sales(scope, period);
        expect(keyed(rows, (r) => `${r.siteCode} ${r.period}`, (r) => ({ transactions: r.transactions, revenueCents: r.revenueCents })), period).toEqual(expected[period]);
      }
    });

    it('mix: categories, departments and every item', async () => {
      const expected = expectedFigures(records);
      const mix = await store.reports.mix(scope, { topItems: 1_000 });
      expect(keyed(mix.categories, (r) => `${r.siteCode} ${r.category}`, (r) => ({ transactions: r.transactions, revenueCents: r.revenueCents }))).toEqual(expected.categories);
      expect(keyed(mix.departments, (r) => `${r.siteCode} ${r.department}`, (r) => ({ quantity: r.quantity, transactions: r.transactions, netCents: r.netCents }))).toEqual(expected.departments);
      expect(keyed(mix.topItems, (r) => `${r.name} ${r.department}`, (r) => ({ quantity: r.quantity, netCents: r.netCents }))).toEqual(expected.items);
      const top = await store.reports.mix(scope, { topItems: 5 });
      const byUnits = Object.entries(expected.items).sort(([an, a], [bn, b]) => (b['quantity'] ?? 0) - (a['quantity'] ?? 0) || (b['netCents'] ?? 0) - (a['netCents'] ?? 0) || (an < bn ? -1 : 1));
      expect(top.topItems.map((r) => `${r.name} ${r.department}`)).toEqual(byUnits.slice(0, 5).map(([key]) => key));
    });

    it("mix categories hold exactly the transactions the vendor's own item_type lists hold", async () => {
      for (const siteCode of SITES) {
        for (const day of DAYS) {
          const mix = await store.reports.mix({ from: day, to: day, siteCodes: [siteCode] });
          for (const itemType of ITEM_TYPES) {
            const stored = mix.categories.find((c) => c.category === itemType)?.transactions ?? 0;
            expect(stored, `${siteCode} ${day} ${itemType}`).toBe(await typeListCount(sim, siteCode, day, zones.get(siteCode) as string, itemType));
          }
        }
      }
    });

    it('memberships, tenders, hours, staff and discounts', async () => {
      const expected = expectedFigures(records);
      expect(keyed(await store.reports.memberships(scope), (r) => r.siteCode, ({ siteCode: _s, ...figures }) => figures)).toEqual(expected.memberships);
      expect(
        keyed(await store.reports.tenders(scope), (r) => `${r.siteCode} ${r.tender} ${r.tenderSubType ?? '-'}`, (r) => ({ count: r.count, amountCents: r.amountCents, changeCents: r.changeCents })),
      ).toEqual(expected.tenders);
      expect(keyed(await store.reports.hours(scope), (r) => `${r.siteCode} ${r.dayOfWeek} ${r.hour}`, (r) => ({ transactions: r.transactions, revenueCents: r.revenueCents }))).toEqual(expected.hours);
      expect(
        keyed(await store.reports.staff(scope), (r) => `${r.siteCode} ${r.role} ${r.employee}`, (r) => ({ transactions: r.transactions, revenueCents: r.revenueCents, membershipSales: r.membershipSales })),
      ).toEqual(expected.staff);
      expect(keyed(await store.reports.discounts(scope), (r) => `${r.siteCode} ${r.discountName}`, (r) => ({ uses: r.uses, amountCents: r.amountCents }))).toEqual(expected.discounts);
    });
  });
}
