import { type Command, InvalidArgumentError, Option } from 'commander';
import { runBackfill, runResources, runRetry, runStatus, runSwitch, runWorker, type SyncConnectionOptions, type SyncRange } from './sync-flow.js';
import type { CliIo } from './io.js';

const DATA_DIR_HELP = 'the data folder when DATABASE_URL is not set (default: WASHOPS_DATA_DIR, else .washops/ at the repo root)';
const DEMO_HELP = "use the Data API simulator's demo credential (at DATA_API_BASE_URL, default http://127.0.0.1:4020/v1) and the demo BackOffice for --region";
/** The longest range one command takes: a year of site-days. */
export const MAX_RANGE_DAYS = 366;

/** A calendar day as `YYYY-MM-DD`; anything else (or a day that does not exist) is a usage error. */
export function day(name: string) {
  return (value: string): string => {
    const text = value.trim();
    const parsed = new Date(`${text}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== text) {
      throw new InvalidArgumentError(`${name} must be a day written YYYY-MM-DD, e.g. 2026-11-20.`);
    }
    return text;
  };
}

export function siteList(value: string): string[] {
  const sites = [...new Set(value.split(',').map((site) => site.trim()).filter(Boolean))];
  if (sites.length === 0) throw new InvalidArgumentError('--sites needs site codes separated by commas, e.g. NILES,LOMBARD.');
  return sites;
}

function resourceList(value: string): string[] {
  const names = [...new Set(value.split(',').map((name) => name.trim()).filter(Boolean))];
  if (names.length === 0) throw new InvalidArgumentError('--resources needs resource names separated by commas, e.g. customers,memberships.');
  return names;
}

function concurrency(value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || number < 1 || number > 16) throw new InvalidArgumentError('--concurrency must be a whole number from 1 to 16.');
  return number;
}

interface RangeOptions extends SyncConnectionOptions {
  from: string;
  to: string;
  sites?: string[];
  region?: string;
}

/** The range of a command, checked before anything is opened: `--to` not before `--from`, at most a year. */
function rangeOf(command: Command, options: RangeOptions): SyncRange {
  const days = (Date.parse(options.to) - Date.parse(options.from)) / 86_400_000 + 1;
  if (days < 1) return command.error(`error: --to (${options.to}) is before --from (${options.from}).`, { code: 'washops.invalidRange' });
  if (days > MAX_RANGE_DAYS) return command.error(`error: the range has ${days} days; at most ${MAX_RANGE_DAYS} at a time.`, { code: 'washops.invalidRange' });
  return { from: options.from, to: options.to, ...(options.sites ? { sites: options.sites } : {}), ...(options.region ? { region: options.region } : {}) };
}

function withRange(command: Command, sites: 'sites' | 'sites-and-region'): Command {
  command
    .requiredOption('--from <day>', 'first local day, YYYY-MM-DD', day('--from'))
    .requiredOption('--to <day>', 'last local day, YYYY-MM-DD (inclusive)', day('--to'))
    .option('--sites <codes>', 'site codes, comma-separated (default: every site of the Data API)', siteList);
  if (sites === 'sites-and-region') command.option('--region <name>', "the sites of a region of the BackOffice's site tree (its name or id)");
  return withConnection(command);
}

function withConnection(command: Command): Command {
  return command.option('--demo', DEMO_HELP).option('--data-dir <path>', DATA_DIR_HELP);
}

/**
 * `washops sync …`: the transactions warehouse. Site-days are queued in the database; workers (this command line's,
 * the portal's) sync them under the API id's one shared request budget.
 */
export function addSyncCommand(parent: Command, io: CliIo, setExit: (code: number) => void): Command {
  const sync = parent.command('sync').description("sync the Data API's transactions into the warehouse: workers, backfills, status, pause");

  withConnection(
    sync
      .command('worker')
      .description('work the queue until Ctrl-C or SIGTERM (the site-days in hand go back to the queue), one line per site-day on stderr; run as many as you like')
      .addOption(new Option('--concurrency <n>', 'site-days at once in this process, 1 to 16 (default 4)').argParser(concurrency))
      .option('--no-schedule', 'do not run the nightly sync from this process'),
  ).action(async (options: SyncConnectionOptions & { concurrency?: number; schedule: boolean }) => setExit(await runWorker(io, options)));

  withRange(sync.command('backfill').description('queue every site-day of a range (already synced ones are kept)'), 'sites-and-region')
    .option('--wait', 'show a progress bar until the range is synced, then a summary')
    .option('--no-worker', 'with --wait: leave the work to workers elsewhere')
    .addOption(new Option('--concurrency <n>', 'with --wait: site-days at once in this process, 1 to 16').argParser(concurrency))
    .action(async (options: RangeOptions & { wait?: boolean; worker: boolean; concurrency?: number }, command: Command) =>
      setExit(await runBackfill(io, rangeOf(command, options), options)),
    );

  withRange(sync.command('status').description('a sites × days grid of the range, the counts, the request budget in use and the switch'), 'sites-and-region')
    .option('--json', 'the same as JSON, for scripts')
    .action(async (options: RangeOptions & { json?: boolean }, command: Command) => setExit(await runStatus(io, rangeOf(command, options), options)));

  withRange(sync.command('retry').description('queue the failed site-days of a range again'), 'sites-and-region').action(async (options: RangeOptions, command: Command) =>
    setExit(await runRetry(io, rangeOf(command, options), options)),
  );

  withConnection(
    sync
      .command('resources')
      .description("queue the Data API's other resources (customers, memberships, washbooks, gift cards, items, employees, clock entries, sales outcomes, sites) for a range of UTC days")
      .requiredOption('--from <day>', 'first UTC day, YYYY-MM-DD', day('--from'))
      .requiredOption('--to <day>', 'last UTC day, YYYY-MM-DD (inclusive)', day('--to'))
      .option('--resources <names>', 'resources, comma-separated (default: every one)', resourceList)
      .option('--resync', 'read windows already synced again too')
      .option('--wait', 'work the windows in this process and show each resource once they are settled'),
  ).action(async (options: SyncConnectionOptions & { from: string; to: string; resources?: string[]; wait?: boolean; resync?: boolean }, command: Command) => {
    const { from, to } = rangeOf(command, options);
    setExit(await runResources(io, { from, to, ...(options.resources ? { resources: options.resources } : {}) }, options));
  });

  withConnection(sync.command('pause').description('stop every worker taking new site-days (those in hand finish; the queue keeps its jobs)')).action(
    async (options: SyncConnectionOptions) => setExit(await runSwitch(io, true, options)),
  );
  withConnection(sync.command('resume').description('let the workers take queued site-days again')).action(async (options: SyncConnectionOptions) =>
    setExit(await runSwitch(io, false, options)),
  );

  return sync;
}
