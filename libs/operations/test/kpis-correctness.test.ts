import type { KpiFigures, Store } from '@washops/store';
import { clockFrom } from '@washops/client-core';
import { startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openKpis, openWarehouseSync, type Kpis, type WarehouseSync } from '../src/index.js';
import { api, fetchSiteDay, type SourceRecord } from './report-correctness-source.js';
import { openAt, warehouseBackends } from './warehouse-support.js';

// The operator's numbers over site-days synced from the simulator equal the same numbers computed here from the
// simulator's own records: its transactions read over its Data API with plain fetch (job pages), its world's clock
// entries and sales outcomes. None of the store's rollups, the numbers module or the sync's mapping is used for the
// expectations; the definitions are written out again from the README. Then the world's configured rates
// (conversion, labor hours per car) are recovered within sampling error.

const ACTOR = { channel: 'cli', name: 'kpi-correctness' } as const;
const TIME_SCALE = 0.01;
const PRETEND_NOW = Date.parse('2026-11-10T18:00:00Z');
/**
 * Three small sites; a Sunday to a Tuesday (two ISO weeks). The Sunday is the 25-hour day daylight saving time ends:
 * the sync splits its window; the raw fetch's 24-hour window starts an hour late, when the tunnels are closed.
 */
const SMALL_SITES = ['BERWYN', 'DKSN', 'EVERG2'];
const DAY_MS = 86_400_000;
/**
 * `WASHOPS_KPI_PROOF=month`: every site of the demo chain over October 2026 instead, the same checks (about an hour
 * here on two cores, so CI runs the three site-days; the README gives the month's figures).
 */
const MONTH_PROOF = process.env['WASHOPS_KPI_PROOF'] === 'month';
const DAYS = MONTH_PROOF
  ? Array.from({ length: 31 }, (_, i) => new Date(Date.UTC(2026, 9, 1 + i)).toISOString().slice(0, 10))
  : ['2026-11-01', '2026-11-02', '2026-11-03'];
const FROM = DAYS[0] as string;
const TO = DAYS[DAYS.length - 1] as string;

const cents = (dollars: number) => Math.round(dollars * 100);
const vendorHours = (hours: number) => Math.round(hours * 100) / 100;

/** What each number counts, from one raw transaction (README, "The operator's numbers"). */
const NOTHING = { transactions: 0, revenueCents: 0, cars: 0, memberCars: 0, planSaleCars: 0, prepaidCars: 0, fleetCars: 0, retailCars: 0, freeCars: 0, retailRevenueCents: 0, redemptions: 0, redemptionRevenueCents: 0, newMemberships: 0, newMembershipRevenueCents: 0, renewals: 0, membershipRevenueCents: 0 };

function expectedOfTransactions(records: readonly SourceRecord[]): Map<string, typeof NOTHING> {
  const out = new Map<string, typeof NOTHING>();
  for (const t of records) {
    const key = `${t.siteCode} ${t.day}`;
    const row = out.get(key) ?? { ...NOTHING };
    out.set(key, row);
    const total = cents(t.total);
    const car = (t.type === 'Sale' || t.type === 'Rewash') && t.items.some((i) => i.department === 'Wash' && !i.isVoided);
    const fleet = t.tenders.some((n) => n.tender === 'Paid On Account' || n.tenderSubType === 'House Account Card' || n.tenderSubType === 'House Account RFID');
    row.transactions += 1;
    row.revenueCents += total;
    if (car) {
      row.cars += 1;
      if (t.isRecurringRedemption) row.memberCars += 1;
      else if (t.isRecurringSale) row.planSaleCars += 1;
      else if (t.isPrepaidRedemption) row.prepaidCars += 1;
      else if (fleet) row.fleetCars += 1;
      else {
        row.retailCars += 1;
        row.retailRevenueCents += total;
        if (total === 0) row.freeCars += 1;
      }
    }
    if (t.isRecurringRedemption) {
      row.redemptions += 1;
      row.redemptionRevenueCents += total;
    }
    if (t.isRecurringSale) {
      row.newMemberships += 1;
      row.newMembershipRevenueCents += total;
    }
    if (t.isRecurringPayment) row.renewals += 1;
    if (t.isRecurringSale || t.isRecurringPayment) row.membershipRevenueCents += total;
  }
  return out;
}

