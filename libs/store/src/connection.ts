import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { registerSecret } from '@washops/shared-errors';
import { createPglite } from './embedded/empty-cluster.js';
import { embeddedLayout } from './embedded/layout.js';
import { type HeldLock, takeLockOrFindHost } from './embedded/lock.js';
import { StoreUnavailableError } from './errors.js';
import { connectionFailure, type CallGuard } from './failures.js';
import { schema } from './schema.js';

/** The one Drizzle type every query is written against, whatever the driver underneath. */
export type StoreDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export type StoreKind = 'postgres' | 'pglite';

/**
 * A live database behind one Drizzle handle. Every driver is reached through this seam: PostgreSQL
 * (`connectPostgres`), a data folder served by PGlite's socket server and queried with node-postgres
 * (`connectEmbedded`, STACK.md's "one session"), and PGlite queried directly (`connectPglite`).
 */
export interface StoreConnection {
  readonly kind: StoreKind;
  readonly db: StoreDb;
  /** Where the data lives, safe to show (no password). */
  readonly location: string;
  /** Set when the connection can recover from losing its server (an embedded client taking over). */
  readonly resilience?: ConnectionResilience;
  /** Where another node-postgres pool (the job queue's) connects; absent for PGlite queried directly. Holds secrets: never log it. */
  readonly jobQueueTarget?: JobQueueTarget;
  close(): Promise<void>;
}

/** A node-postgres connection target: a URL (PostgreSQL) or a socket folder or loopback port (the embedded host). */
export type JobQueueTarget = { connectionString: string } | { host: string; port: number; user: string; database: string };

/** Run around every query of a connection that can recover from losing its server (an embedded client taking over). */
export type ConnectionResilience = CallGuard;

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
    options.onConnectionError?.(new StoreUnavailableError(`The database connection at ${location} broke: ${describeFailure(error)}`, { cause: error }));
  });
  const db = drizzlePostgres({ client: pool, schema }) as unknown as StoreDb;
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new StoreUnavailableError(`Cannot use the database named by DATABASE_URL (${location}): ${describeFailure(error)}`, {
      cause: error,
      details: { database: location },
    });
  }
  return { kind: 'postgres', db, location, jobQueueTarget: { connectionString: databaseUrl }, close: () => pool.end() };
}

export interface PgliteOptions {
  /** A data folder (PGlite in its `pglite/` subfolder, as `openStore` lays it out); omitted means in memory. */
  dataDir?: string;
}

/**
 * PGlite queried directly, in this process, with no socket server (STACK.md: a direct query beside
 * socket clients would run inside their transactions). For memory (tests) and for tools that open a
 * data folder nobody serves: a folder that a running process hosts is refused, and its lock is held
 * until `close()`.
 */
export async function connectPglite(options: PgliteOptions = {}): Promise<StoreConnection> {
  const layout = options.dataDir ? embeddedLayout(options.dataDir) : undefined;
  const location = layout ? `PGlite in ${layout.dataDir}` : 'PGlite in memory';
  let lock: HeldLock | undefined;
  let client: PGlite;
  try {
    if (layout) {
      await mkdir(layout.pgliteDir, { recursive: true, mode: 0o700 });
      const outcome = await takeLockOrFindHost(layout);
      if ('holder' in outcome) {
        throw new StoreUnavailableError(`The embedded database in ${layout.dataDir} is in use by process ${outcome.holder.pid}; open it with openStore instead.`, {
          details: { database: location },
        });
      }
      lock = outcome.held;
      await lock.publish('direct');
    }
    client = await createPglite(layout?.pgliteDir);
  } catch (error) {
    await lock?.release();
    if (error instanceof StoreUnavailableError) throw error;
    throw new StoreUnavailableError(`Cannot open the embedded database (${location}): ${describeFailure(error)}`, {
      cause: error,
      details: { database: location },
    });
  }
  const db = drizzlePglite({ client, schema }) as unknown as StoreDb;
  return {
    kind: 'pglite',
    db,
    location,
    async close() {
      await client.close();
      await lock?.release();
    },
  };
}

function safePassword(databaseUrl: string): string | undefined {
  try {
    return decodeURIComponent(new URL(databaseUrl).password) || undefined;
  } catch {
    return undefined;
  }
}

/** The failure in a few words: the connection cause when there is one, else the error's own message. */
export function describeFailure(error: unknown): string {
  const failure = connectionFailure(error);
  if (failure) return failure;
  return error instanceof Error ? error.message.split('\n')[0] ?? 'unknown error' : String(error);
}
