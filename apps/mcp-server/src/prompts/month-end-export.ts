import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import { addDays } from '@washops/store';
import { z } from 'zod';
import { startingWith } from '../completion.js';
import type { ToolDefinition } from '../tool.js';
import { hourlyReport } from '../tools/hourly-report.js';
import { kpiSummary } from '../tools/kpi-summary.js';
import { membershipReport } from '../tools/membership-report.js';
import { mixReport } from '../tools/mix-report.js';
import { salesReport } from '../tools/sales-report.js';
import { staffReport } from '../tools/staff-report.js';
import { syncStatus } from '../tools/sync-status.js';
import { tenderReport } from '../tools/tender-report.js';
import { definePrompt, isoMonth, scopeWords, toolName } from './prompt.js';

/** The reports a month end can export, by the name the `report` argument takes. */
export const MONTH_END_REPORTS: Record<string, ToolDefinition> = {
  sales: salesReport,
  mix: mixReport,
  memberships: membershipReport,
  tenders: tenderReport,
  hours: hourlyReport,
  staff: staffReport,
};
const reportNames = Object.keys(MONTH_END_REPORTS);

/** The month's first and last day. */
function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
  return { from, to: addDays(next, -1) };
}

export const monthEndExport = definePrompt({
  name: 'month_end_export',
  title: 'Month-end export',
  description:
    "Prepares the month-end figures for the books: checks the month is wholly synced, runs the month's reports per site (sales, tenders, memberships, … or the one asked for) and the operator's numbers, and lays them out as tables ready to copy.",
  uses: [syncStatus, kpiSummary, ...Object.values(MONTH_END_REPORTS)],
  args: (names) => ({
    month: isoMonth.describe('The month, YYYY-MM'),
    report: completable(
      z.enum(reportNames as [string, ...string[]]).optional().describe(`One report only: ${reportNames.join(', ')}; omitted: sales, tenders and memberships`),
      async (typed) => startingWith(typed, reportNames) as never,
    ),
    region: completable(z.string().optional().describe('A Back Office region; omitted: every site'), names.regions),
  }),
  text: (a) => {
    const { from, to } = monthRange(a.month);
    const scope = scopeWords(a);
    const reports = a.report ? [MONTH_END_REPORTS[a.report]!] : [salesReport, tenderReport, membershipReport];
    return [
      `Prepare the month-end export for ${a.month} (${from} to ${to}) across ${scope.words}.`,
      '',
      'Steps:',
      `1. ${toolName(syncStatus)} from "${from}" to "${to}": the books need the whole month. If any site-day is missing or failed, list them and stop; do not use partial answers here.`,
      `2. Run ${reports.map(toolName).join(', ')} with from "${from}", to "${to}", ${scope.toolArgs}, groupBy "site".`,
      `3. ${toolName(kpiSummary)} over the same range, grouped by site, for cars and labor.`,
      "4. Lay each report out as a table (one row per site, then the total), money in dollars with cents, as the tools give it; say when the figures were synced (the answers' syncedAt).",
    ].join('\n');
  },
});
