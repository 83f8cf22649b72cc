import { formatUsd } from '@washops/client-core';
import type { HourRow, MembershipRow, MixRows, StaffRow, TenderRow } from '@washops/store';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { openReports, reportCsv, type ReportTable } from '../src/index.js';
import { fakeWarehouse, fixtureSales } from './reports-support.js';

const WEEK = { from: '2026-11-16', to: '2026-11-22' };
const SALES = fixtureSales();

const MIX: MixRows = {
  categories: [
    { siteCode: 'NILES', category: 'wash', transactions: 300, revenueCents: 450_000 },
    { siteCode: 'CENT', category: 'wash', transactions: 200, revenueCents: 290_000 },
    { siteCode: 'CENT', category: 'recurring', transactions: 40, revenueCents: 159_960 },
    { siteCode: 'HOBART', category: 'merchandise', transactions: 12, revenueCents: 6_000 },
  ],
  departments: [
    { siteCode: 'NILES', department: 'Wash', quantity: 310, transactions: 300, netCents: 440_000 },
    { siteCode: 'CENT', department: 'Wash', quantity: 205, transactions: 200, netCents: 280_000 },
    { siteCode: 'HOBART', department: 'Merchandise', quantity: 15, transactions: 12, netCents: 6_000 },
  ],
  topItems: [
    { name: 'Ultimate Wash', department: 'Wash', quantity: 400, netCents: 1_000_000 },
    { name: 'Air Freshener', department: 'Merchandise', quantity: 100, netCents: 50_000 },
  ],
};

const membership = (siteCode: string, washes: number, memberWashes: number, v2Known: number): MembershipRow => ({
  siteCode,
  recurringSales: 10,
  recurringPayments: 30,
  recurringRedemptions: memberWashes,
  prepaidSales: 2,
  prepaidRedemptions: 0,
  planSales: v2Known > 0 ? 9 : 0,
  planRedemptions: v2Known > 0 ? memberWashes - 1 : 0,
  v2Known,
  washes,
  memberWashes,
  membershipRevenueCents: 40 * 3_999,
});

const tender = (siteCode: string, kind: string, subType: string | null, count: number, amountCents: number, changeCents = 0): TenderRow => ({ siteCode, tender: kind, tenderSubType: subType, count, amountCents, changeCents });
const hour = (siteCode: string, dayOfWeek: number, hourOfDay: number, transactions: number): HourRow => ({ siteCode, dayOfWeek, hour: hourOfDay, transactions, revenueCents: transactions * 1_500 });
const staff = (siteCode: string, employee: string, role: StaffRow['role'], transactions: number, revenueCents: number, membershipSales: number): StaffRow => ({ siteCode, employee, role, transactions, revenueCents, membershipSales });

function warehouse() {
  return fakeWarehouse({
    sales: SALES,
    mix: MIX,
    memberships: [membership('NILES', 300, 120, 200), membership('CENT', 200, 50, 0), membership('HOBART', 0, 0, 0)],
    tenders: [tender('NILES', 'Credit', 'Visa', 200, 600_000), tender('NILES', 'Cash', null, 50, 100_000, -20_000), tender('CENT', 'Credit', 'Visa', 100, 300_000), tender('CENT', 'Cash', null, 100, 100_000, -5_000)],
    hours: [hour('NILES', 6, 10, 80), hour('CENT', 6, 10, 30), hour('CENT', 1, 7, 100), hour('HOBART', 7, 16, 20)],
    staff: [
      staff('NILES', 'Sam', 'cashier', 100, 200_000, 5),
      staff('CENT', 'Sam', 'cashier', 50, 150_000, 2),
      staff('CENT', 'Ann', 'cashier', 120, 300_000, 1),
      staff('NILES', 'Gil', 'greeter', 90, 180_000, 14),
      staff('CENT', '=HYPERLINK("x")', 'greeter', 10, 20_000, 1),
    ],
    discounts: [
      { siteCode: 'NILES', discountName: 'Monday Special', uses: 30, amountCents: 9_000 },
      { siteCode: 'CENT', discountName: 'Monday Special', uses: 12, amountCents: 3_600 },
      { siteCode: 'CENT', discountName: 'Coupon', uses: 40, amountCents: 4_000 },
    ],
  });
}

const run = <K extends 'mix' | 'memberships' | 'tenders' | 'hours' | 'staff' | 'discounts'>(kind: K, extra: { groupBy?: 'site' | 'region' | 'chain'; sites?: string[] } = {}) =>
  openReports(warehouse().deps).run({ kind, ...WEEK, sites: ['NILES', 'CENT', 'HOBART'], ...extra });

