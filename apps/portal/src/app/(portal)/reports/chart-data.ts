import type { MixCategory } from '@washops/store';
import type { DiscountReportData, HourReportData, MixReportData, SalesReportData, StaffReportData, TenderReportData } from '@washops/operations';
import { fromCents } from '@washops/client-core';
import { MAX_CHART_SERIES } from '../../../transactions/aggregate';

// What each report's chart draws, derived from the report's data: pure, so it is tested without a browser.

/** Bars a ranking chart (staff, discounts) shows; the table has every row. */
export const TOP_BARS = 10;
export const OTHER = 'Other';

/** Distinguishable series colours, each at least 3:1 against the white card. */
export const SERIES_COLOURS = ['#1f5fbf', '#b35c00', '#217a46', '#b23a48', '#6b4fa0', '#16808c', '#8a6a00', '#5c6673'];

export interface SalesChartData {
  /** One point per period: `period` and each series' revenue in dollars. */
  points: Array<Record<string, string | number>>;
  series: string[];
}

/** Revenue per period, a series per group (largest first), groups past `MAX_CHART_SERIES − 1` summed into "Other". */
export function salesChartOf(data: SalesReportData): SalesChartData {
  const byGroup = new Map<string, number>();
  for (const row of data.rows) byGroup.set(row.group, (byGroup.get(row.group) ?? 0) + row.revenueCents);
  const ranked = [...byGroup.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([group]) => group);
  const kept = ranked.length > MAX_CHART_SERIES ? ranked.slice(0, MAX_CHART_SERIES - 1) : ranked;
  const keptSet = new Set(kept);
  const series = ranked.length > kept.length ? [...kept, OTHER] : kept;
  const cents = new Map<string, Map<string, number>>();
  for (const row of data.rows) {
    const name = keptSet.has(row.group) ? row.group : OTHER;
    const point = cents.get(row.period) ?? new Map<string, number>();
    point.set(name, (point.get(name) ?? 0) + row.revenueCents);
    cents.set(row.period, point);
  }
  const points = [...cents.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([period, values]) => ({ period, ...Object.fromEntries(series.map((name) => [name, fromCents(values.get(name) ?? 0)])) }));
  return { points, series };
}

export interface Bar {
  label: string;
  value: number;
}

function sumBy<T>(rows: readonly T[], key: (row: T) => string, value: (row: T) => number): Map<string, number> {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? 0) + value(row));
  return sums;
}

const ranked = (sums: Map<string, number>, limit = Number.POSITIVE_INFINITY): Bar[] =>
  [...sums.entries()]
    .map(([label, value]) => ({ label, value }))
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label))
    .slice(0, limit);

/** The Data API's item-type lists in its order, as people read them (every category the type has, by construction). */
export const MIX_LABELS: Record<MixCategory, string> = {
  wash: 'Wash',
  'prepaid-wash': 'Prepaid wash',
  recurring: 'Recurring',
  washbook: 'Washbook',
  giftcard: 'Gift card',
  merchandise: 'Merchandise',
  'house-account': 'House account',
  other: 'Other',
};

/** Transactions per item-type list, in the Data API's order, over every group; lists with none are left out. */
export function mixBarsOf(data: MixReportData): Bar[] {
  const sums = sumBy(data.categories, (row) => row.category, (row) => row.transactions);
  return (Object.keys(MIX_LABELS) as MixCategory[]).flatMap((category) => {
    const value = sums.get(category) ?? 0;
    return value > 0 ? [{ label: MIX_LABELS[category], value }] : [];
  });
}

/** Each tender's share of the amount tendered over every group, largest first (a fraction). */
export function tenderSharesOf(data: TenderReportData): Bar[] {
  const sums = sumBy(
    data.rows,
    (row) => (row.tenderSubType ? `${row.tender} · ${row.tenderSubType}` : row.tender),
    (row) => row.amountCents,
  );
  const total = [...sums.values()].reduce((sum, value) => sum + value, 0);
  return ranked(sums).map((bar) => ({ label: bar.label, value: total === 0 ? 0 : bar.value / total }));
}

/** The top cashiers and greeters by revenue (dollars), an employee's sites summed. */
export function staffBarsOf(data: StaffReportData): Bar[] {
  return ranked(
    sumBy(data.rows, (row) => `${row.employee} (${row.role})`, (row) => fromCents(row.revenueCents)),
    TOP_BARS,
  );
}

/** The most used discounts, a discount's groups summed. */
export function discountBarsOf(data: DiscountReportData): Bar[] {
  return ranked(
    sumBy(data.rows, (row) => row.discountName, (row) => row.uses),
    TOP_BARS,
  );
}

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Background and text of each step of the heat map, lightest first; every pair reads at 4.5:1 or more. */
export const HEAT_STEPS: ReadonlyArray<{ background: string; text: string }> = [
  { background: '#ffffff', text: '#475467' },
  { background: '#e3ecfb', text: '#14213d' },
  { background: '#b3cbf2', text: '#14213d' },
  { background: '#2f62b5', text: '#ffffff' },
  { background: '#14213d', text: '#ffffff' },
];

/** The step of a count against the busiest cell: 0 for none, the darkest for the busiest, equal bands between. */
export function heatStep(value: number, max: number): number {
  if (value <= 0 || max <= 0) return 0;
  const darkest = HEAT_STEPS.length - 1;
  return value >= max ? darkest : 1 + Math.floor(((darkest - 1) * value) / max);
}

export interface HeatGrid {
  /** `rows[d][h]`: transactions on ISO day `d + 1` at local hour `h`. */
  rows: number[][];
  max: number;
  /** The first and last hour with any transaction (the grid shows those); `null` when there are none. */
  hours: { first: number; last: number } | null;
}

/** The day-of-week × hour grid of transaction counts. */
export function heatGridOf(data: HourReportData): HeatGrid {
  const rows = WEEKDAYS.map(() => Array.from({ length: 24 }, () => 0));
  let max = 0;
  let first = 24;
  let last = -1;
  for (const cell of data.cells) {
    const row = rows[cell.dayOfWeek - 1];
    if (!row || cell.hour < 0 || cell.hour > 23) continue;
    row[cell.hour] = (row[cell.hour] ?? 0) + cell.transactions;
    max = Math.max(max, row[cell.hour] ?? 0);
    if (cell.transactions > 0) {
      first = Math.min(first, cell.hour);
      last = Math.max(last, cell.hour);
    }
  }
  return { rows, max, hours: last < 0 ? null : { first, last } };
}

/** `13` → `1 PM`. */
export function hourLabel(hour: number): string {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve} ${hour < 12 ? 'AM' : 'PM'}`;
}
