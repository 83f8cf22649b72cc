import { DateRangeError, ValidationError } from '@washops/shared-errors';
import { oldestAllowedSeconds } from '@washops/transactions-client';
import { addDays, isKnownZone, localDay, localDayStart, type SiteDayKey } from '@washops/store';

// The sync's local days: the day arithmetic is the store's (`warehouse/zones.ts`); here the checks of what a person
// typed and the load-job windows of a site-day.

const DAY_SECONDS = 86_400;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** One load-job request's range, inclusive Unix seconds (at most 24 h, contract §2.5). */
export interface JobWindow {
  startSeconds: number;
  endSeconds: number;
}

/** The vendor's zone, `UTC` when it gives none (null or ""); one Intl does not know fails its site-days' windows. */
export function zoneOrUtc(timeZone: string | null | undefined): string {
  return timeZone && timeZone.trim() !== '' ? timeZone.trim() : 'UTC';
}

/** The local calendar day (`YYYY-MM-DD`) of a Unix second in a zone. */
export function localDayOf(seconds: number, timeZone: string): string {
  return localDay(new Date(seconds * 1000), timeZone);
}

const dayStartSeconds = (day: string, timeZone: string) => localDayStart(day, timeZone) / 1000;

/**
 * A site-day's load-job windows in UTC seconds: local midnight to the next local midnight minus one
 * second; a day longer than 24 h (a fall-back change) is split into two halves, each within the limit.
 */
export function siteDayWindows(day: string, timeZone: string): JobWindow[] {
  if (!isKnownZone(timeZone)) throw new ValidationError(`Unknown time zone "${timeZone}"`, { details: { timeZone } });
  const start = dayStartSeconds(day, timeZone);
  const end = dayStartSeconds(addDays(day, 1), timeZone) - 1;
  if (end - start < DAY_SECONDS) return [{ startSeconds: start, endSeconds: end }];
  const half = Math.floor((end - start + 1) / 2);
  return [
    { startSeconds: start, endSeconds: start + half - 1 },
    { startSeconds: start + half, endSeconds: end },
  ];
}

export function checkDay(day: string, field: string): string {
  const text = day.trim();
  if (!DAY_PATTERN.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`)) || addDays(text, 0) !== text) {
    throw new ValidationError(`${field}: expected a day such as 2026-03-01, got "${day}"`, { details: { field } });
  }
  return text;
}

/** Every day `from`..`to`, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const first = checkDay(from, 'from');
  const last = checkDay(to, 'to');
  if (last < first) throw new DateRangeError(`to (${last}) is before from (${first})`, { details: { from: first, to: last } });
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The site-days one site may sync at `nowMs`: whole local days inside the Data API's look-back that have ended. */
export function allowedDays(timeZone: string, nowMs: number): { from: string; to: string } {
  const oldest = oldestAllowedSeconds(nowMs);
  const nowSeconds = Math.floor(nowMs / 1000);
  let from = localDayOf(oldest, timeZone);
  if (dayStartSeconds(from, timeZone) < oldest) from = addDays(from, 1);
  let to = localDayOf(nowSeconds, timeZone);
  if (dayStartSeconds(addDays(to, 1), timeZone) - 1 > nowSeconds) to = addDays(to, -1);
  return { from, to };
}

export interface PlannedSite {
  siteCode: string;
  timeZone: string;
}

/**
 * Site-days of `days` × `sites`, refused as a whole (nothing queued) when any falls outside what the
 * Data API serves: older than its look-back, or not yet ended.
 */
export function planSiteDays(days: readonly string[], sites: readonly PlannedSite[], nowMs: number): SiteDayKey[] {
  const keys: SiteDayKey[] = [];
  for (const site of sites) {
    const allowed = allowedDays(site.timeZone, nowMs);
    const first = days[0];
    const last = days[days.length - 1];
    if (first === undefined || last === undefined) continue;
    if (first < allowed.from || last > allowed.to) {
      throw new DateRangeError(
        `Site ${site.siteCode} (${site.timeZone}) can sync days from ${allowed.from} to ${allowed.to}: the Data API serves 6 months back and a day only once it has ended; ${first} to ${last} is outside that.`,
        { details: { siteCode: site.siteCode, from: first, to: last, allowedFrom: allowed.from, allowedTo: allowed.to } },
      );
    }
    for (const day of days) keys.push({ siteCode: site.siteCode, day });
  }
  return keys;
}
