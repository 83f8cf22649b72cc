import { type Command, InvalidArgumentError, Option } from 'commander';
import { auditCsv, auditFilterSchema, pruneAuditLog } from '@washops/operations';
import type { AuditEvent, AuditFilter, Store } from '@washops/store';
import { auditEventJson, auditTable } from './audit-format.js';
import { minuteUtc } from './format.js';
import { type CliIo, nowOf, readLine } from './io.js';
import { withStore } from './with-store.js';

const FORMATS = ['table', 'csv', 'json'] as const;
type Format = (typeof FORMATS)[number];

/** The table shows one screenful unless `--limit` says otherwise; csv and json stream every match. */
const TABLE_DEFAULT_LIMIT = 50;
/** Rows read from the store at a time when streaming. */
const BATCH = 500;
const DAY_MS = 86_400_000;

interface AuditOptions {
  since?: string;
  until?: string;
  actor?: string;
  channel?: string;
  operation?: string;
  state?: string;
  employee?: number;
  format: Format;
  limit?: number;
  dataDir?: string;
}

function positiveInteger(what: string) {
  return (value: string): number => {
    const number = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < 1) throw new InvalidArgumentError(`${what} must be a whole number of at least 1.`);
    return number;
  };
}

/** The command line's option for each field of the filter, where the names differ. */
const OPTION_OF: Record<string, string> = { employeeId: 'employee' };

/** The filter through the rules the portal and the MCP tool use; a value they refuse is a usage error (2). */
function filterFrom(command: Command, options: AuditOptions): AuditFilter {
  const { since, until, actor, channel, operation, state, employee } = options;
  const raw = Object.fromEntries(
    Object.entries({ since, until, actor, channel, operation, state, employeeId: employee }).filter(([, value]) => value !== undefined),
  );
  const result = auditFilterSchema.safeParse(raw);
  if (result.success) return result.data;
  // The rules' messages name their field; an option's own name is added where one does not.
  const problems = result.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    return field && !issue.message.includes(field) ? `--${OPTION_OF[field] ?? field}: ${issue.message}` : issue.message;
  });
  return command.error(`error: ${problems.join('; ')}`, { code: 'washops.invalidFilter' });
}

/** At most `limit` events of a stream; leaving early stops the store's paging. */
async function* upTo(events: AsyncIterable<AuditEvent>, limit: number | undefined): AsyncIterable<AuditEvent> {
  if (limit === undefined) return yield* events;
  let count = 0;
  for await (const event of events) {
    if (count === limit) return;
    count += 1;
    yield event;
  }
}

async function printTable(io: CliIo, store: Store, filter: AuditFilter, limit: number): Promise<void> {
  const events: AuditEvent[] = [];
  // One more than shown says whether more match.
  for await (const event of upTo(store.audit.stream(filter, Math.min(limit + 1, BATCH)), limit + 1)) events.push(event);
  if (events.length === 0) {
    io.stdout.write('No audit events match.\n');
    return;
  }
  const shown = events.slice(0, limit);
  io.stdout.write(`${auditTable(shown, nowOf(io))}\n`);
  if (events.length > limit) io.stdout.write(`Showing the newest ${limit}; more match: narrow the filters, raise --limit, or use --format csv.\n`);
}

async function printStream(io: CliIo, store: Store, filter: AuditFilter, format: 'csv' | 'json', limit: number | undefined): Promise<void> {
  const events = upTo(store.audit.stream(filter, limit === undefined ? BATCH : Math.min(limit, BATCH)), limit);
  if (format === 'csv') {
    for await (const chunk of auditCsv(events)) io.stdout.write(chunk);
    return;
  }
  let first = true;
  io.stdout.write('[');
  for await (const event of events) {
    io.stdout.write(`${first ? '\n' : ',\n'}${auditEventJson(event, nowOf(io))}`);
    first = false;
  }
  io.stdout.write(first ? ']\n' : '\n]\n');
}

/** Asks on a terminal; scripts (no terminal) and `--yes` go ahead. */
async function confirmed(io: CliIo, question: string, yes: boolean): Promise<boolean> {
  if (yes || !io.stdin.isTTY) return true;
  io.stderr.write(`${question} [y/N] `);
  const answer = await readLine(io.stdin);
  return /^y(es)?$/i.test(answer?.trim() ?? '');
}

/**
 * `washops audit …`: who changed what, from which channel, and how it ended — newest first — and
 * `washops audit prune`, the retention job.
 */
export function addAuditCommand(parent: Command, io: CliIo): Command {
  const audit = parent
    .command('audit')
    .description('show the audit log, newest first (in DATABASE_URL, else the data folder)')
    .option('--since <date>', 'from this day (YYYY-MM-DD, UTC) or instant (ISO), inclusive')
    .option('--until <date>', 'up to this day (the whole day included), or before this instant')
    .option('--actor <name>', 'who: a portal username, an MCP token name or stdio, an OS user')
    .option('--channel <channel>', 'portal, mcp or cli')
    .option('--operation <operation>', 'e.g. employee.create, portal_user.add')
    .option('--state <state>', 'started, succeeded, failed or partial')
    .option('--employee <id>', 'only writes aimed at this Back Office employee id', positiveInteger('--employee'))
    .addOption(new Option('--format <format>', 'table, csv or json').choices(FORMATS).default('table'))
    .option('--limit <n>', `at most this many events (table: default ${TABLE_DEFAULT_LIMIT}; csv and json: all)`, positiveInteger('--limit'))
    .option('--data-dir <path>', 'the data folder when DATABASE_URL is not set (default: WASHOPS_DATA_DIR, else .washops/ at the repo root)')
    .action(async (options: AuditOptions, command: Command) => {
      const filter = filterFrom(command, options);
      await withStore(io, options.dataDir, (store) =>
        options.format === 'table'
          ? printTable(io, store, filter, options.limit ?? TABLE_DEFAULT_LIMIT)
          : printStream(io, store, filter, options.format, options.limit),
      );
    });

  audit
    .command('prune')
    .description('delete finished events older than N days (events still started are kept)')
    .requiredOption('--older-than-days <n>', 'age in days, counted from now', positiveInteger('--older-than-days'))
    .option('--yes', 'do not ask for confirmation on a terminal')
    .action(async (options: { olderThanDays: number; yes?: boolean }) => {
      const now = nowOf(io);
      const cutoff = minuteUtc(new Date(now.getTime() - options.olderThanDays * DAY_MS));
      if (!(await confirmed(io, `Delete every audit event that finished before ${cutoff}?`, options.yes === true))) {
        io.stdout.write('Nothing deleted.\n');
        return;
      }
      await withStore(io, audit.opts<AuditOptions>().dataDir, async (store) => {
        const deleted = await pruneAuditLog(store, options.olderThanDays, now);
        io.stdout.write(`Deleted ${deleted} audit ${deleted === 1 ? 'event' : 'events'} that finished before ${cutoff}.\n`);
      });
    });

  return audit;
}