/** The CSV parsed back: a header of labels, then one record per row. */
const parsedCsv = (table: ReportTable): string[][] => parse(reportCsv(table), { relax_column_count: false }) as string[][];

describe('mix', () => {
  it('sums types and departments per region; top items across the scope; the table holds all three', async () => {
    const report = await run('mix', { groupBy: 'region' });
    expect(report.data.categories).toEqual([
      { group: 'WashU Illinois', category: 'wash', transactions: 500, revenueCents: 740_000 },
      { group: 'WashU Illinois', category: 'recurring', transactions: 40, revenueCents: 159_960 },
      { group: 'WashU Indiana', category: 'merchandise', transactions: 12, revenueCents: 6_000 },
    ]);
    expect(report.data.departments[0]).toEqual({ group: 'WashU Illinois', department: 'Wash', quantity: 515, transactions: 500, netCents: 720_000 });
    expect(report.table.rows.map((row) => row['section'])).toEqual(['Type', 'Type', 'Type', 'Department', 'Department', 'Top item', 'Top item']);
    // Ticket totals per type (overlapping) and net sales per department are different measures: never one column.
    expect(report.table.rows[0]).toMatchObject({ ticketTotalsCents: 740_000, netCents: null });
    expect(report.table.rows[3]).toMatchObject({ ticketTotalsCents: null, netCents: 720_000 });
    expect(report.summary).toBe('The largest type by revenue is wash: $7,400.00 from 500 transactions. The top item is Ultimate Wash (Wash): 400 units sold, $10,000.00, 80.0 % of the top items\' units.');
  });
});

describe('memberships', () => {
  it("sums per site into the chain, members' share of washes from the sums, plan figures from the v2 flags when sent", async () => {
    const report = await run('memberships', { groupBy: 'chain' });
    expect(report.data.rows).toEqual([expect.objectContaining({ group: 'All sites', washes: 500, memberWashes: 170, memberShare: 170 / 500, v2Known: 200, planSales: 9, recurringSales: 30 })]);
    expect(report.data.totals).toMatchObject({ group: 'Total', washes: 500, memberWashes: 170, membershipRevenueCents: 3 * 40 * 3_999 });
    expect(report.summary).toBe(`9 recurring plan sales and 119 plan redemptions; membership revenue ${formatUsd(3 * 40 * 3_999)}. Members made 34.0 % of washes (170 of 500 washes).`);
    const bySite = await run('memberships');
    expect(bySite.data.rows.find((row) => row.group === 'HOBART')?.memberShare).toBeNull();
  });
});

describe('tenders', () => {
  it("shares of each group's tendered amount; change given; the largest tender in the summary", async () => {
    const report = await run('tenders', { groupBy: 'region' });
    expect(report.data.rows).toEqual([
      { group: 'WashU Illinois', tender: 'Credit', tenderSubType: 'Visa', count: 300, amountCents: 900_000, changeCents: 0, share: 900_000 / 1_100_000 },
      { group: 'WashU Illinois', tender: 'Cash', tenderSubType: null, count: 150, amountCents: 200_000, changeCents: -25_000, share: 200_000 / 1_100_000 },
    ]);
    expect(report.summary).toBe('Tenders took $11,000.00 in 450 tenders; the largest is Credit (Visa), $9,000.00 (81.8 %). Change given: -$250.00.');
  });
});

describe('hours', () => {
  it("sums the sites' local hours into one heat map whatever the grouping; the busiest hour and day", async () => {
    const report = await run('hours', { groupBy: 'site' });
    expect(report.data.cells).toEqual([
      { dayOfWeek: 1, hour: 7, transactions: 100, revenueCents: 150_000 },
      { dayOfWeek: 6, hour: 10, transactions: 110, revenueCents: 165_000 },
      { dayOfWeek: 7, hour: 16, transactions: 20, revenueCents: 30_000 },
    ]);
    expect(report.data.weekdays).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(report.table.rows[1]).toEqual({ dayOfWeek: 'Saturday', hour: '10:00', days: 1, transactions: 110, averageTransactions: 110, revenueCents: 165_000 });
    expect(report.summary).toBe(
      'The busiest hour is Saturday 10:00–11:00 (local time), 110 transactions on average; the busiest day of the week is Saturday, 110 transactions on average (averages over the Saturdays in the range).',
    );
  });

  it('over a range that is not whole weeks, ranks days and hours by their average per such day, not their totals', async () => {
    // Ten days from a Monday: Monday to Wednesday twice, the rest once. Mondays sold more in all, Saturday more a day.
    const { deps } = fakeWarehouse({ sales: fixtureSales(), hours: [hour('CENT', 1, 7, 100), hour('CENT', 6, 10, 70)] });
    const report = await openReports(deps).run({ kind: 'hours', from: '2026-11-16', to: '2026-11-25', sites: ['CENT'], allowPartial: true });
    expect(report.data.weekdays).toEqual([2, 2, 2, 1, 1, 1, 1]);
    expect(report.table.rows[0]).toMatchObject({ dayOfWeek: 'Monday', days: 2, transactions: 100, averageTransactions: 50 });
    expect(report.summary).toContain('The busiest hour is Saturday 10:00–11:00 (local time), 70 transactions on average');
    expect(report.summary).toContain('the busiest day of the week is Saturday, 70 transactions on average');
  });
});

