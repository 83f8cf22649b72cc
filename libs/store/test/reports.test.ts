import { ValidationError } from '@washops/shared-errors';
import { expect, it } from 'vitest';
import type { ReportScope } from '../src/index.js';
import { describeEachBackend, useStoreAndSql } from './harness.js';
import { reportSiteDays, T } from './fixtures/report-data.js';

const BOTH: ReportScope = { from: '2026-03-01', to: '2026-04-30', siteCodes: ['S01', 'S02'] };

describeEachBackend('reports', (backend) => {
  const { store, exec } = useStoreAndSql(backend);
  const reports = () => store().reports;

  async function syncAll(): Promise<void> {
    for (const siteDay of reportSiteDays()) await store().warehouse.replaceSiteDay(siteDay, new Date(`${siteDay.day}T23:59:00Z`));
  }

  async function rows(statement: string): Promise<Record<string, unknown>[]> {
    return ((await exec(statement)) as { rows: Record<string, unknown>[] }).rows;
  }

  it('sales: count and revenue (returns negative) per site and local day, ISO week (Monday) and month (1st)', async () => {
    await syncAll();
    expect(await reports().sales(BOTH, 'day')).toEqual([
      { siteCode: 'S01', period: '2026-03-02', transactions: 6, revenueCents: 6_874 },
      { siteCode: 'S01', period: '2026-03-03', transactions: 1, revenueCents: 1_500 },
      { siteCode: 'S01', period: '2026-03-09', transactions: 1, revenueCents: 2_500 },
      { siteCode: 'S02', period: '2026-03-02', transactions: 1, revenueCents: 1_000 },
      { siteCode: 'S02', period: '2026-04-01', transactions: 1, revenueCents: 500 },
    ]);
    expect(await reports().sales(BOTH, 'week')).toEqual([
      { siteCode: 'S01', period: '2026-03-02', transactions: 7, revenueCents: 8_374 },
      { siteCode: 'S01', period: '2026-03-09', transactions: 1, revenueCents: 2_500 },
      { siteCode: 'S02', period: '2026-03-02', transactions: 1, revenueCents: 1_000 },
      { siteCode: 'S02', period: '2026-03-30', transactions: 1, revenueCents: 500 },
    ]);
    expect(await reports().sales(BOTH, 'month')).toEqual([
      { siteCode: 'S01', period: '2026-03-01', transactions: 8, revenueCents: 10_874 },
      { siteCode: 'S02', period: '2026-03-01', transactions: 1, revenueCents: 1_000 },
      { siteCode: 'S02', period: '2026-04-01', transactions: 1, revenueCents: 500 },
    ]);
    // Only the days and sites asked for.
    expect(await reports().sales({ from: '2026-03-03', to: '2026-03-09', siteCodes: ['S01'] }, 'month')).toEqual([{ siteCode: 'S01', period: '2026-03-01', transactions: 2, revenueCents: 4_000 }]);
  });

  it('mix: a transaction counts in every item_type list it is in (house-account by tender too), "other" when in none; departments and top items leave voided lines out', async () => {
    await syncAll();
    const mix = await reports().mix(BOTH, { topItems: 3 });
    expect(mix.categories).toEqual([
      { siteCode: 'S01', category: 'wash', transactions: 5, revenueCents: 5_175 },
      { siteCode: 'S01', category: 'prepaid-wash', transactions: 1, revenueCents: 2_500 },
      { siteCode: 'S01', category: 'recurring', transactions: 1, revenueCents: 3_999 },
      { siteCode: 'S01', category: 'merchandise', transactions: 1, revenueCents: 1_500 },
      { siteCode: 'S01', category: 'house-account', transactions: 1, revenueCents: 1_000 },
      { siteCode: 'S01', category: 'other', transactions: 1, revenueCents: 200 },
      { siteCode: 'S02', category: 'wash', transactions: 1, revenueCents: 1_000 },
      { siteCode: 'S02', category: 'giftcard', transactions: 1, revenueCents: 500 },
    ]);
    expect(mix.departments).toEqual([
      { siteCode: 'S01', department: 'Add On', quantity: 2, transactions: 1, netCents: 800 },
      { siteCode: 'S01', department: 'Merchandise', quantity: 3, transactions: 1, netCents: 1_500 },
      { siteCode: 'S01', department: 'Prepaid Wash', quantity: 1, transactions: 1, netCents: 0 },
      { siteCode: 'S01', department: 'Recurring Plan', quantity: 1, transactions: 1, netCents: 3_999 },
      { siteCode: 'S01', department: 'Vacuum', quantity: 1, transactions: 1, netCents: 200 },
      { siteCode: 'S01', department: 'Wash', quantity: 5, transactions: 5, netCents: 6_000 },
      { siteCode: 'S02', department: 'GiftCard', quantity: 1, transactions: 1, netCents: 500 },
      { siteCode: 'S02', department: 'Wash', quantity: 1, transactions: 1, netCents: 1_000 },
    ]);
    // Across both sites, by units sold; a tie goes to the larger net.
    expect(mix.topItems).toEqual([
      { name: 'Basic Wash', department: 'Wash', quantity: 4, netCents: 2_000 },
      { name: 'Air Freshener', department: 'Merchandise', quantity: 3, netCents: 1_500 },
      { name: 'Ultimate Wash', department: 'Wash', quantity: 2, netCents: 5_000 },
    ]);
    expect((await reports().mix(BOTH)).topItems).toHaveLength(8);
  });

  it('memberships: v1 flags, v2 plan flags where sent, washes and member washes, membership revenue, per site', async () => {
    await syncAll();
    expect(await reports().memberships(BOTH)).toEqual([
      {
        siteCode: 'S01',
        recurringSales: 1,
        recurringPayments: 0,
        recurringRedemptions: 1,
        prepaidSales: 1,
        prepaidRedemptions: 0,
        planSales: 1,
        planRedemptions: 1,
        v2Known: 2,
        washes: 5,
        memberWashes: 1,
        membershipRevenueCents: 3_999,
      },
      { siteCode: 'S02', recurringSales: 0, recurringPayments: 0, recurringRedemptions: 0, prepaidSales: 0, prepaidRedemptions: 0, planSales: 0, planRedemptions: 0, v2Known: 0, washes: 1, memberWashes: 0, membershipRevenueCents: 0 },
    ]);
  });

  it('tenders: lines, amounts and change (negative, as sent) per tender and sub-type', async () => {
    await syncAll();
    expect(await reports().tenders(BOTH)).toEqual([
      { siteCode: 'S01', tender: 'Cash', tenderSubType: null, count: 3, amountCents: 3_200, changeCents: -1 },
      { siteCode: 'S01', tender: 'Credit', tenderSubType: 'MasterCard', count: 1, amountCents: 1_500, changeCents: 0 },
      { siteCode: 'S01', tender: 'Credit', tenderSubType: 'Visa', count: 2, amountCents: 5_175, changeCents: 0 },
      { siteCode: 'S01', tender: 'Paid On Account', tenderSubType: 'House Account RFID', count: 1, amountCents: 1_000, changeCents: 0 },
      { siteCode: 'S01', tender: 'Prepaid', tenderSubType: 'RFID Recurring', count: 1, amountCents: 0, changeCents: 0 },
      { siteCode: 'S02', tender: 'Cash', tenderSubType: null, count: 2, amountCents: 2_500, changeCents: -1_000 },
    ]);
  });

  it('hours: the local hour in the site’s zone (across a DST change) by ISO day of week', async () => {
    await syncAll();
    const hours = await reports().hours(BOTH);
    expect(hours.map((h) => [h.siteCode, h.dayOfWeek, h.hour, h.transactions, h.revenueCents])).toEqual([
      ['S01', 1, 8, 1, 2_675],
      // 15:10Z in CST and, a week later after the change to CDT, 14:00Z: both 9 o'clock.
      ['S01', 1, 9, 2, 2_500],
      ['S01', 1, 14, 1, 1_000],
      ['S01', 1, 15, 1, 200],
      ['S01', 1, 16, 1, -1_000],
      // 01:00Z on the 3rd is 19:00 on Monday the 2nd in Chicago.
      ['S01', 1, 19, 1, 3_999],
      ['S01', 2, 9, 1, 1_500],
      ['S02', 1, 10, 1, 1_000],
      ['S02', 3, 12, 1, 500],
    ]);
  });

  it('staff: per cashier and greeter (blank names not counted): transactions, revenue, membership sales', async () => {
    await syncAll();
    expect(await reports().staff(BOTH)).toEqual([
      { siteCode: 'S01', employee: 'Ann', role: 'cashier', transactions: 2, revenueCents: 500, membershipSales: 0 },
      { siteCode: 'S01', employee: 'Sam', role: 'cashier', transactions: 3, revenueCents: 9_174, membershipSales: 2 },
      { siteCode: 'S01', employee: 'Gil', role: 'greeter', transactions: 2, revenueCents: 2_675, membershipSales: 0 },
      { siteCode: 'S02', employee: 'Sam', role: 'cashier', transactions: 1, revenueCents: 1_000, membershipSales: 0 },
    ]);
  });

  it('discounts: uses and amount per discount', async () => {
    await syncAll();
    expect(await reports().discounts(BOTH)).toEqual([
      { siteCode: 'S01', discountName: 'Coupon', uses: 1, amountCents: 100 },
      { siteCode: 'S01', discountName: 'Monday Special', uses: 1, amountCents: 300 },
    ]);
  });

  it('coverage: every site-day of the scope, synced or listed as missing; complete only when all are', async () => {
    await syncAll();
    const partial = await reports().coverage({ from: '2026-03-01', to: '2026-03-03', siteCodes: ['S02', 'S01', 'S01'] });
    expect(partial).toEqual({
      siteDays: 6,
      synced: 3,
      complete: false,
      syncedAt: new Date('2026-03-02T23:59:00Z'),
      missing: [
        { siteCode: 'S01', day: '2026-03-01' },
        { siteCode: 'S02', day: '2026-03-01' },
        { siteCode: 'S02', day: '2026-03-03' },
      ],
      missingCount: 3,
    });
    const whole = await reports().coverage({ from: '2026-03-02', to: '2026-03-03', siteCodes: ['S01'] });
    expect(whole).toEqual({ siteDays: 2, synced: 2, complete: true, syncedAt: new Date('2026-03-02T23:59:00Z'), missing: [], missingCount: 0 });
    // A unit waiting for its first sync is not synced.
    await store().warehouse.ensureUnits([{ siteCode: 'S02', day: '2026-03-03' }]);
    expect((await reports().coverage({ from: '2026-03-03', to: '2026-03-03', siteCodes: ['S02'] })).synced).toBe(0);
    // A site-day re-queued after a sync still holds its whole version.
    await store().warehouse.ensureUnits([{ siteCode: 'S01', day: '2026-03-03' }], { resync: true });
    expect((await reports().coverage({ from: '2026-03-03', to: '2026-03-03', siteCodes: ['S01'] })).complete).toBe(true);
  });

  it('a re-sync of a site-day replaces its rollups: nothing of the old version is left', async () => {
    await syncAll();
    await store().warehouse.replaceSiteDay({ siteCode: 'S01', day: '2026-03-02', timeZone: 'America/Chicago', vendorTotal: 1, transactions: [structuredClone(T.vacuumOnly)] });
    const day = { from: '2026-03-02', to: '2026-03-02', siteCodes: ['S01'] };
    expect(await reports().sales(day, 'day')).toEqual([{ siteCode: 'S01', period: '2026-03-02', transactions: 1, revenueCents: 200 }]);
    expect((await reports().mix(day)).categories).toEqual([{ siteCode: 'S01', category: 'other', transactions: 1, revenueCents: 200 }]);
    expect(await reports().staff(day)).toEqual([]);
    expect(await reports().discounts(day)).toEqual([]);
    expect((await reports().tenders(day)).map((t) => t.count)).toEqual([1]);
    // And an empty version leaves no rollup rows at all for the site-day.
    await store().warehouse.replaceSiteDay({ siteCode: 'S01', day: '2026-03-02', timeZone: 'America/Chicago', vendorTotal: 0, transactions: [] });
    for (const table of ['wh_report_days', 'wh_report_mix', 'wh_report_departments', 'wh_report_items', 'wh_report_tenders', 'wh_report_hours', 'wh_report_staff', 'wh_report_discounts']) {
      expect(await rows(`select 1 from ${table} where site_code = 'S01' and day = '2026-03-02'`), table).toEqual([]);
    }
    expect((await reports().coverage(day)).complete).toBe(true);
  });

  it('a transaction the vendor moves to another day leaves the old day’s rollups too', async () => {
    await syncAll();
    const moved = { ...structuredClone(T.merchandise), day: '2026-03-09' };
    await store().warehouse.replaceSiteDay({ siteCode: 'S01', day: '2026-03-09', timeZone: 'America/Chicago', vendorTotal: 2, transactions: [structuredClone(T.prepaidSale), moved] });
    const scope = { from: '2026-03-03', to: '2026-03-09', siteCodes: ['S01'] };
    expect(await reports().sales(scope, 'day')).toEqual([{ siteCode: 'S01', period: '2026-03-09', transactions: 2, revenueCents: 4_000 }]);
    expect(await reports().discounts(scope)).toEqual([{ siteCode: 'S01', discountName: 'Coupon', uses: 1, amountCents: 100 }]);
  });

  it('refuses a scope without sites, with a malformed or reversed range, an unknown period or a bad top-items count', async () => {
    const bad: [string, () => Promise<unknown>][] = [
      ['no sites', () => reports().sales({ ...BOTH, siteCodes: [] }, 'day')],
      ['blank site', () => reports().tenders({ ...BOTH, siteCodes: [' '] })],
      ['bad day', () => reports().hours({ ...BOTH, from: '2026-02-30' })],
      ['not a day', () => reports().coverage({ ...BOTH, to: 'tomorrow' })],
      ['reversed', () => reports().staff({ ...BOTH, from: '2026-05-01' })],
      ['too long', () => reports().discounts({ ...BOTH, from: '2024-01-01' })],
      ['period', () => reports().sales(BOTH, 'year' as 'day')],
      ['top items', () => reports().mix(BOTH, { topItems: 0 })],
    ];
    for (const [label, run] of bad) await expect(run(), label).rejects.toBeInstanceOf(ValidationError);
  });
});
