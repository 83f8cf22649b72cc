import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { backofficeEnvDocs, dataApiEnvDocs, readBackofficeEnvironment, readDataApiEnvironment, type BackofficeCredentials, type DataApiAccess } from '@washops/operations';
import { ValidationError } from '@washops/shared-errors';
import { storeLocationFromEnv, type StoreLocation } from '@washops/store';

export type { BackofficeCredentials } from '@washops/operations';

/** Environment variables the server reads, with what each is for. Shared names with the portal. */
export const mcpEnvDocs = {
  ...backofficeEnvDocs,
  ...dataApiEnvDocs,
  DATA_API_ID: 'Data API id, X-Sonnys-API-ID (transaction and warehouse tools)',
  DATA_API_SITE_CODE: 'optional X-Sonnys-Site-Code',
  MCP_HTTP_TOKEN: 'bearer token HTTP clients must send (with --http this or MCP_HTTP_TOKENS is required; at least 32 characters)',
  MCP_HTTP_TOKEN_NAME: 'the name MCP_HTTP_TOKEN acts under in the audit log (default http)',
  MCP_HTTP_TOKENS: 'several named bearer tokens, "name=token,name2=token2" (each at least 32 characters, names unique): the matched name is the actor',
  MCP_HTTP_HOST: 'address to bind with --http (default 127.0.0.1; anything but loopback needs --allow-remote)',
  MCP_HTTP_PORT: 'port to bind with --http (default 3333)',
  MCP_ALLOWED_ORIGINS: 'comma-separated browser origins allowed to call the HTTP endpoint (default none)',
  MCP_ALLOWED_HOSTS: 'comma-separated extra names accepted in the Host header, e.g. the name a TLS proxy forwards (default none)',
  MCP_HTTP_STATELESS: '1 (or true): HTTP without sessions, every POST on its own, like --stateless (default: sessions in the database)',
  MCP_SESSION_IDLE_MINUTES: 'minutes an HTTP session lives after its last request (default 60)',
  MCP_SESSIONS_PER_TOKEN: 'HTTP sessions one token name may hold; opening one more ends its oldest (default 16)',
  DATABASE_URL: 'PostgreSQL URL of the database the audit log is written to (the portal\'s)',
  WASHOPS_MCP_ALLOW_PERSONAL_DATA:
    "1 (or true): customers' phone numbers, emails and addresses unmasked in tool results, like --allow-personal-data (default masked)",
  WASHOPS_DATA_DIR: "without DATABASE_URL: the folder of the embedded database (default .washops/ at the repository's root; with --demo and neither set, an in-memory database)",
} as const;

/** The shortest bearer token accepted: a guessable token would open the tenant to anyone who can reach the port. */
const MIN_HTTP_TOKEN_LENGTH = 32;
/** A token's name is an audit actor, which holds at most this many characters. */
const MAX_TOKEN_NAME_LENGTH = 200;
const DEFAULT_TOKEN_NAME = 'http';
const TOKEN_ADVICE = 'Generate one with `openssl rand -hex 32`.';

/** The Data API as `readDataApiEnvironment` reads it (base URL, time scale), with the MCP server's site code. */
export interface TransactionsCredentials extends DataApiAccess {
  siteCode?: string;
  environment: 'production' | 'sandbox';
}

/** A bearer token and the name its requests act under (the actor of their writes). */
export interface NamedToken {
  name: string;
  token: string;
}

export interface McpConfig {
  transport: 'stdio' | 'http';
  readOnly: boolean;
  demo: boolean;
  /** Customers' contact details unmasked in results (`--allow-personal-data`); default masked. */
  allowPersonalData: boolean;
  backoffice?: BackofficeCredentials;
  transactions?: TransactionsCredentials;
  /** Where the audit log is written. */
  database: StoreLocation;
  http: {
    host: string;
    port: number;
    tokens: NamedToken[];
    allowedOrigins: string[];
    allowedHosts: string[];
    allowRemote: boolean;
    /** No sessions: every POST on its own (`--stateless`); otherwise sessions and their events live in `database`. */
    stateless: boolean;
    sessionIdleMinutes: number;
    sessionsPerToken: number;
  };
}

/** A configuration the server cannot start with; the message says what to set. */
export class McpConfigError extends Error {
  override readonly name = 'McpConfigError';
}

export interface McpFlags {
  http: boolean;
  readOnly: boolean;
  demo: boolean;
  allowRemote: boolean;
  allowPersonalData: boolean;
  stateless: boolean;
}

