import { z } from 'zod';
import { MAX_REPORT_DAYS } from '../reports/types.js';
import { daysInRange, localDaySchema, regionSchema, siteCodeSchema } from '../reports/schemas.js';

// Browser-safe (exported through `@washops/operations/schemas`): what the portal, the MCP tools and the command line
// validate a request for the operator's numbers with.

/** By period across the chosen sites (day, ISO week, month), or by group across the range (site, region, chain). */
export const KPI_GROUPINGS = ['day', 'week', 'month', 'site', 'region', 'chain'] as const;
export type KpiGrouping = (typeof KPI_GROUPINGS)[number];

export const kpiRequestSchema = z
  .strictObject({
    from: localDaySchema,
    to: localDaySchema,
    sites: z.array(siteCodeSchema).min(1, 'name at least one site').max(500).optional(),
    region: regionSchema.optional(),
    groupBy: z.enum(KPI_GROUPINGS).optional(),
    /** Answer over a range the warehouse holds only partly, marked `partial`; otherwise `RangeNotSyncedError`. */
    allowPartial: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    const days = daysInRange(value.from, value.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day comes before the first.' });
    if (days > MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `The numbers cover at most ${MAX_REPORT_DAYS} days; this range has ${days}.` });
    if (value.sites && value.region) ctx.addIssue({ code: 'custom', path: ['region'], message: 'Name sites or a region, not both.' });
  });

export type KpiRequest = z.input<typeof kpiRequestSchema>;
