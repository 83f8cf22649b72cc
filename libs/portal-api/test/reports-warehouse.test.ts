import { openReports, reportCsv, type BackofficeReads } from '@washops/operations';
import type { WarehouseTransaction } from '@washops/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportCsvDownload, type PortalDeps } from '../src/index.js';
import { callerAs, errorOf, makeDeps, parseCsv } from './helpers.js';

// The reports router and the CSV download over the real reports service and a warehouse holding one
// site-day of known transactions: the figures the page and the file show are those transactions'.

const SITE = 'FIESTA';
const ZONE = 'America/Chicago';
const DAY = '2026-11-18';
const SYNCED_AT = new Date('2026-11-19T08:00:00Z');

function sale(number: number, hourUtc: number, totalCents: number, cashier: string): WarehouseTransaction {
  return {
    id: `${number}:1001`,
    number,
    siteCode: SITE,
    day: DAY,
    timeZone: ZONE,
    completedAt: new Date(Date.UTC(2026, 10, 18, hourUtc)),
    type: 'Sale',
    salesDeviceName: 'Lane 1',
    totalCents,
    customerName: null,
    customerId: null,
    vehicleLicensePlate: null,
    employeeCashier: cashier,
    employeeGreeter: null,
    isRecurringPayment: false,
    isRecurringRedemption: false,
    isRecurringSale: false,
    isPrepaidRedemption: false,
    isPrepaidSale: false,
    isRecurringPlanSale: null,
    isRecurringPlanRedemption: null,
    transactionStatus: null,
    tenders: [{ tender: 'Cash', tenderSubType: null, amountCents: totalCents, changeCents: 0, totalCents, referenceNumber: null, cardLastFour: null }],
    items: [{ name: 'Best Wash', sku: null, department: 'Wash', quantity: 1, grossCents: totalCents, netCents: totalCents, discountCents: 0, taxCents: 0, additionalFeeCents: 0, isVoided: false }],
    discounts: [],
  };
}

const RECORDS = [sale(700001, 15, 1299, 'Pat'), sale(700002, 18, 2050, 'Pat'), sale(700003, 20, -500, 'Lee')];

/** The BackOffice's site tree, which resolves sites and regions. */
const siteTree = {
  listSites: async () => [{ id: 1, name: 'WashU Fiesta', code: SITE, regionId: 2, regionName: 'Illinois', districtId: null, districtName: null }],
} as unknown as BackofficeReads;

let deps: PortalDeps;

beforeAll(async () => {
  const base = await makeDeps();
  deps = { ...base, backoffice: siteTree, reports: openReports({ store: base.store, backoffice: siteTree }) };
  await deps.store.warehouse.upsertSites([{ siteCode: SITE, siteId: 1001, name: 'WashU Fiesta', timeZone: ZONE, regionCode: 'ILLINOIS' }]);
  await deps.store.warehouse.replaceSiteDay({ siteCode: SITE, day: DAY, timeZone: ZONE, vendorTotal: RECORDS.length, transactions: RECORDS }, SYNCED_AT);
});

describe('reports over a synced site-day', () => {
  it('reports.run answers a viewer with the day\'s sales: revenue the sum of the totals (a return negative), whole, synced when it was', async () => {
    const result = await callerAs(deps, 'viewer').reports.run({ kind: 'sales', from: DAY, to: DAY, region: 'illinois' });
    expect(result.kind).toBe('sales');
    expect(result).toMatchObject({ partial: false, coverage: { siteDays: 1, synced: 1, complete: true, syncedAt: SYNCED_AT.toISOString() }, scope: { siteCodes: [SITE] } });
    if (result.kind !== 'sales') throw new Error('not a sales report');
    expect(result.data.totals).toMatchObject({ transactions: 3, revenueCents: 1299 + 2050 - 500 });
  });

  it('reports.run refuses the day before (never synced) as PRECONDITION_FAILED, and answers it partial when allowed', async () => {
    const range = { kind: 'staff' as const, from: '2026-11-17', to: DAY, sites: [SITE] };
    const error = await errorOf(callerAs(deps, 'viewer').reports.run(range));
    expect(error.code).toBe('PRECONDITION_FAILED');
    const partial = await callerAs(deps, 'viewer').reports.run({ ...range, allowPartial: true });
    expect(partial).toMatchObject({ partial: true, coverage: { siteDays: 2, synced: 1, missingCount: 1 } });
  });

  it('reports.compare answers the day against itself with both sides equal', async () => {
    const day = { from: DAY, to: DAY };
    const result = await callerAs(deps, 'admin').reports.compare({ current: day, previous: day, sites: [SITE] });
    expect(result.current.data.totals).toMatchObject({ transactions: 3, revenueCents: 2849 });
    expect(result.previous.data.totals).toMatchObject({ transactions: 3, revenueCents: 2849 });
  });

  it('the CSV download is the report\'s table, money in dollars, named by kind and range', async () => {
    const download = await reportCsvDownload(deps.reports, reportCsv, new URLSearchParams(`kind=sales&from=${DAY}&to=${DAY}&sites=fiesta&groupBy=chain`));
    if (!download.ok) throw new Error(download.message);
    expect(download.filename).toBe(`sales-${DAY}-to-${DAY}.csv`);
    expect(parseCsv(download.csv)).toEqual([{ Sites: 'All sites', Day: DAY, Transactions: '3', Revenue: '28.49', 'Average ticket': '9.50' }]);
    const refused = await reportCsvDownload(deps.reports, reportCsv, new URLSearchParams(`kind=sales&from=2026-11-17&to=2026-11-17`));
    expect(refused).toMatchObject({ ok: false, status: 409 });
  });
});
