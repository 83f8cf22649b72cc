import type { KpiAnswer } from '@washops/operations';
import type { KpiCoverage } from '@washops/store';
import { kpiRequestSchema } from '@washops/operations/schemas';
import { protectedProcedure, router } from '../trpc.js';

/** A coverage as the page reads it: its times as ISO strings. */
export type KpiCoverageView = Omit<KpiCoverage, 'syncedAt' | 'transactions' | 'resources'> & {
  syncedAt: string | null;
  transactions: (Omit<NonNullable<KpiCoverage['transactions']>, 'syncedAt'> & { syncedAt: string | null }) | null;
  resources: Array<Omit<KpiCoverage['resources'][number], 'syncedAt'> & { syncedAt: string | null }>;
};

export type KpiAnswerView<Data> = Omit<KpiAnswer<Data>, 'coverage'> & { coverage: KpiCoverageView };

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function kpiAnswerView<Data>(answer: KpiAnswer<Data>): KpiAnswerView<Data> {
  const { coverage } = answer;
  return {
    ...answer,
    coverage: {
      ...coverage,
      syncedAt: iso(coverage.syncedAt),
      transactions: coverage.transactions ? { ...coverage.transactions, syncedAt: iso(coverage.transactions.syncedAt) } : null,
      resources: coverage.resources.map((r) => ({ ...r, syncedAt: iso(r.syncedAt) })),
    },
  };
}

/**
 * The operator's numbers (README, "The operator's numbers"): anyone signed in reads them. The service validates,
 * resolves sites or a region and refuses a range its sources do not hold whole (`RANGE_NOT_SYNCED`, answered as
 * PRECONDITION_FAILED) unless the request allows a partial answer.
 */
export const kpisRouter = router({
  summary: protectedProcedure
    .input(kpiRequestSchema)
    .query(async ({ ctx, input, signal }) => kpiAnswerView(await ctx.deps.kpis.summary(input, signal ? { signal } : {}))),
  memberships: protectedProcedure
    .input(kpiRequestSchema)
    .query(async ({ ctx, input, signal }) => kpiAnswerView(await ctx.deps.kpis.memberships(input, signal ? { signal } : {}))),
  advisors: protectedProcedure
    .input(kpiRequestSchema)
    .query(async ({ ctx, input, signal }) => kpiAnswerView(await ctx.deps.kpis.advisors(input, signal ? { signal } : {}))),
  liability: protectedProcedure
    .input(kpiRequestSchema)
    .query(async ({ ctx, input, signal }) => kpiAnswerView(await ctx.deps.kpis.liability(input, signal ? { signal } : {}))),
});
