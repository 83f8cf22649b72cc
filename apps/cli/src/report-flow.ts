import { openReports, reportCsv, type CompareRequest, type ReportRequest, type Reports, type ReportsDeps } from '@washops/operations';
import { ValidationError } from '@washops/shared-errors';
import { type CliIo, UnusableInput } from './io.js';
import { compareText, coverageLine, reportText } from './report-format.js';
import { connectTenant, type Tenant } from './tenant.js';
import { withStore } from './with-store.js';

export const REPORT_FORMATS = ['table', 'csv', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface ReportConnectionOptions {
  demo?: boolean;
  dataDir?: string;
  format: ReportFormat;
}

/**
 * The reports' dependencies: this command's store and the tenant's BackOffice (its site tree resolves sites and
 * names the regions), both closed however the command ends. The BackOffice is reached only when the report needs
 * its tree: a chain-wide report by site runs with the store alone. Reports only read: nothing is audited.
 */
export async function withReportsDeps(io: CliIo, options: Omit<ReportConnectionOptions, 'format'>, work: (deps: ReportsDeps, signal: AbortSignal) => Promise<void>): Promise<void> {
  let tenant: Promise<Tenant> | undefined;
  const backoffice: ReportsDeps['backoffice'] = {
    listSites: async (...args) => (await (tenant ??= connectTenant(io, options.demo === true))).backoffice.reads.listSites(...args),
  };
  try {
    await withStore(io, options.dataDir, (store, stop) => work({ store, backoffice }, stop));
  } catch (error) {
    // A site or region the tree does not know is the caller's to fix: a usage error, as in `washops sync`.
    if (error instanceof ValidationError) throw new UnusableInput(error.message);
    throw error;
  } finally {
    await (await tenant?.catch(() => undefined))?.close();
  }
}

/** The reports service over the store and the BackOffice (see `withReportsDeps`). */
function withReports(io: CliIo, options: ReportConnectionOptions, work: (reports: Reports, signal: AbortSignal) => Promise<void>): Promise<void> {
  return withReportsDeps(io, options, (deps, signal) => work(openReports(deps), signal));
}

export const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** `washops report <kind>`: the report as a table, CSV or JSON on stdout. */
export async function runReport(io: CliIo, request: ReportRequest, options: ReportConnectionOptions): Promise<number> {
  await withReports(io, options, async (reports, signal) => {
    const report = await reports.run(request, { signal });
    // A CSV or JSON on stdout goes to a file or another program: a partial range is said on stderr too.
    if (report.partial && options.format !== 'table') io.stderr.write(`${coverageLine(report)}\n`);
    io.stdout.write(options.format === 'csv' ? reportCsv(report.table) : options.format === 'json' ? json(report) : reportText(report));
  });
  return 0;
}

/** `washops report compare`: two ranges of sales side by side. */
export async function runCompare(io: CliIo, request: CompareRequest, options: ReportConnectionOptions): Promise<number> {
  await withReports(io, options, async (reports, signal) => {
    const result = await reports.compare(request, { signal });
    for (const side of [result.current, result.previous]) if (side.partial && options.format !== 'table') io.stderr.write(`${coverageLine(side)}\n`);
    io.stdout.write(options.format === 'csv' ? reportCsv(result.table) : options.format === 'json' ? json(result) : compareText(result));
  });
  return 0;
}
