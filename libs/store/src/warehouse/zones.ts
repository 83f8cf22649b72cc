// Local calendar days of a site's IANA zone (DST included: Intl carries the zone rules Node ships, so no date library
// is a dependency here). The one home of this arithmetic: the sync's windows, the reports and the numbers use it.

const DAY_MS = 86_400_000;
/** A zone's offset is within ±14 h (plus a margin for historic offsets), so a local day starts within this of UTC midnight. */
const SEARCH_MARGIN_MS = 16 * 3_600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, found);
  }
  return found;
}

/** Whether Intl knows the zone. */
export function isKnownZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** `YYYY-MM-DD` of `instant` in `timeZone` (an unknown zone counts as UTC). */
export function localDay(instant: Date, timeZone: string): string {
  const parts = formatter(isKnownZone(timeZone) ? timeZone : 'UTC').formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to` inclusive (`YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= end; at += DAY_MS) out.push(new Date(at).toISOString().slice(0, 10));
  return out;
}

/** An IANA zone Intl accepts, else `UTC` (the vendor's null or empty zone). */
export function zoneOrUtc(timeZone: string | null | undefined): string {
  const zone = timeZone?.trim();
  return zone && isKnownZone(zone) ? zone : 'UTC';
}

/**
 * The UTC instant (ms, whole seconds) at which local day `day` starts in `timeZone`: the first second whose local day
 * is `day` or later. A binary search, since local days only move forward; it also finds the start of a day whose
 * midnight a DST change skips.
 */
export function localDayStart(day: string, timeZone: string): number {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  let low = (midnight - SEARCH_MARGIN_MS) / 1000;
  let high = (midnight + SEARCH_MARGIN_MS) / 1000;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (localDay(new Date(mid * 1000), timeZone) >= day) high = mid;
    else low = mid + 1;
  }
  return low * 1000;
}

/** The first instant after local day `day` (the next day's start). */
export function localDayEnd(day: string, timeZone: string): number {
  return localDayStart(addDays(day, 1), timeZone);
}
