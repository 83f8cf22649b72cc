import { ALL_SITES, NO_REGION } from './format.js';
import type { ReportGrouping } from './types.js';

/** The group a site's rows are summed into: the site itself, its BackOffice region, or the chain. */
export type GroupOf = (siteCode: string) => string;

export function groupOfSites(groupBy: ReportGrouping, regionOf: ReadonlyMap<string, string>): GroupOf {
  if (groupBy === 'chain') return () => ALL_SITES;
  if (groupBy === 'site') return (siteCode) => siteCode;
  return (siteCode) => regionOf.get(siteCode) ?? regionOf.get(siteCode.toUpperCase()) ?? NO_REGION;
}

/**
 * Rows summed per key: `start` makes a key's total from its first row (copy what identifies it, zero the
 * sums), `add` adds every row to it, the first included. Totals come back in first-seen order.
 */
export function sumBy<Row, Total>(rows: readonly Row[], keyOf: (row: Row) => string, start: (row: Row) => Total, add: (total: Total, row: Row) => void): Total[] {
  const totals = new Map<string, Total>();
  for (const row of rows) {
    const key = keyOf(row);
    let total = totals.get(key);
    if (total === undefined) {
      total = start(row);
      totals.set(key, total);
    }
    add(total, row);
  }
  return [...totals.values()];
}

/** Groups in name order, a site without a region last. */
export function byGroup(a: { group: string }, b: { group: string }): number {
  if (a.group === b.group) return 0;
  if (a.group === NO_REGION) return 1;
  if (b.group === NO_REGION) return -1;
  return a.group.localeCompare(b.group, 'en');
}

/** The same key for a group and further parts (none of them contains a NUL). */
export const keyOf = (...parts: ReadonlyArray<string | number | null>): string => parts.map((part) => String(part)).join('\u0000');
