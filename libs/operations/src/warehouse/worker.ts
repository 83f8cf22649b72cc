import { safeLog, type Logger } from '@washops/client-core';
import { APIError, APITimeoutError, isWashOpsError, toPublicError } from '@washops/shared-errors';
import { StoreUnavailableError, type PgBoss, type SiteDayKey, type Store } from '@washops/store';
import type { TransactionsClient } from '@washops/transactions-client';
import { activeUnitKeys, NIGHTLY_QUEUE, queueSizes, sendUnits, siteDayJobOptions, SITE_DAY_QUEUE, unitKey, type QueueTiming, type SiteDayJobData } from './queue.js';
import { fetchSiteDay, type SiteDirectory } from './site-day.js';
import type { SyncUnitEvent, SyncWorker, SyncWorkerOptions } from './types.js';

/** How often a worker reads the pause switch and, with `exitWhenIdle`, whether the queue is empty. */
const WATCH_INTERVAL_MS = 500;
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

/** Network, server, time-out and failed-job errors, and a database gone for a moment: worth another try later. */
function isTransient(error: unknown): boolean {
  return error instanceof APIError || error instanceof StoreUnavailableError;
}

type SiteDayJob = PgBoss.JobWithMetadata<SiteDayJobData>;

/**
 * Works the site-day queue with `concurrency` pg-boss workers (one site-day in hand each). Recovery
 * first: a `running` unit no active job holds (its process died) goes back to `pending` and is queued.
 */
export async function startSyncWorker(ctx: WorkerContext, options: SyncWorkerOptions): Promise<SyncWorker> {
  const { boss, store, logger } = ctx;
  const concurrency = options.concurrency ?? ctx.concurrency;
  const inHand = new Set<Promise<void>>();
  let workerIds: string[] = [];
  let stopping = false;
  let lastExpire = 0;
  let timer: NodeJS.Timeout | undefined;
  let resolveDone!: () => void;
  const done = new Promise<void>((resolve) => (resolveDone = resolve));
  const report = (event: SyncUnitEvent): void => {
    try {
      options.onUnit?.(event);
    } catch {
      // A listener's failure is not the unit's.
    }
  };

  await recoverAbandoned(ctx);

  const handle = async ([job]: SiteDayJob[]): Promise<void> => {
    if (!job) return;
    const run = workUnit(ctx, job, report);
    inHand.add(run);
    try {
      await run;
    } finally {
      inHand.delete(run);
    }
  };
  const startWorking = async (): Promise<void> => {
    const ids: string[] = [];
    for (let i = 0; i < concurrency; i++) {
      ids.push(await boss.work<SiteDayJobData>(SITE_DAY_QUEUE, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 0.5 }, handle));
    }
    workerIds = ids;
  };
  const stopWorking = async (): Promise<void> => {
    const ids = workerIds;
    workerIds = [];
    for (const id of ids) await boss.offWork({ id });
  };

  const stop = async (): Promise<void> => {
    if (!stopping) {
      stopping = true;
      clearTimeout(timer);
      await stopWorking();
      if (options.schedule !== false) await boss.offWork(NIGHTLY_QUEUE).catch(() => undefined);
    }
    await Promise.allSettled([...inHand]);
    resolveDone();
  };

  const watch = async (): Promise<void> => {
    try {
      const { paused } = await store.warehouse.control();
      if (paused && workerIds.length > 0) await stopWorking();
      if (!paused && workerIds.length === 0 && !stopping) await startWorking();
      if (Date.now() - lastExpire >= EXPIRE_INTERVAL_MS) {
        lastExpire = Date.now();
        await boss.expire();
        await recoverAbandoned(ctx);
      }
      if (options.exitWhenIdle && inHand.size === 0) {
        const sizes = await queueSizes(boss);
        // Nothing queued: but a site-day whose job pg-boss gave up on while its process was dead is queued again first.
        if (sizes.queued + sizes.active === 0 && (await recoverAbandoned(ctx)) === 0) {
          void stop();
          return;
        }
      }
    } catch (error) {
      safeLog(logger, 'warn', { error: toPublicError(error) }, 'warehouse sync: the worker could not read its queue; trying again');
    }
    if (!stopping) timer = setTimeout(() => void watch(), WATCH_INTERVAL_MS);
  };

  if (options.schedule !== false) {
    await boss.work(NIGHTLY_QUEUE, { batchSize: 1 }, async () => {
      await ctx.runNightly();
    });
  }
  if (options.signal) {
    if (options.signal.aborted) void stop();
    else options.signal.addEventListener('abort', () => void stop(), { once: true });
  }
  await watch();
  return { done, stop };
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

async function workUnit(ctx: WorkerContext, job: SiteDayJob, report: (event: SyncUnitEvent) => void): Promise<void> {
  const { store, logger } = ctx;
  const key: SiteDayKey = { siteCode: job.data.siteCode, day: job.data.day };
  if ((await store.warehouse.control()).paused) {
    // Taken as the pause began: back to the queue; the unit stays `pending`.
    await sendUnits(ctx.boss, [key], ctx.timing, PAUSED_DELAY_SECONDS);
    return;
  }
  if (!(await claim(ctx, job, key))) return;
  // Give up before pg-boss would take the job as abandoned, so a slow unit is never synced twice at once.
  const expireMs = siteDayJobOptions(ctx.timing).expireInSeconds * 1000;
  const signal = AbortSignal.timeout(Math.max(1000, expireMs - Math.min(5000, expireMs / 10)));
  try {
    const timeZone = await ctx.sites.zoneOf(key.siteCode);
    const transactions = await fetchSiteDay(key, timeZone, {
      client: ctx.client,
      pollIntervalMs: ctx.pollIntervalMs,
      jobTimeoutMs: ctx.jobTimeoutMs,
      signal,
    });
    const { records } = await store.warehouse.replaceSiteDay({ ...key, timeZone, vendorTotal: null, transactions });
    report({ kind: 'done', ...key, records });
  } catch (caught) {
    const error = signal.aborted && !isWashOpsError(caught) ? new APITimeoutError(`The site-day took longer than ${expireMs} ms`) : caught;
    const publicError = toPublicError(error);
    const transient = isTransient(error);
    const willRetry = transient && job.retryCount < job.retryLimit;
    await store.warehouse.failUnit(key, { code: publicError.code, message: publicError.message });
    safeLog(logger, 'warn', { siteCode: key.siteCode, day: key.day, error: publicError, willRetry }, 'warehouse sync: a site-day failed');
    report({ kind: 'failed', ...key, code: publicError.code, message: publicError.message, willRetry });
    // A transient error goes back to pg-boss, which tries again later; any other stays failed until retried.
    if (willRetry) throw new Error(`${publicError.code}: ${publicError.message}`);
  }
}
