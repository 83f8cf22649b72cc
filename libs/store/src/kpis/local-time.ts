import { daysBetween } from '../warehouse/zones.js';

// Instants of local days: where a site's day starts in UTC (DST included), for the numbers read from resources that
// carry UTC times (clock entries, sales outcomes, memberships).

const DAY_MS = 86_400_000;
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `instant`, in ms (an unknown zone counts as UTC). */
function offsetAt(instantMs: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    } catch {
      format = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', timeZoneName: 'longOffset' });
    }
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(new Date(instantMs)).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d\d):(\d\d)/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000 : 0;
}

/** The UTC instant (ms) at which local day `day` starts in `timeZone`. */
export function localDayStart(day: string, timeZone: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`);
  // Twice: the offset at the guess may differ from the offset at the answer across a DST change.
  let at = wall - offsetAt(wall, timeZone);
  at = wall - offsetAt(at, timeZone);
  return at;
}

/** The first instant after local day `day` (the next day's start). */
export function localDayEnd(day: string, timeZone: string): number {
  return localDayStart(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10), timeZone);
}

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
