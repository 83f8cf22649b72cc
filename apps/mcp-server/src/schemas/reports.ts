import { formatUsd } from '@washops/client-core';
import type { ReportKind, ReportResult, ResolvedScope } from '@washops/operations';
import type { ReportCoverage } from '@washops/store';
import { MAX_REPORT_DAYS, REPORT_GROUPINGS, REPORT_PERIODS, compareRequestSchema, reportRequestSchema } from '@washops/operations/schemas';
import { z } from 'zod';

// What every report tool shares: its input (the report request's own fields and rules, without `kind`),
// the envelope of its answer (scope, coverage, partial, summary) and money as cents and dollars.

const request = reportRequestSchema.shape;
const comparison = compareRequestSchema.shape;

/** Missing site-days named in an answer (the count is always complete). */
export const MISSING_SHOWN = 20;

const sitesDescription = 'Site codes from list_transaction_sites, e.g. ["NILES"] (any case); omitted, with no region: every site';
const regionDescription = "A BackOffice region, by name or id (list_sites shows each site's region); instead of sites";
const groupByDescription = "How the sites' figures are summed: per site (default), per BackOffice region, or one chain-wide row";

/** The rules the report service applies (range order and length, sites or region), as the model's input errors. */
function sameRules(schema: z.ZodType, extra: Record<string, unknown>) {
  return (value: object, ctx: z.RefinementCtx) => {
    const parsed = schema.safeParse({ ...value, ...extra });
    for (const issue of parsed.error?.issues ?? []) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  };
}

/** A report tool's input: `reportRequestSchema`'s fields with the kind fixed by the tool; `period` only where it counts. */
export function reportInputSchema(kind: ReportKind) {
  const fields = {
    from: request.from.describe("First day of the range, YYYY-MM-DD: each site's own local day"),
    to: request.to.describe(`Last day of the range, YYYY-MM-DD, inclusive (at most ${MAX_REPORT_DAYS} days)`),
    sites: request.sites.describe(sitesDescription),
    region: request.region.describe(regionDescription),
    groupBy: request.groupBy.describe(groupByDescription),
    allowPartial: request.allowPartial.describe(
      'true: answer a range the warehouse holds only partly, over its synced site-days, marked partial. Default false: such a range is refused with what is missing',
    ),
  };
  const withPeriod = kind === 'sales' ? { ...fields, period: request.period.describe('Rows per day (default), ISO week (keyed by its Monday) or calendar month') } : fields;
  return z.strictObject(withPeriod).superRefine(sameRules(reportRequestSchema, { kind }));
}

/** compare_periods' input: `compareRequestSchema`'s fields. */
export const compareInputSchema = z
  .strictObject({
    current: comparison.current.describe('The range to look at: { from, to }, local days YYYY-MM-DD, inclusive'),
    previous: comparison.previous.describe('The range to compare it with; omitted: as many days just before current'),
    sites: comparison.sites.describe(sitesDescription),
    region: comparison.region.describe(regionDescription),
    groupBy: comparison.groupBy.describe(groupByDescription),
  })
  .superRefine(sameRules(compareRequestSchema, {}));

export const moneySchema = z.object({ cents: z.number().int().describe('integer cents'), dollars: z.string().describe('as US dollars, "$1,234.50"') });
export type Money = z.input<typeof moneySchema>;

/** Integer cents, and the dollars a model quotes as they are. */
export function moneyOf(cents: number): Money {
  return { cents, dollars: formatUsd(cents) };
}

export const fractionSchema = z.number().nullable();

export const scopeSchema = z.object({
  from: z.string(),
  to: z.string(),
  siteCodes: z.array(z.string()).describe('the sites read, after sites or region were resolved'),
  region: z.string().nullable(),
  period: z.enum(REPORT_PERIODS),
  groupBy: z.enum(REPORT_GROUPINGS),
});

export const coverageSchema = z.object({
  siteDays: z.number().int().describe('sites × days of the range'),
  synced: z.number().int().describe('of them, held whole by the warehouse'),
  complete: z.boolean(),
  syncedAt: z.string().nullable().describe('UTC ISO instant of the oldest sync among the synced site-days'),
  missingCount: z.number().int(),
  missing: z.array(z.object({ siteCode: z.string(), day: z.string() })).describe(`the first ${MISSING_SHOWN} site-days not synced`),
});

export function coverageOf(coverage: ReportCoverage): z.input<typeof coverageSchema> {
  return {
    siteDays: coverage.siteDays,
    synced: coverage.synced,
    complete: coverage.complete,
    syncedAt: coverage.syncedAt?.toISOString() ?? null,
    missingCount: coverage.missingCount,
    missing: coverage.missing.slice(0, MISSING_SHOWN).map(({ siteCode, day }) => ({ siteCode, day })),
  };
}

export const envelopeShape = {
  title: z.string(),
  scope: scopeSchema,
  coverage: coverageSchema,
  partial: z.boolean().describe('true: some site-days of the range are not synced; the figures cover only the synced ones'),
  summary: z.string().describe('the headline figures in one to three sentences, to quote as they are'),
};

export function envelopeOf(result: Pick<ReportResult, 'title' | 'scope' | 'coverage' | 'partial' | 'summary'>) {
  const scope: ResolvedScope = result.scope;
  return {
    title: result.title,
    scope: { from: scope.from, to: scope.to, siteCodes: [...scope.siteCodes], region: scope.region, period: scope.period, groupBy: scope.groupBy },
    coverage: coverageOf(result.coverage),
    partial: result.partial,
    summary: result.summary,
  };
}

/** The line under a report's summary: whole and when synced, or partial and what is missing. */
export function coverageLine(out: { scope: { from: string; to: string }; coverage: z.output<typeof coverageSchema>; partial: boolean }): string {
  const { coverage, scope } = out;
  if (!out.partial) return `Coverage: all ${coverage.siteDays} site-days of ${scope.from} to ${scope.to} are synced (oldest sync ${coverage.syncedAt ?? 'unknown'}).`;
  const shown = coverage.missing.map((key) => `${key.siteCode} ${key.day}`).join(', ');
  return (
    `PARTIAL: only ${coverage.synced} of ${coverage.siteDays} site-days of ${scope.from} to ${scope.to} are synced; the figures leave out ${coverage.missingCount} ` +
    `(${shown}${coverage.missingCount > coverage.missing.length ? ', …' : ''}). Say so when quoting them; sync_status shows what is queued or failed.`
  );
}

/** A count of transactions, their revenue and average ticket (sales_report, compare_periods). */
export const salesFiguresSchema = z.object({
  transactions: z.number().int(),
  revenue: moneySchema,
  averageTicket: moneySchema.nullable().describe('revenue ÷ transactions; null with none'),
});

export function salesFiguresOf(figures: { transactions: number; revenueCents: number; averageTicketCents: number | null }): z.input<typeof salesFiguresSchema> {
  return {
    transactions: figures.transactions,
    revenue: moneyOf(figures.revenueCents),
    averageTicket: figures.averageTicketCents === null ? null : moneyOf(figures.averageTicketCents),
  };
}

/** At most `limit` rows of a list, and how many were left out (the structured answer stays a size a model reads). */
export function capped<T>(rows: readonly T[], limit: number): { rows: T[]; omitted: number } {
  return { rows: rows.slice(0, limit), omitted: Math.max(0, rows.length - limit) };
}
