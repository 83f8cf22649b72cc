import { APIError, APITimeoutError, NotFoundError } from '@washops/shared-errors';
import { throwIfAborted, type Clock, type Logger } from '@washops/client-core';
import { linkSignals, sleepUntil } from './abort.js';
import type { TransactionJobItem } from '../models.js';
import type { LoadJobProgress } from '../params.js';
import { parseJobItems, pollJob, submitJobPage, type JobCriteria, type PollResult } from './jobs.js';
import { callHook } from './logger.js';
import { PAGE_SIZE } from './paginate.js';
import { Semaphore } from './semaphore.js';
import type { Transport } from './transport.js';

export interface JobRunOptions {
  startPage: number;
  pollIntervalMs: number;
  timeoutMs: number;
  concurrency: number;
  signal: AbortSignal | undefined;
  onProgress: ((progress: LoadJobProgress) => void) | undefined;
  logger: Logger | undefined;
  /** The client's: what one job taught carries over to the next, so even a job's first page is polled about once. */
  estimator: JobDurationEstimator;
  /** The client's, the one its transport stamps `sentAt` with: polls and the page deadline are read on it. */
  clock: Clock;
}

/**
 * Learns how long a job takes, so later pages are first polled when they are likely done: one poll
 * per page instead of a poll every interval. Uses recent pages only, so it follows drift.
 */
export class JobDurationEstimator {
  private readonly doneBy: number[] = [];
  private readonly notDoneAt: number[] = [];

  /** A poll `elapsedMs` after the submit found the job still working. */
  working(elapsedMs: number): void {
    push(this.notDoneAt, elapsedMs);
  }

  /**
   * A poll `elapsedMs` after the submit found the job done. Only a poll sent about when it was due
   * teaches the length: one held back by a busy request budget was done long before it was sent, and
   * learning from it would delay every later first poll, which costs most when the budget is idle.
   */
  done(elapsedMs: number, lateByMs: number): void {
    if (lateByMs <= Math.max(ON_TIME_TOLERANCE_MS, elapsedMs / 4)) push(this.doneBy, elapsedMs);
  }

  /** How long after a submit to poll first; 0 (at once) until a job has been seen finishing. */
  firstPollDelayMs(): number {
    if (this.doneBy.length === 0) return 0;
    const optimistic = Math.min(...this.doneBy);
    const floor = this.notDoneAt.length > 0 ? Math.max(...this.notDoneAt) : 0;
    return Math.max(optimistic, floor);
  }
}

/** How late a poll may go out and still count as sent when due (timers and the event loop are not exact). */
const ON_TIME_TOLERANCE_MS = 50;

function push(list: number[], value: number): void {
  list.push(value);
  if (list.length > 5) list.shift();
}

/**
 * Runs a multi-page batch export: each page is its own job (submit, then poll until `pass` or
 * `fail`). The first page's `total` decides the rest; at most `concurrency` pages are in flight and
 * the shared rate limiter paces every request. Results come back flat, in page order. The first
 * failure aborts the other pages and is rethrown.
 */
