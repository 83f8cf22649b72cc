import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { DigestSettingsInput } from '@washops/operations';
import { parsePortalUsers, parseTrustProxy, type PortalUser, type TrustProxy } from '@washops/portal-api';
import { z } from 'zod';

/**
 * Environment variables the portal reads, with what each is for. PORTAL_SESSION_SECRET is no
 * longer read: sessions live in the database behind opaque tokens; a deployment that still sets
 * it starts as before (boot says it can go).
 */
const portalEnvDocs = {
  WASHOPS_DEMO: 'set to 1 to run against the local simulators with the seeded demo tenant',
  BACKOFFICE_SUBDOMAIN: 'tenant subdomain of https://{subdomain}.sonnyscontrols.com',
  BACKOFFICE_USERNAME: 'BackOffice bot user name',
  BACKOFFICE_PASSWORD: 'BackOffice bot user password',
  DATA_API_ID: 'Data API id (X-Sonnys-API-ID)',
  DATA_API_KEY: 'Data API key (X-Sonnys-API-Key)',
  DATA_API_ENVIRONMENT: 'production (default) or sandbox',
  PORTAL_USERS:
    'JSON array of {"username","role":"admin"|"viewer","passwordHash"}, added to the database when missing (never overwriting a user it has); hash with `npm run hash-password -w @washops/portal-api`',
  DATABASE_URL: 'postgres://user:password@host:5432/db of the PostgreSQL that holds portal users, sessions and exports; unset, an embedded database (PGlite) in WASHOPS_DATA_DIR',
  WASHOPS_DATA_DIR: "the folder of the embedded database when DATABASE_URL is unset (default: .washops/ at the repository's root)",
  PORTAL_SESSION_TTL_MINUTES: 'how long a sign-in lasts (default 480)',
  EXPORT_STALE_SECONDS:
    'how long a running export may go without news from the instance running it before it is shown interrupted (default 60)',
  AUDIT_RETENTION_DAYS: 'how many days finished audit events are kept (a positive whole number); unset keeps them forever',
  PORTAL_SECURE_COOKIES: '1 (default with a tenant) marks the session cookie Secure; 0 for plain-HTTP set-ups',
  TRUST_PROXY:
    'the reverse proxy whose X-Forwarded-For/-Host count: a hop count (1 = one proxy) or a comma-separated list of its IP addresses; unset trusts none',
  BACKOFFICE_BASE_URL: 'demo mode: where the BackOffice simulator listens (default http://127.0.0.1:4010)',
  DATA_API_BASE_URL: 'demo mode: where the Data API simulator listens (default http://127.0.0.1:4020/v1)',
  SYNC_WORKER:
    "on (default): the portal's process also works the transactions warehouse's sync queue and runs its nightly schedule; off when `washops sync worker` processes do",
  DATA_API_TIME_SCALE:
    "the Data API simulator's --time-scale when the portal talks to one (default 1; leave it unset with a real tenant): the portal scales its rate window and job polling alike",
  WASHOPS_SMTP_URL:
    'smtp://user:password@host:587 (or smtps://…:465) of the mail server the daily digest goes through; unset, no digest is sent (the preview page still works). A secret: never logged',
  WASHOPS_DIGEST_FROM: "the daily digest's sender address (needed with WASHOPS_SMTP_URL)",
  WASHOPS_DIGEST_RECIPIENTS:
    'who gets each site\'s digest: SITE=address[,address…] entries separated by ";", and *=address for every other site (e.g. JOLIET=manager@example.com;*=ops@example.com)',
  WASHOPS_DIGEST_CLOSE_HOUR: "the site's local hour the next morning from which its day counts as closed and its digest is sent (0–23, default 6, after the nightly sync)",
} as const;

type EnvKey = keyof typeof portalEnvDocs;

/** The simulators' demo credentials (see the simulators' command lines); they guard nothing real. */
const DEMO_TENANT = {
  backoffice: { subdomain: 'demo', username: 'bot', password: 'bot-password' },
  transactions: { apiId: 'demo', apiKey: 'demo-key' },
} as const;

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const onOff = z.enum(['on', 'off']).transform((v) => v === 'on');
const ttlMinutes = z.coerce.number().int().min(1, 'must be at least 1').max(60 * 24 * 30, 'must be at most 43200');

/** Twice the registry's 5 s heartbeat at least, or a live export could look stale. */
const exportStaleSeconds = z.coerce.number().min(10, 'must be at least 10 (twice the 5 s heartbeat of a running export)').max(3600, 'must be at most 3600').default(60);

