// Working a run: the lease, bounded concurrency, cancel from anywhere, progress after every row.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { describeError, safeLog, type Logger } from '@washops/client-core';
import { RunInProgressError, ValidationError } from '@washops/shared-errors';
import type { BulkRowRecord, BulkRunRecord, LeaseHolder, LeaseRules, Store } from '@washops/store';
import type { Actor } from '../actor.js';
import type { OperationsLogger } from '../audited-write.js';
import type { BackofficeReads } from '../connection.js';
import type { Operations } from '../operations.js';
import { isRetryable, resumeOrder, workCreate, workDisable, type RowWork } from './row-work.js';
import { BULK_LIMITS, type BulkProgress } from './types.js';

/** A holder silent this long is gone (its process died on another host, or hangs). */
export const LEASE_STALE_AFTER_MS = 30_000;
/** How often the holder says it is alive, and reads the cancel flag. */
export const HEARTBEAT_EVERY_MS = 5_000;

/** Whether a process on this host is gone: signal 0 tests it without touching it (EPERM: alive, another user's). */
export function isPidDead(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export const leaseRules: LeaseRules = { staleAfterMs: LEASE_STALE_AFTER_MS, isDeadOnThisHost: isPidDead };

export function newLeaseHolder(): LeaseHolder {
  const host = hostname();
  return { id: `${host}:${process.pid}:${randomBytes(6).toString('hex')}`, host, pid: process.pid };
}

export interface RunDeps {
  store: Store;
  operations: Operations;
  reads: BackofficeReads;
  logger: OperationsLogger | undefined;
}

export interface WorkOptions {
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: BulkProgress) => void) | undefined;
  concurrency?: number | undefined;
  /** Whose writes these are in the audit log; the run's creator when not given. */
  actor?: Actor | undefined;
}

export function concurrencyOf(value: number | undefined, fallback: number): number {
  const concurrency = value ?? fallback;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > BULK_LIMITS.maxConcurrency) {
    throw new ValidationError(`concurrency must be a whole number from 1 to ${BULK_LIMITS.maxConcurrency}.`, { details: { field: 'concurrency' } });
  }
  return concurrency;
}

/** Whether a resume works on this row: not yet run, unsettled, half done, or failed with nothing applied. */
export function isLeftToWork(row: BulkRowRecord): boolean {
  return row.state === 'pending' || row.state === 'running' || row.state === 'partial' || isRetryable(row);
}

/** The rows a run still has to work, unknown outcomes first: done rows and failures that may have applied are left. */
function rowsToWork(rows: BulkRowRecord[]): BulkRowRecord[] {
  return rows
    .filter(isLeftToWork)
    .sort((a, b) => resumeOrder(a.state) - resumeOrder(b.state) || a.rowNumber - b.rowNumber);
}

/** Progress of this stint: counts from the store, speed from the rows this process finished. */
class ProgressMeter {
  readonly #startedAt = Date.now();
  #finishedHere = 0;
  inFlight = 0;

  constructor(
    private readonly store: Store,
    private readonly run: BulkRunRecord,
  ) {}

  rowFinished(): void {
    this.#finishedHere++;
  }

