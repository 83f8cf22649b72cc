import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { BackofficeClient } from '@washops/backoffice-client';
import { RangeNotSyncedError } from '@washops/shared-errors';
import type { SiteDayData, WarehouseTransaction } from '@washops/store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backofficeConnectionOf, openReports, reportCsv, type BackofficeConnection } from '../src/index.js';
import { addDays, daysOf } from './reports-support.js';
import { describeEachBackend } from './support.js';
import { parse } from 'csv-parse/sync';

// The reports service over a real store filled the way the sync fills it (`replaceSiteDay`) and the BackOffice
// simulator's demo tree over HTTP (NILES and CENT in "WashU Illinois", HOBART in "WashU Indiana"). Expected figures
// are worked out here from the transactions written, apart from the store's rollups and the service's sums.

const ZONE = 'America/Chicago';
const SITES = ['NILES', 'CENT', 'HOBART'] as const;
const REGION_OF: Record<string, string> = { NILES: 'WashU Illinois', CENT: 'WashU Illinois', HOBART: 'WashU Indiana' };
const FROM = '2026-11-09';
const TO = '2026-11-22';

function transaction(siteCode: string, day: string, index: number): WarehouseTransaction {
  const isReturn = index % 9 === 4;
  const priceCents = isReturn ? -1_200 : 1_000 + ((index * 173 + siteCode.length * 31) % 2_500);
  const member = index % 4 === 0;
  // Hours 13:00–22:59 UTC: 07:00–16:59 (CST) local, inside the local day.
  const completedAt = new Date(`${day}T${String(13 + (index % 10)).padStart(2, '0')}:${String((index * 7) % 60).padStart(2, '0')}:00Z`);
  return {
    id: `${index}-${day}:${siteCode}`,
    number: index,
    siteCode,
    day,
    timeZone: ZONE,
    completedAt,
    type: isReturn ? 'Return' : 'Sale',
    salesDeviceName: 'POS1',
    totalCents: priceCents,
    customerName: null,
    customerId: null,
    vehicleLicensePlate: null,
    employeeCashier: index % 2 === 0 ? 'Sam' : 'Ann',
    employeeGreeter: null,
    isRecurringPayment: false,
    isRecurringRedemption: member,
    isRecurringSale: false,
    isPrepaidRedemption: false,
    isPrepaidSale: false,
    isRecurringPlanSale: null,
    isRecurringPlanRedemption: null,
    transactionStatus: null,
    tenders: [{ tender: index % 3 === 0 ? 'Cash' : 'Credit', tenderSubType: null, amountCents: priceCents, changeCents: 0, totalCents: priceCents, referenceNumber: null, cardLastFour: null }],
    items: [{ name: 'Ultimate Wash', sku: null, department: 'Wash', quantity: 1, grossCents: priceCents, netCents: priceCents, discountCents: 0, taxCents: 0, additionalFeeCents: 0, isVoided: false }],
    discounts: [],
  };
}

function siteDay(siteCode: string, day: string, dayIndex: number, siteIndex: number): SiteDayData {
  const count = 5 + ((dayIndex * 3 + siteIndex * 5) % 11);
  const transactions = Array.from({ length: count }, (_, index) => transaction(siteCode, day, index + dayIndex * 100));
  return { siteCode, day, timeZone: ZONE, vendorTotal: count, transactions };
}

const ALL_DAYS: SiteDayData[] = SITES.flatMap((siteCode, siteIndex) => daysOf(FROM, TO).map((day, dayIndex) => siteDay(siteCode, day, dayIndex, siteIndex)));

function expected(sites: readonly string[], from: string, to: string) {
  const picked = ALL_DAYS.filter((data) => sites.includes(data.siteCode) && data.day >= from && data.day <= to).flatMap((data) => data.transactions);
  return { transactions: picked.length, revenueCents: picked.reduce((sum, t) => sum + t.totalCents, 0), picked };
}

let sim: BackofficeSimulator | undefined;
let backoffice: BackofficeConnection | undefined;
beforeAll(async () => {
  sim = await startBackofficeSimulator({ seed: 'demo' });
  backoffice = backofficeConnectionOf(new BackofficeClient({ baseUrl: sim.url, username: 'bot', password: 'bot-password' }));
});
afterAll(async () => {
  await backoffice?.close();
  await sim?.close();
});

