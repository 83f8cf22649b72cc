import { counted } from './format.js';
import { keyOf, sumBy } from './grouping.js';
import type { ReportContext } from './scope.js';
import type { HourReportData, ReportTable } from './types.js';

/** ISO days of week, 1 Monday … 7 Sunday. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const weekday = (dayOfWeek: number): string => WEEKDAYS[dayOfWeek - 1] ?? String(dayOfWeek);
const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

/** One heat map for the whole scope (the grouping does not split it): each site's own local hours. */
export async function hourData(context: ReportContext): Promise<HourReportData> {
  const cells = sumBy(
    await context.deps.store.reports.hours(context.query),
    (row) => keyOf(row.dayOfWeek, row.hour),
    (row) => ({ dayOfWeek: row.dayOfWeek, hour: row.hour, transactions: 0, revenueCents: 0 }),
    (total, row) => {
      total.transactions += row.transactions;
      total.revenueCents += row.revenueCents;
    },
  );
  return { cells: cells.sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.hour - b.hour) };
}

export function hourTable(data: HourReportData): ReportTable {
  return {
    columns: [
      { key: 'dayOfWeek', label: 'Day of week', kind: 'text' },
      { key: 'hour', label: 'Hour (local)', kind: 'text' },
      { key: 'transactions', label: 'Transactions', kind: 'count' },
      { key: 'revenueCents', label: 'Revenue', kind: 'money' },
    ],
    rows: data.cells.map((cell) => ({ dayOfWeek: weekday(cell.dayOfWeek), hour: hourLabel(cell.hour), transactions: cell.transactions, revenueCents: cell.revenueCents })),
  };
}

export function hourSummary(data: HourReportData): string {
  const busiest = [...data.cells].sort((a, b) => b.transactions - a.transactions || a.dayOfWeek - b.dayOfWeek || a.hour - b.hour)[0];
  if (!busiest) return 'No transactions in this range.';
  const byDay = new Map<number, number>();
  for (const cell of data.cells) byDay.set(cell.dayOfWeek, (byDay.get(cell.dayOfWeek) ?? 0) + cell.transactions);
  const [busiestDay, dayCount] = [...byDay].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0] ?? [busiest.dayOfWeek, busiest.transactions];
  return `The busiest hour is ${weekday(busiest.dayOfWeek)} ${hourLabel(busiest.hour)}–${hourLabel((busiest.hour + 1) % 24)} (local time), ${counted(busiest.transactions, 'transaction')}; the busiest day of the week is ${weekday(busiestDay)}, ${counted(dayCount, 'transaction')}.`;
}
