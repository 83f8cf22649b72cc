import { safeLog, type Clock, type Logger } from '@washops/client-core';
import { APIError, APITimeoutError, isWashOpsError, toPublicError } from '@washops/shared-errors';
import { StoreUnavailableError, type PgBoss, type SiteDayKey, type Store } from '@washops/store';
import type { TransactionsClient } from '@washops/transactions-client';
import { activeUnitKeys, JOB_CACHE_MS, NIGHTLY_QUEUE, queueSizes, sendUnits, siteDayJobOptions, SITE_DAY_QUEUE, unitKey, type QueueTiming, type SiteDayJobData } from './queue.js';
import { fetchSiteDay, type SiteDirectory } from './site-day.js';
import type { SyncUnitEvent, SyncWorker, SyncWorkerOptions } from './types.js';

/** How often a worker reads the pause switch and, with `exitWhenIdle`, whether the queue is empty. */
const WATCH_INTERVAL_MS = 500;
/** How long an idle slot waits before it looks at the queue again. */
const IDLE_POLL_MS = 250;
const SETTLE_ATTEMPTS = 5;
/**
 * How often a worker returns the jobs of a process that died (pg-boss's own maintenance runs only every two
 * minutes) and queues again the site-days they left `running`.
 */
const EXPIRE_INTERVAL_MS = 5_000;
/** A job taken just as the sync was paused goes back to the queue for this long. */
const PAUSED_DELAY_SECONDS = 5;
const ALL_DAYS = { from: '1970-01-01', to: '9999-12-31' } as const;

export interface WorkerContext {
  boss: PgBoss;
  store: Store;
  client: TransactionsClient;
  sites: SiteDirectory;
  timing: QueueTiming;
  pollIntervalMs: number;
  jobTimeoutMs: number;
  concurrency: number;
  logger: Logger | undefined;
  /** What the nightly job runs. */
  runNightly: () => Promise<unknown>;
}

/**
 * Network, server, time-out and failed-job errors, and a database gone or busy for a moment: worth another
 * try later. Not a record that does not fit the model (`details.issues`): the vendor would send it again.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  return error instanceof APIError && !Array.isArray(error.details['issues']);
}

/** The Data API ran the batch job and it ended `fail`. */
function isFailedBatchJob(error: unknown): boolean {
  return error instanceof APIError && error.details['status'] === 'fail';
}

type SiteDayJob = PgBoss.JobWithMetadata<SiteDayJobData>;

/**
 * Works the site-day queue with `concurrency` slots, one site-day in hand each. Each slot fetches a job
 * from pg-boss, works it and then completes or fails it, waiting for that answer and trying it again if
 * the database drops it (pg-boss's own `work` does not wait for its completion call, so a lost one
 * would leave the job active until it expires and an unhandled rejection in the process). A slot reads
 * the pause switch before each fetch: paused, it takes nothing. Recovery first: a `running` unit no
 * active job holds (its process died) goes back to `pending` and is queued.
 */
