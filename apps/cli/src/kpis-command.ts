import { type Command, InvalidArgumentError, Option } from 'commander';
import { KPI_GROUPINGS, type KpiGrouping, type KpiRequest } from '@washops/operations';
import { kpiRequestSchema } from '@washops/operations/schemas';
import { type CliIo, nowOf } from './io.js';
import { runKpis } from './kpis-flow.js';
import { checked, DATA_DIR_HELP, DEMO_HELP } from './report-command.js';
import { REPORT_FORMATS, type ReportConnectionOptions, type ReportFormat } from './report-flow.js';
import { day, siteList } from './sync-command.js';

interface KpisOptions extends ReportConnectionOptions {
  date?: string;
  from?: string;
  to?: string;
  sites?: string[];
  region?: string;
  groupBy: KpiGrouping;
  partial?: boolean;
}

const asDay = day('--date');

/** `--date`: `yesterday`, `today` or a day written YYYY-MM-DD; the words are resolved when the command runs. */
function dateWord(value: string): string {
  const text = value.trim().toLowerCase();
  if (text === 'yesterday' || text === 'today') return text;
  try {
    return asDay(value);
  } catch {
    throw new InvalidArgumentError('--date must be yesterday, today or a day written YYYY-MM-DD, e.g. 2026-11-20.');
  }
}

/** This machine's local calendar day `back` days before `now`. */
function localDay(now: Date, back: number): string {
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

/** The range asked for: one day (`--date`, default yesterday) or `--from`..`--to`; mixing them is a usage error (2). */
function rangeOf(command: Command, options: KpisOptions, now: Date): { from: string; to: string } {
  if (options.date !== undefined && (options.from !== undefined || options.to !== undefined)) {
    return command.error('error: give --date, or --from and --to, not both.', { code: 'washops.invalidReport' });
  }
  if ((options.from === undefined) !== (options.to === undefined)) {
    return command.error('error: give both --from and --to, or neither (then --date, default yesterday).', { code: 'washops.invalidReport' });
  }
  if (options.from !== undefined && options.to !== undefined) return { from: options.from, to: options.to };
  const date = options.date ?? 'yesterday';
  const one = date === 'yesterday' ? localDay(now, 1) : date === 'today' ? localDay(now, 0) : date;
  return { from: one, to: one };
}

/**
 * `washops kpis`: the operator's numbers (libs/store/README.md, "The operator's numbers") over the synced
 * warehouse, a row per site, region, the chain, or per day, week or month. Read-only, like `washops report`.
 */
export function addKpisCommand(parent: Command, io: CliIo, setExit: (code: number) => void): Command {
  return parent
    .command('kpis')
    .description("the operator's numbers: cars, member, retail, free and eligible washes, sales, average ticket, new memberships, conversion, labor")
    .addOption(new Option('--date <day>', "one local day: yesterday, today (this machine's calendar) or YYYY-MM-DD (default: yesterday)").argParser(dateWord))
    .option('--from <day>', 'first local day of a range, YYYY-MM-DD (with --to)', day('--from'))
    .option('--to <day>', 'last local day of the range, YYYY-MM-DD (inclusive)', day('--to'))
    .option('--sites <codes>', 'site codes, comma-separated (default: every site the warehouse knows)', siteList)
    .option('--region <name>', "the sites of a region of the BackOffice's site tree (its name or id)")
    .addOption(new Option('--group-by <grouping>', 'a row per site, region, the chain, or per day, ISO week (its Monday) or month (its 1st)').choices(KPI_GROUPINGS).default('site'))
    .option('--partial', 'show a range the warehouse holds only partly (marked PARTIAL) instead of refusing it')
    .addOption(new Option('--format <format>', 'an aligned table with dollars, CSV (dollars) or JSON (cents, the whole answer)').choices(REPORT_FORMATS).default('table' satisfies ReportFormat))
    .option('--demo', DEMO_HELP)
    .option('--data-dir <path>', DATA_DIR_HELP)
    .addHelpText(
      'after',
      "\nDays are each site's local days. The numbers read the transactions, employees and clock entries: sync them with\n`washops sync backfill` and `washops sync resources`.\nExamples:\n  washops kpis\n  washops kpis --date 2026-11-20 --region \"WashU Illinois\" --group-by region\n  washops kpis --from 2026-11-01 --to 2026-11-30 --group-by week --format csv > november.csv\n",
    )
    .action(async (options: KpisOptions, self: Command) => {
      const request: KpiRequest = checked(self, kpiRequestSchema, {
        ...rangeOf(self, options, nowOf(io)),
        ...(options.sites ? { sites: options.sites } : {}),
        ...(options.region !== undefined ? { region: options.region } : {}),
        groupBy: options.groupBy,
        ...(options.partial ? { allowPartial: true } : {}),
      });
      setExit(
        await runKpis(io, request, {
          format: options.format,
          ...(options.demo ? { demo: true } : {}),
          ...(options.dataDir ? { dataDir: options.dataDir } : {}),
        }),
      );
    });
}
