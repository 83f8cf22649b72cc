import { counted, dollars, groupHeading, percent, share } from './format.js';
import { byGroup, keyOf, sumBy } from './grouping.js';
import type { ReportContext } from './scope.js';
import type { ReportTable, TenderReportData } from './types.js';

type TenderGroupRow = TenderReportData['rows'][number];

/** Tenders per group; `share` is the tender's part of the group's tendered amount. */
export async function tenderData(context: ReportContext): Promise<TenderReportData> {
  const rows = sumBy(
    await context.deps.store.reports.tenders(context.query),
    (row) => keyOf(context.groupOf(row.siteCode), row.tender, row.tenderSubType),
    (row): TenderGroupRow => ({ group: context.groupOf(row.siteCode), tender: row.tender, tenderSubType: row.tenderSubType, count: 0, amountCents: 0, changeCents: 0, share: null }),
    (total, row) => {
      total.count += row.count;
      total.amountCents += row.amountCents;
      total.changeCents += row.changeCents;
    },
  );
  const groupAmounts = new Map<string, number>();
  for (const row of rows) groupAmounts.set(row.group, (groupAmounts.get(row.group) ?? 0) + row.amountCents);
  for (const row of rows) row.share = share(row.amountCents, groupAmounts.get(row.group) ?? 0);
  return { rows: rows.sort((a, b) => byGroup(a, b) || b.amountCents - a.amountCents || a.tender.localeCompare(b.tender, 'en')) };
}

export function tenderTable(data: TenderReportData, context: ReportContext): ReportTable {
  return {
    columns: [
      { key: 'group', label: groupHeading(context.scope.groupBy), kind: 'text' },
      { key: 'tender', label: 'Tender', kind: 'text' },
      { key: 'tenderSubType', label: 'Kind', kind: 'text' },
      { key: 'count', label: 'Count', kind: 'count' },
      { key: 'amountCents', label: 'Amount', kind: 'money' },
      { key: 'changeCents', label: 'Change given', kind: 'money' },
      { key: 'share', label: 'Share of amount', kind: 'percent' },
    ],
    rows: data.rows.map((row) => ({ ...row })),
  };
}

const tenderName = (row: { tender: string; tenderSubType: string | null }) => (row.tenderSubType ? `${row.tender} (${row.tenderSubType})` : row.tender);

export function tenderSummary(data: TenderReportData): string {
  const byTender = sumBy(
    data.rows,
    (row) => keyOf(row.tender, row.tenderSubType),
    (row) => ({ tender: row.tender, tenderSubType: row.tenderSubType, count: 0, amountCents: 0 }),
    (total, row) => {
      total.count += row.count;
      total.amountCents += row.amountCents;
    },
  ).sort((a, b) => b.amountCents - a.amountCents);
  const amount = data.rows.reduce((sum, row) => sum + row.amountCents, 0);
  const changeGiven = data.rows.reduce((sum, row) => sum + row.changeCents, 0);
  const top = byTender[0];
  if (!top) return 'No tenders in this range.';
  const topShare = share(top.amountCents, amount);
  return `Tenders took ${dollars(amount)} in ${counted(data.rows.reduce((sum, row) => sum + row.count, 0), 'tender')}; the largest is ${tenderName(top)}, ${dollars(top.amountCents)}${topShare === null ? '' : ` (${percent(topShare)})`}. Change given: ${dollars(changeGiven)}.`;
}
