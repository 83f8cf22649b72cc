import { warehouseSale } from '@washops/store/testing';
import { RangeNotSyncedError, ValidationError } from '@washops/shared-errors';
import { openStore, type SiteDayData, type Store, type WarehouseTransaction } from '@washops/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openKpis, type Kpis } from '../src/index.js';

// The numbers service over an in-memory store filled the way the syncs fill it, with a made-up site tree: sites A
// and B (Chicago) in two regions. Expected figures are worked out here from what was written.

const ZONE = 'America/Chicago';
/** Friday to Monday: two ISO weeks (10-26, 11-02) and two months. */
const DAYS = ['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02'];
const TREE = [
  { id: 1, name: 'Wash A', code: 'A', regionId: 1, regionName: 'North', districtId: null, districtName: null },
  { id: 2, name: 'Wash B', code: 'B', regionId: 2, regionName: 'South', districtId: null, districtName: null },
];

function ticket(siteCode: string, day: string, index: number, totalCents: number, flags: Partial<WarehouseTransaction> = {}): WarehouseTransaction {
  return warehouseSale({ siteCode, day, timeZone: ZONE, number: index, totalCents, ...flags });
}

/** Site A: 3 + day retail washes of $10 a day; site B twice as many; each site-day one sign-up ($29.99, its wash included). */
const washesOf = (siteCode: string, dayIndex: number) => (3 + dayIndex) * (siteCode === 'A' ? 1 : 2);
function siteDay(siteCode: string, dayIndex: number): SiteDayData {
  const day = DAYS[dayIndex] as string;
  const washes = Array.from({ length: washesOf(siteCode, dayIndex) }, (_, i) => ticket(siteCode, day, i, 1_000));
  return { siteCode, day, timeZone: ZONE, vendorTotal: null, transactions: [...washes, ticket(siteCode, day, 99, 2_999, { isRecurringSale: true })] };
}

