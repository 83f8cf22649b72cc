import { daysBetween, localDayEnd, localDayStart } from '../warehouse/zones.js';

// Local days of several zones at once and of months, for the numbers read from resources that carry UTC times (clock
// entries, sales outcomes, memberships).

const DAY_MS = 86_400_000;

/** The UTC calendar days that the local days `from`..`to` of any of the zones touch (for the resources' ledgers). */
export function utcDaysSpanned(from: string, to: string, zones: readonly string[]): { from: string; to: string } {
  const starts = zones.map((zone) => localDayStart(from, zone));
  const ends = zones.map((zone) => localDayEnd(to, zone) - 1);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(Math.min(...starts)), to: day(Math.max(...ends)) };
}

/** `YYYY-MM-01` of a day. */
export const monthOf = (day: string): string => `${day.slice(0, 8)}01`;

/** The months (their 1st) that `from`..`to` touch. */
export function monthsBetween(from: string, to: string): string[] {
  return [...new Set(daysBetween(from, to).map(monthOf))];
}

/** The last day of the month of `day`. */
export function lastDayOfMonth(day: string): string {
  const next = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 1));
  return new Date(next.getTime() - DAY_MS).toISOString().slice(0, 10);
}
