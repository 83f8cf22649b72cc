import { DATE_RANGE_ISSUE } from '@washops/client-core';
import { z } from 'zod';
import { checkLookBack, checkRange, toUnixSeconds, type DateInput } from '../dates.js';
import { inputNow } from './input-clock.js';

/**
 * Rules shared by the input schemas of every endpoint (`params.ts` for the transaction lists, `resources/params/` for
 * the others), so each rule has one implementation and one message.
 */

/** A site code, region or similar short identifier. */
export const code = (what: string, whenMissing = `${what} must be a string`) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? whenMissing : `${what} must be a string`) })
    .trim()
    .min(1, `${what} must not be empty`)
    .max(64, `${what} is at most 64 characters`)
    .refine((v) => !/\p{Cc}/u.test(v), `${what} must not contain control characters`);

export interface UnixRangeRules {
  /** Refuse a date older than the Data API's look-back (transaction lists and gift cards). Default true. */
  lookBack?: boolean;
  /** With a start and no end, the server assumes "today": check the range up to now. Default false. */
  openEndIsNow?: boolean;
}

/**
 * Checks both dates (Unix seconds, ISO or `Date`), the look-back and a range of at most `maxDays` (none when
 * `undefined`), adding issues the way zod does; range problems are marked so `parseInput` throws a `DateRangeError`.
 */
export function dateRangeCheck(maxDays: number | undefined, rules: UnixRangeRules = {}) {
  const { lookBack = true, openEndIsNow = false } = rules;
  return (value: { startDate?: DateInput | undefined; endDate?: DateInput | undefined }, ctx: z.RefinementCtx): void => {
    const seconds: Partial<Record<'startDate' | 'endDate', number>> = {};
    for (const field of ['startDate', 'endDate'] as const) {
      const input = value[field];
      if (input === undefined) continue;
      let unix: number;
      try {
        unix = toUnixSeconds(input, field);
      } catch (error) {
        ctx.addIssue({ code: 'custom', path: [field], message: messageWithoutField(error, field) });
        continue;
      }
      seconds[field] = unix;
      if (!lookBack) continue;
      try {
        checkLookBack(unix, field);
      } catch (error) {
        ctx.addIssue({ code: 'custom', path: [field], message: (error as Error).message, params: { code: DATE_RANGE_ISSUE } });
      }
    }
    const start = seconds.startDate;
    if (start === undefined) return;
    let end = seconds.endDate;
    if (end === undefined) {
      if (value.endDate !== undefined || !openEndIsNow) return;
      end = Math.max(start, Math.floor(inputNow() / 1000));
    }
    try {
      checkRange(start, end, maxDays ?? Number.POSITIVE_INFINITY);
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: (error as Error).message, params: { code: DATE_RANGE_ISSUE } });
    }
  };
}

export function messageWithoutField(error: unknown, field: string): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
}
