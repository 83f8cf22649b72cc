import { parseInput } from '@washops/client-core';
import { z } from 'zod';
import { MAX_LIST_RANGE_DAYS, toUnixSeconds, type DateInput } from './dates.js';
import { code, dateRangeCheck } from './internal/input-rules.js';
import { EntityIdentifierSchema } from './models.js';

/**
 * Input schemas. Exported so that the portal and the MCP server validate with exactly these rules
 * and show the same messages. The client runs them before any request: a bad input costs nothing
 * against the rate limit.
 */

export const TRANSACTION_TYPES = ['wash', 'prepaid-wash', 'recurring', 'washbook', 'giftcard', 'merchandise', 'house-account'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The longest range of one batch job. */
export const MAX_JOB_RANGE_DAYS = 1;

export const DateInputSchema = z.union([z.string(), z.number(), z.date()]) as z.ZodType<DateInput>;
export const TransactionTypeSchema = z.enum(TRANSACTION_TYPES);
export const TransactionIdSchema = EntityIdentifierSchema;

const listParamsShape = {
  startDate: DateInputSchema.optional(),
  endDate: DateInputSchema.optional(),
  site: code('site').optional(),
  region: code('region').optional(),
};

/** Params of `list`, `listByType` and `listV2`. `limit` and `offset` belong to the client and are refused. */
export const TransactionListParamsSchema = z.strictObject(listParamsShape).superRefine(dateRangeCheck(MAX_LIST_RANGE_DAYS));
export type TransactionListParams = z.input<typeof TransactionListParamsSchema>;

export interface LoadJobProgress {
  pagesDone: number;
  /** Known once the first page has answered; `null` while unknown (or when the API sends no total). */
  pagesTotal: number | null;
  records: number;
  /** The vendor's `total` for the whole range, as its first page gave it; `null` while unknown or when it sends none. */
  total: number | null;
}

/** Options of `loadJob`: `site` is required even when the client has a site code; at most 24 hours. */
export const LoadJobOptionsSchema = z
  .strictObject({
    startDate: DateInputSchema,
    endDate: DateInputSchema,
    site: code('site', 'site is required: a job exports one site'),
    /** First page to fetch (a 1-based page number). */
    offset: z.number().int().min(1).optional(),
    pollIntervalMs: z.number().int().min(1).max(600_000).optional(),
    timeoutMs: z.number().int().min(1).max(86_400_000).optional(),
    concurrency: z.number().int().min(1).max(20).optional(),
    signal: z.custom<AbortSignal>((v) => v instanceof AbortSignal, 'signal must be an AbortSignal').optional(),
    onProgress: z
      .custom<(progress: LoadJobProgress) => void>((v) => typeof v === 'function', 'onProgress must be a function')
      .optional(),
  })
  .superRefine(dateRangeCheck(MAX_JOB_RANGE_DAYS));
export type LoadJobOptions = z.input<typeof LoadJobOptionsSchema>;

/** Per-call options of the list and get methods. */
export interface RequestOptions {
  signal?: AbortSignal;
}

/** The query sent for a list: dates as Unix seconds. */
export interface ListQuery {
  startDate?: number;
  endDate?: number;
  site?: string;
  region?: string;
}

/** Validates list params and converts the dates to Unix seconds. */
export function toListQuery(params: unknown = {}): ListQuery {
  const parsed = parseInput(TransactionListParamsSchema, params ?? {}, 'transaction list params');
  return {
    startDate: parsed.startDate === undefined ? undefined : toUnixSeconds(parsed.startDate, 'startDate'),
    endDate: parsed.endDate === undefined ? undefined : toUnixSeconds(parsed.endDate, 'endDate'),
    site: parsed.site,
    region: parsed.region,
  };
}