describe('the operator\'s numbers service', () => {
  let store: Store;
  let kpis: Kpis;

  beforeEach(async () => {
    store = await openStore({ inMemory: true });
    kpis = openKpis({ store, backoffice: { listSites: async () => TREE } });
    await store.warehouse.upsertSites(TREE.map((s) => ({ siteCode: s.code, siteId: s.id, name: s.name, timeZone: ZONE, regionCode: null })));
    for (const siteCode of ['A', 'B']) for (const [i] of DAYS.entries()) if (!(siteCode === 'B' && i === 3)) await store.warehouse.replaceSiteDay(siteDay(siteCode, i));
    // One employee, one eight-hour shift at A on 10-30 ($15 an hour), every day of the range read.
    await store.resources.completeWindow({ resource: 'employees', windowStart: '2026-11-03', windowEnd: '2026-11-03' }, { vendorTotal: 1, employees: [{ employeeId: 5, firstName: 'Ann', lastName: 'Lee', active: true, startDate: null, phone: null, email: null }] });
    await store.resources.completeWindow(
      { resource: 'clock-entries', scope: '5', windowStart: '2026-10-29', windowEnd: '2026-11-03' },
      {
        vendorTotal: null,
        clockEntries: [{ employeeId: 5, week: '', clockIn: new Date('2026-10-30T13:00:00Z'), clockOut: new Date('2026-10-30T21:00:00Z'), regularRateCents: 1_500, regularHours: 8, overtimeEligible: true, overtimeRateCents: 2_250, overtimeHours: 0, wasModified: false, modifiedAt: null, createdInBackOffice: false, siteCode: 'A' }],
      },
    );
  }, 60_000);
  afterEach(async () => {
    await store?.close();
  });

  it('refuses a malformed request before reading anything', async () => {
    await expect(kpis.summary({ from: '2026-10-31', to: '2026-10-30' })).rejects.toBeInstanceOf(ValidationError);
    await expect(kpis.summary({ from: '2026-02-30', to: '2026-03-01' })).rejects.toBeInstanceOf(ValidationError);
    await expect(kpis.summary({ from: '2026-10-30', to: '2026-10-31', sites: ['A'], region: 'North' })).rejects.toBeInstanceOf(ValidationError);
    await expect(kpis.summary({ from: '2026-10-30', to: '2026-10-31', groupBy: 'year' as never })).rejects.toBeInstanceOf(ValidationError);
  });

  it('a partly synced range is refused, naming what is missing; asked for partial, it is marked so', async () => {
    const request = { from: DAYS[0] as string, to: DAYS[3] as string };
    const refusal = await kpis.summary(request).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RangeNotSyncedError);
    expect((refusal as RangeNotSyncedError).message).toContain('B 2026-11-02');
    const partial = await kpis.summary({ ...request, groupBy: 'chain', allowPartial: true });
    expect(partial.partial).toBe(true);
    expect(partial.summary).toMatch(/^Partial: /);
    expect(partial.coverage.transactions).toMatchObject({ siteDays: 8, synced: 7, missingCount: 1 });
  });

  it('sums by site, region, chain, day, week and month, dividing sums (never averaging averages)', async () => {
    const request = { from: DAYS[0] as string, to: DAYS[2] as string };
    const retail = (siteCode: string) => [0, 1, 2].reduce((n, i) => n + washesOf(siteCode, i), 0);
    const bySite = await kpis.summary({ ...request, groupBy: 'site' });
    expect(bySite.partial).toBe(false);
    expect(bySite.data.map((r) => [r.group, r.cars, r.retailCars, r.planSaleCars, r.newMemberships, r.salesCents])).toEqual([
      ['A', retail('A') + 3, retail('A'), 3, 3, retail('A') * 1_000 + 3 * 2_999],
      ['B', retail('B') + 3, retail('B'), 3, 3, retail('B') * 1_000 + 3 * 2_999],
    ]);
    const [chain] = (await kpis.summary({ ...request, groupBy: 'chain' })).data;
    expect(chain).toMatchObject({ group: 'All sites', cars: retail('A') + retail('B') + 6, eligibleCars: retail('A') + retail('B'), conversion: 6 / (retail('A') + retail('B')), laborCostCents: 12_000, laborHours: 8 });
    expect(chain?.laborCostPerCarCents).toBe(Math.round(12_000 / (retail('A') + retail('B') + 6)));
    const byRegion = await kpis.summary({ ...request, groupBy: 'region' });
    expect(byRegion.data.map((r) => [r.group, r.cars])).toEqual([
      ['North', retail('A') + 3],
      ['South', retail('B') + 3],
    ]);
    const byWeek = await kpis.summary({ ...request, groupBy: 'week' });
    expect(byWeek.data.map((r) => [r.group, r.cars])).toEqual([['2026-10-26', retail('A') + retail('B') + 6]]);
    const byMonth = await kpis.summary({ ...request, groupBy: 'month' });
    expect(byMonth.data.map((r) => [r.group, r.newMemberships])).toEqual([
      ['2026-10-01', 4],
      ['2026-11-01', 2],
    ]);
    const byDay = await kpis.summary({ ...request, groupBy: 'day', sites: ['a'] });
    expect(byDay.data.map((r) => [r.group, r.cars])).toEqual(DAYS.slice(0, 3).map((day, i) => [day, washesOf('A', i) + 1]));
    expect(byDay.summary).toContain(`${retail('A') + 3} cars`);
  });

  it('the members answer needs the membership and status-change windows, then gives churn rates per month', async () => {
    const request = { from: '2026-11-01', to: '2026-11-02', sites: ['A'] };
    const refusal = await kpis.memberships(request).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RangeNotSyncedError);
    expect((refusal as Error).message).toContain('memberships');
    // The command it names exists as written, over the UTC days the local days span.
    expect((refusal as Error).message).toContain('`washops sync resources --from 2026-11-01 --to 2026-11-03 --resources memberships,status-changes --wait`');
    const window = { windowStart: '2026-10-01', windowEnd: '2026-11-03' };
    const member = (id: string, signUpAt: string) => ({ id, customerId: null, name: null, signUpAt: new Date(signUpAt), cancelAt: null, billingSiteId: 1, billingSiteCode: 'A', status: 1, statusName: 'Active' });
    await store.resources.completeWindow({ resource: 'memberships', ...window }, { vendorTotal: null, memberships: [member('M1', '2026-10-02T15:00:00Z'), member('M2', '2026-10-03T15:00:00Z'), member('M3', '2026-10-04T15:00:00Z'), member('M4', '2026-10-05T15:00:00Z')] });
    await store.resources.completeWindow(
      { resource: 'status-changes', ...window },
      { vendorTotal: null, statusChanges: [{ membershipId: 'M2', washbookAccountId: null, oldStatus: 'Active', newStatus: 'Suspended', at: new Date('2026-11-02T15:00:00Z'), employeeName: null, siteCode: 'A' }] },
    );
    const answer = await kpis.memberships(request);
    expect(answer.partial).toBe(false);
    expect(answer.data.churn).toEqual([
      { group: 'A', month: '2026-11-01', from: '2026-11-01', to: '2026-11-02', activeAtStart: 4, voluntary: 0, involuntary: 1, retained: 3, joined: 0, activeAtEnd: 3, voluntaryChurn: 0, involuntaryChurn: 0.25, churn: 0.25, retention: 0.75 },
    ]);
    expect(answer.data.active.map((a) => a.active)).toEqual([4, 3]);
    expect(answer.summary).toContain('1 involuntary loss (25.0 %)');
  });
});
