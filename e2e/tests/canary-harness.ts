import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { hashPassword } from '@washops/portal-api';
import { startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TENANT_ROUTES_MODULE = new URL('./tenant-routes.mjs', import.meta.url).href;

/** The four secrets of one run; each is unique, so any sighting is a leak of exactly that secret. */
export interface CanarySecrets {
  botPassword: string;
  dataApiKey: string;
  /** The password in the portal's `DATABASE_URL` (a PostgreSQL run), else a value that must simply never appear. */
  databasePassword: string;
  portalPassword: string;
}

export function makeSecrets(): CanarySecrets {
  const unique = () => randomBytes(16).toString('hex');
  return {
    botPassword: `canary-bot-${unique()}`,
    dataApiKey: `canary-key-${unique()}`,
    databasePassword: `canary-db-${unique()}`,
    portalPassword: `canary-pw-${unique()}`,
  };
}

/** The tenant's names in this run; none of them is secret. */
export const TENANT = {
  subdomain: 'canary',
  botUsername: 'canarybot',
  apiId: 'canary-api',
  admin: 'canary-admin',
  viewer: 'canary-viewer',
} as const;

/**
 * The forms a secret could take in captured text: as is, and base64 / base64url at each of the three
 * byte alignments (an `Authorization: Basic` header or an encoded token would carry it that way).
 */
function needlesOf(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const needles = [secret];
  for (const shift of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
    // Drop the characters that also depend on the neighbouring (unknown) bytes.
    const inner = encoded.slice(shift === 0 ? 0 : 4, -4);
    needles.push(inner, inner.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return needles;
}

export interface Sighting {
  secret: keyof CanarySecrets;
  source: string;
  /** The text around the sighting, with the secret masked. */
  context: string;
}

/** Every text the run saw, by where it came from, and the scan of all of it for the secrets. */
export class CapturedText {
  readonly #entries: { source: string; text: string }[] = [];
  readonly #streams = new Map<string, string[]>();

  add(source: string, text: string): void {
    this.#entries.push({ source, text });
  }

  /** Collects a child process stream chunk by chunk (a secret cut between chunks is still found). */
  follow(source: string, stream: NodeJS.EventEmitter | null | undefined): string {
    // A restarted process gets a name of its own, so the earlier one's text stays in the scan.
    let name = source;
    for (let n = 2; this.#streams.has(name); n++) name = `${source} #${n}`;
    const chunks: string[] = [];
    this.#streams.set(name, chunks);
    stream?.on('data', (chunk: Buffer | string) => chunks.push(chunk.toString()));
    return name;
  }

  text(source: string): string {
    return (this.#streams.get(source) ?? []).join('');
  }

  #all(): { source: string; text: string }[] {
    return [...this.#entries, ...[...this.#streams].map(([source, chunks]) => ({ source, text: chunks.join('') }))];
  }

  get bytes(): number {
    return this.#all().reduce((sum, entry) => sum + Buffer.byteLength(entry.text), 0);
  }

  scan(secrets: CanarySecrets): Sighting[] {
    const sightings: Sighting[] = [];
    for (const { source, text } of this.#all()) {
      for (const [name, secret] of Object.entries(secrets) as [keyof CanarySecrets, string][]) {
        const needle = needlesOf(secret).find((n) => text.includes(n));
        if (needle === undefined) continue;
        const at = text.indexOf(needle);
        const context = text.slice(Math.max(0, at - 80), at + needle.length + 80).split(needle).join(`<${name}>`);
        sightings.push({ secret: name, source, context });
      }
    }
    return sightings;
  }
}

/** A free loopback port (the portal needs one on its command line). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls `check` until it returns a value; no fixed sleeps, a generous deadline for a loaded machine. */
export async function waitUntil<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let delay = 50;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 1000);
  }
  throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
}

/** A UTC day `daysAgo` days back: in the simulator's sites' local days, a whole day in the past. */
export function pastDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** The one site-day the portal's steps sync whole: the reports read it, in the portal and then through the MCP server. */
export function syncedSiteDay(sims: Simulators): { site: string; day: string } {
  return { site: sims.transactions.control.sites().at(-1)!.code, day: pastDay(3) };
}

/** The Data API's time in these runs: the simulator and both servers scale its 15 s window and job durations alike. */
const DATA_API_TIME_SCALE = 0.1;

export interface Simulators {
  backoffice: BackofficeSimulator;
  transactions: TransactionsSimulator;
  /** For TENANT_ROUTES: the tenant's https origins → the simulators. */
  routes: Record<string, string>;
  close(): Promise<void>;
}

export async function startSimulators(secrets: CanarySecrets): Promise<Simulators> {
  const [backoffice, transactions] = await Promise.all([
    startBackofficeSimulator({ port: 0, seed: 'demo', users: [{ username: TENANT.botUsername, password: secrets.botPassword }] }),
    // A tenth of real time: batch jobs finish in 200 ms, and the rate window is 1.5 s for the simulator
    // and for the servers alike (tenantEnv gives them the same scale).
    startTransactionsSimulator({ port: 0, seed: 'demo', timeScale: DATA_API_TIME_SCALE, credentials: [{ apiId: TENANT.apiId, apiKey: secrets.dataApiKey }] }),
  ]);
  return {
    backoffice,
    transactions,
    routes: {
      [`https://${TENANT.subdomain}.sonnyscontrols.com`]: new URL(backoffice.url).origin,
      'https://trigonapi.sonnyscontrols.com': new URL(transactions.url).origin,
    },
    close: async () => {
      await Promise.allSettled([backoffice.close(), transactions.close()]);
    },
  };
}

/** The tenant's credentials as both servers read them, and the preload that routes the tenant to the simulators. */
export function tenantEnv(secrets: CanarySecrets, sims: Simulators): Record<string, string> {
  return {
    BACKOFFICE_SUBDOMAIN: TENANT.subdomain,
    BACKOFFICE_USERNAME: TENANT.botUsername,
    BACKOFFICE_PASSWORD: secrets.botPassword,
    DATA_API_ID: TENANT.apiId,
    DATA_API_KEY: secrets.dataApiKey,
    DATA_API_TIME_SCALE: String(DATA_API_TIME_SCALE),
    TENANT_ROUTES: JSON.stringify(sims.routes),
    NODE_OPTIONS: `--import=${TENANT_ROUTES_MODULE}`,
  };
}

/** Only what a child needs from this process's environment (no stray variables). */
function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG'];
  return Object.fromEntries(keep.flatMap((key) => (process.env[key] ? [[key, process.env[key]]] : [])));
}

export function childEnv(extra: Record<string, string>): Record<string, string> {
  return { ...baseEnv(), ...extra };
}

export interface RunningPortal {
  url: string;
  /** SIGTERM: the portal's own shutdown (it closes its database). */
  stop(): Promise<void>;
  /** SIGKILL: a crash, nothing closed. */
  kill(): Promise<void>;
}

/**
 * `next start` of the built portal in tenant mode, its stdout and stderr captured from the first byte.
 * `extraEnv` adds to (or overrides) the tenant's environment: where its database is, above all.
 */
export async function startPortal(
  secrets: CanarySecrets,
  sims: Simulators,
  captured: CapturedText,
  extraEnv: Record<string, string> = {},
): Promise<RunningPortal> {
  const [port, adminHash, viewerHash] = await Promise.all([
    freePort(),
    hashPassword(secrets.portalPassword),
    hashPassword(secrets.portalPassword),
  ]);
  const env = childEnv({
    ...tenantEnv(secrets, sims),
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    // As deployed (the portal's start script): the portal's own handler closes its database on SIGTERM.
    NEXT_MANUAL_SIG_HANDLE: '1',
    PORTAL_USERS: JSON.stringify([
      { username: TENANT.admin, role: 'admin', passwordHash: adminHash },
      { username: TENANT.viewer, role: 'viewer', passwordHash: viewerHash },
    ]),
    ...extraEnv,
  });
  const next = `${ROOT}node_modules/next/dist/bin/next`;
  const child = spawn(process.execPath, [next, 'start', '--port', String(port), '--hostname', '127.0.0.1'], {
    cwd: `${ROOT}apps/portal`,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  captured.follow('portal stdout', child.stdout);
  const stderr = captured.follow('portal stderr', child.stderr);
  const url = `http://127.0.0.1:${port}`;
  await waitUntil('the portal to answer /sign-in', async () => {
    if (child.exitCode !== null) {
      throw new Error(`the portal exited (${child.exitCode}): ${captured.text(stderr).slice(-2000)}`);
    }
    try {
      const response = await fetch(`${url}/sign-in`, { redirect: 'manual', signal: AbortSignal.timeout(5000) });
      captured.add('portal GET /sign-in (readiness)', await response.text());
      return true;
    } catch {
      return undefined;
    }
  });
  return { url, stop: () => stopChild(child), kill: () => stopChild(child, 'SIGKILL') };
}

/** Where a run's portal keeps its data, and how to throw it away afterwards. */
export interface RunStorage {
  env: Record<string, string>;
  remove(): Promise<void>;
}

/**
 * A database of this run's own: a fresh database on the PostgreSQL of `WASHOPS_TEST_DATABASE_URL`
 * reached with the run's database password in its URL (the server may not ask for it, but the portal
 * holds it and must never show it), else an empty embedded data folder.
 */
export async function runStorage(secrets: CanarySecrets): Promise<RunStorage> {
  const serverUrl = process.env['WASHOPS_TEST_DATABASE_URL'];
  if (serverUrl) return freshPostgresDatabase(serverUrl, secrets.databasePassword);
  const dataDir = await mkdtemp(join(tmpdir(), 'washops-canary-'));
  return { env: { WASHOPS_DATA_DIR: dataDir }, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

/** A new database on the server of `serverUrl` (whose user may create databases), as `DATABASE_URL`. */
export async function freshPostgresDatabase(serverUrl: string, password?: string): Promise<RunStorage> {
  const database = `washops_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  if (password) url.password = password;
  return {
    env: { DATABASE_URL: url.toString() },
    remove: async () => {
      await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
      await admin.end();
    },
  };
}

/** SIGTERM, then SIGKILL if the child is still there after a grace period. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill(signal);
  });
}

/** Runs `action` with a fault injected, and removes the fault whatever happens. */
export async function withFault<T>(inject: () => { remove(): void }, action: () => Promise<T>): Promise<T> {
  const fault = inject();
  try {
    return await action();
  } finally {
    fault.remove();
  }
}