describeEachBackend('reports over a synced warehouse', (store) => {
  beforeAll(async () => {
    await store().warehouse.upsertSites(SITES.map((siteCode, index) => ({ siteCode, siteId: 1000 + index, name: siteCode, timeZone: ZONE, regionCode: null })));
    for (const data of ALL_DAYS) await store().warehouse.replaceSiteDay(data, new Date(`${addDays(data.day, 1)}T09:00:00Z`));
  });
  const reports = () => openReports({ store: store(), backoffice: (backoffice as BackofficeConnection).reads });

  it('sales per region and for every site equal the transactions written; the week before is compared', async () => {
    const week = { from: '2026-11-16', to: TO };
    const report = await reports().run({ kind: 'sales', ...week, groupBy: 'region' });
    expect(report.partial).toBe(false);
    expect(report.scope.siteCodes.sort()).toEqual(['CENT', 'HOBART', 'NILES']);
    for (const region of ['WashU Illinois', 'WashU Indiana']) {
      const sites = SITES.filter((code) => REGION_OF[code] === region);
      const { transactions, revenueCents } = expected(sites, week.from, week.to);
      expect(report.data.groups.find((group) => group.group === region)).toMatchObject({ transactions, revenueCents });
    }
    const now = expected(SITES, week.from, week.to);
    const then = expected(SITES, FROM, '2026-11-15');
    expect(report.data.totals).toMatchObject({ transactions: now.transactions, revenueCents: now.revenueCents, previous: { transactions: then.transactions, revenueCents: then.revenueCents } });
    expect(report.data.totals.revenueChange).toBeCloseTo((now.revenueCents - then.revenueCents) / then.revenueCents, 12);
    const [, ...records] = parse(reportCsv(report.table)) as string[][];
    expect(records.reduce((sum, record) => sum + Math.round(Number(record[3]) * 100), 0)).toBe(now.revenueCents);
  });

  it("a region by name resolves through the BackOffice over HTTP (its 15 sites, 2 synced); tenders, staff, hours and memberships add up to the transactions written", async () => {
    // Of the demo tree's Illinois sites only NILES and CENT are synced: a whole report is refused, a partial one sums those.
    const range = { from: FROM, to: TO, region: 'washu illinois', allowPartial: true };
    await expect(reports().run({ kind: 'tenders', ...range, allowPartial: false })).rejects.toThrow(/^Only 28 of 210 site-days/);
    const illinois = expected(['NILES', 'CENT'], FROM, TO);
    const tenders = await reports().run({ kind: 'tenders', ...range, groupBy: 'chain' });
    expect(tenders.scope.region).toBe('WashU Illinois');
    expect(tenders.scope.siteCodes).toHaveLength(15);
    expect(tenders.partial).toBe(true);
    expect(tenders.data.rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(illinois.revenueCents);
    expect(tenders.data.rows.find((row) => row.tender === 'Cash')?.count).toBe(illinois.picked.filter((t) => t.tenders[0]?.tender === 'Cash').length);
    const staff = await reports().run({ kind: 'staff', ...range, groupBy: 'chain' });
    expect(staff.data.rows.find((row) => row.employee === 'Sam')).toMatchObject({
      transactions: illinois.picked.filter((t) => t.employeeCashier === 'Sam').length,
      revenueCents: illinois.picked.filter((t) => t.employeeCashier === 'Sam').reduce((sum, t) => sum + t.totalCents, 0),
    });
    const hours = await reports().run({ kind: 'hours', ...range });
    const localHour = (t: WarehouseTransaction) => Number(new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', hourCycle: 'h23' }).format(t.completedAt));
    expect(hours.data.cells.filter((cell) => cell.hour === 9).reduce((sum, cell) => sum + cell.transactions, 0)).toBe(illinois.picked.filter((t) => localHour(t) === 9).length);
    const memberships = await reports().run({ kind: 'memberships', ...range, groupBy: 'chain' });
    expect(memberships.data.totals.recurringRedemptions).toBe(illinois.picked.filter((t) => t.isRecurringRedemption).length);
  });

  it('a day not synced is refused, and presented as partial when asked', async () => {
    const refusal = reports().run({ kind: 'sales', from: '2026-11-20', to: '2026-11-23', sites: ['hobart'] });
    await expect(refusal).rejects.toBeInstanceOf(RangeNotSyncedError);
    await expect(refusal).rejects.toThrow('Only 3 of 4 site-days of 2026-11-20 – 2026-11-23 are synced (missing: HOBART 2026-11-23)');
    const partial = await reports().run({ kind: 'sales', from: '2026-11-20', to: '2026-11-23', sites: ['hobart'], allowPartial: true });
    expect(partial.partial).toBe(true);
    expect(partial.data.totals).toMatchObject({ transactions: expected(['HOBART'], '2026-11-20', TO).transactions });
    expect(partial.summary).toMatch(/^Partial: only 3 of 4 site-days are synced/);
  });
});
