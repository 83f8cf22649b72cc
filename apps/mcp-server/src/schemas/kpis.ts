import type { KpiAnswer } from '@washops/operations';
import { KPI_GROUPINGS, MAX_REPORT_DAYS, kpiRequestSchema } from '@washops/operations/schemas';
import type { KpiCoverage } from '@washops/store';
import { z } from 'zod';
import { coverageOf, coverageSchema, MISSING_SHOWN } from './reports.js';

// What every tool of the operator's numbers shares: its input (the numbers' request schema, `kpiRequestSchema`),
// the envelope of its answer (scope, coverage of each source read, partial, summary) and the coverage line.

const request = kpiRequestSchema.shape;

/** The rules the numbers' service applies (range order and length, sites or region), as the model's input errors. */
function sameRules(value: object, ctx: z.RefinementCtx) {
  const parsed = kpiRequestSchema.safeParse(value);
  for (const issue of parsed.error?.issues ?? []) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

/** The input of every numbers tool: `kpiRequestSchema`'s own fields, described for a model. */
export function kpiInputSchema(groupByDescription: string) {
  return z
    .strictObject({
      from: request.from.describe("First day of the range, YYYY-MM-DD: each site's own local day"),
      to: request.to.describe(`Last day of the range, YYYY-MM-DD, inclusive (at most ${MAX_REPORT_DAYS} days)`),
      sites: request.sites.describe('Site codes from list_transaction_sites, e.g. ["NILES"] (any case); omitted, with no region: every site'),
      region: request.region.describe("A BackOffice region, by name or id (list_sites shows each site's region); instead of sites"),
      groupBy: request.groupBy.describe(groupByDescription),
      allowPartial: request.allowPartial.describe(
        'true: answer a range the warehouse holds only partly, over what it holds, marked partial. Default false: such a range is refused with what is missing',
      ),
    })
    .superRefine(sameRules);
}

export const kpiScopeSchema = z.object({
  from: z.string(),
  to: z.string(),
  siteCodes: z.array(z.string()).describe('the sites read, after sites or region were resolved'),
  region: z.string().nullable(),
  groupBy: z.enum(KPI_GROUPINGS),
});

const resourceCoverageSchema = z.object({
  resource: z.string().describe('the Data API resource read, e.g. memberships, clock-entries'),
  complete: z.boolean(),
  syncedAt: z.string().nullable().describe('UTC ISO instant of its oldest sync over the range; null when not complete'),
  missingDays: z.array(z.string()).describe(`the first ${MISSING_SHOWN} days no synced window covers`),
});

export const kpiCoverageSchema = z.object({
  complete: z.boolean().describe('every source read is synced over the whole range'),
  syncedAt: z.string().nullable().describe('UTC ISO instant of the oldest sync among the sources: how fresh the figures are'),
  transactions: coverageSchema.nullable().describe("the transactions' site-days, when this answer reads them"),
  resources: z.array(resourceCoverageSchema).describe('each other source read, over the days of the range'),
});

export function kpiCoverageOf(coverage: KpiCoverage): z.input<typeof kpiCoverageSchema> {
  return {
    complete: coverage.complete,
    syncedAt: coverage.syncedAt?.toISOString() ?? null,
    transactions: coverage.transactions ? coverageOf(coverage.transactions) : null,
    resources: coverage.resources.map((r) => ({
      resource: r.resource,
      complete: r.complete,
      syncedAt: r.syncedAt?.toISOString() ?? null,
      missingDays: r.missingDays.slice(0, MISSING_SHOWN),
    })),
  };
}

export const kpiEnvelopeShape = {
  scope: kpiScopeSchema,
  coverage: kpiCoverageSchema,
  partial: z.boolean().describe('true: some of the range is not synced; the figures cover only what the warehouse holds'),
  summary: z.string().describe('the headline figures in a sentence or two, to quote as they are'),
};

export function kpiEnvelopeOf(answer: Pick<KpiAnswer<unknown>, 'scope' | 'coverage' | 'partial' | 'summary'>) {
  const { scope } = answer;
  return {
    scope: { from: scope.from, to: scope.to, siteCodes: [...scope.siteCodes], region: scope.region, groupBy: scope.groupBy },
    coverage: kpiCoverageOf(answer.coverage),
    partial: answer.partial,
    summary: answer.summary,
  };
}

type Envelope = z.output<z.ZodObject<typeof kpiEnvelopeShape>>;

/** The line under an answer's figures: whole and how fresh, or partial and what is missing of which source. */
export function kpiCoverageLine(out: Envelope): string {
  const { coverage, scope } = out;
  const range = `${scope.from} to ${scope.to}`;
  if (!out.partial) return `Coverage: ${range} is synced whole for every source read (oldest sync ${coverage.syncedAt ?? 'unknown'}).`;
  const gaps: string[] = [];
  const tx = coverage.transactions;
  if (tx && !tx.complete) gaps.push(`transactions: ${tx.missingCount} of ${tx.siteDays} site-days missing`);
  for (const r of coverage.resources) if (!r.complete) gaps.push(`${r.resource}: ${r.missingDays.length > 0 ? `first missing day ${r.missingDays[0]}` : 'not synced'}`);
  return `PARTIAL: the warehouse does not hold all of ${range} (${gaps.join('; ')}); the figures cover what it holds. Say so when quoting them; sync_status shows what is queued or failed.`;
}

/** `groupBy` of the tools that answer one row per group: by period across the sites, or one row per site, region or chain. */
export const ROWS_PER_GROUP = 'Rows per day, ISO week (keyed by its Monday) or month across the chosen sites, or one row per site (default), BackOffice region, or the whole chain';
