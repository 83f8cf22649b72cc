import { MIX_CATEGORIES } from '@washops/store/constants';
import { counted, dollars, groupHeading, percent, share } from './format.js';
import { byGroup, keyOf, sumBy } from './grouping.js';
import type { ReportContext } from './scope.js';
import type { MixReportData, ReportTable } from './types.js';

/** How many items the mix lists as its top sellers. */
export const TOP_ITEMS = 20;

/** Every transaction is counted in each list it is in, so the types' figures overlap and are not summed. */
export async function mixData(context: ReportContext): Promise<MixReportData> {
  const mix = await context.deps.store.reports.mix(context.query, { topItems: TOP_ITEMS });
  const categories = sumBy(
    mix.categories,
    (row) => keyOf(context.groupOf(row.siteCode), row.category),
    (row) => ({ group: context.groupOf(row.siteCode), category: row.category, transactions: 0, revenueCents: 0 }),
    (total, row) => {
      total.transactions += row.transactions;
      total.revenueCents += row.revenueCents;
    },
  ).sort((a, b) => byGroup(a, b) || MIX_CATEGORIES.indexOf(a.category) - MIX_CATEGORIES.indexOf(b.category));
  const departments = sumBy(
    mix.departments,
    (row) => keyOf(context.groupOf(row.siteCode), row.department),
    (row) => ({ group: context.groupOf(row.siteCode), department: row.department, quantity: 0, transactions: 0, netCents: 0 }),
    (total, row) => {
      total.quantity += row.quantity;
      total.transactions += row.transactions;
      total.netCents += row.netCents;
    },
  ).sort((a, b) => byGroup(a, b) || b.netCents - a.netCents || a.department.localeCompare(b.department, 'en'));
  return { categories, departments, topItems: mix.topItems };
}

/** The three parts as one flat table, told apart by `section`; top items are across every site of the scope. */
export function mixTable(data: MixReportData, context: ReportContext): ReportTable {
  return {
    columns: [
      { key: 'section', label: 'Section', kind: 'text' },
      { key: 'group', label: groupHeading(context.scope.groupBy), kind: 'text' },
      { key: 'name', label: 'Name', kind: 'text' },
      { key: 'transactions', label: 'Transactions', kind: 'count' },
      { key: 'quantity', label: 'Units', kind: 'count' },
      // Two measures, kept apart: a ticket counts whole in every type it is in, so types overlap; items are net sales.
      { key: 'ticketTotalsCents', label: 'Ticket totals (types overlap)', kind: 'money' },
      { key: 'netCents', label: 'Net sales', kind: 'money' },
    ],
    rows: [
      ...data.categories.map((row) => ({ section: 'Type', group: row.group, name: row.category, transactions: row.transactions, quantity: null, ticketTotalsCents: row.revenueCents, netCents: null })),
      ...data.departments.map((row) => ({ section: 'Department', group: row.group, name: row.department, transactions: row.transactions, quantity: row.quantity, ticketTotalsCents: null, netCents: row.netCents })),
      ...data.topItems.map((row) => ({ section: 'Top item', group: context.label, name: row.name, transactions: null, quantity: row.quantity, ticketTotalsCents: null, netCents: row.netCents })),
    ],
  };
}

export function mixSummary(data: MixReportData): string {
  const byCategory = sumBy(
    data.categories,
    (row) => row.category,
    (row) => ({ category: row.category, transactions: 0, revenueCents: 0 }),
    (total, row) => {
      total.transactions += row.transactions;
      total.revenueCents += row.revenueCents;
    },
  );
  const washes = byCategory.find((row) => row.category === 'wash');
  const largest = [...byCategory].sort((a, b) => b.revenueCents - a.revenueCents)[0];
  if (!largest) return 'No transactions in this range.';
  const sentences = [`The largest type by revenue is ${largest.category}: ${dollars(largest.revenueCents)} from ${counted(largest.transactions, 'transaction')}.`];
  if (washes && largest.category !== 'wash') sentences.push(`Washes: ${counted(washes.transactions, 'transaction')}, ${dollars(washes.revenueCents)}.`);
  const top = data.topItems[0];
  if (top) {
    const units = data.topItems.reduce((sum, item) => sum + item.quantity, 0);
    const topShare = share(top.quantity, units);
    sentences.push(`The top item is ${top.name} (${top.department}): ${counted(top.quantity, 'unit')} sold, ${dollars(top.netCents)}${topShare === null ? '' : `, ${percent(topShare)} of the top items' units`}.`);
  }
  return sentences.join(' ');
}