  async read(): Promise<BulkProgress> {
    const counts = (await this.store.bulkRuns.counts([this.run.id])).get(this.run.id);
    return progressOf(this.run.rowsTotal, counts?.byState, { inFlight: this.inFlight, finished: this.#finishedHere, elapsedMs: Date.now() - this.#startedAt });
  }
}

/** Partial rows count with the failed: they need a resume or a hand. */
export function progressOf(
  total: number,
  byState: Record<string, number> | undefined,
  stint: { inFlight: number; finished: number; elapsedMs: number } = { inFlight: 0, finished: 0, elapsedMs: 0 },
): BulkProgress {
  const done = byState?.['done'] ?? 0;
  const partial = byState?.['partial'] ?? 0;
  const failed = (byState?.['failed'] ?? 0) + partial;
  const remaining = Math.max(0, total - done - failed);
  const ratePerMinute = stint.finished > 0 && stint.elapsedMs > 0 ? (stint.finished / stint.elapsedMs) * 60_000 : null;
  const etaMs = ratePerMinute ? Math.round((remaining / ratePerMinute) * 60_000) : null;
  return { total, done, failed, partial, remaining, inFlight: stint.inFlight, ratePerMinute, etaMs };
}

/**
 * Works the run's remaining rows as `options.actor` (else the run's creator). The lease makes this the only process on it; each row is claimed
 * in the store before its write. Abort or Cancel: no new row is taken, the rows in flight finish, the run is
 * `cancelled`. Ends `finished` when every row is done or failed, else `interrupted` (a resume picks up the rest).
 */
export async function executeRun(deps: RunDeps, run: BulkRunRecord, options: WorkOptions): Promise<BulkRunRecord> {
  const concurrency = concurrencyOf(options.concurrency, run.concurrency);
  // A finished run is opened again only for rows a resume works on (failed with nothing applied); else nothing to do.
  if (run.state === 'finished' && !(await deps.store.bulkRuns.rows(run.id)).some(isLeftToWork)) return run;
  const holder = newLeaseHolder();
  const lease = await deps.store.bulkRuns.acquire(run.id, holder, leaseRules, { reopenFinished: true });
  if (lease.heldBy) {
    const { id, host, pid, heartbeatAt } = lease.heldBy;
    throw new RunInProgressError(`Another process (pid ${pid} on ${host}) is working on this run; wait for it to end, or cancel it.`, {
      details: { runId: run.id, heldBy: { holder: id, host, pid, heartbeatAt: heartbeatAt?.toISOString() ?? null } },
    });
  }
  const held = lease.run;
  if (held.state === 'finished') return held;
  const log = (level: 'info' | 'warn' | 'error', entry: Record<string, unknown>, msg: string) =>
    safeLog(deps.logger as Logger | undefined, level, { runId: run.id, ...entry }, msg);
  let stopping: 'cancel' | 'leaseLost' | undefined;
  const heartbeat = setInterval(() => {
    deps.store.bulkRuns.heartbeat(run.id, holder.id).then(
      (beat) => {
        if (!beat.held) stopping = 'leaseLost';
        else if (beat.cancelRequested) stopping ??= 'cancel';
      },
      (error: unknown) => log('warn', { error: describeError(error) }, 'bulk run heartbeat failed; retrying'),
    );
  }, HEARTBEAT_EVERY_MS);
  heartbeat.unref?.();

  const work: RowWork = { store: deps.store, runId: run.id, holderId: holder.id, writes: deps.operations.as(options.actor ?? held.actor), reads: deps.reads };
  const meter = new ProgressMeter(deps.store, held);
  const report = async () => {
    if (!options.onProgress) return;
    try {
      options.onProgress(await meter.read());
    } catch (error) {
      log('warn', { error: describeError(error) }, 'bulk progress listener failed; the run goes on');
    }
  };
  try {
    const queue = rowsToWork(await deps.store.bulkRuns.rows(run.id));
    const secrets = await deps.store.bulkRuns.readSecrets(run.id);
    await report();
    log('info', { rows: queue.length, concurrency }, 'bulk run started');
    const shouldStop = async (): Promise<boolean> => {
      if (options.signal?.aborted) stopping ??= 'cancel';
      if (!stopping && (await deps.store.bulkRuns.isCancelRequested(run.id))) stopping = 'cancel';
      return stopping !== undefined;
    };
    const worker = async () => {
      for (;;) {
        if (await shouldStop()) return;
        const row = queue.shift();
        if (!row) return;
        meter.inFlight++;
        let worked = false;
        try {
          worked = held.kind === 'disable' ? await workDisable(work, row) : await workCreate(work, row, secrets.get(row.rowNumber));
        } catch (error) {
          // A store failure mid-row: the row keeps its recorded state (a resume settles it), the run stops.
          log('error', { row: row.rowNumber, error: describeError(error) }, 'bulk row could not be recorded; stopping the run');
          stopping ??= 'leaseLost';
          throw error;
        } finally {
          meter.inFlight--;
          // A row another claim took, or whose outcome is still unknown, says nothing about this process's speed.
          if (worked) meter.rowFinished();
        }
        await report();
      }
    };
    const results = await Promise.allSettled(Array.from({ length: concurrency }, worker));
    const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure) throw failure.reason;
  } catch (error) {
    // Let go of the run so this process (or another) can resume it at once; its rows keep what was recorded.
    await deps.store.bulkRuns.release(run.id, holder.id, 'interrupted').catch(() => null);
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
  if (stopping === 'leaseLost') return deps.store.bulkRuns.get(run.id);
  // Finished once every row is done or failed; a row pending, unsettled or half-done leaves the run resumable.
  const unfinished = (await deps.store.bulkRuns.rows(run.id)).filter((row) => row.state === 'pending' || row.state === 'running' || row.state === 'partial');
  const left = unfinished.length;
  const end = left === 0 ? 'finished' : stopping === 'cancel' ? 'cancelled' : 'interrupted';
  const ended = await deps.store.bulkRuns.release(run.id, holder.id, end);
  const partialRows = unfinished.filter((row) => row.state === 'partial').map((row) => row.rowNumber);
  log('info', { state: end, left, partialRows }, partialRows.length === left && left > 0 ? 'bulk run stopped with rows half done' : 'bulk run ended');
  return ended ?? deps.store.bulkRuns.get(run.id);
}
