import { mkdir, rm } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { StoreUnavailableError } from '../errors.js';
import { connectionFailure } from '../failures.js';
import { createPglite } from './empty-cluster.js';
import { type EmbeddedLayout, SOCKET_PORT, socketPathFits } from './layout.js';
import type { Endpoint, HeldLock } from './lock.js';
import { wholeBatchesOf } from './whole-batches.js';

/**
 * Connections the socket server accepts from all processes together; past it, it resets them.
 * PGlite runs one query at a time, so more connections only queue: this leaves room for four
 * processes (the portal, the MCP server, a command line and a spare), each with an app pool of
 * `EMBEDDED_POOL_SIZE` (4) and as many again for a job queue (STACK.md checked 4 + 4).
 */
export const EMBEDDED_MAX_CONNECTIONS = 32;

/** How long `close()` lets a client's transaction that the server cut off roll back before PGlite closes. */
const ROLLBACK_WAIT_MS = 2_000;

/** PGlite and its socket server, run by the process holding the folder's lock. */
export interface EmbeddedHost {
  readonly endpoint: Endpoint;
  /** Socket server, PGlite, then the lock file. The caller ends its own pool first. */
  close(): Promise<void>;
}

/**
 * Opens PGlite in the folder and serves it on the folder's Unix socket (or on loopback TCP when
 * the socket's path is too long), then records the endpoint in the lock. `preferredPort` keeps a
 * TCP endpoint where clients already look after a takeover.
 */
export async function startHost(layout: EmbeddedLayout, lock: HeldLock, preferredPort = 0): Promise<EmbeddedHost> {
  let pglite: PGlite | undefined;
  let server: PGLiteSocketServer | undefined;
  try {
    await mkdir(layout.pgliteDir, { recursive: true });
    pglite = await createPglite(layout.pgliteDir);
    const unix = socketPathFits(layout);
    // Left by a host that crashed; the lock is ours, so nobody listens on it.
    if (unix) await rm(layout.socketPath, { force: true });
    const db = wholeBatchesOf(pglite);
    const serve = async (port: number) => {
      server = new PGLiteSocketServer(
        unix
          ? { db, path: layout.socketPath, maxConnections: EMBEDDED_MAX_CONNECTIONS }
          : { db, host: '127.0.0.1', port, maxConnections: EMBEDDED_MAX_CONNECTIONS },
      );
      await server.start();
      return server;
    };
    // The port clients already use may have been taken meanwhile: then any free one (they follow the lock).
    server = await serve(preferredPort).catch((error: unknown) => {
      if (unix || preferredPort === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      return serve(0);
    });
    const endpoint: Endpoint = unix ? { host: layout.dataDir, port: SOCKET_PORT } : { host: '127.0.0.1', port: tcpPort(server) };
    await lock.publish(endpoint);
    return hostOver(pglite, server, lock, endpoint);
  } catch (error) {
    await server?.stop().catch(() => undefined);
    await pglite?.close().catch(() => undefined);
    await lock.release().catch(() => undefined);
    throw new StoreUnavailableError(`Cannot open the embedded database in ${layout.dataDir}: ${describe(error)}`, {
      cause: error,
      details: { database: layout.dataDir },
    });
  }
}

function hostOver(pglite: PGlite, server: PGLiteSocketServer, lock: HeldLock, endpoint: Endpoint): EmbeddedHost {
  let closing: Promise<void> | undefined;
  return {
    endpoint,
    close() {
      closing ??= (async () => {
        await server.stop();
        // Stopping detaches every client; one cut off mid-transaction is rolled back on PGlite (real time: PGlite's own work).
        const until = Date.now() + ROLLBACK_WAIT_MS;
        while (pglite.isInTransaction() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
        await pglite.close();
        await lock.release();
      })();
      return closing;
    },
  };
}

function tcpPort(server: PGLiteSocketServer): number {
  return Number(server.getServerConn().split(':').at(-1));
}

function describe(error: unknown): string {
  return connectionFailure(error) ?? (error instanceof Error ? (error.message.split('\n')[0] ?? 'unknown error') : String(error));
}
