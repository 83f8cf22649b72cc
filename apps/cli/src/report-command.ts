import { type Command, Option } from 'commander';
import { REPORT_GROUPINGS, REPORT_KINDS, type CompareRequest, type ReportGrouping, type ReportKind, type ReportRequest } from '@washops/operations';
import { compareRequestSchema, reportRequestSchema } from '@washops/operations/schemas';
import { REPORT_PERIODS, type ReportPeriod } from '@washops/store';
import type { InputSchema } from '@washops/client-core';
import type { CliIo } from './io.js';
import { REPORT_FORMATS, runCompare, runReport, type ReportConnectionOptions, type ReportFormat } from './report-flow.js';
import { day, siteList } from './sync-command.js';

export const DATA_DIR_HELP = 'the data folder when DATABASE_URL is not set (default: WASHOPS_DATA_DIR, else .washops/ at the repo root)';
export const DEMO_HELP = "resolve sites and regions against the demo BackOffice (a simulator started in this process) instead of the tenant's";

const ABOUT: Record<ReportKind, string> = {
  sales: 'revenue, transactions and average ticket per site (or region, or chain) and day, week or month, against the previous period',
  mix: 'transactions and revenue by type (the Data API’s item_type lists), by item department, and the top items',
  memberships: "recurring plan sales and redemptions, prepaid washes, members' share of washes",
  tenders: 'the tender mix: count, amount, change given and share of the amount',
  hours: "transactions by the sites' local hour and day of week",
  staff: 'per cashier and greeter: transactions, revenue, membership sales, average ticket',
  discounts: 'uses and amount per discount',
};

interface ScopeOptions extends ReportConnectionOptions {
  from: string;
  to: string;
  sites?: string[];
  region?: string;
  groupBy?: ReportGrouping;
}

interface KindOptions extends ScopeOptions {
  period?: ReportPeriod;
  allowPartial?: boolean;
}

interface CompareOptions extends ScopeOptions {
  previousFrom?: string;
  previousTo?: string;
}

/** A request through the rules the portal and the MCP tools use; what they refuse is a usage error (2), before anything opens. */
export function checked<T>(command: Command, schema: InputSchema<T>, request: unknown): T {
  const result = schema.safeParse(request);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  return command.error(`error: ${problems.join('; ')}`, { code: 'washops.invalidReport' });
}

function withScope(command: Command): Command {
  return command
    .requiredOption('--from <day>', 'first local day, YYYY-MM-DD', day('--from'))
    .requiredOption('--to <day>', 'last local day, YYYY-MM-DD (inclusive)', day('--to'))
    .option('--sites <codes>', 'site codes, comma-separated (default: every site the warehouse knows)', siteList)
    .option('--region <name>', "the sites of a region of the BackOffice's site tree (its name or id)")
    .addOption(new Option('--group-by <grouping>', 'one row per site, per region, or one for the chain').choices(REPORT_GROUPINGS).default('site'))
    .addOption(new Option('--format <format>', 'an aligned table with dollars, CSV (dollars) or JSON (cents)').choices(REPORT_FORMATS).default('table' satisfies ReportFormat))
    .option('--demo', DEMO_HELP)
    .option('--data-dir <path>', DATA_DIR_HELP);
}

const scopeOf = (options: ScopeOptions) => ({
  ...(options.sites ? { sites: options.sites } : {}),
  ...(options.region !== undefined ? { region: options.region } : {}),
  ...(options.groupBy ? { groupBy: options.groupBy } : {}),
});

const connectionOf = (options: ScopeOptions): ReportConnectionOptions => ({
  format: options.format,
  ...(options.demo ? { demo: true } : {}),
  ...(options.dataDir ? { dataDir: options.dataDir } : {}),
});

function addKind(report: Command, io: CliIo, setExit: (code: number) => void, kind: ReportKind): void {
  const command = withScope(report.command(kind).description(ABOUT[kind])).option('--allow-partial', 'show a range the warehouse holds only partly (marked PARTIAL) instead of refusing it');
  if (kind === 'sales') command.addOption(new Option('--period <period>', 'a row per day, ISO week (its Monday) or month (its 1st)').choices(REPORT_PERIODS).default('day'));
  command.addHelpText('after', `\nExample:\n  washops report ${kind} --from 2026-11-16 --to 2026-11-22 --region "WashU Illinois" --group-by region${kind === 'sales' ? ' --period day' : ''} --format csv > ${kind}.csv\n`);
  command.action(async (options: KindOptions, self: Command) => {
    const request: ReportRequest = checked(self, reportRequestSchema, {
      kind,
      from: options.from,
      to: options.to,
      ...scopeOf(options),
      ...(options.period ? { period: options.period } : {}),
      ...(options.allowPartial ? { allowPartial: true } : {}),
    });
    setExit(await runReport(io, request, connectionOf(options)));
  });
}

/**
 * `washops report …`: the reports of the portal's Reports page and the MCP report tools, from the transactions
 * warehouse. Read-only; a range not wholly synced is refused (1) with what to backfill, unless `--allow-partial`.
 */
export function addReportCommand(parent: Command, io: CliIo, setExit: (code: number) => void): Command {
  const report = parent
    .command('report')
    .description('reports over the synced transactions: sales, mix, memberships, tenders, hours, staff, discounts, compare')
    .addHelpText('after', '\nDays are each site\'s local days; revenue is the sum of the transactions\' totals (returns count negative).\nExample:\n  washops report sales --from 2026-11-01 --to 2026-11-30 --period week --group-by region\n');
  for (const kind of REPORT_KINDS) addKind(report, io, setExit, kind);

  withScope(report.command('compare').description('sales of two ranges side by side (default: the range against the same number of days just before)'))
    .option('--previous-from <day>', 'first day of the range to compare against', day('--previous-from'))
    .option('--previous-to <day>', 'last day of the range to compare against (with --previous-from)', day('--previous-to'))
    .addHelpText('after', '\nExample:\n  washops report compare --from 2026-11-16 --to 2026-11-22 --previous-from 2025-11-17 --previous-to 2025-11-23 --sites NILES,CENT\n')
    .action(async (options: CompareOptions, self: Command) => {
      if ((options.previousFrom === undefined) !== (options.previousTo === undefined)) {
        self.error('error: give both --previous-from and --previous-to, or neither.', { code: 'washops.invalidReport' });
      }
      const previous = options.previousFrom && options.previousTo ? { previous: { from: options.previousFrom, to: options.previousTo } } : {};
      const request: CompareRequest = checked(self, compareRequestSchema, { current: { from: options.from, to: options.to }, ...previous, ...scopeOf(options) });
      setExit(await runCompare(io, request, connectionOf(options)));
    });
  return report;
}
