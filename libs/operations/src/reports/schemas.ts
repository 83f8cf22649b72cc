import { z } from 'zod';
import { REPORT_PERIODS } from '@washops/store/constants';
import { MAX_REPORT_DAYS, REPORT_GROUPINGS, REPORT_KINDS } from './types.js';

// Browser-safe (exported through `@washops/operations/schemas`): the portal's report filters, the MCP
// report tools and `washops report` validate with these, so every channel shows the same messages.

const DAY_MS = 86_400_000;

/** A local calendar day, `YYYY-MM-DD`. */
export const localDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a day as YYYY-MM-DD')
  .refine((day) => {
    const ms = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(day);
  }, 'expected a calendar day');

export const siteCodeSchema = z.string().trim().min(1, 'a site code must not be empty').max(64);
export const regionSchema = z.string().trim().min(1, 'a region must not be empty').max(100);

/** Days from `from` to `to`, both counted. */
export function daysInRange(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
}

function checkRange(value: { from: string; to: string }, ctx: z.RefinementCtx, path: string[] = []): void {
  const days = daysInRange(value.from, value.to);
  if (days < 1) ctx.addIssue({ code: 'custom', path: [...path, 'to'], message: 'The last day comes before the first.' });
  if (days > MAX_REPORT_DAYS) {
    ctx.addIssue({ code: 'custom', path: [...path, 'to'], message: `A report covers at most ${MAX_REPORT_DAYS} days; this range has ${days}.` });
  }
}

function checkSites(value: { sites?: string[] | undefined; region?: string | undefined }, ctx: z.RefinementCtx): void {
  if (value.sites && value.region) ctx.addIssue({ code: 'custom', path: ['region'], message: 'Name sites or a region, not both.' });
}

const sitesSchema = z.array(siteCodeSchema).min(1, 'name at least one site').max(500).optional();

export const reportRequestSchema = z
  .strictObject({
    kind: z.enum(REPORT_KINDS),
    from: localDaySchema,
    to: localDaySchema,
    sites: sitesSchema,
    region: regionSchema.optional(),
    period: z.enum(REPORT_PERIODS).optional(),
    groupBy: z.enum(REPORT_GROUPINGS).optional(),
    allowPartial: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    checkRange(value, ctx);
    checkSites(value, ctx);
  });

const rangeSchema = z.strictObject({ from: localDaySchema, to: localDaySchema }).superRefine((value, ctx) => checkRange(value, ctx));

export const compareRequestSchema = z
  .strictObject({
    current: rangeSchema,
    previous: rangeSchema.optional(),
    sites: sitesSchema,
    region: regionSchema.optional(),
    groupBy: z.enum(REPORT_GROUPINGS).optional(),
  })
  .superRefine((value, ctx) => checkSites(value, ctx));
