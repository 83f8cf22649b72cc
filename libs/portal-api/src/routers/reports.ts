import type { CompareResult, ReportKind, ReportResult } from '@washops/operations';
import type { ReportCoverage } from '@washops/store';
import { compareRequestSchema, reportRequestSchema } from '@washops/operations/schemas';
import { protectedProcedure, router } from '../trpc.js';

/** A report's coverage as the page reads it: the sync time as an ISO string. */
export type ReportCoverageView = Omit<ReportCoverage, 'syncedAt'> & { syncedAt: string | null };

/** One report as the page reads it, told apart by `kind` (its `data` is that kind's). */
export type ReportResultView<K extends ReportKind = ReportKind> = {
  [P in K]: Omit<ReportResult<P>, 'coverage'> & { coverage: ReportCoverageView };
}[K];

export type CompareResultView = Omit<CompareResult, 'current' | 'previous'> & { current: ReportResultView<'sales'>; previous: ReportResultView<'sales'> };

export function reportResultView<K extends ReportKind>(result: ReportResult<K>): ReportResultView<K> {
  return { ...result, coverage: { ...result.coverage, syncedAt: result.coverage.syncedAt?.toISOString() ?? null } } as ReportResultView<K>;
}

export function compareResultView(result: CompareResult): CompareResultView {
  return { ...result, current: reportResultView(result.current), previous: reportResultView(result.previous) };
}

/**
 * Reports over the transactions warehouse (README, "Reports"): anyone signed in reads them. The
 * service validates, resolves sites or a region, and refuses a range not wholly synced
 * (`RANGE_NOT_SYNCED`, answered as PRECONDITION_FAILED) unless the request allows a partial answer.
 */
export const reportsRouter = router({
  run: protectedProcedure
    .input(reportRequestSchema)
    .query(async ({ ctx, input, signal }) => reportResultView(await ctx.deps.reports.run(input, signal ? { signal } : {}))),

  compare: protectedProcedure
    .input(compareRequestSchema)
    .query(async ({ ctx, input, signal }) => compareResultView(await ctx.deps.reports.compare(input, signal ? { signal } : {}))),
});
