import { ValidationError } from '@washops/shared-errors';
import { expect, it } from 'vitest';
import { kpiFigures, sumSiteDays, type ClockEntryRecord, type KpiScope, type MembershipSummary, type SiteDayData, type WarehouseItem, type WarehouseTender, type WarehouseTransaction } from '../src/index.js';
import { describeEachBackend, useStoreAndSql } from './harness.js';

// The operator's numbers over a handful of rows worked out by hand: NY1 in America/New_York, HI1 in Pacific/Honolulu
// (UTC−10: its evening is the next UTC day). 2026-03-02 is a Monday.

const NY = 'America/New_York';
const HI = 'Pacific/Honolulu';

const item = (department: string, netCents: number, isVoided = false): WarehouseItem => ({
  name: department,
  sku: null,
  department,
  quantity: 1,
  grossCents: netCents,
  netCents,
  discountCents: 0,
  taxCents: 0,
  additionalFeeCents: 0,
  isVoided,
});
const tender = (kind: string, subType: string | null, amountCents: number): WarehouseTender => ({ tender: kind, tenderSubType: subType, amountCents, changeCents: 0, totalCents: amountCents, referenceNumber: null, cardLastFour: null });
const CREDIT = (cents: number) => tender('Credit', 'Visa', cents);

let record = 0;
function ticket(siteCode: string, day: string, at: string, totalCents: number, items: WarehouseItem[], tenders: WarehouseTender[], more: Partial<WarehouseTransaction> = {}): WarehouseTransaction {
  record += 1;
  return {
    id: `${record}:${siteCode}`,
    number: record,
    siteCode,
    day,
    timeZone: siteCode === 'HI1' ? HI : NY,
    completedAt: new Date(at),
    type: 'Sale',
    salesDeviceName: 'POS1',
    totalCents,
    customerName: null,
    customerId: null,
    vehicleLicensePlate: null,
    employeeCashier: null,
    employeeGreeter: null,
    isRecurringPayment: false,
    isRecurringRedemption: false,
    isRecurringSale: false,
    isPrepaidRedemption: false,
    isPrepaidSale: false,
    isRecurringPlanSale: null,
    isRecurringPlanRedemption: null,
    transactionStatus: null,
    tenders,
    items,
    discounts: [],
    ...more,
  };
}

/** NY1 2026-03-02: twelve tickets of every kind (figures in the first test); 03-03 synced with none; HI1 03-02 one wash. */
function siteDays(): SiteDayData[] {
  const ny = (at: string, total: number, items: WarehouseItem[], tenders: WarehouseTender[], more?: Partial<WarehouseTransaction>) => ticket('NY1', '2026-03-02', `2026-03-02T${at}Z`, total, items, tenders, more);
  return [
    {
      siteCode: 'NY1',
      day: '2026-03-02',
      timeZone: NY,
      vendorTotal: null,
      transactions: [
        ny('14:00:00', 1_000, [item('Wash', 1_000)], [CREDIT(1_000)]),
        ny('14:05:00', 0, [item('Wash', 0)], [], { type: 'Rewash' }),
        ny('14:10:00', 1_200, [item('Wash', 1_200)], [tender('Prepaid', 'RFID Recurring', 1_200)], { isRecurringRedemption: true }),
        ny('14:15:00', 2_999, [item('Recurring Plan', 2_999), item('Wash', 0)], [CREDIT(2_999)], { isRecurringSale: true }),
        ny('08:03:00', 2_999, [item('Recurring Plan', 2_999)], [CREDIT(2_999)], { isRecurringPayment: true }),
        ny('15:00:00', 2_500, [item('GiftCard', 2_500)], [CREDIT(2_500)], { isPrepaidSale: true }),
        ny('15:10:00', 1_500, [item('Wash', 1_500)], [tender('Prepaid', 'Giftcard', 1_500)], { isPrepaidRedemption: true }),
        ny('15:20:00', 0, [item('Wash', 1_000, true)], [tender('Void', null, 0)]),
        ny('15:30:00', -1_000, [item('Wash', -1_000)], [CREDIT(-1_000)], { type: 'Return' }),
        ny('16:00:00', 900, [item('Wash', 900)], [tender('Paid On Account', 'House Account RFID', 900)]),
        ny('16:30:00', 1_000, [item('Recurring Plan', 1_000)], [CREDIT(1_000)], { isRecurringPlanSale: true }),
        ny('17:00:00', 1_500, [item('Wash', 1_200), item('Merchandise', 300)], [CREDIT(1_500)]),
      ],
    },
    { siteCode: 'NY1', day: '2026-03-03', timeZone: NY, vendorTotal: 0, transactions: [] },
    // 19:30 on 03-02 in Honolulu is 05:30 on 03-03 in UTC: the sync files it under the site's own day.
    { siteCode: 'HI1', day: '2026-03-02', timeZone: HI, vendorTotal: null, transactions: [ticket('HI1', '2026-03-02', '2026-03-03T05:30:00Z', 800, [item('Wash', 800)], [CREDIT(800)])] },
  ];
}

