import { randomBytes } from 'node:crypto';
import { link, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { StoreUnavailableError } from '../errors.js';
import type { EmbeddedLayout } from './layout.js';

/** Where the host's socket server listens, in node-postgres terms (`host` is a folder for a Unix socket). */
export interface Endpoint {
  host: string;
  port: number;
}

/** What the lock file holds: who hosts the folder and, once it listens, where. */
export interface LockRecord {
  pid: number;
  /** Tells two lock files of one pid apart (a pid is reused after a restart). */
  nonce: string;
  startedAt: string;
  endpoint?: Endpoint;
  /** Held by a process that opened PGlite directly (`connectPglite`): it serves no one. */
  direct?: boolean;
}

/** The folder's lock, held by this process while it hosts the database. */
export interface HeldLock {
  readonly record: LockRecord;
  /** Records where the socket server listens, so clients can connect; or that nobody can (`direct`). */
  publish(endpoint: Endpoint | 'direct'): Promise<void>;
  /** Removes the lock file if it is still ours. */
  release(): Promise<void>;
}

export type LockOutcome = { held: HeldLock } | { holder: LockRecord };

/**
 * Lock files this process holds: the same pid in a lock file we do not hold is a previous life of this pid.
 * Kept on `globalThis`, so a second copy of this module (a bundler's chunk, a hot reload) sees the same set
 * and never takes this process's own lock for a stale one.
 */
const HELD_HERE = Symbol.for('@washops/store:held-locks');
const heldHere: Set<string> = ((globalThis as Record<symbol, Set<string> | undefined>)[HELD_HERE] ??= new Set<string>());

/** Long enough for a fresh folder's first start on a busy machine (PGlite's initdb takes seconds). */
const HOST_START_WAIT_MS = 90_000;
const POLL_MS = 50;
/** Writing a pid into a fresh guard takes microseconds; an empty one this old was abandoned. */
const UNWRITTEN_GUARD_MS = 10_000;

export function isProcessAlive(pid: number): boolean {
  // 0 and negative pids address process groups, not one process.
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A holder is live when its process runs; our own pid counts only for a lock this process really holds. */
export function isLiveHolder(record: LockRecord, layout: EmbeddedLayout): boolean {
  if (record.pid === process.pid) return heldHere.has(layout.lockFile);
  return isProcessAlive(record.pid);
}

export async function readLock(file: string): Promise<LockRecord | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as LockRecord;
    if (Number.isSafeInteger(parsed.pid) && typeof parsed.nonce === 'string') return parsed;
  } catch {
    // Unreadable: treated as left over below.
  }
  return { pid: -1, nonce: `unreadable:${text}`, startedAt: '' };
}

/** Writes `record` to a private temporary file next to `target`, for `link` or `rename` into place. */
async function stage(target: string, record: LockRecord): Promise<string> {
  const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(JSON.stringify(record));
    await handle.sync();
  } finally {
    await handle.close();
  }
  return temporary;
}

/** O_EXCL-style creation that never shows a half-written file: `link` fails if the lock exists. */
async function createLock(layout: EmbeddedLayout): Promise<HeldLock | null> {
  const record: LockRecord = { pid: process.pid, nonce: randomBytes(8).toString('hex'), startedAt: new Date().toISOString() };
  const temporary = await stage(layout.lockFile, record);
  try {
    await link(temporary, layout.lockFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw error;
  } finally {
    await rm(temporary, { force: true });
  }
  heldHere.add(layout.lockFile);
  return heldLock(layout, record);
}

function heldLock(layout: EmbeddedLayout, record: LockRecord): HeldLock {
  let current = record;
  return {
    get record() {
      return current;
    },
    async publish(endpoint) {
      current = endpoint === 'direct' ? { ...current, direct: true } : { ...current, endpoint };
      await rename(await stage(layout.lockFile, current), layout.lockFile);
    },
    async release() {
      const onDisk = await readLock(layout.lockFile).catch(() => null);
      if (onDisk?.nonce === current.nonce) await rm(layout.lockFile, { force: true });
      heldHere.delete(layout.lockFile);
    },
  };
}

/**
 * Removes a lock whose holder is gone. Only the process holding the takeover guard (itself an
 * exclusive file) may remove it, and only if it still is the record seen as stale: two processes
 * finding one stale lock cannot remove each other's fresh lock.
 */
async function removeStaleLock(layout: EmbeddedLayout, stale: LockRecord): Promise<void> {
  let guard;
  try {
    guard = await open(layout.takeoverFile, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // A guard left by a process that died mid-takeover would otherwise block the folder for good.
    if (await isAbandonedGuard(layout.takeoverFile)) await rm(layout.takeoverFile, { force: true });
    else await delay(POLL_MS);
    return;
  }
  try {
    await guard.writeFile(String(process.pid));
    const again = await readLock(layout.lockFile);
    if (again?.nonce === stale.nonce) await rm(layout.lockFile, { force: true });
  } finally {
    await guard.close();
    await rm(layout.takeoverFile, { force: true });
  }
}

/** A guard whose process is gone, or one never written (its process died at once) that has sat there a while. */
async function isAbandonedGuard(file: string): Promise<boolean> {
  const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
  if (pid > 0) return pid !== process.pid && !isProcessAlive(pid);
  const writtenAt = await stat(file).then((info) => info.mtimeMs, () => Date.now());
  return Date.now() - writtenAt > UNWRITTEN_GUARD_MS;
}

/**
 * Takes the folder's lock, or names the live process that holds it. A lock whose process is gone
 * is stale and taken over. A holder still starting (no endpoint yet) is waited for.
 * File-system failures (a folder that cannot be written) are thrown as they are, for the caller to word.
 */
export async function takeLockOrFindHost(layout: EmbeddedLayout): Promise<LockOutcome> {
  const deadline = Date.now() + HOST_START_WAIT_MS;
  while (Date.now() < deadline) {
    const held = await createLock(layout);
    if (held) return { held };
    const holder = await readLock(layout.lockFile);
    if (!holder) continue;
    if (!isLiveHolder(holder, layout)) {
      await removeStaleLock(layout, holder);
      continue;
    }
    if (holder.endpoint || holder.direct) return { holder };
    await delay(POLL_MS);
  }
  const holder = await readLock(layout.lockFile).catch(() => null);
  throw new StoreUnavailableError(
    `The embedded database in ${layout.dataDir} is held by process ${holder?.pid ?? '(unknown)'}, which did not finish starting. ` +
      `If no WashOps process is running, remove ${layout.lockFile} and start again.`,
    { details: { database: layout.dataDir } },
  );
}

/** Real time, not the clock: it waits on other processes and the file system. */
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
