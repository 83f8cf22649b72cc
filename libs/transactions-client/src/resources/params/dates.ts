import { DATE_RANGE_ISSUE } from '@washops/client-core';
import { z } from 'zod';
import { checkRange, toUnixSeconds } from '../../dates.js';
import { inputNow } from '../../internal/input-clock.js';
import { dateRangeCheck, messageWithoutField } from '../../internal/input-rules.js';
import type { DateOnlyInput } from '../types.js';

/** Date inputs and range limits of the resource endpoints (contract §5). Each limit is written once, here. */

const DAY_SECONDS = 86_400;

/** The longest range, in days, of each endpoint that has one (the document says "6 months" and "1 month"). */
export const RANGE_LIMIT_DAYS = {
  /** `/recurring/account/list`: 6 months. */
  recurringList: 183,
  /** `/recurring/account/modifications`: 6 months. */
  recurringModifications: 183,
  /** `/washbook/account/list`: 6 months. */
  washbookList: 183,
  /** `/recurring/account/details/list`: 1 month. */
  recurringDetailsList: 31,
  /** `/employee/{id}/clock-entries`: 14 calendar days, both ends included; `clockEntries` splits longer ranges. */
  clockEntries: 14,
} as const;

/** A Unix-seconds range (numbers, ISO strings or `Date`s, as for the transaction lists). */
export const UnixDateSchema = z.union([z.string(), z.number(), z.date()]);

/**
 * A range of one of the Unix-seconds endpoints: at most `maxDays` long (with no end, up to now: the server assumes
 * "today"), and no older than the Data API's look-back only when `lookBack` (transaction lists and gift cards).
 */
export function unixRange(maxDays: number | undefined, lookBack = false) {
  return dateRangeCheck(maxDays, { lookBack, openEndIsNow: maxDays !== undefined });
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date as the `YYYY-MM-DD` endpoints take it: such a string, or a `Date` (its UTC date). */
export const DateOnlySchema = z
  .union([z.string(), z.date()], { error: 'expected a date such as 2026-01-15 (YYYY-MM-DD) or a Date' })
  .transform((value, ctx): string => {
    if (value instanceof Date) {
      if (Number.isNaN(value.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'invalid Date' });
        return z.NEVER;
      }
      return value.toISOString().slice(0, 10);
    }
    const text = value.trim();
    if (!DATE_ONLY.test(text)) {
      ctx.addIssue({ code: 'custom', message: `expected a date such as 2026-01-15 (YYYY-MM-DD), got "${value}"` });
      return z.NEVER;
    }
    try {
      toUnixSeconds(text, 'date');
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: messageWithoutField(error, 'date') });
      return z.NEVER;
    }
    return text;
  }) as z.ZodType<string, DateOnlyInput>;

/** Unix seconds of midnight UTC of a checked `YYYY-MM-DD`. */
export function dateOnlySeconds(day: string): number {
  return toUnixSeconds(day, 'date');
}

export function addDays(day: string, days: number): string {
  return new Date((dateOnlySeconds(day) + days * DAY_SECONDS) * 1000).toISOString().slice(0, 10);
}

/** Today's UTC date, `YYYY-MM-DD` (by default on the clock of the client whose parse is running, else the system's). */
export function todayUtc(nowMs: number = inputNow()): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}

/** Refuses an end date before the start date (both `YYYY-MM-DD`), as a date-range issue. */
export function orderedDates(value: { startDate?: string | undefined; endDate?: string | undefined }, ctx: z.RefinementCtx): void {
  if (value.startDate === undefined || value.endDate === undefined) return;
  try {
    checkRange(dateOnlySeconds(value.startDate), dateOnlySeconds(value.endDate), Number.POSITIVE_INFINITY);
  } catch (error) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: (error as Error).message, params: { code: DATE_RANGE_ISSUE } });
  }
}

/**
 * Splits an inclusive range of dates into consecutive inclusive chunks of at most `days` days, e.g. 2026-01-01..20 by
 * 14 into 2026-01-01..14 and 2026-01-15..20.
 */
export function dateChunks(startDate: string, endDate: string, days: number): Array<{ startDate: string; endDate: string }> {
  const chunks: Array<{ startDate: string; endDate: string }> = [];
  for (let start = startDate; start <= endDate; start = addDays(start, days)) {
    const last = addDays(start, days - 1);
    chunks.push({ startDate: start, endDate: last < endDate ? last : endDate });
  }
  return chunks;
}
