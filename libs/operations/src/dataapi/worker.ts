import { safeLog, type Logger } from '@washops/client-core';
import { APITimeoutError, isWashOpsError, toPublicError } from '@washops/shared-errors';
import type { PgBoss, ResourceWindowKey, Store } from '@washops/store';
import type { QueueTiming } from '../warehouse/queue.js';
import type { ResourceWindowEvent } from '../warehouse/types.js';
import { isTransient, pause, settleJob } from '../warehouse/worker.js';
import { fetchWindow, type ResourceSource, type WindowFetchOptions } from './fetch.js';
import { activeWindowKeys, RESOURCE_QUEUE, resourceQueueSizes, sendWindows, windowJobOptions, windowKey } from './queue.js';

const IDLE_POLL_MS = 250;
const WATCH_INTERVAL_MS = 500;
/** A job taken just as the sync was paused goes back to the queue for this long. */
const PAUSED_DELAY_SECONDS = 5;

/** What the resource worker reports after each window. */
export interface ResourceWorkerContext {
  boss: PgBoss;
  store: Store;
  client: ResourceSource;
  timing: QueueTiming;
  concurrency: number;
  fetch: WindowFetchOptions;
  logger: Logger | undefined;
}

export interface ResourceWorkerOptions {
  concurrency?: number;
  exitWhenIdle?: boolean;
  signal?: AbortSignal;
  onWindow?: (event: ResourceWindowEvent) => void;
}

type WindowJob = PgBoss.JobWithMetadata<ResourceWindowKey>;

/** Windows left `running` by a worker that died, with no job active for them, go back to `pending` and to the queue. */
async function recoverAbandoned(ctx: ResourceWorkerContext): Promise<number> {
  const running = await ctx.store.resources.windows({ states: ['running'] });
  if (running.length === 0) return 0;
  const active = await activeWindowKeys(ctx.boss);
  const abandoned = running.filter((w) => !active.has(windowKey(w)));
  if (abandoned.length === 0) return 0;
  await ctx.store.resources.releaseWindows(abandoned);
  await sendWindows(ctx.boss, abandoned, ctx.timing);
  return abandoned.length;
}

/** One window: claimed, read, written whole with its ledger row; a failure marks it failed and writes nothing. */
async function workWindow(ctx: ResourceWorkerContext, job: WindowJob, report: (e: ResourceWindowEvent) => void, stopping: AbortSignal): Promise<{ retry?: string }> {
  const { store } = ctx;
  const key = job.data;
  if ((await store.warehouse.control()).paused) {
    await sendWindows(ctx.boss, [key], ctx.timing, PAUSED_DELAY_SECONDS);
    return {};
  }
  if (!(await store.resources.claimWindow(key))) return {};
  const expireMs = windowJobOptions(ctx.timing).expireInSeconds * 1000;
  const expiry = AbortSignal.timeout(Math.max(1000, expireMs - Math.min(5000, expireMs / 10)));
  const signal = AbortSignal.any([expiry, stopping]);
  try {
    const fetched = await fetchWindow(ctx.client, key, { ...ctx.fetch, signal });
    if (fetched.sites) await store.warehouse.upsertSites(fetched.sites);
    const { records } = await store.resources.completeWindow(key, fetched.data);
    report({ kind: 'done', key, records, reads: fetched.reads });
    return {};
  } catch (caught) {
    if (stopping.aborted && !expiry.aborted) {
      await store.resources.releaseWindows([key]);
      await sendWindows(ctx.boss, [key], ctx.timing);
      report({ kind: 'released', key });
      return {};
    }
    const error = expiry.aborted && !isWashOpsError(caught) ? new APITimeoutError(`The window took longer than ${expireMs} ms`) : caught;
    const publicError = toPublicError(error);
    const willRetry = isTransient(error) && job.retryCount < job.retryLimit;
    await store.resources.failWindow(key, { code: publicError.code, message: publicError.message });
    safeLog(ctx.logger, 'warn', { resource: key.resource, scope: key.scope, from: key.windowStart, to: key.windowEnd, error: publicError, willRetry }, 'warehouse sync: a resource window failed');
    report({ kind: 'failed', key, code: publicError.code, message: publicError.message, willRetry });
    return willRetry ? { retry: `${publicError.code}: ${publicError.message}` } : {};
  }
}

/**
 * Works the resource-window queue with `concurrency` slots beside the site-day slots of the same process, on the same
 * client (so the same shared budget) and the same pause switch.
 */
export async function startResourceWorker(ctx: ResourceWorkerContext, options: ResourceWorkerOptions) {
  const { boss, store } = ctx;
  const stopping = new AbortController();
  let busy = 0;
  const report = (event: ResourceWindowEvent): void => {
    try {
      options.onWindow?.(event);
    } catch {
      // A listener's failure is not the window's.
    }
  };
  const warn = (error: unknown) => safeLog(ctx.logger, 'warn', { error: toPublicError(error) }, 'warehouse sync: the resource worker could not read its queue; trying again');
  await recoverAbandoned(ctx);

  const slot = async (): Promise<void> => {
    while (!stopping.signal.aborted) {
      let job: WindowJob | undefined;
      try {
        if (!(await store.warehouse.control()).paused) [job] = await boss.fetch<ResourceWindowKey>(RESOURCE_QUEUE, { batchSize: 1, includeMetadata: true });
      } catch (error) {
        warn(error);
      }
      if (!job) {
        await pause(IDLE_POLL_MS, stopping.signal, ctx.timing.clock);
        continue;
      }
      busy++;
      try {
        const taken = job;
        const outcome = await workWindow(ctx, taken, report, stopping.signal);
        await settleJob(() => (outcome.retry ? boss.fail(RESOURCE_QUEUE, taken.id, { message: outcome.retry }) : boss.complete(RESOURCE_QUEUE, taken.id)));
      } catch (error) {
        warn(error);
      } finally {
        busy--;
      }
    }
  };
  const watcher = (async () => {
    while (!stopping.signal.aborted && options.exitWhenIdle) {
      try {
        if (busy === 0) {
          const sizes = await resourceQueueSizes(boss);
          if (sizes.queued + sizes.active === 0 && (await recoverAbandoned(ctx)) === 0) stopping.abort();
        }
      } catch (error) {
        warn(error);
      }
      await pause(WATCH_INTERVAL_MS, stopping.signal, ctx.timing.clock);
    }
  })();
  const slots = Array.from({ length: options.concurrency ?? ctx.concurrency }, () => slot());
  const done = Promise.allSettled([...slots, watcher]).then(() => undefined);
  if (options.signal) {
    if (options.signal.aborted) stopping.abort();
    else options.signal.addEventListener('abort', () => stopping.abort(), { once: true });
  }
  return {
    done,
    async stop(): Promise<void> {
      stopping.abort();
      await done;
    },
  };
}