/** Unset keeps the audit log forever; a value is a whole number of days. */
const auditRetentionDays = z.coerce.number().int('must be a whole number of days').positive('must be a positive whole number of days').optional();

const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx) => {
    try {
      return parseTrustProxy(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message.replace(/^TRUST_PROXY: /, '') });
      return z.NEVER;
    }
  });

/** A simulator's --time-scale (a test run against simulators reached by the tenant's host names); 1 for a real tenant. */
const dataApiTimeScale = z.coerce.number().positive('must be a positive number').max(1, 'must be at most 1').default(1);

const tenantSchema = z.object({
  BACKOFFICE_SUBDOMAIN: z.string().regex(/^[a-z0-9-]+$/i, 'letters, digits and dashes only'),
  BACKOFFICE_USERNAME: z.string().min(1),
  BACKOFFICE_PASSWORD: z.string().min(1),
  DATA_API_ID: z.string().min(1),
  DATA_API_KEY: z.string().min(1),
  DATA_API_ENVIRONMENT: z.enum(['production', 'sandbox']).default('production'),
  DATA_API_TIME_SCALE: dataApiTimeScale,
  PORTAL_USERS: z.string().min(1).optional(),
  PORTAL_SESSION_TTL_MINUTES: ttlMinutes.default(480),
  PORTAL_SECURE_COOKIES: flag.default(true),
  TRUST_PROXY: trustProxy,
  EXPORT_STALE_SECONDS: exportStaleSeconds,
  AUDIT_RETENTION_DAYS: auditRetentionDays,
  SYNC_WORKER: onOff.default(true),
});

const demoSchema = z.object({
  BACKOFFICE_BASE_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:4010'),
  DATA_API_BASE_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:4020/v1'),
  DATA_API_TIME_SCALE: dataApiTimeScale,
  PORTAL_USERS: z.string().min(1).optional(),
  PORTAL_SESSION_TTL_MINUTES: ttlMinutes.default(480),
  PORTAL_SECURE_COOKIES: flag.default(false),
  TRUST_PROXY: trustProxy,
  EXPORT_STALE_SECONDS: exportStaleSeconds,
  AUDIT_RETENTION_DAYS: auditRetentionDays,
  SYNC_WORKER: onOff.default(true),
});

export interface PortalAuthEnv {
  /** Users from PORTAL_USERS, brought into the database when it lacks them (demo mode adds the demo sign-ins too). */
  users: PortalUser[];
  sessionTtlMs: number;
  secureCookies: boolean;
  /** Which proxy's forwarded headers count; none unless TRUST_PROXY names it. */
  trustProxy: TrustProxy;
}

export interface PortalEnv {
  mode: 'demo' | 'tenant';
  backoffice: { subdomain: string; username: string; password: string; baseUrl?: string };
  transactions: { apiId: string; apiKey: string; environment?: 'production' | 'sandbox'; baseUrl?: string };
  /**
   * How the Data API's durations are scaled: 1 for a real tenant and `npm start`; below 1 when the
   * simulator runs with a shorter `--time-scale` (the e2e run), so the portal's rate window (15 s)
   * and job poll interval (2 s) shrink to match.
   */
  dataApiTimeScale: number;
  auth: PortalAuthEnv;
  database: PortalDatabaseEnv;
  /** An export without news from its instance for this long was cut off by a stop (EXPORT_STALE_SECONDS). */
  exportStaleAfterMs: number;
  /** Finished audit events older than this many days are deleted hourly (AUDIT_RETENTION_DAYS); undefined keeps them. */
  auditRetentionDays: number | undefined;
  /** Whether this process works the warehouse's sync queue (SYNC_WORKER, default on). */
  syncWorker: boolean;
  /** The daily digest's settings as given (WASHOPS_SMTP_URL, WASHOPS_DIGEST_*), judged by the digest at boot. */
  digest: DigestSettingsInput;
}

/** Where the system of record lives: PostgreSQL when DATABASE_URL is set, else PGlite in a folder. */
export type PortalDatabaseEnv = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/** The repository's root (where nx.json is), looked for from `from` upwards; `next start` runs in apps/portal. */
function repositoryRoot(from: string): string | null {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'nx.json'))) return dir;
    if (dirname(dir) === dir) return null;
  }
}

