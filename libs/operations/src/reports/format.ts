import { formatUsd } from '@washops/client-core';
import type { ReportGrouping, ResolvedScope } from './types.js';

// The words and figures every report's title and summary share, so the channels quote the same sentences.

/** The group of a chain-wide report, and of a site the BackOffice's tree has no region for. */
export const ALL_SITES = 'All sites';
export const NO_REGION = 'No region';

export const dollars = (cents: number): string => formatUsd(cents);

/** `1,234 transactions`, `1 transaction`. */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** A fraction as a percent to one place: `0.256` → `25.6 %`. */
export function percent(fraction: number): string {
  return `${(fraction * 100).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
}

/** `up 4.2 %`, `down 1.0 %`, `unchanged`. */
export function change(fraction: number): string {
  if (Math.abs(fraction) < 0.0005) return 'unchanged';
  return `${fraction > 0 ? 'up' : 'down'} ${percent(Math.abs(fraction))}`;
}

/** `2026-11-16 – 2026-11-22`, or the one day. */
export function rangeLabel(range: { from: string; to: string }): string {
  return range.from === range.to ? range.from : `${range.from} – ${range.to}`;
}

/** `region WashU Illinois (15 sites)`, `NILES, CENT`, `6 sites`, `all 23 sites`. */
export function scopeLabel(scope: Pick<ResolvedScope, 'siteCodes' | 'region'>, everySite: boolean): string {
  const sites = counted(scope.siteCodes.length, 'site');
  if (scope.region !== null) return `region ${scope.region} (${sites})`;
  if (everySite) return `all ${sites}`;
  return scope.siteCodes.length <= 3 ? scope.siteCodes.join(', ') : sites;
}

/** The heading of the group column. */
export function groupHeading(groupBy: ReportGrouping): string {
  return groupBy === 'site' ? 'Site' : groupBy === 'region' ? 'Region' : 'Sites';
}

/** The average of a total over a count, to the cent; `null` for no count. */
export function averageCents(totalCents: number, count: number): number | null {
  return count === 0 ? null : Math.round(totalCents / count);
}

/** part ÷ whole, `null` when the whole is zero. */
export function share(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/** (current − previous) ÷ |previous|, `null` without a previous or when it is zero. */
export function changeOf(current: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}