export async function runJob(transport: Transport, criteria: JobCriteria, options: JobRunOptions): Promise<TransactionJobItem[]> {
  const run = linkSignals(options.signal);
  const estimator = options.estimator;
  const slots = new Semaphore(options.concurrency);
  const results = new Map<number, TransactionJobItem[]>();
  const inFlight: Array<Promise<void>> = [];
  let failure: { error: unknown } | undefined;
  let pagesTotal: number | null = null;
  let total: number | null = null;
  let records = 0;

  const report = (): void => callHook(options.logger, 'loadJob onProgress', options.onProgress, { pagesDone: results.size, pagesTotal, records, total });
  const start = async (page: number, onTotal?: (total: number | null) => void): Promise<{ done: Promise<void> }> => {
    await slots.acquire(run.signal);
    const pageDone = runOnePage(transport, criteria, page, options, estimator, run.signal, onTotal)
      .then((items) => {
        results.set(page, items);
        records += items.length;
        report();
      })
      .finally(() => slots.release());
    pageDone.catch((error: unknown) => {
      if (failure) return;
      failure = { error };
      run.abort(error);
    });
    inFlight.push(pageDone);
    return { done: pageDone };
  };
  const settle = async (): Promise<void> => {
    await Promise.allSettled(inFlight);
    if (failure) throw failure.error;
    throwIfAborted(run.signal);
  };

  try {
    const first = options.startPage;
    let lastPage: number | null = null;
    // The other pages may start as soon as any answer of the first page carries `total`.
    let resolveTotal!: (total: number | null) => void;
    const totalKnown = new Promise<number | null>((resolve) => (resolveTotal = resolve));
    const onFirstTotal = (firstTotal: number | null): void => {
      if (firstTotal !== null && lastPage === null) {
        total = firstTotal;
        lastPage = Math.max(first, Math.ceil(firstTotal / PAGE_SIZE));
        pagesTotal = lastPage - first + 1;
      }
      resolveTotal(firstTotal);
    };
    const { done: firstDone } = await start(first, onFirstTotal);
    await Promise.race([totalKnown, firstDone.then(() => null, () => null)]);
    if (lastPage !== null && !failure) {
      for (let page = first + 1; page <= lastPage && !failure; page++) {
        try {
          await start(page);
        } catch {
          break; // aborted while waiting for a slot; `settle` reports why
        }
      }
    }
    await settle();
    if (lastPage === null) {
      // No total anywhere: follow full pages one at a time until a short one.
      for (let page = first; (results.get(page)?.length ?? 0) >= PAGE_SIZE; page++) {
        await start(page + 1);
        await settle();
      }
      pagesTotal = results.size;
      report();
    }
    return [...results.keys()].sort((a, b) => a - b).flatMap((page) => results.get(page) ?? []);
  } finally {
    run.dispose();
  }
}

async function runOnePage(
  transport: Transport,
  criteria: JobCriteria,
  page: number,
  options: JobRunOptions,
  estimator: JobDurationEstimator,
  signal: AbortSignal,
  onTotal: ((total: number | null) => void) | undefined,
): Promise<TransactionJobItem[]> {
  let resubmitted = false;
  let job = await submitJobPage(transport, criteria, page, signal);
  if (job.total !== null) onTotal?.(job.total);
  const deadline = job.sentAt + options.timeoutMs;
  let lastPollAt: number | undefined;
  for (;;) {
    const due =
      lastPollAt === undefined ? job.sentAt + estimator.firstPollDelayMs() : lastPollAt + options.pollIntervalMs;
    const pollDue = Math.min(due, deadline);
    await sleepUntil(options.clock, pollDue, signal);
    let result: PollResult;
    try {
      result = await pollJob(transport, job.hash, signal);
    } catch (error) {
      // The job cache expired (404): ask for the page again, once.
      if (error instanceof NotFoundError && !resubmitted) {
        resubmitted = true;
        job = await submitJobPage(transport, criteria, page, signal);
        lastPollAt = undefined;
        continue;
      }
      throw error;
    }
    lastPollAt = result.sentAt;
    const elapsed = result.sentAt - job.sentAt;
    if (result.total !== null) onTotal?.(result.total);
    if (result.status === 'pass') {
      estimator.done(elapsed, result.sentAt - Math.max(pollDue, job.sentAt));
      return parseJobItems(result.items, page);
    }
    if (result.status === 'fail') {
      throw new APIError('Batch job failed', { details: { page, hash: job.hash, status: 'fail' } });
    }
    estimator.working(elapsed);
    if (options.clock.now() >= deadline) {
      throw new APITimeoutError(
        `Batch job page ${page} was still "${result.status}" after ${options.timeoutMs} ms; try a shorter range or a longer timeoutMs`,
        { details: { page, hash: job.hash, status: result.status, timeoutMs: options.timeoutMs } },
      );
    }
  }
}
