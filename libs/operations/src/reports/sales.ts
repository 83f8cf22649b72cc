import type { SalesFigures, SalesRow } from '@washops/store';
import { averageCents, change, changeOf, counted, dollars, groupHeading, rangeLabel } from './format.js';
import { byGroup, keyOf, sumBy } from './grouping.js';
import { contextFor, coverageOf, previousRange, type ReportContext } from './scope.js';
import type { ReportTable, SalesGroupRow, SalesGroupTotals, SalesReportData } from './types.js';

/** The group of a sales report's totals over every group. */
export const SALES_TOTAL = 'Total';

type Figures = SalesFigures & { averageTicketCents: number | null };

const figures = (transactions: number, revenueCents: number): Figures => ({ transactions, revenueCents, averageTicketCents: averageCents(revenueCents, transactions) });

function sumFigures(rows: readonly SalesFigures[]): Figures {
  let transactions = 0;
  let revenueCents = 0;
  for (const row of rows) {
    transactions += row.transactions;
    revenueCents += row.revenueCents;
  }
  return figures(transactions, revenueCents);
}

function totalsOf(group: string, current: Figures, previous: Figures | null): SalesGroupTotals {
  return {
    group,
    ...current,
    previous,
    revenueChange: changeOf(current.revenueCents, previous?.revenueCents),
    transactionsChange: changeOf(current.transactions, previous?.transactions),
  };
}

/** The previous period's figures per group, or `null` when that period is not wholly synced. */
async function previousFigures(
  context: ReportContext,
): Promise<{ range: { from: string; to: string }; complete: boolean; currentPartial: boolean; byGroup: Map<string, Figures> | null }> {
  const range = previousRange(context.scope);
  // Some days of a partial range are missing: set against a whole period, its change would be the gap, not the business.
  if (!(await coverageOf(context)).complete) return { range, complete: false, currentPartial: true, byGroup: null };
  const previous = contextFor(context, range);
  const coverage = await coverageOf(previous);
  if (!coverage.complete) return { range, complete: false, currentPartial: false, byGroup: null };
  // Months: the fewest rows for the same totals.
  const rows = await context.deps.store.reports.sales(previous.query, 'month');
  const groups = new Map<string, SalesRow[]>();
  for (const row of rows) {
    const group = context.groupOf(row.siteCode);
    groups.set(group, [...(groups.get(group) ?? []), row]);
  }
  const byGroupFigures = new Map([...groups].map(([group, groupRows]) => [group, sumFigures(groupRows)] as const));
  byGroupFigures.set(SALES_TOTAL, sumFigures(rows));
  return { range, complete: true, currentPartial: false, byGroup: byGroupFigures };
}

export function salesTable(data: SalesReportData, context: ReportContext): ReportTable {
  return {
    columns: [
      { key: 'group', label: groupHeading(context.scope.groupBy), kind: 'text' },
      { key: 'period', label: context.scope.period === 'day' ? 'Day' : context.scope.period === 'week' ? 'Week of' : 'Month of', kind: 'day' },
      { key: 'transactions', label: 'Transactions', kind: 'count' },
      { key: 'revenueCents', label: 'Revenue', kind: 'money' },
      { key: 'averageTicketCents', label: 'Average ticket', kind: 'money' },
    ],
    rows: data.rows.map((row) => ({ group: row.group, period: row.period, transactions: row.transactions, revenueCents: row.revenueCents, averageTicketCents: row.averageTicketCents })),
  };
}

export function salesSummary(data: SalesReportData, context: ReportContext): string {
  const { totals } = data;
  const average = totals.averageTicketCents === null ? '' : ` (average ticket ${dollars(totals.averageTicketCents)})`;
  const headline = `Revenue ${dollars(totals.revenueCents)} from ${counted(totals.transactions, 'transaction')}${average}, ${rangeLabel(context.scope)}, ${context.label}.`;
  const against = `the previous ${rangeLabel(data.previous)}`;
  if (data.previous.currentPartial) return `${headline} No comparison: this range is partial.`;
  if (!data.previous.complete) return `${headline} No comparison: ${against} is not wholly synced.`;
  const revenue = totals.revenueChange === null ? `revenue ${dollars(totals.previous?.revenueCents ?? 0)} then` : `revenue ${change(totals.revenueChange)}`;
  const transactions = totals.transactionsChange === null ? `${counted(totals.previous?.transactions ?? 0, 'transaction')} then` : `transactions ${change(totals.transactionsChange)}`;
  return `${headline} Against ${against}: ${revenue}, ${transactions}.`;
}

/** Sales per group and period, per group and in all, against the previous period of the same length. */
export async function salesData(context: ReportContext): Promise<SalesReportData> {
  const rows = await context.deps.store.reports.sales(context.query, context.scope.period);
  const previous = await previousFigures(context);
  const groupRows: SalesGroupRow[] = sumBy(
    rows,
    (row) => keyOf(context.groupOf(row.siteCode), row.period),
    (row): SalesGroupRow => ({ group: context.groupOf(row.siteCode), period: row.period, transactions: 0, revenueCents: 0, averageTicketCents: null }),
    (total, row) => {
      total.transactions += row.transactions;
      total.revenueCents += row.revenueCents;
    },
  );
  for (const row of groupRows) row.averageTicketCents = averageCents(row.revenueCents, row.transactions);
  groupRows.sort((a, b) => byGroup(a, b) || a.period.localeCompare(b.period));
  // Every group of the scope, a site without sales included (at zero).
  const groupNames = [...new Set([...context.query.siteCodes.map(context.groupOf), ...groupRows.map((row) => row.group)])]
    .map((group) => ({ group }))
    .sort(byGroup)
    .map(({ group }) => group);
  const groups = groupNames.map((group) => totalsOf(group, sumFigures(groupRows.filter((row) => row.group === group)), previous.byGroup ? (previous.byGroup.get(group) ?? figures(0, 0)) : null));
  return {
    rows: groupRows,
    groups,
    totals: totalsOf(SALES_TOTAL, sumFigures(rows), previous.byGroup?.get(SALES_TOTAL) ?? null),
    previous: { ...previous.range, complete: previous.complete, currentPartial: previous.currentPartial },
  };
}