function parseFlags(argv: readonly string[]): McpFlags {
  const known = new Set(['--http', '--read-only', '--demo', '--allow-remote', '--allow-personal-data', '--stateless']);
  const unknown = argv.filter((a) => !known.has(a));
  if (unknown.length > 0) {
    throw new McpConfigError(`Unknown option(s): ${unknown.join(' ')}. Usage: main.js [--http [--allow-remote] [--stateless]] [--read-only] [--demo] [--allow-personal-data]`);
  }
  return {
    http: argv.includes('--http'),
    readOnly: argv.includes('--read-only'),
    demo: argv.includes('--demo'),
    allowRemote: argv.includes('--allow-remote'),
    allowPersonalData: argv.includes('--allow-personal-data'),
    stateless: argv.includes('--stateless'),
  };
}

/** How long an HTTP session lives after its last request, and how many one token name may hold, unless set. */
export const DEFAULT_SESSION_IDLE_MINUTES = 60;
export const DEFAULT_SESSIONS_PER_TOKEN = 16;

/** A whole number from `min` to `max` in `key`, or `fallback` when unset. */
function boundedInteger(env: Record<string, string | undefined>, key: keyof typeof mcpEnvDocs, fallback: number, min: number, max: number): number {
  const raw = nonEmpty(env, key);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) throw new McpConfigError(`${key} must be a whole number from ${min} to ${max}.`);
  return value;
}

/**
 * A switch given as a flag, or as `key` set to 1 or true; anything else set there is refused, not read as no.
 * `meaning` completes "must be 1 or true …" with what on and off do.
 */
function switchedOn(flag: boolean, env: Record<string, string | undefined>, key: keyof typeof mcpEnvDocs, meaning: string): boolean {
  const value = nonEmpty(env, key)?.toLowerCase();
  if (value === undefined || value === '0' || value === 'false') return flag;
  if (value === '1' || value === 'true') return true;
  throw new McpConfigError(`${key} must be 1 or true ${meaning}.`);
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** True for `localhost` and loopback addresses (127.0.0.0/8, ::1, their IPv4-mapped forms); false for 0.0.0.0 and names. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.trim().replace(/^\[(.*)\]$/, '$1');
  if (bare.toLowerCase() === 'localhost') return true;
  if (isIPv4(bare)) return loopback.check(bare, 'ipv4');
  if (isIPv6(bare)) return loopback.check(bare, 'ipv6');
  return false;
}

/**
 * Refuses an HTTP endpoint that is easy to abuse: no token, a token shorter than 32 characters, a
 * nameless, over-long or repeated name, one token under two names (the actor would be ambiguous), or
 * a bind address other than loopback without `--allow-remote` (plain HTTP off the machine shows the
 * token to the network). Messages name tokens by their name, never by their value.
 */
export function checkHttpExposure(http: { host: string; tokens: readonly NamedToken[]; allowRemote: boolean }): void {
  if (http.tokens.length === 0) {
    throw new McpConfigError(`--http needs MCP_HTTP_TOKEN or MCP_HTTP_TOKENS: ${mcpEnvDocs.MCP_HTTP_TOKEN}. ${TOKEN_ADVICE}`);
  }
  const names = new Set<string>();
  const values = new Set<string>();
  for (const { name, token } of http.tokens) {
    if (!name) throw new McpConfigError('A bearer token has an empty name: write MCP_HTTP_TOKENS as "name=token,name2=token2".');
    if (name.length > MAX_TOKEN_NAME_LENGTH) throw new McpConfigError(`A bearer token's name is longer than ${MAX_TOKEN_NAME_LENGTH} characters.`);
    if (names.has(name)) throw new McpConfigError(`Two bearer tokens are named "${name}": each name must be unique.`);
    if (token.length < MIN_HTTP_TOKEN_LENGTH) {
      throw new McpConfigError(
        `The bearer token "${name}" has ${token.length} characters; at least ${MIN_HTTP_TOKEN_LENGTH} are needed. ${TOKEN_ADVICE}`,
      );
    }
    if (values.has(token)) throw new McpConfigError(`The bearer token "${name}" is the same as another one: give each name its own token.`);
    names.add(name);
    values.add(token);
  }
  if (!isLoopbackHost(http.host) && !http.allowRemote) {
    throw new McpConfigError(
      `MCP_HTTP_HOST is "${http.host}", which is not a loopback address. Bind 127.0.0.1 and put a TLS proxy in front, ` +
        'or pass --allow-remote if this port is only reachable through TLS.',
    );
  }
}

