import { parseInput, throwIfAborted } from '@washops/client-core';
import { compareResult } from './compare.js';
import { discountData, discountSummary, discountTable } from './discounts.js';
import { rangeLabel } from './format.js';
import { hourData, hourSummary, hourTable } from './hours.js';
import { membershipData, membershipSummary, membershipTable } from './memberships.js';
import { mixData, mixSummary, mixTable } from './mix.js';
import { reportCsv } from './report-csv.js';
import { salesData, salesSummary, salesTable } from './sales.js';
import { compareRequestSchema, reportRequestSchema } from './schemas.js';
import { contextFor, coverageOf, partialNote, previousRange, rangeNotSynced, reportContext, type ReportContext } from './scope.js';
import { staffData, staffSummary, staffTable } from './staff.js';
import { tenderData, tenderSummary, tenderTable } from './tenders.js';
import type { ReportDataByKind, ReportKind, ReportResult, Reports, ReportsDeps, ReportTable } from './types.js';

export { reportCsv };

/** How one kind of report reads, lays out and sums up its figures. */
interface KindReport<K extends ReportKind> {
  name(context: ReportContext): string;
  data(context: ReportContext): Promise<ReportDataByKind[K]>;
  table(data: ReportDataByKind[K], context: ReportContext): ReportTable;
  summary(data: ReportDataByKind[K], context: ReportContext): string;
}

const KINDS: { [K in ReportKind]: KindReport<K> } = {
  sales: { name: (context) => `Sales by ${context.scope.period}`, data: salesData, table: salesTable, summary: salesSummary },
  mix: { name: () => 'Sales mix', data: mixData, table: mixTable, summary: mixSummary },
  memberships: { name: () => 'Memberships', data: membershipData, table: membershipTable, summary: membershipSummary },
  tenders: { name: () => 'Tenders', data: tenderData, table: tenderTable, summary: tenderSummary },
  hours: { name: () => 'Transactions by hour', data: hourData, table: hourTable, summary: hourSummary },
  staff: { name: () => 'Staff', data: staffData, table: staffTable, summary: staffSummary },
  discounts: { name: () => 'Discounts', data: discountData, table: discountTable, summary: discountSummary },
};

/** One report over a resolved context: refused when not wholly synced unless `allowPartial`, and marked partial then. */
async function reportOver<K extends ReportKind>(context: ReportContext, kind: K, allowPartial: boolean): Promise<ReportResult<K>> {
  const coverage = await coverageOf(context);
  if (!coverage.complete && !allowPartial) throw rangeNotSynced(coverage, context.scope);
  const report: KindReport<K> = KINDS[kind];
  const data = await report.data(context);
  throwIfAborted(context.signal);
  const partial = !coverage.complete;
  const summary = report.summary(data, context);
  return {
    kind,
    title: `${report.name(context)}, ${rangeLabel(context.scope)}, ${context.label}`,
    scope: context.scope,
    coverage,
    partial,
    data,
    table: report.table(data, context),
    summary: partial ? `${partialNote(coverage)} ${summary}` : summary,
  };
}

/** The reports service shared by the portal, the MCP server and the command line (README, "Reports"). */
export function openReports(deps: ReportsDeps): Reports {
  return {
    async run(request, options) {
      // Validated before anything is read.
      const parsed = parseInput(reportRequestSchema, request, 'report request');
      const signal = options?.signal;
      throwIfAborted(signal);
      const context = await reportContext(deps, parsed, signal);
      return reportOver(context, request.kind, parsed.allowPartial === true);
    },

    async compare(request, options) {
      const parsed = parseInput(compareRequestSchema, request, 'comparison');
      const signal = options?.signal;
      throwIfAborted(signal);
      const context = await reportContext(deps, { ...parsed.current, sites: parsed.sites, region: parsed.region, groupBy: parsed.groupBy }, signal);
      const current = await reportOver(context, 'sales', false);
      const previous = await reportOver(contextFor(context, parsed.previous ?? previousRange(parsed.current)), 'sales', false);
      return compareResult(current, previous, context.label);
    },
  };
}
