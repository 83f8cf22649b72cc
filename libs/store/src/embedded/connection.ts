import { mkdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { WashOpsError } from '@washops/shared-errors';
import { describeFailure, type StoreConnection, type StoreDb } from '../connection.js';
import { StoreUnavailableError } from '../errors.js';
import { connectionFailure } from '../failures.js';
import { schema } from '../schema.js';
import { type EmbeddedHost, startHost } from './host.js';
import { embeddedLayout, type EmbeddedLayout } from './layout.js';
import { type Endpoint, takeLockOrFindHost } from './lock.js';

/**
 * Each process's node-postgres pool on the socket. PGlite answers one query at a time, so a bigger
 * pool would only queue; 4 lets a transaction wait without blocking every other request.
 */
export const EMBEDDED_POOL_SIZE = 4;

/** How long `close()` waits for queries in flight before the host stops serving them. */
const CLOSE_WAIT_MS = 5_000;

export interface EmbeddedOptions {
  /** An idle pooled connection broke (the host went away); the next query takes over or reconnects. */
  onConnectionError?: (error: StoreUnavailableError) => void;
}

/** A data folder reached through node-postgres, whichever process hosts it. */
export interface EmbeddedConnection extends StoreConnection {
  /** `host` while this process serves the folder, `client` while another one does. */
  role(): 'host' | 'client';
}

interface Attached {
  endpoint: Endpoint;
  host: EmbeddedHost | null;
}

/** Hosts the folder when nobody does (or its holder is gone), else finds the live host. */
async function attach(layout: EmbeddedLayout, preferredPort?: number): Promise<Attached> {
  let outcome;
  try {
    outcome = await takeLockOrFindHost(layout);
  } catch (error) {
    if (error instanceof StoreUnavailableError) throw error;
    throw new StoreUnavailableError(`Cannot use the lock of the embedded database in ${layout.dataDir}: ${describeFailure(error)}`, {
      cause: error,
      details: { database: layout.dataDir },
    });
  }
  if ('held' in outcome) {
    const host = await startHost(layout, outcome.held, preferredPort);
    return { endpoint: host.endpoint, host };
  }
  const { holder } = outcome;
  if (!holder.endpoint) {
    throw new StoreUnavailableError(
      `The embedded database in ${layout.dataDir} is open in process ${holder.pid} by a tool that serves no one; retry once it has finished.`,
      { details: { database: layout.dataDir } },
    );
  }
  return { endpoint: holder.endpoint, host: null };
}

/**
 * Opens the data folder: the first process becomes its host (PGlite behind its socket server),
 * later ones its clients. Either way every query goes through node-postgres over the socket, never
 * to the PGlite object directly (STACK.md: PGlite has one session). When the host goes away, a
 * client's queries fail with `StoreUnavailableError`, and the next one takes the folder over.
 */
export async function connectEmbedded(dataDir: string, options: EmbeddedOptions = {}): Promise<EmbeddedConnection> {
  const layout = embeddedLayout(dataDir);
  const location = `PGlite in ${layout.dataDir}`;
  // Whoever can reach the socket can read everything: the folder is the owner's alone.
  await mkdir(layout.dataDir, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
    throw new StoreUnavailableError(`Cannot create the data folder ${layout.dataDir}: ${describeFailure(error)}`, { cause: error });
  });
  let { endpoint, host } = await attach(layout);
  let lost = false;
  let closed = false;
  let recovering: Promise<void> | undefined;
  let closing: Promise<void> | undefined;

  const pool = new pg.Pool({ ...endpoint, user: 'postgres', database: 'postgres', max: EMBEDDED_POOL_SIZE, connectionTimeoutMillis: 10_000 });
  const hostStopped = (cause: unknown) =>
    new StoreUnavailableError(`The process holding the embedded database in ${layout.dataDir} stopped; retry in a few seconds.`, {
      cause,
      details: { database: layout.dataDir },
    });
  // Without a listener, a broken idle connection would crash the process.
  pool.on('error', (error) => {
    if (closed) return;
    if (!host) lost = true;
    options.onConnectionError?.(host ? new StoreUnavailableError(`The embedded database connection broke: ${describeFailure(error)}`, { cause: error }) : hostStopped(error));
  });
  const db = drizzle({ client: pool, schema }) as unknown as StoreDb;
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    await pool.end().catch(() => undefined);
    await host?.close().catch(() => undefined);
    throw new StoreUnavailableError(
      host
        ? `Cannot use the embedded database in ${layout.dataDir}: ${describeFailure(error)}`
        : `The embedded database in ${layout.dataDir} is held by another process, which does not answer (${describeFailure(error)}). ` +
          `If no WashOps process is running, remove ${layout.lockFile} and start again.`,
      { cause: error, details: { database: layout.dataDir } },
    );
  }

  async function takeOverOrReconnect(): Promise<void> {
    const next = await attach(layout, endpoint.port);
    if (closed) return void (await next.host?.close());
    host = next.host;
    // A TCP host that could not reuse the port: new connections go to the new one.
    if (next.endpoint.host !== endpoint.host || next.endpoint.port !== endpoint.port) Object.assign(pool.options, next.endpoint);
    endpoint = next.endpoint;
    lost = false;
  }

  return {
    kind: 'pglite',
    db,
    location,
    role: () => (host ? 'host' : 'client'),
    get jobQueueTarget() {
      return { ...endpoint, user: 'postgres', database: 'postgres' };
    },
    resilience: {
      async ready() {
        if (!lost || closed) return;
        recovering ??= takeOverOrReconnect().finally(() => (recovering = undefined));
        await recovering;
      },
      explain(error: WashOpsError): WashOpsError {
        if (host || closed || !isConnectionLoss(error)) return error;
        lost = true;
        return hostStopped(error);
      },
    },
    close() {
      closed = true;
      closing ??= (async () => {
        await recovering?.catch(() => undefined);
        // A transaction still running gets a moment to finish; stopping the server then cuts it off.
        await Promise.race([pool.end().catch(() => undefined), delay(CLOSE_WAIT_MS)]);
        await host?.close();
      })();
      return closing;
    },
  };
}

/** Refused, reset or ended connections, and a socket file that is gone (ENOENT, which is no network code). */
function isConnectionLoss(error: unknown): boolean {
  if (connectionFailure(error)) return true;
  for (let item = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; item && depth < 8; depth++) {
    if (item.code === 'ENOENT') return true;
    item = item.cause as typeof item;
  }
  return false;
}

/** Real time, not the clock: it waits on the host process's socket. */
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
