import { join, resolve } from 'node:path';

/** The port in the socket's name: node-postgres reaches `<folder>/.s.PGSQL.<port>` with `host: <folder>`. */
export const SOCKET_PORT = 5432;

/** `sun_path` holds 108 bytes on Linux and 104 on macOS, both counting the final NUL. */
export const MAX_SOCKET_PATH_BYTES = 103;

/** What the store keeps in a data folder. */
export interface EmbeddedLayout {
  /** The data folder, absolute. */
  dataDir: string;
  /** PGlite's own files. */
  pgliteDir: string;
  /** Held by the process that hosts the database: its pid and where it listens. */
  lockFile: string;
  /** Held for the instant a stale lock is removed, so two processes never remove each other's lock. */
  takeoverFile: string;
  /** The Unix socket the host listens on, when its path fits. */
  socketPath: string;
}

export function embeddedLayout(dataDir: string): EmbeddedLayout {
  const absolute = resolve(dataDir);
  return {
    dataDir: absolute,
    pgliteDir: join(absolute, 'pglite'),
    lockFile: join(absolute, 'store.lock'),
    takeoverFile: join(absolute, 'store.lock.takeover'),
    socketPath: join(absolute, `.s.PGSQL.${SOCKET_PORT}`),
  };
}

/** False when the socket's path is too long for the OS (or on Windows): the host then listens on loopback TCP. */
export function socketPathFits(layout: EmbeddedLayout): boolean {
  return process.platform !== 'win32' && Buffer.byteLength(layout.socketPath) <= MAX_SOCKET_PATH_BYTES;
}
