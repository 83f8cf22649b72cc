/**
 * `washops-backoffice-simulator --port 4010 --seed demo --username bot --password bot-password`
 * Starts the simulator, prints its URL and sign-in, and stops cleanly on SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util';
import { clockFrom, systemClock } from '@washops/clock';
import { startBackofficeSimulator } from './server.js';

const USAGE = `Usage: washops-backoffice-simulator [--port 4010] [--seed demo] [--username bot] [--password bot-password]
                                   [--tenant hierarchical|flat] [--employees 300] [--time-scale 1] [--latency-ms 0]
                                   [--now <ISO 8601 instant, e.g. 2026-11-20T17:00:00Z>]

  --now pins the simulator's "now" (and so the forms' today) at that instant; time runs on from there
  (default: the system clock).`;

function numberOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number, got "${value}"`);
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

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      seed: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      tenant: { type: 'string' },
      employees: { type: 'string' },
      'time-scale': { type: 'string' },
      'latency-ms': { type: 'string' },
      now: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const tenant = values.tenant ?? 'hierarchical';
  if (tenant !== 'hierarchical' && tenant !== 'flat') throw new Error('--tenant must be "hierarchical" or "flat"');
  const pinnedMs = values.now === undefined ? undefined : instantOption(values.now);
  const username = values.username ?? 'bot';
  const password = values.password ?? 'bot-password';
  const sim = await startBackofficeSimulator({
    port: numberOption(values.port, 'port', 4010),
    seed: values.seed ?? 'demo',
    users: [{ username, password }],
    tenant,
    employeeCount: Math.floor(numberOption(values.employees, 'employees', 300)),
    timeScale: numberOption(values['time-scale'], 'time-scale', 1) || 1,
    latencyMs: numberOption(values['latency-ms'], 'latency-ms', 0),
    clock: pinnedMs === undefined ? systemClock : clockFrom(pinnedMs),
  });
  // The demo password is printed; a password given on the command line stays off the terminal.
  const shown = values.password === undefined ? `password "${password}"` : 'the password given with --password';
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the BackOffice simulator`);
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // Only now, with the handlers in place: a watcher may signal the moment it sees the URL. One write, so it has the
  // sign-in line too.
  const pinned = pinnedMs === undefined ? '' : `\nNow runs from ${new Date(pinnedMs).toISOString()} (--now).`;
  console.log(`BackOffice simulator listening on ${sim.url}\nSign in as "${username}" with ${shown}.${pinned}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.error(USAGE);
  process.exit(2);
});
