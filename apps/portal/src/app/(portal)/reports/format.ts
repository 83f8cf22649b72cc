import type { ReportColumn } from '@washops/operations';
import { formatUsd } from '@washops/client-core';

const count = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
const signedPercent = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const signedPoints = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A fraction as a percent, `0.256` → `25.6%`. */
export function percentText(fraction: number): string {
  return percent.format(fraction);
}

/** A change against the previous period, `0.052` → `+5.2%`; none (no previous, or it was zero): `n/a`. */
export function changeText(fraction: number | null): string {
  return fraction === null ? 'n/a' : signedPercent.format(fraction);
}

/** A change of a ratio in percentage points, `0.012` → `+1.2 pts`; none: `n/a`. */
export function pointsText(fraction: number | null): string {
  return fraction === null ? 'n/a' : `${signedPoints.format(fraction * 100)} pts`;
}

/** A table cell by its column's kind: money (integer cents) in dollars, percents from fractions, counts grouped. */
export function cellText(value: string | number | null | undefined, kind: ReportColumn['kind']): string {
  if (value === null || value === undefined || value === '') return kind === 'text' || kind === 'day' ? '' : '—';
  if (typeof value === 'string') return value;
  if (kind === 'money') return formatUsd(value);
  if (kind === 'percent') return percentText(value);
  if (kind === 'count') return count.format(value);
  return String(value);
}

/** Columns whose cells line up on the right. */
export function isNumeric(kind: ReportColumn['kind']): boolean {
  return kind === 'count' || kind === 'money' || kind === 'percent';
}

/** When the warehouse's oldest site-day of the range was synced, in the browser's zone. */
export function syncedAtText(syncedAt: Date | string | null): string | null {
  if (syncedAt === null) return null;
  const time = new Date(syncedAt).getTime();
  return Number.isNaN(time) ? null : dateTime.format(time);
}

/** Counts as the tables show them. */
export function countText(value: number): string {
  return count.format(value);
}
