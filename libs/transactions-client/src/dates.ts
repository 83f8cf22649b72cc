import { DateRangeError, ValidationError } from '@washops/shared-errors';
import { inputNow } from './internal/input-clock.js';

/** A date as callers give it: an ISO 8601 date or date-time, Unix seconds, or a `Date`. */
export type DateInput = string | number | Date;

/** The longest range the Data API accepts for a list query. */
export const MAX_LIST_RANGE_DAYS = 31;
/** How far back the Data API serves transactions, in calendar months (contract §5: "no lower than 6 months past present day"). */
export const LOOK_BACK_MONTHS = 6;
const DAY_SECONDS = 86_400;
/** 10^11 s is the year 5138, while every millisecond timestamp since 1973 is larger: a number this big is milliseconds. */
const MILLISECONDS_THRESHOLD = 1e11;

const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
const HAS_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Converts a date to Unix seconds, as the Data API expects. An ISO string without an offset is
 * read as UTC; a date-only string is midnight UTC. Malformed input is a `ValidationError`.
 */
export function toUnixSeconds(value: DateInput, field = 'date'): number {
  if (value instanceof Date) {
    const ms = value.getTime();
    if (Number.isNaN(ms)) throw new ValidationError(`${field}: invalid Date`, { details: { field } });
    return Math.floor(ms / 1000);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) {
      throw new ValidationError(`${field}: expected Unix seconds, got ${value}`, { details: { field } });
    }
    if (value >= MILLISECONDS_THRESHOLD) {
      throw new ValidationError(`${field}: ${value} looks like milliseconds (Date.now()); pass Unix seconds or a Date`, { details: { field } });
    }
    return Math.floor(value);
  }
  const text = value.trim();
  if (!ISO.test(text)) {
    throw new ValidationError(`${field}: expected an ISO 8601 date such as 2026-03-01 or 2026-03-01T08:00:00Z, got "${value}"`, {
      details: { field },
    });
  }
  const normalized = text.replace(' ', 'T');
  const iso = normalized.length === 10 ? `${normalized}T00:00:00Z` : HAS_OFFSET.test(normalized) ? normalized : `${normalized}Z`;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms) || !isRealCalendarDate(normalized)) {
    throw new ValidationError(`${field}: "${value}" is not a real date`, { details: { field } });
  }
  return Math.floor(ms / 1000);
}

/**
 * Rejects dates such as 2026-02-30 that `Date.parse` would roll over into March. The calendar part
 * is checked on its own, since with an offset the UTC date of `ms` may rightly differ from it.
 */
function isRealCalendarDate(iso: string): boolean {
  const day = iso.slice(0, 10);
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}

/** Checks a range before any request: the end not before the start, and at most `maxDays` long. */
export function checkRange(startSeconds: number, endSeconds: number, maxDays = MAX_LIST_RANGE_DAYS): void {
  if (endSeconds < startSeconds) {
    throw new DateRangeError('endDate is before startDate', { details: { startDate: startSeconds, endDate: endSeconds } });
  }
  const days = (endSeconds - startSeconds) / DAY_SECONDS;
  if (days > maxDays) {
    throw new DateRangeError(
      `The date range is ${days.toFixed(1)} days; the Data API accepts at most ${maxDays} days. Split it into shorter ranges.`,
      { details: { startDate: startSeconds, endDate: endSeconds, maxDays } },
    );
  }
}

/**
 * The oldest Unix second the Data API accepts at `nowMs`: six calendar months back, in UTC, as the server counts.
 * `nowMs` defaults to the system clock (the client's own clock inside its calls).
 */
export function oldestAllowedSeconds(nowMs: number = inputNow()): number {
  const oldest = new Date(nowMs);
  oldest.setUTCMonth(oldest.getUTCMonth() - LOOK_BACK_MONTHS);
  return Math.ceil(oldest.getTime() / 1000);
}

/** Refuses a date the Data API would refuse as older than its look-back at `nowMs` (as `oldestAllowedSeconds`), before any request. */
export function checkLookBack(seconds: number, field: string, nowMs: number = inputNow()): void {
  const oldest = oldestAllowedSeconds(nowMs);
  if (seconds < oldest) {
    throw new DateRangeError(
      `${field} is ${new Date(seconds * 1000).toISOString()}; the Data API serves at most ${LOOK_BACK_MONTHS} months back (from ${new Date(oldest * 1000).toISOString()})`,
      { details: { [field]: seconds, oldest } },
    );
  }
}
