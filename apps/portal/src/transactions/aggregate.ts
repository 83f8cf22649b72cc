import { toCents } from '@washops/client-core';
import { dayOf } from './range';

export interface RowLike {
  transId: string;
  total: number;
  date: string;
}

/** `transId` is `<record>:<siteID>`: the Data API's site id of the row. */
function siteIdOf(transId: string): number | null {
  const site = Number(transId.slice(transId.indexOf(':') + 1));
  return Number.isInteger(site) && transId.includes(':') ? site : null;
}

/** The site's code (or name, or id) for a row, from the site list. */
export function siteLabelOf(transId: string, sites: ReadonlyMap<number, string>): string {
  const id = siteIdOf(transId);
  if (id === null) return '?';
  return sites.get(id) ?? `#${id}`;
}

export interface Totals {
  count: number;
  /** In cents, summed as integers so float noise cannot add up over thousands of rows. */
  cents: number;
}

export function totalsOf(rows: readonly RowLike[]): Totals {
  let cents = 0;
  for (const row of rows) cents += toCents(row.total);
  return { count: rows.length, cents };
}

/** Most sites drawn as their own series; the rest are summed as "Other". */
export const MAX_CHART_SERIES = 8;

export interface DailyTotals {
  /** One entry per day (local), ascending: `{ day, <site>: dollars, … }`. */
  days: Array<{ day: string } & Record<string, number | string>>;
  /** The series, largest first; "Other" last when there are more sites than `MAX_CHART_SERIES`. */
  series: string[];
}

/** Daily totals per site (in dollars, rounded to cents), for the chart. Days are local to the browser. */
export function dailyTotalsBySite(rows: readonly RowLike[], sites: ReadonlyMap<number, string>): DailyTotals {
  const bySiteDay = new Map<string, Map<string, number>>();
  const siteSums = new Map<string, number>();
  for (const row of rows) {
    const time = Date.parse(row.date);
    if (Number.isNaN(time)) continue;
    const site = siteLabelOf(row.transId, sites);
    const day = dayOf(new Date(time));
    const cents = toCents(row.total);
    const perDay = bySiteDay.get(day) ?? new Map<string, number>();
    perDay.set(site, (perDay.get(site) ?? 0) + cents);
    bySiteDay.set(day, perDay);
    siteSums.set(site, (siteSums.get(site) ?? 0) + cents);
  }
  const ranked = [...siteSums.entries()].sort((a, b) => b[1] - a[1]).map(([site]) => site);
  const shown = ranked.length > MAX_CHART_SERIES ? ranked.slice(0, MAX_CHART_SERIES - 1) : ranked;
  const shownSet = new Set(shown);
  const series = ranked.length > shown.length ? [...shown, 'Other'] : shown;
  const days = [...bySiteDay.keys()].sort().map((day) => {
    const entry: { day: string } & Record<string, number | string> = { day };
    for (const name of series) entry[name] = 0;
    for (const [site, cents] of bySiteDay.get(day) ?? []) {
      const key = shownSet.has(site) ? site : 'Other';
      entry[key] = Number(entry[key] ?? 0) + cents;
    }
    for (const name of series) entry[name] = Number(entry[name]) / 100;
    return entry;
  });
  return { days, series };
}