describe('staff', () => {
  it('per person and role within a group; average tickets; the top cashier and greeter', async () => {
    const byChain = await run('staff', { groupBy: 'chain' });
    expect(byChain.data.rows.filter((row) => row.role === 'cashier')).toEqual([
      { group: 'All sites', employee: 'Sam', role: 'cashier', transactions: 150, revenueCents: 350_000, membershipSales: 7, averageTicketCents: 2_333 },
      { group: 'All sites', employee: 'Ann', role: 'cashier', transactions: 120, revenueCents: 300_000, membershipSales: 1, averageTicketCents: 2_500 },
    ]);
    expect(byChain.summary).toBe('Top cashier by revenue: Sam, $3,500.00 from 150 transactions (7 membership sales). Top greeter by membership sales: Gil, 14 membership sales in 90 transactions.');
    const bySite = await run('staff');
    expect(bySite.data.rows.filter((row) => row.employee === 'Sam').map((row) => [row.group, row.transactions])).toEqual([
      ['CENT', 50],
      ['NILES', 100],
    ]);
  });
});

describe('discounts', () => {
  it('uses and amount per discount per group; the most used in the summary', async () => {
    const report = await run('discounts', { groupBy: 'chain' });
    expect(report.data.rows).toEqual([
      { group: 'All sites', discountName: 'Monday Special', uses: 42, amountCents: 12_600 },
      { group: 'All sites', discountName: 'Coupon', uses: 40, amountCents: 4_000 },
    ]);
    expect(report.summary).toBe('82 discount uses across 2 discounts, $166.00 in all; the most used is Monday Special, 42 uses ($126.00).');
  });
});

describe('reportCsv', () => {
  it('round-trips: a header of labels, money in dollars to the cent, percents as fractions, empty for none', async () => {
    const report = await run('tenders');
    const [header, ...records] = parsedCsv(report.table);
    expect(header).toEqual(['Site', 'Tender', 'Kind', 'Count', 'Amount', 'Change given', 'Share of amount']);
    expect(records).toHaveLength(report.table.rows.length);
    expect(records[0]).toEqual(['CENT', 'Credit', 'Visa', '100', '3000.00', '0.00', '0.75']);
    expect(records[1]).toEqual(['CENT', 'Cash', '', '100', '1000.00', '-50.00', '0.25']);
    records.forEach((record, index) => {
      const row = report.table.rows[index] ?? {};
      expect(Math.round(Number(record[4]) * 100)).toBe(row['amountCents']);
      expect(Math.round(Number(record[5]) * 100)).toBe(row['changeCents']);
    });
    expect(reportCsv(report.table)).toContain('\r\n');
  });

  it('every report kind and the sales report round-trip row for row; text that a spreadsheet would run is defused', async () => {
    const sales = await openReports(warehouse().deps).run({ kind: 'sales', ...WEEK, sites: ['NILES'] });
    const [, ...salesRecords] = parsedCsv(sales.table);
    expect(salesRecords.map((record) => Math.round(Number(record[3]) * 100))).toEqual(sales.data.rows.map((row) => row.revenueCents));
    const memberships = await run('memberships');
    const [membershipHeader, ...membershipRecords] = parsedCsv(memberships.table);
    const shareAt = membershipHeader?.indexOf("Members' share of washes") ?? -1;
    expect(membershipRecords.map((record) => record[shareAt])).toEqual(['0.25', '', '0.4']);
    const people = await run('staff');
    expect(parsedCsv(people.table).map((record) => record[1])).toContain('\'=HYPERLINK("x")');
  });
});