export async function startSyncWorker(ctx: WorkerContext, options: SyncWorkerOptions): Promise<SyncWorker> {
  const { boss, store, logger } = ctx;
  const concurrency = options.concurrency ?? ctx.concurrency;
  const stopping = new AbortController();
  let busy = 0;
  let lastExpire = 0;
  const report = (event: SyncUnitEvent): void => {
    try {
      options.onUnit?.(event);
    } catch {
      // A listener's failure is not the unit's.
    }
  };
  const warn = (error: unknown, msg: string) => safeLog(logger, 'warn', { error: toPublicError(error) }, msg);

  await recoverAbandoned(ctx);

  const takeJob = async (): Promise<SiteDayJob | undefined> => {
    if ((await store.warehouse.control()).paused) return undefined;
    const [job] = await boss.fetch<SiteDayJobData>(SITE_DAY_QUEUE, { batchSize: 1, includeMetadata: true });
    return job;
  };
  const slot = async (): Promise<void> => {
    while (!stopping.signal.aborted) {
      let job: SiteDayJob | undefined;
      try {
        job = await takeJob();
      } catch (error) {
        warn(error, 'warehouse sync: the worker could not read its queue; trying again');
      }
      if (!job) {
        await pause(IDLE_POLL_MS, stopping.signal, ctx.timing.clock);
        continue;
      }
      busy++;
      try {
        const outcome = await workUnit(ctx, job, report, stopping.signal);
        await settleJob(() => (outcome.retry ? boss.fail(SITE_DAY_QUEUE, job.id, { message: outcome.retry }) : boss.complete(SITE_DAY_QUEUE, job.id)));
      } catch (error) {
        warn(error, 'warehouse sync: a site-day job could not be settled; it comes back when it expires');
      } finally {
        busy--;
      }
    }
  };

  const watch = async (): Promise<boolean> => {
    if (busy === 0 && Date.now() - lastExpire >= EXPIRE_INTERVAL_MS) {
      lastExpire = Date.now();
      const sizes = await queueSizes(boss);
      // Only when nothing is left to take: jobs still active may be a dead process's (pg-boss's expiry
      // runs as one multi-statement transaction, which the embedded database's socket serves less well
      // beside other clients' queries, so it is run when needed, not on every turn).
      if (sizes.queued === 0 && sizes.active > 0) await boss.expire();
      await recoverAbandoned(ctx);
    }
    if (!options.exitWhenIdle || busy > 0) return false;
    const sizes = await queueSizes(boss);
    // Nothing queued: but a site-day whose job pg-boss gave up on while its process was dead is queued again first.
    return sizes.queued + sizes.active === 0 && (await recoverAbandoned(ctx)) === 0;
  };
  const watcher = (async () => {
    while (!stopping.signal.aborted) {
      try {
        if (await watch()) stopping.abort();
      } catch (error) {
        warn(error, 'warehouse sync: the worker could not read its queue; trying again');
      }
      await pause(WATCH_INTERVAL_MS, stopping.signal, ctx.timing.clock);
    }
  })();

  if (options.schedule !== false) {
    await boss.work(NIGHTLY_QUEUE, { batchSize: 1 }, async () => {
      await ctx.runNightly();
    });
  }
  const slots = Array.from({ length: concurrency }, () => slot());
  const done = Promise.allSettled([...slots, watcher]).then(async () => {
    if (options.schedule !== false) await boss.offWork(NIGHTLY_QUEUE).catch(() => undefined);
  });
  const stop = async (): Promise<void> => {
    stopping.abort();
    await done;
  };
  if (options.signal) {
    if (options.signal.aborted) stopping.abort();
    else options.signal.addEventListener('abort', () => stopping.abort(), { once: true });
  }
  return { done, stop };
}

/** Waits `ms` on the clock, or until the worker stops (then resolves, so the loop ends on its own). */
export async function pause(ms: number, signal: AbortSignal, clock: Clock): Promise<void> {
  await clock.sleep(ms, signal).catch(() => undefined);
}