function shift(siteCode: string, clockIn: string, clockOut: string | null, regularHours: number, more: Partial<ClockEntryRecord> = {}): ClockEntryRecord {
  return {
    employeeId: 0,
    week: '2026-03-02',
    clockIn: new Date(clockIn),
    clockOut: clockOut === null ? null : new Date(clockOut),
    regularRateCents: 1_500,
    regularHours,
    overtimeEligible: true,
    overtimeRateCents: 2_250,
    overtimeHours: 0,
    wasModified: false,
    modifiedAt: null,
    createdInBackOffice: false,
    siteCode,
    ...more,
  };
}

const NY_DAYS: KpiScope = { from: '2026-03-02', to: '2026-03-03', siteCodes: ['NY1'] };
const BOTH: KpiScope = { from: '2026-03-02', to: '2026-03-03', siteCodes: ['NY1', 'HI1'] };

describeEachBackend('the operator\'s numbers', (backend) => {
  const { store } = useStoreAndSql(backend);

  async function fill(): Promise<void> {
    await store().warehouse.upsertSites([
      { siteCode: 'NY1', siteId: 1, name: 'New York', timeZone: NY, regionCode: null },
      { siteCode: 'HI1', siteId: 2, name: 'Honolulu', timeZone: HI, regionCode: null },
    ]);
    for (const siteDay of siteDays()) await store().warehouse.replaceSiteDay(siteDay, new Date('2026-03-05T00:00:00Z'));
    const window = (employeeId: number) => ({ resource: 'clock-entries' as const, scope: String(employeeId), windowStart: '2026-03-01', windowEnd: '2026-03-05' });
    await store().resources.completeWindow(window(7), {
      vendorTotal: null,
      clockEntries: [
        // 20:00 to midnight in Honolulu on 03-02 (06:00–10:00 UTC on 03-03): the site's 03-02.
        shift('HI1', '2026-03-03T06:00:00Z', '2026-03-03T10:00:00Z', 4, { employeeId: 7 }),
        // Still open, clocked in at 22:30 on 03-03 in Honolulu (08:30 UTC on 03-04): the site's 03-03, flagged.
        shift('HI1', '2026-03-04T08:30:00Z', null, 1.5, { employeeId: 7 }),
      ],
    });
    await store().resources.completeWindow(window(8), {
      vendorTotal: null,
      clockEntries: [shift('NY1', '2026-03-02T13:00:00Z', '2026-03-02T21:30:00Z', 8, { employeeId: 8, regularRateCents: 1_600, overtimeRateCents: 2_400, overtimeHours: 0.5, wasModified: true })],
    });
  }

  it('cars, sales, new memberships and labor of one site-day, and a synced day with no transactions', async () => {
    await fill();
    const rows = await store().kpis.siteDays(NY_DAYS);
    expect(rows.map((r) => `${r.siteCode} ${r.day}`)).toEqual(['NY1 2026-03-02', 'NY1 2026-03-03']);
    const [monday, tuesday] = rows.map((row) => kpiFigures(row));
    expect(monday).toMatchObject({
      transactions: 12,
      revenueCents: 14_598,
      // The retail wash, the rewash, the redemption, the sign-up's wash, the gift-card wash, the fleet wash, the wash with merchandise.
      cars: 7,
      memberCars: 1,
      planSaleCars: 1,
      prepaidCars: 1,
      fleetCars: 1,
      retailCars: 3,
      freeCars: 1,
      eligibleCars: 2,
      retailRevenueCents: 2_500,
      redemptions: 1,
      redemptionRevenueCents: 1_200,
      // The upgrade (a v2 plan sale the detail does not call a sale) is no new membership.
      newMemberships: 1,
      newMembershipRevenueCents: 2_999,
      renewals: 1,
      membershipRevenueCents: 5_998,
      renewalRevenueCents: 2_999,
      salesCents: 13_398,
      salesTransactions: 11,
      averageTicketCents: 1_218,
      retailAverageWashCents: 833,
      memberAverageWashCents: 5_998,
      memberMix: 1 / 7,
      conversion: 0.5,
      shifts: 1,
      regularHours: 8,
      overtimeHours: 0.5,
      laborHours: 8.5,
      laborCostCents: 14_000,
      laborShareOfSales: 14_000 / 13_398,
      laborCostPerCarCents: 2_000,
      carsPerLaborHour: 7 / 8.5,
      openShifts: 0,
      modifiedPunches: 1,
    });
    expect(tuesday).toMatchObject({ transactions: 0, cars: 0, salesCents: 0, averageTicketCents: null, conversion: null, memberMix: null, laborCostPerCarCents: null });
  });

  it('local days: a wash and a shift of a Honolulu evening count on its day; an open shift over midnight on the day it began', async () => {
    await fill();
    const rows = await store().kpis.siteDays({ from: '2026-03-02', to: '2026-03-03', siteCodes: ['HI1'] });
    expect(rows.map((r) => ({ day: r.day, cars: r.cars, shifts: r.shifts, regularHours: r.regularHours, laborCostCents: r.laborCostCents, openShifts: r.openShifts }))).toEqual([
      { day: '2026-03-02', cars: 1, shifts: 1, regularHours: 4, laborCostCents: 6_000, openShifts: 0 },
      { day: '2026-03-03', cars: 0, shifts: 1, regularHours: 1.5, laborCostCents: 2_250, openShifts: 1 },
    ]);
    // Summed by week across both sites: ratios from the sums.
    const week = sumSiteDays(await store().kpis.siteDays(BOTH), () => 'week').get('week');
    expect(week && kpiFigures(week)).toMatchObject({ cars: 8, laborCostCents: 22_250, laborCostPerCarCents: Math.round(22_250 / 8), retailCars: 4, freeCars: 1, eligibleCars: 3, conversion: 1 / 3 });
  });

  it('coverage: a range partly synced is not complete and names what is missing; the resources read are listed', async () => {
    await fill();
    const whole = await store().kpis.coverage(NY_DAYS, ['transactions']);
    expect(whole).toMatchObject({ complete: true, transactions: { siteDays: 2, synced: 2 }, resources: [] });
    const partial = await store().kpis.coverage(BOTH, ['transactions', 'clock-entries']);
    expect(partial.complete).toBe(false);
    expect(partial.transactions).toMatchObject({ siteDays: 4, synced: 3, missing: [{ siteCode: 'HI1', day: '2026-03-03' }] });
    // Honolulu's 03-03 ends at 10:00 UTC on 03-04, New York's 03-02 starts at 05:00 UTC on 03-02.
    expect(partial.resources.map((r) => r.resource)).toEqual(['clock-entries']);
    await expect(store().kpis.siteDays({ from: '2026-03-03', to: '2026-03-02', siteCodes: ['NY1'] })).rejects.toBeInstanceOf(ValidationError);
  });

  const member = (id: string, signUpAt: string, more: Partial<MembershipSummary> = {}): MembershipSummary => ({
    id,
    customerId: `c-${id}`,
    name: null,
    signUpAt: new Date(signUpAt),
    cancelAt: null,
    billingSiteId: 1,
    billingSiteCode: 'NY1',
    status: 1,
    statusName: 'Active',
    ...more,
  });

  async function fillMembers(): Promise<void> {
    await store().warehouse.upsertSites([{ siteCode: 'NY1', siteId: 1, name: 'New York', timeZone: NY, regionCode: null }]);
    await store().resources.completeWindow(
      { resource: 'memberships', windowStart: '2025-12-01', windowEnd: '2026-03-04' },
      {
        vendorTotal: null,
        memberships: [
          member('M1', '2026-01-10T15:00:00Z'),
          // Cancels on 03-02 and rejoins on 03-03 as a new account (the same customer).
          member('M2', '2026-02-15T15:00:00Z', { cancelAt: new Date('2026-03-02T15:00:00Z'), customerId: 'c-M2' }),
          member('M3', '2026-03-03T16:00:00Z', { customerId: 'c-M2' }),
          // Declined at 03:00 on 03-04 (New York): involuntary; its later statuses change nothing.
          member('M4', '2026-02-05T15:00:00Z'),
          // Cancelled in February, the same account active again on 03-03.
          member('M5', '2025-12-01T15:00:00Z'),
        ],
      },
    );
    await store().resources.completeWindow(
      { resource: 'status-changes', windowStart: '2025-12-01', windowEnd: '2026-03-04' },
      {
        vendorTotal: null,
        statusChanges: [
          { membershipId: 'M2', washbookAccountId: null, oldStatus: 'Active', newStatus: 'Cancelled', at: new Date('2026-03-02T15:00:00Z'), employeeName: null, siteCode: 'NY1' },
          { membershipId: 'M4', washbookAccountId: null, oldStatus: 'Active', newStatus: 'Declined', at: new Date('2026-03-04T08:00:00Z'), employeeName: null, siteCode: 'NY1' },
          { membershipId: 'M4', washbookAccountId: null, oldStatus: 'Declined', newStatus: 'Payment Failed', at: new Date('2026-03-04T09:00:00Z'), employeeName: null, siteCode: 'NY1' },
          { membershipId: 'M5', washbookAccountId: null, oldStatus: 'Active', newStatus: 'Cancelled', at: new Date('2026-02-20T15:00:00Z'), employeeName: null, siteCode: 'NY1' },
          { membershipId: 'M5', washbookAccountId: null, oldStatus: 'Cancelled', newStatus: 'Active', at: new Date('2026-03-03T12:00:00Z'), employeeName: null, siteCode: 'NY1' },
        ],
      },
    );
  }

  it('members: active per day, churn split voluntary and involuntary, a member who cancels and rejoins', async () => {
    await fillMembers();
    const kpis = await store().kpis.memberships({ from: '2026-03-01', to: '2026-03-04', siteCodes: ['NY1'] });
    expect(kpis.activeByDay.map((r) => r.active)).toEqual([3, 2, 4, 3]);
    expect(kpis.churn).toEqual([
      { siteCode: 'NY1', month: '2026-03-01', from: '2026-03-01', to: '2026-03-04', activeAtStart: 3, voluntary: 1, involuntary: 1, retained: 1, joined: 1, activeAtEnd: 3 },
    ]);
  });

  it('the cohort grid: members by join month, and how many are active at the end of each later month', async () => {
    await fillMembers();
    const { cohorts, churn } = await store().kpis.memberships({ from: '2026-01-01', to: '2026-03-04', siteCodes: ['NY1'] });
    expect(cohorts.map((c) => [c.joinMonth, c.plan, c.members, c.active.map((a) => `${a.month.slice(5, 7)}:${a.active}`).join(' ')])).toEqual([
      ['2026-01-01', 'Unknown plan', 1, '01:1 02:1 03:1'],
      ['2026-02-01', 'Unknown plan', 2, '02:2 03:0'],
      ['2026-03-01', 'Unknown plan', 1, '03:1'],
    ]);
    // February: M5 cancels (voluntary) among M1 and M5 active on the 1st; M2 and M4 join.
    expect(churn.find((c) => c.month === '2026-02-01')).toMatchObject({ activeAtStart: 2, voluntary: 1, involuntary: 0, retained: 1, joined: 2, activeAtEnd: 3 });
  });
  it('a declined account the detail calls "Canceled" is involuntary when the status-change list names it', async () => {
    await store().warehouse.upsertSites([{ siteCode: 'NY2', siteId: 3, name: 'New York 2', timeZone: NY, regionCode: null }]);
    const detail = (id: string, endedAt: string) => ({
      id,
      customerId: null,
      planName: 'Gold',
      statusName: 'Canceled',
      billingSiteCode: 'NY2',
      creationSiteCode: 'NY2',
      isOnTrial: false,
      trialAmountCents: null,
      billingAmountCents: 2_999,
      additionalTagPriceCents: null,
      nextBillAt: null,
      lastBillAt: null,
      isSuspended: false,
      suspendedUntil: null,
      statuses: [
        { status: 'Active', at: new Date('2026-02-10T15:00:00Z') },
        { status: 'Canceled', at: new Date(endedAt) },
      ],
      billings: [],
      tags: [],
      vehicles: [],
    });
    await store().resources.completeWindow(
      { resource: 'memberships', windowStart: '2026-02-01', windowEnd: '2026-02-28' },
      {
        vendorTotal: null,
        memberships: [member('D1', '2026-02-10T15:00:00Z', { billingSiteCode: 'NY2', billingSiteId: 3 }), member('D2', '2026-02-10T15:00:00Z', { billingSiteCode: 'NY2', billingSiteId: 3 })],
        membershipDetails: [detail('D1', '2026-03-03T08:00:00Z'), detail('D2', '2026-03-03T09:00:00Z')],
      },
    );
    await store().resources.completeWindow(
      { resource: 'status-changes', windowStart: '2026-03-01', windowEnd: '2026-03-04' },
      // Only D1's end is in the list: D2's stays as its detail says.
      { vendorTotal: null, statusChanges: [{ membershipId: 'D1', washbookAccountId: null, oldStatus: 'Active', newStatus: 'Declined', at: new Date('2026-03-03T08:00:00Z'), employeeName: null, siteCode: 'NY2' }] },
    );
    const { churn, cohorts } = await store().kpis.memberships({ from: '2026-03-01', to: '2026-03-04', siteCodes: ['NY2'] });
    expect(churn).toMatchObject([{ activeAtStart: 2, involuntary: 1, voluntary: 1, retained: 0 }]);
    expect(cohorts).toEqual([]);
  });
  it('a status change belongs to the membership its washbook_account_id names when the warehouse holds it', async () => {
    await store().warehouse.upsertSites([{ siteCode: 'NY3', siteId: 4, name: 'New York 3', timeZone: NY, regionCode: null }]);
    const at = { billingSiteCode: 'NY3', billingSiteId: 4 };
    await store().resources.completeWindow(
      { resource: 'memberships', windowStart: '2026-01-01', windowEnd: '2026-02-28' },
      { vendorTotal: null, memberships: [member('700001:4', '2026-02-10T15:00:00Z', at), member('700002:4', '2026-01-11T15:00:00Z', at)] },
    );
    await store().resources.completeWindow(
      { resource: 'status-changes', windowStart: '2026-03-01', windowEnd: '2026-03-04' },
      // The simulator's shape: the account in washbook_account_id, the next record number in recurring_id.
      { vendorTotal: null, statusChanges: [{ membershipId: '700002:4', washbookAccountId: '700001:4', oldStatus: 'Active', newStatus: 'Cancelled', at: new Date('2026-03-02T15:00:00Z'), employeeName: null, siteCode: 'NY3' }] },
    );
    // 700002 joined in January and stays; 700001 joined in February and left in March.
    const { cohorts } = await store().kpis.memberships({ from: '2026-01-01', to: '2026-03-04', siteCodes: ['NY3'] });
    expect(cohorts.map((c) => [c.joinMonth, ...c.active.map((a) => a.active)])).toEqual([
      ['2026-01-01', 1, 1, 1],
      ['2026-02-01', 1, 0],
    ]);
    const { activeByDay } = await store().kpis.memberships({ from: '2026-03-02', to: '2026-03-02', siteCodes: ['NY3'] });
    expect(activeByDay).toEqual([{ siteCode: 'NY3', day: '2026-03-02', active: 1 }]);
  });
  it('liability: gift cards and washbooks outstanding as synced, and what the range sold and redeemed', async () => {
    await fill();
    await store().resources.completeWindow(
      { resource: 'gift-cards', windowStart: '2026-03-01', windowEnd: '2026-03-04' },
      {
        vendorTotal: null,
        giftCards: [
          { giftcardId: 'G1', siteCode: 'NY1', soldAt: new Date('2026-03-02T15:00:00Z'), number: '1', valueCents: 2_500, usedCents: 1_500 },
          { giftcardId: 'G2', siteCode: 'NY1', soldAt: new Date('2026-01-02T15:00:00Z'), number: '2', valueCents: 5_000, usedCents: 0 },
          { giftcardId: 'G3', siteCode: 'HI1', soldAt: new Date('2026-01-02T15:00:00Z'), number: '3', valueCents: 1_000, usedCents: 1_000 },
        ],
      },
    );
    await store().resources.completeWindow(
      { resource: 'washbooks', windowStart: '2026-03-01', windowEnd: '2026-03-04' },
      {
        vendorTotal: null,
        washbooks: [
          { id: 'W1', customerId: null, name: '10 washes', balance: 7, unlimited: false, signUpAt: new Date('2026-02-01T15:00:00Z'), cancelAt: null, billingSiteId: 1, status: 'Active' },
          // Unlimited and cancelled books hold no countable washes.
          { id: 'W2', customerId: null, name: 'Unlimited', balance: null, unlimited: true, signUpAt: new Date('2026-02-01T15:00:00Z'), cancelAt: null, billingSiteId: 1, status: 'Active' },
          { id: 'W3', customerId: null, name: '10 washes', balance: 4, unlimited: false, signUpAt: new Date('2026-02-01T15:00:00Z'), cancelAt: new Date('2026-02-20T15:00:00Z'), billingSiteId: 1, status: 'Cancelled' },
        ],
      },
    );
    expect(await store().kpis.liability(NY_DAYS)).toEqual([
      {
        siteCode: 'NY1',
        giftCards: 2,
        giftCardValueCents: 7_500,
        giftCardOutstandingCents: 6_000,
        giftCardSoldCents: 2_500,
        giftCardRedeemedCents: 1_500,
        giftCardChangeCents: 1_000,
        washbooks: 1,
        washbookWashesOutstanding: 7,
        washbooksSold: 0,
        washbookWashesRedeemed: 0,
      },
    ]);
    expect((await store().kpis.liability({ ...NY_DAYS, siteCodes: ['HI1'] }))[0]).toMatchObject({ giftCards: 1, giftCardOutstandingCents: 0, giftCardSoldCents: 0 });
  });
});