/** `MCP_HTTP_TOKEN` (named by `MCP_HTTP_TOKEN_NAME`) and the `name=token` pairs of `MCP_HTTP_TOKENS`; checked by `checkHttpExposure`. */
function readHttpTokens(env: Record<string, string | undefined>): NamedToken[] {
  const tokens: NamedToken[] = [];
  const single = nonEmpty(env, 'MCP_HTTP_TOKEN');
  const singleName = nonEmpty(env, 'MCP_HTTP_TOKEN_NAME');
  if (single) tokens.push({ name: singleName ?? DEFAULT_TOKEN_NAME, token: single });
  else if (singleName) throw new McpConfigError('MCP_HTTP_TOKEN_NAME is set but MCP_HTTP_TOKEN is not: it names that token.');
  list(env['MCP_HTTP_TOKENS']).forEach((pair, index) => {
    const equals = pair.indexOf('=');
    // The pair holds a token: the message gives its position only.
    if (equals < 0) throw new McpConfigError(`Entry ${index + 1} of MCP_HTTP_TOKENS has no "=": write "name=token,name2=token2".`);
    tokens.push({ name: pair.slice(0, equals).trim(), token: pair.slice(equals + 1).trim() });
  });
  return tokens;
}

function list(value: string | undefined): string[] {
  return (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
}

function nonEmpty(env: Record<string, string | undefined>, key: string): string | undefined {
  const value = env[key]?.trim();
  return value ? value : undefined;
}

/** The shared reading of the Data API variables; a setting it refuses stops start-up with its message. */
function readDataApi(env: Record<string, string | undefined>): DataApiAccess | undefined {
  try {
    return readDataApiEnvironment(env);
  } catch (error) {
    if (error instanceof ValidationError) throw new McpConfigError(error.message);
    throw error;
  }
}

/**
 * Reads flags and environment. Each area is enabled when its credentials are complete; with none and
 * without `--demo` the server refuses to start, naming the variables it needs.
 */
export function readMcpConfig(argv: readonly string[], env: Record<string, string | undefined> = process.env): McpConfig {
  const flags = parseFlags(argv);
  const port = Number(nonEmpty(env, 'MCP_HTTP_PORT') ?? 3333);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new McpConfigError('MCP_HTTP_PORT must be a port number (0–65535).');
  const config: McpConfig = {
    transport: flags.http ? 'http' : 'stdio',
    readOnly: flags.readOnly,
    demo: flags.demo,
    allowPersonalData: switchedOn(flags.allowPersonalData, env, 'WASHOPS_MCP_ALLOW_PERSONAL_DATA', 'to allow personal data (0, false or unset: masked)'),
    // A demo's simulated tenant keeps its activity in memory, out of a real portal's folder.
    database: storeLocationFromEnv(env, { cwd: process.cwd(), otherwise: flags.demo ? 'in-memory' : 'default-folder' }),
    http: {
      host: nonEmpty(env, 'MCP_HTTP_HOST') ?? '127.0.0.1',
      port,
      tokens: flags.http ? readHttpTokens(env) : [],
      allowedOrigins: list(nonEmpty(env, 'MCP_ALLOWED_ORIGINS')),
      allowedHosts: list(nonEmpty(env, 'MCP_ALLOWED_HOSTS')),
      allowRemote: flags.allowRemote,
      stateless: switchedOn(flags.stateless, env, 'MCP_HTTP_STATELESS', 'for stateless HTTP (0, false or unset: sessions)'),
      sessionIdleMinutes: boundedInteger(env, 'MCP_SESSION_IDLE_MINUTES', DEFAULT_SESSION_IDLE_MINUTES, 1, 7 * 24 * 60),
      sessionsPerToken: boundedInteger(env, 'MCP_SESSIONS_PER_TOKEN', DEFAULT_SESSIONS_PER_TOKEN, 1, 10_000),
    },
  };
  if (flags.allowRemote && !flags.http) throw new McpConfigError('--allow-remote only applies with --http.');
  if (flags.stateless && !flags.http) throw new McpConfigError('--stateless only applies with --http.');
  if (flags.http) checkHttpExposure(config.http);
  if (flags.demo) return config;

  const backoffice = readBackofficeEnvironment(env);
  if (backoffice) config.backoffice = backoffice;
  const dataApi = readDataApi(env);
  if (dataApi) {
    const siteCode = nonEmpty(env, 'DATA_API_SITE_CODE');
    const environment = nonEmpty(env, 'DATA_API_ENVIRONMENT') === 'sandbox' ? 'sandbox' : 'production';
    config.transactions = { ...dataApi, environment, ...(siteCode ? { siteCode } : {}) };
  }
  if (!config.backoffice && !config.transactions) {
    const names = ['BACKOFFICE_SUBDOMAIN', 'BACKOFFICE_USERNAME', 'BACKOFFICE_PASSWORD', 'DATA_API_ID', 'DATA_API_KEY'] as const;
    throw new McpConfigError(
      'No credentials found. Set the Back Office variables, the Data API variables, or both — or run with --demo to use the local simulators:\n' +
        names.map((n) => `  ${n}: ${mcpEnvDocs[n]}`).join('\n'),
    );
  }
  return config;
}
