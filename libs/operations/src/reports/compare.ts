import { change, changeOf, dollars, groupHeading, rangeLabel } from './format.js';
import { byGroup } from './grouping.js';
import { SALES_TOTAL } from './sales.js';
import type { CompareResult, ReportResult, ReportTable, SalesGroupTotals } from './types.js';

type Side = Pick<SalesGroupTotals, 'transactions' | 'revenueCents' | 'averageTicketCents'>;
const NONE: Side = { transactions: 0, revenueCents: 0, averageTicketCents: null };

/** Per group (and the total last), both ranges' figures and the changes between them. */
export function compareTable(current: ReportResult<'sales'>, previous: ReportResult<'sales'>): ReportTable {
  const groups = [...new Set([...current.data.groups, ...previous.data.groups].map((group) => group.group))].map((group) => ({ group })).sort(byGroup);
  const row = (group: string, a: Side, b: Side) => ({
    group,
    transactions: a.transactions,
    previousTransactions: b.transactions,
    transactionsChange: changeOf(a.transactions, b.transactions),
    revenueCents: a.revenueCents,
    previousRevenueCents: b.revenueCents,
    revenueChange: changeOf(a.revenueCents, b.revenueCents),
    averageTicketCents: a.averageTicketCents,
    previousAverageTicketCents: b.averageTicketCents,
  });
  const sideOf = (report: ReportResult<'sales'>, group: string): Side => report.data.groups.find((candidate) => candidate.group === group) ?? NONE;
  return {
    columns: [
      { key: 'group', label: groupHeading(current.scope.groupBy), kind: 'text' },
      // The ranges are in the title: "previous" is the one compared against.
      { key: 'transactions', label: 'Transactions', kind: 'count' },
      { key: 'previousTransactions', label: 'Previous transactions', kind: 'count' },
      { key: 'transactionsChange', label: 'Transactions change', kind: 'percent' },
      { key: 'revenueCents', label: 'Revenue', kind: 'money' },
      { key: 'previousRevenueCents', label: 'Previous revenue', kind: 'money' },
      { key: 'revenueChange', label: 'Revenue change', kind: 'percent' },
      { key: 'averageTicketCents', label: 'Average ticket', kind: 'money' },
      { key: 'previousAverageTicketCents', label: 'Previous average ticket', kind: 'money' },
    ],
    rows: [
      ...groups.map(({ group }) => row(group, sideOf(current, group), sideOf(previous, group))),
      row(SALES_TOTAL, current.data.totals, previous.data.totals),
    ],
  };
}

export function compareSummary(current: ReportResult<'sales'>, previous: ReportResult<'sales'>): string {
  const a = current.data.totals;
  const b = previous.data.totals;
  const verdict = (now: number, then: number) => {
    const fraction = changeOf(now, then);
    return fraction === null ? 'nothing to compare with' : change(fraction);
  };
  return (
    `Revenue ${dollars(a.revenueCents)} in ${rangeLabel(current.scope)} against ${dollars(b.revenueCents)} in ${rangeLabel(previous.scope)}: ${verdict(a.revenueCents, b.revenueCents)}. ` +
    `Transactions ${a.transactions.toLocaleString('en-US')} against ${b.transactions.toLocaleString('en-US')}: ${verdict(a.transactions, b.transactions)}.`
  );
}

export function compareResult(current: ReportResult<'sales'>, previous: ReportResult<'sales'>, label: string): CompareResult {
  return {
    title: `Sales ${rangeLabel(current.scope)} against ${rangeLabel(previous.scope)}, ${label}`,
    current,
    previous,
    table: compareTable(current, previous),
    summary: compareSummary(current, previous),
  };
}
