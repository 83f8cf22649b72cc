import { openKpis, reportCsv, type KpiRequest } from '@washops/operations';
import type { CliIo } from './io.js';
import { kpiCoverageLine, kpiSummaryTable, kpiSummaryText } from './kpis-format.js';
import { json, withReportsDeps, type ReportConnectionOptions } from './report-flow.js';

/**
 * `washops kpis`: the operator's numbers (`openKpis().summary`) as a table, CSV or JSON on stdout, over the same
 * store and BackOffice as `washops report`. Read-only; a range not wholly synced is refused unless `--partial`.
 */
export async function runKpis(io: CliIo, request: KpiRequest, options: ReportConnectionOptions): Promise<number> {
  await withReportsDeps(io, options, async (deps, signal) => {
    const answer = await openKpis(deps).summary(request, { signal });
    // A CSV or JSON on stdout goes to a file or another program: a partial range is said on stderr too.
    if (answer.partial && options.format !== 'table') io.stderr.write(`${kpiCoverageLine(answer)}\n`);
    io.stdout.write(options.format === 'csv' ? reportCsv(kpiSummaryTable(answer)) : options.format === 'json' ? json(answer) : kpiSummaryText(answer));
  });
  return 0;
}
