/** `washops-transactions-simulator`: starts the simulator on a port and prints how to reach it. */
import { parseArgs } from 'node:util';
import { clockFrom, systemClock } from '@washops/clock';
import { startTransactionsSimulator } from './server.js';
import type { TransactionsSimulator } from './types.js';

const USAGE = `Usage: washops-transactions-simulator [options]

  --port <n>              port to listen on (default 4020; 0 = any free port)
  --host <addr>           address to bind (default 127.0.0.1)
  --seed <text>           data seed (default demo)
  --api-id <id>           API id clients send as X-Sonnys-API-ID (default demo)
  --api-key <key>         API key clients send as X-Sonnys-API-Key (default demo-key)
  --site-codes <A,B>      limit the credential to these site codes (default: every site)
  --time-scale <x>        scale server-side durations (rate window, jobs, caches); default 1
  --latency-ms <n>        added to every response; default 0
  --job-duration-ms <n>   how long a job stays "working" (before --time-scale); default 2000
  --no-realism            answer exactly as the vendor's OpenAPI document says, without the live quirks
  --error-envelope <e>    flat (default) or wrapped
  --now <instant>         pin the simulator's "now" (and so its today) at an ISO 8601 instant such as
                          2026-11-20T17:00:00Z; time runs on from there (default: the system clock)
  --help                  show this help
`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const defaultIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

function numberOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || value.trim() === '') throw new Error(`--${name} must be a number, got "${value}"`);
  return n;
}

/** Date, time and a zone (Z or ±HH:MM): an instant, never a local time that would depend on the machine. */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/** The instant `value` names, or NaN; a day the calendar lacks (02/30) is refused, not rolled over as `Date.parse` does. */
function parseInstant(value: string): number {
  const match = ISO_INSTANT.exec(value);
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return Number.NaN;
  return Date.parse(value);
}

function instantOption(value: string): number {
  const ms = parseInstant(value);
  if (!Number.isFinite(ms)) throw new Error(`--now must be an ISO 8601 instant such as 2026-11-20T17:00:00Z, got "${value}"`);
  return ms;
}

/** Parses the arguments, starts the server and prints the URL, credentials and a curl example. */
export async function main(argv: string[], io: CliIo = defaultIo): Promise<TransactionsSimulator | undefined> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      'api-id': { type: 'string' },
      'api-key': { type: 'string' },
      'site-codes': { type: 'string' },
      'time-scale': { type: 'string' },
      'latency-ms': { type: 'string' },
      'job-duration-ms': { type: 'string' },
      'no-realism': { type: 'boolean' },
      'error-envelope': { type: 'string' },
      now: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    io.out(USAGE);
    return undefined;
  }
  const apiId = values['api-id'] ?? 'demo';
  const apiKey = values['api-key'] ?? 'demo-key';
  const envelope = values['error-envelope'] ?? 'flat';
  if (envelope !== 'flat' && envelope !== 'wrapped') throw new Error('--error-envelope must be flat or wrapped');
  const pinnedMs = values.now === undefined ? undefined : instantOption(values.now);
  const siteCodes = values['site-codes']?.split(',').map((c) => c.trim()).filter(Boolean);
  const sim = await startTransactionsSimulator({
    port: numberOption(values.port, 'port', 4020),
    ...(values.host !== undefined ? { host: values.host } : {}),
    seed: values.seed ?? 'demo',
    credentials: [{ apiId, apiKey, ...(siteCodes ? { siteCodes } : {}) }],
    timeScale: numberOption(values['time-scale'], 'time-scale', 1),
    latencyMs: numberOption(values['latency-ms'], 'latency-ms', 0),
    jobDurationMs: numberOption(values['job-duration-ms'], 'job-duration-ms', 2000),
    realism: !values['no-realism'],
    errorEnvelope: envelope,
    clock: pinnedMs === undefined ? systemClock : clockFrom(pinnedMs),
  });
  const sites = sim.control.sites();
  io.out(`Data API simulator listening at ${sim.url}`);
  io.out(`  API id:  ${apiId}`);
  io.out(`  API key: ${apiKey}`);
  io.out(`  seed:    ${values.seed ?? 'demo'}; sites: ${sites.map((s) => s.code).join(', ')}`);
  if (pinnedMs !== undefined) io.out(`  now:     from ${new Date(pinnedMs).toISOString()} (--now)`);
  io.out('Try:');
  io.out(`  curl -s -H 'X-Sonnys-API-ID: ${apiId}' -H 'X-Sonnys-API-Key: ${apiKey}' '${sim.url}/transaction?limit=5'`);
  io.out(`  curl -s -H 'X-Sonnys-API-ID: ${apiId}' -H 'X-Sonnys-API-Key: ${apiKey}' '${sim.url}/site/list'`);
  return sim;
}

/** Runs `main` as a process: exits non-zero on bad arguments, closes cleanly on SIGINT/SIGTERM. */
export async function run(argv: string[] = process.argv.slice(2)): Promise<void> {
  // The handlers go in before main prints the URL: a watcher may signal the moment it sees it.
  let sim: TransactionsSimulator | undefined;
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    defaultIo.err(`Received ${signal}, shutting down.`);
    (sim?.close() ?? Promise.resolve()).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  try {
    sim = await main(argv);
  } catch (error) {
    defaultIo.err(`washops-transactions-simulator: ${error instanceof Error ? error.message : String(error)}`);
    defaultIo.err('Run with --help for usage.');
    process.exitCode = 1;
  }
}