/** Completes or fails a job, trying again a few times when the database drops the call. */
export async function settleJob(call: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await call();
      return;
    } catch (error) {
      if (attempt >= SETTLE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** Units left `running` by a worker that died, with no job active for them, go back to `pending` and to the queue. */
async function recoverAbandoned(ctx: WorkerContext): Promise<number> {
  const running = await ctx.store.warehouse.units({ ...ALL_DAYS, states: ['running'] });
  if (running.length === 0) return 0;
  const active = await activeUnitKeys(ctx.boss);
  const abandoned: SiteDayKey[] = running.filter((u) => !active.has(unitKey(u))).map((u) => ({ siteCode: u.siteCode, day: u.day }));
  if (abandoned.length === 0) return 0;
  await ctx.store.warehouse.releaseUnits(abandoned);
  await sendUnits(ctx.boss, abandoned, ctx.timing);
  safeLog(ctx.logger, 'info', { units: abandoned.length }, 'warehouse sync: site-days left running by a stopped worker were queued again');
  return abandoned.length;
}

/**
 * Claims the job's site-day. A job that comes back after its process died finds the unit still
 * `running` under its own old claim: when no other job holds the site-day, the claim is released first.
 */
async function claim(ctx: WorkerContext, job: SiteDayJob, key: SiteDayKey): Promise<boolean> {
  const { warehouse } = ctx.store;
  if (await warehouse.claimUnit(key)) return true;
  if (job.retryCount === 0) return false;
  const [unit] = await warehouse.units({ from: key.day, to: key.day, siteCodes: [key.siteCode] });
  if (unit?.state !== 'running' || (await activeUnitKeys(ctx.boss, job.id)).has(unitKey(key))) return false;
  await warehouse.releaseUnits([key]);
  return warehouse.claimUnit(key);
}

/**
 * `retry`: a transient failure's message, for pg-boss to try the job again later; otherwise the job is
 * complete. A worker told to stop abandons the site-day in hand at once: it goes back to `pending` under
 * a new job, its previous rows untouched, so a stop never waits for a long unit.
 */
async function workUnit(ctx: WorkerContext, job: SiteDayJob, report: (event: SyncUnitEvent) => void, stopping: AbortSignal): Promise<{ retry?: string }> {
  const { store, logger } = ctx;
  const key: SiteDayKey = { siteCode: job.data.siteCode, day: job.data.day };
  if ((await store.warehouse.control()).paused) {
    // Taken as the pause began: back to the queue; the unit stays `pending`.
    await sendUnits(ctx.boss, [key], ctx.timing, PAUSED_DELAY_SECONDS);
    return {};
  }
  if (!(await claim(ctx, job, key))) return {};
  // Give up before pg-boss would take the job as abandoned, so a slow unit is never synced twice at once.
  const expireMs = siteDayJobOptions(ctx.timing).expireInSeconds * 1000;
  const expiry = AbortSignal.timeout(Math.max(1000, expireMs - Math.min(5000, expireMs / 10)));
  const signal = AbortSignal.any([expiry, stopping]);
  try {
    const timeZone = await ctx.sites.zoneOf(key.siteCode);
    const { transactions, vendorTotal } = await fetchSiteDay(key, timeZone, {
      client: ctx.client,
      pollIntervalMs: ctx.pollIntervalMs,
      jobTimeoutMs: ctx.jobTimeoutMs,
      signal,
    });
    const { records } = await store.warehouse.replaceSiteDay({ ...key, timeZone, vendorTotal, transactions });
    report({ kind: 'done', ...key, records });
    return {};
  } catch (caught) {
    if (stopping.aborted && !expiry.aborted) {
      await store.warehouse.releaseUnits([key]);
      await sendUnits(ctx.boss, [key], ctx.timing);
      report({ kind: 'released', ...key });
      return {};
    }
    const error = expiry.aborted && !isWashOpsError(caught) ? new APITimeoutError(`The site-day took longer than ${expireMs} ms`) : caught;
    const publicError = toPublicError(error);
    const triesUsed = (job.data.triesUsed ?? 0) + job.retryCount;
    const willRetry = isTransient(error) && triesUsed < job.retryLimit;
    await store.warehouse.failUnit(key, { code: publicError.code, message: publicError.message });
    safeLog(logger, 'warn', { siteCode: key.siteCode, day: key.day, error: publicError, willRetry }, 'warehouse sync: a site-day failed');
    report({ kind: 'failed', ...key, code: publicError.code, message: publicError.message, willRetry });
    if (willRetry && isFailedBatchJob(error)) {
      // Asked again sooner, the API would hand back the same failed job: a new job once its cache has lapsed.
      await sendUnits(ctx.boss, [key], ctx.timing, Math.ceil((JOB_CACHE_MS * ctx.timing.timeScale) / 1000), triesUsed + 1);
      return {};
    }
    // A transient error goes back to pg-boss, which tries again later; any other stays failed until retried.
    return willRetry ? { retry: `${publicError.code}: ${publicError.message}` } : {};
  }
}
