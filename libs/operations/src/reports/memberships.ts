import type { MembershipRow } from '@washops/store';
import { counted, dollars, groupHeading, percent, share } from './format.js';
import { byGroup, sumBy } from './grouping.js';
import type { ReportContext } from './scope.js';
import type { MembershipGroupRow, MembershipReportData, ReportTable } from './types.js';

/** The group of the memberships report's totals. */
export const MEMBERSHIP_TOTAL = 'Total';

const COUNTS = ['recurringSales', 'recurringPayments', 'recurringRedemptions', 'prepaidSales', 'prepaidRedemptions', 'planSales', 'planRedemptions', 'v2Known', 'washes', 'memberWashes'] as const;

function emptyRow(group: string): MembershipGroupRow {
  return {
    group,
    recurringSales: 0,
    recurringPayments: 0,
    recurringRedemptions: 0,
    prepaidSales: 0,
    prepaidRedemptions: 0,
    planSales: 0,
    planRedemptions: 0,
    v2Known: 0,
    washes: 0,
    memberWashes: 0,
    memberShare: null,
    membershipRevenueCents: 0,
  };
}

function add(total: MembershipGroupRow, row: MembershipRow | MembershipGroupRow): void {
  for (const key of COUNTS) total[key] += row[key];
  total.membershipRevenueCents += row.membershipRevenueCents;
  total.memberShare = share(total.memberWashes, total.washes);
}

export async function membershipData(context: ReportContext): Promise<MembershipReportData> {
  const rows = sumBy(await context.deps.store.reports.memberships(context.query), (row) => context.groupOf(row.siteCode), (row) => emptyRow(context.groupOf(row.siteCode)), add).sort(byGroup);
  const totals = emptyRow(MEMBERSHIP_TOTAL);
  for (const row of rows) add(totals, row);
  return { rows, totals };
}

export function membershipTable(data: MembershipReportData, context: ReportContext): ReportTable {
  return {
    columns: [
      { key: 'group', label: groupHeading(context.scope.groupBy), kind: 'text' },
      { key: 'recurringSales', label: 'Recurring sales', kind: 'count' },
      { key: 'recurringPayments', label: 'Recurring payments', kind: 'count' },
      { key: 'recurringRedemptions', label: 'Recurring redemptions', kind: 'count' },
      { key: 'planSales', label: 'Plan sales (v2)', kind: 'count' },
      { key: 'planRedemptions', label: 'Plan redemptions (v2)', kind: 'count' },
      { key: 'v2Known', label: 'Transactions with v2 flags', kind: 'count' },
      { key: 'prepaidSales', label: 'Prepaid sales', kind: 'count' },
      { key: 'prepaidRedemptions', label: 'Prepaid redemptions', kind: 'count' },
      { key: 'washes', label: 'Washes', kind: 'count' },
      { key: 'memberWashes', label: 'Member washes', kind: 'count' },
      { key: 'memberShare', label: "Members' share of washes", kind: 'percent' },
      { key: 'membershipRevenueCents', label: 'Membership revenue', kind: 'money' },
    ],
    rows: data.rows.map((row) => ({ ...row })),
  };
}

export function membershipSummary(data: MembershipReportData): string {
  const { totals } = data;
  // The v2 plan flags are the vendor's own reading of plan sales; the v1 flags stand in where no transaction carried them.
  const [sales, redemptions] = totals.v2Known > 0 ? [totals.planSales, totals.planRedemptions] : [totals.recurringSales, totals.recurringRedemptions];
  const shareText = totals.memberShare === null ? 'There were no washes.' : `Members made ${percent(totals.memberShare)} of washes (${totals.memberWashes.toLocaleString('en-US')} of ${counted(totals.washes, 'wash', 'washes')}).`;
  return `${counted(sales, 'recurring plan sale')} and ${counted(redemptions, 'plan redemption')}; membership revenue ${dollars(totals.membershipRevenueCents)}. ${shareText}`;
}
