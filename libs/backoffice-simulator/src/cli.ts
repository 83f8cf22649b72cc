/**
 * `washops-backoffice-simulator --port 4010 --seed demo --username bot --password bot-password`
 * Starts the simulator, prints its URL and sign-in, and stops cleanly on SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util';
import { startBackofficeSimulator } from './server.js';

const USAGE = `Usage: washops-backoffice-simulator [--port 4010] [--seed demo] [--username bot] [--password bot-password]
                                   [--tenant hierarchical|flat] [--employees 300] [--time-scale 1] [--latency-ms 0]`;

function numberOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number, got "${value}"`);
  return n;
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
  console.log(`BackOffice simulator listening on ${sim.url}\nSign in as "${username}" with ${shown}.`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.error(USAGE);
  process.exit(2);
});
