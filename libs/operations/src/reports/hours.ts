import { daysBetween } from '../warehouse/plan.js';
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
  const weekdays = [0, 0, 0, 0, 0, 0, 0];
  for (const day of daysBetween(context.scope.from, context.scope.to)) {
    const index = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    weekdays[index] = (weekdays[index] ?? 0) + 1;
  }
  return { cells: cells.sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.hour - b.hour), weekdays };
}

/** Transactions a day of that weekday, on average over the range. */
const perDay = (data: HourReportData, dayOfWeek: number, transactions: number): number => transactions / Math.max(1, data.weekdays[dayOfWeek - 1] ?? 1);
const oneDecimal = (value: number): string => value.toLocaleString('en-US', { maximumFractionDigits: 1 });

export function hourTable(data: HourReportData): ReportTable {
  return {
    columns: [
      { key: 'dayOfWeek', label: 'Day of week', kind: 'text' },
      { key: 'hour', label: 'Hour (local)', kind: 'text' },
      { key: 'days', label: 'Such days in range', kind: 'count' },
      { key: 'transactions', label: 'Transactions', kind: 'count' },
      { key: 'averageTransactions', label: 'Transactions a day (average)', kind: 'count' },
      { key: 'revenueCents', label: 'Revenue', kind: 'money' },
    ],
    rows: data.cells.map((cell) => ({
      dayOfWeek: weekday(cell.dayOfWeek),
      hour: hourLabel(cell.hour),
      days: data.weekdays[cell.dayOfWeek - 1] ?? 0,
      transactions: cell.transactions,
      averageTransactions: Math.round(perDay(data, cell.dayOfWeek, cell.transactions) * 10) / 10,
      revenueCents: cell.revenueCents,
    })),
  };
}

export function hourSummary(data: HourReportData): string {
  const average = (cell: { dayOfWeek: number; transactions: number }) => perDay(data, cell.dayOfWeek, cell.transactions);
  const busiest = [...data.cells].sort((a, b) => average(b) - average(a) || a.dayOfWeek - b.dayOfWeek || a.hour - b.hour)[0];
  if (!busiest) return 'No transactions in this range.';
  const byDay = new Map<number, number>();
  for (const cell of data.cells) byDay.set(cell.dayOfWeek, (byDay.get(cell.dayOfWeek) ?? 0) + cell.transactions);
  const days = [...byDay].map(([dayOfWeek, transactions]) => ({ dayOfWeek, transactions }));
  const busiestDay = days.sort((a, b) => average(b) - average(a) || a.dayOfWeek - b.dayOfWeek)[0] ?? busiest;
  return (
    `The busiest hour is ${weekday(busiest.dayOfWeek)} ${hourLabel(busiest.hour)}–${hourLabel((busiest.hour + 1) % 24)} (local time), ` +
    `${oneDecimal(average(busiest))} transactions on average; the busiest day of the week is ${weekday(busiestDay.dayOfWeek)}, ` +
    `${oneDecimal(average(busiestDay))} transactions on average (averages over the ${weekday(busiestDay.dayOfWeek)}s in the range).`
  );
}
