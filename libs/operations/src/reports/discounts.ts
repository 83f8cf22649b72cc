import { counted, dollars, groupHeading } from './format.js';
import { byGroup, keyOf, sumBy } from './grouping.js';
import type { ReportContext } from './scope.js';
import type { DiscountReportData, ReportTable } from './types.js';

export async function discountData(context: ReportContext): Promise<DiscountReportData> {
  const rows = sumBy(
    await context.deps.store.reports.discounts(context.query),
    (row) => keyOf(context.groupOf(row.siteCode), row.discountName),
    (row) => ({ group: context.groupOf(row.siteCode), discountName: row.discountName, uses: 0, amountCents: 0 }),
    (total, row) => {
      total.uses += row.uses;
      total.amountCents += row.amountCents;
    },
  );
  return { rows: rows.sort((a, b) => byGroup(a, b) || b.uses - a.uses || a.discountName.localeCompare(b.discountName, 'en')) };
}

export function discountTable(data: DiscountReportData, context: ReportContext): ReportTable {
  return {
    columns: [
      { key: 'group', label: groupHeading(context.scope.groupBy), kind: 'text' },
      { key: 'discountName', label: 'Discount', kind: 'text' },
      { key: 'uses', label: 'Uses', kind: 'count' },
      { key: 'amountCents', label: 'Amount', kind: 'money' },
    ],
    rows: data.rows.map((row) => ({ ...row })),
  };
}

export function discountSummary(data: DiscountReportData): string {
  const byName = sumBy(
    data.rows,
    (row) => row.discountName,
    (row) => ({ discountName: row.discountName, uses: 0, amountCents: 0 }),
    (total, row) => {
      total.uses += row.uses;
      total.amountCents += row.amountCents;
    },
  ).sort((a, b) => b.uses - a.uses || a.discountName.localeCompare(b.discountName, 'en'));
  const top = byName[0];
  if (!top) return 'No discounts were used in this range.';
  const uses = byName.reduce((sum, row) => sum + row.uses, 0);
  const amount = byName.reduce((sum, row) => sum + row.amountCents, 0);
  return `${counted(uses, 'discount use')} across ${counted(byName.length, 'discount')}, ${dollars(amount)} in all; the most used is ${top.discountName}, ${counted(top.uses, 'use')} (${dollars(top.amountCents)}).`;
}
