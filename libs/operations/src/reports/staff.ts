import { averageCents, counted, dollars, groupHeading } from './format.js';
import { byGroup, keyOf, sumBy } from './grouping.js';
import type { ReportContext } from './scope.js';
import type { ReportTable, StaffReportData } from './types.js';

type StaffGroupRow = StaffReportData['rows'][number];

/** Each cashier and greeter per group (a name at two sites of a region is one person there). */
export async function staffData(context: ReportContext): Promise<StaffReportData> {
  const rows = sumBy(
    await context.deps.store.reports.staff(context.query),
    (row) => keyOf(context.groupOf(row.siteCode), row.role, row.employee),
    (row): StaffGroupRow => ({ group: context.groupOf(row.siteCode), employee: row.employee, role: row.role, transactions: 0, revenueCents: 0, membershipSales: 0, averageTicketCents: null }),
    (total, row) => {
      total.transactions += row.transactions;
      total.revenueCents += row.revenueCents;
      total.membershipSales += row.membershipSales;
    },
  );
  for (const row of rows) row.averageTicketCents = averageCents(row.revenueCents, row.transactions);
  return { rows: rows.sort((a, b) => byGroup(a, b) || a.role.localeCompare(b.role) || b.revenueCents - a.revenueCents || a.employee.localeCompare(b.employee, 'en')) };
}

export function staffTable(data: StaffReportData, context: ReportContext): ReportTable {
  return {
    columns: [
      { key: 'group', label: groupHeading(context.scope.groupBy), kind: 'text' },
      { key: 'employee', label: 'Employee', kind: 'text' },
      { key: 'role', label: 'Role', kind: 'text' },
      { key: 'transactions', label: 'Transactions', kind: 'count' },
      { key: 'revenueCents', label: 'Revenue', kind: 'money' },
      { key: 'membershipSales', label: 'Membership sales', kind: 'count' },
      { key: 'averageTicketCents', label: 'Average ticket', kind: 'money' },
    ],
    rows: data.rows.map((row) => ({ ...row })),
  };
}

/** The best of a role across every group (by revenue for cashiers, membership sales for greeters). */
function best(data: StaffReportData, role: StaffGroupRow['role']): StaffGroupRow | undefined {
  const people = sumBy(
    data.rows.filter((row) => row.role === role),
    (row) => row.employee,
    (row): StaffGroupRow => ({ ...row, transactions: 0, revenueCents: 0, membershipSales: 0 }),
    (total, row) => {
      total.transactions += row.transactions;
      total.revenueCents += row.revenueCents;
      total.membershipSales += row.membershipSales;
    },
  );
  const measure = (row: StaffGroupRow) => (role === 'cashier' ? row.revenueCents : row.membershipSales);
  return people.sort((a, b) => measure(b) - measure(a) || b.transactions - a.transactions || a.employee.localeCompare(b.employee, 'en'))[0];
}

export function staffSummary(data: StaffReportData): string {
  const cashier = best(data, 'cashier');
  const greeter = best(data, 'greeter');
  if (!cashier && !greeter) return 'No cashier or greeter is named on the transactions of this range.';
  const sentences: string[] = [];
  if (cashier) sentences.push(`Top cashier by revenue: ${cashier.employee}, ${dollars(cashier.revenueCents)} from ${counted(cashier.transactions, 'transaction')} (${counted(cashier.membershipSales, 'membership sale')}).`);
  if (greeter) sentences.push(`Top greeter by membership sales: ${greeter.employee}, ${counted(greeter.membershipSales, 'membership sale')} in ${counted(greeter.transactions, 'transaction')}.`);
  return sentences.join(' ');
}
