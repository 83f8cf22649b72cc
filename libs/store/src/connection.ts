import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { registerSecret } from '@washops/shared-errors';
import { StoreUnavailableError } from './errors.js';
import { connectionFailure } from './failures.js';
import { schema } from './schema.js';

/** The one Drizzle type every query is written against, whatever the driver underneath. */
export type StoreDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export type StoreKind = 'postgres' | 'pglite';

/**
 * A live database behind one Drizzle handle. Every driver is reached through this seam, so a
 * PGlite served over its socket server (queried with node-postgres, STACK.md's "one session")
 * slots in as one more `connect…` function without touching the queries.
 */
export interface StoreConnection {
  readonly kind: StoreKind;
  readonly db: StoreDb;
  /** Where the data lives, safe to show (no password). */
  readonly location: string;
  close(): Promise<void>;
}

export interface PostgresOptions {
  /** Connections in the pool (default 10). */
  maxConnections?: number;
  /** Called when an idle pooled connection breaks; the pool replaces it on the next query. */
  onConnectionError?: (error: StoreUnavailableError) => void;
}

/** `postgres://user:secret@host/db` → `postgres://user@host/db`, for messages. */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    url.password = '';
    url.search = '';
    return url.toString();
  } catch {
    return '(a value that is not a URL)';
  }
}

export async function connectPostgres(databaseUrl: string, options: PostgresOptions = {}): Promise<StoreConnection> {
  const location = describeDatabaseUrl(databaseUrl);
  const password = safePassword(databaseUrl);
  registerSecret(password);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.maxConnections ?? 10, connectionTimeoutMillis: 10_000 });
  // Without a listener, a broken idle connection would crash the process.
  pool.on('error', (error) => {
    options.onConnectionError?.(new StoreUnavailableError(`The database connection at ${location} broke: ${describe(error)}`, { cause: error }));
  });
  const db = drizzlePostgres({ client: pool, schema }) as unknown as StoreDb;
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new StoreUnavailableError(`Cannot use the database named by DATABASE_URL (${location}): ${describe(error)}`, {
      cause: error,
      details: { database: location },
    });
  }
  return { kind: 'postgres', db, location, close: () => pool.end() };
}

export interface PgliteOptions {
  /** A folder that keeps the data across restarts; omitted means in memory. */
  dataDir?: string;
}

/** PGlite queried directly: only while no socket server runs on the same instance (STACK.md). */
export async function connectPglite(options: PgliteOptions = {}): Promise<StoreConnection> {
  const location = options.dataDir ? `PGlite in ${options.dataDir}` : 'PGlite in memory';
  let client: PGlite;
  try {
    if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
    client = await PGlite.create(options.dataDir ? { dataDir: options.dataDir } : {});
  } catch (error) {
    throw new StoreUnavailableError(`Cannot open the embedded database (${location}): ${describe(error)}`, {
      cause: error,
      details: { database: location },
    });
  }
  const db = drizzlePglite({ client, schema }) as unknown as StoreDb;
  return { kind: 'pglite', db, location, close: () => client.close() };
}

function safePassword(databaseUrl: string): string | undefined {
  try {
    return decodeURIComponent(new URL(databaseUrl).password) || undefined;
  } catch {
    return undefined;
  }
}

/** The failure in a few words: the connection cause when there is one, else the error's own message. */
function describe(error: unknown): string {
  const failure = connectionFailure(error);
  if (failure) return failure;
  return error instanceof Error ? error.message.split('\n')[0] ?? 'unknown error' : String(error);
}