const localDayOf = (ms: number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));

for (const backend of warehouseBackends) {
  describe.skipIf(backend.skip)(`the operator's numbers equal the simulator's own on ${backend.name}`, () => {
    const clock = clockFrom(PRETEND_NOW);
    let sim: TransactionsSimulator;
    let store: Store;
    let sync: WarehouseSync;
    let kpis: Kpis;
    let drop: () => Promise<void>;
    let records: SourceRecord[] = [];
    const zones = new Map<string, string>();
    const siteIds = new Map<number, string>();
    let SITES = SMALL_SITES;

    beforeAll(async () => {
      // Only the sites checked are served (each as it is in the whole chain), so the sync reads no other site's records.
      sim = await startTransactionsSimulator({ timeScale: TIME_SCALE, realism: { jobItemsWithoutV2Fields: false }, nullTotalsShare: 0, clock, ...(MONTH_PROOF ? {} : { sites: SMALL_SITES }) });
      for (const site of sim.control.sites()) {
        zones.set(site.code, site.timezone);
        siteIds.set(site.siteId, site.code);
      }
      if (MONTH_PROOF) SITES = [...zones.keys()].sort();
      const created = await backend.create();
      drop = created.drop;
      store = await openAt(created.location);
      sync = await openWarehouseSync({
        store,
        dataApi: { apiId: 'demo', apiKey: 'demo-key', baseUrl: sim.url, timeScale: TIME_SCALE },
        settings: { retryLimit: 1, workerConcurrency: MONTH_PROOF ? 6 : 3 },
        clock,
      });
      await sync.backfill({ from: FROM, to: TO, siteCodes: SITES }, ACTOR);
      // The local days run into the next UTC day (Central time): the resources are read a day past them.
      const utcTo = new Date(Date.parse(`${TO}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
      await sync.resources.backfill({ from: FROM, to: utcTo, resources: ['sites', 'employees', 'clock-entries', 'sales-outcomes'] }, ACTOR);
      const worker = await sync.startWorker({ exitWhenIdle: true, schedule: false });
      await worker.done;
      records = [];
      for (const siteCode of SITES) for (const day of DAYS) records.push(...(await fetchSiteDay(sim, siteCode, day, zones.get(siteCode) as string)));
      const tree = sim.control.sites().map((s, i) => ({ id: s.siteId, name: s.name, code: s.code, regionId: i % 2, regionName: i % 2 === 0 ? 'Even' : 'Odd', districtId: null, districtName: null }));
      kpis = openKpis({ store, backoffice: { listSites: async () => tree } });
    }, MONTH_PROOF ? 14_400_000 : 900_000);
    afterAll(async () => {
      await sync?.close();
      await store?.close();
      await sim?.close();
      await drop?.();
    });

    it('cars, sales and new memberships per site and local day equal those of the simulator\'s transactions', async () => {
      const expected = expectedOfTransactions(records);
      expect(records.length).toBeGreaterThan(1_500);
      const rows = await store.kpis.siteDays({ from: FROM, to: TO, siteCodes: SITES });
      expect(rows).toHaveLength(SITES.length * DAYS.length);
      for (const row of rows) {
        const want = expected.get(`${row.siteCode} ${row.day}`);
        const got = Object.fromEntries(Object.keys(want ?? {}).map((k) => [k, row[k as keyof typeof row]]));
        expect(got, `${row.siteCode} ${row.day}`).toEqual(want);
      }
      // Every kind of car is there to be told apart.
      const all = [...expected.values()];
      for (const kind of ['memberCars', 'planSaleCars', 'prepaidCars', 'fleetCars', 'retailCars', 'freeCars', 'renewals'] as const) expect(all.reduce((n, r) => n + (r[kind] ?? 0), 0), kind).toBeGreaterThan(0);
    });

    it('gift cards and washbooks sold and redeemed over the range equal those of the simulator\'s transactions', async () => {
      const want = new Map<string, { giftCardSoldCents: number; giftCardRedeemedCents: number; washbooksSold: number; washbookWashesRedeemed: number }>();
      for (const siteCode of SITES) want.set(siteCode, { giftCardSoldCents: 0, giftCardRedeemedCents: 0, washbooksSold: 0, washbookWashesRedeemed: 0 });
      for (const t of records) {
        const row = want.get(t.siteCode) as NonNullable<ReturnType<typeof want.get>>;
        for (const i of t.items.filter((line) => !line.isVoided)) {
          if (i.department === 'GiftCard') row.giftCardSoldCents += cents(i.net);
          if (i.department === 'WashBook') row.washbooksSold += i.quantity;
        }
        for (const n of t.tenders) {
          if (n.tenderSubType === 'Giftcard') row.giftCardRedeemedCents += cents(n.amount);
          if (n.tenderSubType === 'Washbook') row.washbookWashesRedeemed += 1;
        }
      }
      const got = await store.kpis.liability({ from: FROM, to: TO, siteCodes: SITES });
      expect(new Map(got.map((r) => [r.siteCode, { giftCardSoldCents: r.giftCardSoldCents, giftCardRedeemedCents: r.giftCardRedeemedCents, washbooksSold: r.washbooksSold, washbookWashesRedeemed: r.washbookWashesRedeemed }]))).toEqual(want);
      expect(got.every((r) => r.giftCardChangeCents === r.giftCardSoldCents - r.giftCardRedeemedCents)).toBe(true);
      expect([...want.values()].some((r) => r.giftCardSoldCents > 0 && r.giftCardRedeemedCents > 0 && r.washbookWashesRedeemed > 0)).toBe(true);
    });

    it('labor per site and local day equals the world\'s shifts (hours as the vendor rounds them)', async () => {
      const world = sim.control.world();
      // The chain's employees from the list endpoint (plain fetch); their shifts from the world itself.
      const employeeIds: number[] = [];
      for (let page = 1; ; page += 1) {
        const data = (await api(sim, '/employee', { limit: 100, offset: page })) as { employees: Array<{ employeeId: number }>; total: number };
        employeeIds.push(...data.employees.map((e) => e.employeeId));
        if (data.employees.length === 0 || employeeIds.length >= data.total) break;
      }
      const want = new Map<string, { shifts: number; hours: number; costCents: number; open: number; modified: number }>();
      const fromMs = Date.parse(`${FROM}T00:00:00Z`) - DAY_MS;
      const toMs = Date.parse(`${TO}T00:00:00Z`) + 2 * DAY_MS;
      for (const employeeId of employeeIds) {
        for (const entry of world.clockEntries(employeeId, fromMs, toMs, clock.now())) {
          const code = siteIds.get(entry.siteId);
          if (!code || !SITES.includes(code) || entry.clockInMs === null) continue;
          const day = localDayOf(entry.clockInMs, zones.get(code) as string);
          if (day < FROM || day > TO) continue;
          const key = `${code} ${day}`;
          const row = want.get(key) ?? { shifts: 0, hours: 0, costCents: 0, open: 0, modified: 0 };
          const regular = vendorHours(entry.regularHours);
          const overtime = vendorHours(entry.overtimeHours);
          row.shifts += 1;
          row.hours += regular + overtime;
          row.costCents += Math.round(regular * entry.regularRateCents + overtime * entry.overtimeRateCents);
          row.open += Number(entry.clockOutMs === null);
          row.modified += Number(entry.wasModified);
          want.set(key, row);
        }
      }
      expect(want.size).toBe(SITES.length * DAYS.length);
      for (const row of await store.kpis.siteDays({ from: FROM, to: TO, siteCodes: SITES })) {
        const w = want.get(`${row.siteCode} ${row.day}`);
        expect(
          { shifts: row.shifts, hours: Math.round((row.regularHours + row.overtimeHours) * 100) / 100, costCents: row.laborCostCents, open: row.openShifts, modified: row.modifiedPunches },
          `${row.siteCode} ${row.day}`,
        ).toEqual({ ...w, hours: Math.round((w?.hours ?? 0) * 100) / 100 });
      }
    });

    it('sales advisors: offers and conversions per site and employee equal the simulator\'s sales-outcome list', async () => {
      // Read over HTTP with plain fetch (the world's own list needs the chain's full site records).
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const query = { startDate: day(Date.parse(`${FROM}T00:00:00Z`) - DAY_MS), endDate: day(Date.parse(`${TO}T00:00:00Z`) + DAY_MS), limit: 500 };
      const outcomes: Array<{ timestamp: string; employeeId: string; siteId: string; isConverted: string }> = [];
      for (let page = 1; ; page += 1) {
        const data = (await api(sim, '/sales-outcome/list', { ...query, offset: page })) as { sales: typeof outcomes; total: number };
        outcomes.push(...data.sales);
        if (data.sales.length === 0 || outcomes.length >= data.total) break;
      }
      const want = new Map<string, { offers: number; conversions: number }>();
      for (const outcome of outcomes) {
        const code = siteIds.get(Number(outcome.siteId));
        if (!code || !SITES.includes(code)) continue;
        const local = localDayOf(Number(outcome.timestamp) * 1000, zones.get(code) as string);
        if (local < FROM || local > TO) continue;
        const key = `${code} ${outcome.employeeId}`;
        const row = want.get(key) ?? { offers: 0, conversions: 0 };
        row.offers += 1;
        row.conversions += Number(outcome.isConverted === 'yes');
        want.set(key, row);
      }
      expect([...want.values()].reduce((n, r) => n + r.conversions, 0)).toBeGreaterThan(0);
      const got = await store.kpis.advisors({ from: FROM, to: TO, siteCodes: SITES });
      expect(new Map(got.map((r) => [`${r.siteCode} ${r.employeeId}`, { offers: r.offers, conversions: r.conversions }]))).toEqual(want);
    });

    it('the service sums sites into the chain and regions, states its coverage, and recovers the configured rates', async () => {
      const chain = await kpis.summary({ from: FROM, to: TO, sites: SITES, groupBy: 'chain' });
      expect(chain.partial).toBe(false);
      expect(chain.coverage.complete).toBe(true);
      expect(chain.coverage.transactions).toMatchObject({ siteDays: SITES.length * DAYS.length, synced: SITES.length * DAYS.length });
      expect(chain.coverage.resources.map((r) => [r.resource, r.complete])).toEqual([
        ['employees', true],
        ['clock-entries', true],
      ]);
      const [total] = chain.data as [KpiFigures & { group: string }];
      const expected = [...expectedOfTransactions(records).values()].reduce((sum, row) => {
        for (const k of Object.keys(sum) as Array<keyof typeof NOTHING>) sum[k] += row[k];
        return sum;
      }, { ...NOTHING });
      expect(total).toMatchObject({ group: 'All sites', cars: expected.cars, newMemberships: expected.newMemberships, salesCents: expected.revenueCents - expected.redemptionRevenueCents });
      const eligible = expected.retailCars - expected.freeCars;
      expect(total.eligibleCars).toBe(eligible);
      expect(total.conversion).toBe((expected.newMemberships ?? 0) / eligible);
      const byRegion = await kpis.summary({ from: FROM, to: TO, sites: SITES, groupBy: 'region' });
      expect(byRegion.data.reduce((n, r) => n + r.cars, 0)).toBe(total.cars);
      const byDay = await kpis.summary({ from: FROM, to: TO, sites: SITES, groupBy: 'day' });
      expect(byDay.data.map((r) => r.group)).toEqual(DAYS);

      // Sign-ups are drawn with mean conversion × the day's expected walk-in washes: Poisson noise, 3.5 standard deviations.
      const rates = sim.control.worldRates();
      const mean = rates.conversion * eligible;
      expect(Math.abs((total.newMemberships) - mean)).toBeLessThanOrEqual(3.5 * Math.sqrt(mean));
      // Shifts are planned to laborHoursPerCar × the expected cars; the cars drawn vary around them.
      expect((total.laborHours / total.cars) / rates.laborHoursPerCar).toBeGreaterThan(0.85);
      expect((total.laborHours / total.cars) / rates.laborHoursPerCar).toBeLessThan(1.15);
    });
  });
}