function databaseFrom(env: Record<string, string>, cwd: string): PortalDatabaseEnv {
  const url = env['DATABASE_URL'];
  if (url) return { kind: 'postgres', url };
  const dataDir = env['WASHOPS_DATA_DIR'];
  if (dataDir) return { kind: 'pglite', dataDir: resolve(cwd, dataDir) };
  return { kind: 'pglite', dataDir: join(repositoryRoot(cwd) ?? cwd, '.washops') };
}

function digestSettingsOf(env: Record<string, string>): DigestSettingsInput {
  return { smtpUrl: env['WASHOPS_SMTP_URL'], from: env['WASHOPS_DIGEST_FROM'], recipients: env['WASHOPS_DIGEST_RECIPIENTS'], closeHour: env['WASHOPS_DIGEST_CLOSE_HOUR'] };
}

/** Thrown at boot when the environment cannot run the portal; its message names what is missing. */
export class PortalEnvError extends Error {
  override readonly name = 'PortalEnvError';
}

function problemsOf(error: z.ZodError, env: Record<string, string | undefined>): string[] {
  return error.issues.map((issue) => {
    const key = String(issue.path[0]) as EnvKey;
    const problem = env[key] === undefined || env[key] === '' ? 'missing' : issue.message;
    return `  ${key}: ${problem} (${portalEnvDocs[key]})`;
  });
}

function usersFrom(json: string): PortalUser[] {
  try {
    return parsePortalUsers(json);
  } catch (error) {
    throw new PortalEnvError(`  ${(error as Error).message}`);
  }
}

/** Empty variables count as unset, the way shells and .env files are usually written. */
function withoutEmpty(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}

/**
 * Reads the portal's configuration once, at boot. Missing tenant credentials fail here with a
 * message naming every missing variable (never a value), not at the first request.
 */
export function readPortalEnv(rawEnv: Record<string, string | undefined> = process.env, cwd: string = process.cwd()): PortalEnv {
  const env = withoutEmpty(rawEnv);
  if (env['WASHOPS_DEMO'] === '1' || env['WASHOPS_DEMO'] === 'true') {
    const parsed = demoSchema.safeParse(env);
    if (!parsed.success) {
      throw new PortalEnvError(`The portal's demo configuration is invalid:\n${problemsOf(parsed.error, env).join('\n')}`);
    }
    const e = parsed.data;
    return {
      mode: 'demo',
      backoffice: { ...DEMO_TENANT.backoffice, baseUrl: e.BACKOFFICE_BASE_URL },
      transactions: { ...DEMO_TENANT.transactions, baseUrl: e.DATA_API_BASE_URL },
      dataApiTimeScale: e.DATA_API_TIME_SCALE,
      auth: {
        users: e.PORTAL_USERS ? usersFrom(e.PORTAL_USERS) : [],
        sessionTtlMs: e.PORTAL_SESSION_TTL_MINUTES * 60_000,
        secureCookies: e.PORTAL_SECURE_COOKIES,
        trustProxy: e.TRUST_PROXY,
      },
      database: databaseFrom(env, cwd),
      exportStaleAfterMs: e.EXPORT_STALE_SECONDS * 1000,
      auditRetentionDays: e.AUDIT_RETENTION_DAYS,
      syncWorker: e.SYNC_WORKER,
      digest: digestSettingsOf(env),
    };
  }
  const parsed = tenantSchema.safeParse(env);
  if (!parsed.success) {
    throw new PortalEnvError(
      `The portal needs tenant credentials, or WASHOPS_DEMO=1 for the simulators:\n${problemsOf(parsed.error, env).join('\n')}`,
    );
  }
  const e = parsed.data;
  return {
    mode: 'tenant',
    backoffice: { subdomain: e.BACKOFFICE_SUBDOMAIN, username: e.BACKOFFICE_USERNAME, password: e.BACKOFFICE_PASSWORD },
    transactions: { apiId: e.DATA_API_ID, apiKey: e.DATA_API_KEY, environment: e.DATA_API_ENVIRONMENT },
    dataApiTimeScale: e.DATA_API_TIME_SCALE,
    auth: {
      users: e.PORTAL_USERS ? usersFrom(e.PORTAL_USERS) : [],
      sessionTtlMs: e.PORTAL_SESSION_TTL_MINUTES * 60_000,
      secureCookies: e.PORTAL_SECURE_COOKIES,
      trustProxy: e.TRUST_PROXY,
    },
    database: databaseFrom(env, cwd),
    exportStaleAfterMs: e.EXPORT_STALE_SECONDS * 1000,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    syncWorker: e.SYNC_WORKER,
    digest: digestSettingsOf(env),
  };
}
