import { safeLog, systemClock } from '@washops/client-core';
import { ValidationError } from '@washops/shared-errors';
import { addDays, type SiteDayKey } from '@washops/store';
import { DataApiClient, DEFAULT_JOB_TIMEOUT_MS, DEFAULT_POLL_INTERVAL_MS } from '@washops/transactions-client';
import { prepareResourceQueue } from '../dataapi/queue.js';
import { resourceSync } from '../dataapi/resource-sync.js';
import { startResourceWorker } from '../dataapi/worker.js';
import type { Actor } from '../actor.js';
import { daysBetween, localDayOf, planSiteDays } from './plan.js';
import { NIGHTLY_QUEUE, prepareQueues, queueSizes, sendUnits, type QueueTiming } from './queue.js';
import { SiteDirectory } from './site-day.js';
import type { BackfillRequest, BackfillResult, SyncSettings, SyncWorker, WarehouseSync, WarehouseSyncDeps } from './types.js';
import { startSyncWorker } from './worker.js';

export const DEFAULT_SYNC_SETTINGS: Readonly<SyncSettings> = Object.freeze({
  resyncDays: 3,
  // 10:30 UTC is past local midnight in every US zone (04:30 Central), so "yesterday" has ended at every site.
  nightlyCron: '30 10 * * *',
  nightlyTimeZone: 'UTC',
  workerConcurrency: 4,
  budgetCeiling: 16,
  retryLimit: 3,
});

/** The Data API's limit: 20 requests per 15 s per API id (scaled with `timeScale`). */
const API_REQUESTS = 20;
const API_WINDOW_MS = 15_000;
/** Who the nightly schedule acts as. */
/**
 * The queue's queries are short: two connections leave room on the embedded database's socket (32 in all)
 * for a host and four worker processes, each with its app pool of four.
 */
const QUEUE_CONNECTIONS = 2;
const NIGHTLY_ACTOR: Actor = { channel: 'cli', name: 'nightly-sync' };

function checkSettings(settings: SyncSettings): SyncSettings {
  const { resyncDays, workerConcurrency, budgetCeiling, retryLimit } = settings;
  const whole = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;
  if (!whole(resyncDays, 0, 31)) throw new ValidationError('resyncDays must be a whole number from 0 to 31');
  if (!whole(workerConcurrency, 1, 20)) throw new ValidationError('workerConcurrency must be a whole number from 1 to 20');
  if (!whole(budgetCeiling, 1, API_REQUESTS)) throw new ValidationError(`budgetCeiling must be a whole number from 1 to ${API_REQUESTS}`);
  if (!whole(retryLimit, 0, 10)) throw new ValidationError('retryLimit must be a whole number from 0 to 10');
  return settings;
}

/** Opens the sync on the store's job queue (pg-boss) and the API id's shared request budget. */
export async function openWarehouseSync(deps: WarehouseSyncDeps): Promise<WarehouseSync> {
  const { store, dataApi, logger } = deps;
  const settings = checkSettings({ ...DEFAULT_SYNC_SETTINGS, ...deps.settings });
  const timeScale = dataApi.timeScale ?? 1;
  if (!(timeScale > 0 && Number.isFinite(timeScale))) throw new ValidationError('timeScale must be a positive number');
  const clock = deps.clock ?? systemClock;
  const now = (): number => clock.now();
  const budget = store.rateBudget(dataApi.apiId, {
    requests: API_REQUESTS,
    windowMs: API_WINDOW_MS * timeScale,
    ceiling: settings.budgetCeiling,
    clock,
  });
  // One client for every resource: the transactions and the rest share its transport and the API id's budget.
  const dataApiClient = new DataApiClient({
    apiId: dataApi.apiId,
    apiKey: dataApi.apiKey,
    ...(dataApi.baseUrl ? { baseUrl: dataApi.baseUrl } : {}),
    rateLimit: budget,
    clock,
    ...(logger ? { logger } : {}),
  });
  const client = dataApiClient.transactions;
  const timing: QueueTiming = { retryLimit: settings.retryLimit, timeScale, clock };
  const boss = await store.openJobQueue({
    maxConnections: QUEUE_CONNECTIONS,
    onError: (error) => safeLog(logger, 'warn', { error: error.message }, 'warehouse sync: the job queue reported an error'),
  });
  try {
    await prepareQueues(boss, timing);
    await prepareResourceQueue(boss, timing);
    await boss.schedule(NIGHTLY_QUEUE, settings.nightlyCron, {}, { tz: settings.nightlyTimeZone });
  } catch (error) {
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    await dataApiClient.close();
    throw error;
  }
  const sites = new SiteDirectory(store, client);
  const workers = new Set<SyncWorker>();
  const resourceFetch = deps.resourceFetch ?? {};
  const resources = resourceSync({ store, boss, client: dataApiClient, timing, fetch: resourceFetch, resyncDays: settings.resyncDays, now, logger });

  const siteList = async (siteCodes: readonly string[] | undefined) => {
    const all = await sites.refresh();
    if (!siteCodes || siteCodes.length === 0) return all;
    const byCode = new Map(all.map((s) => [s.siteCode, s]));
    const unknown = siteCodes.filter((code) => !byCode.has(code));
    if (unknown.length > 0) {
      throw new ValidationError(`The Data API has no site ${unknown.join(', ')}`, { details: { siteCodes: unknown } });
    }
    return [...new Set(siteCodes)].map((code) => byCode.get(code) as (typeof all)[number]);
  };

  const queueUnits = async (keys: readonly SiteDayKey[], resync: boolean): Promise<number> => {
    const pending = await store.warehouse.ensureUnits(keys, { resync });
    return sendUnits(boss, pending, timing);
  };

  const sync: WarehouseSync = {
    resources,

    async backfill(request: BackfillRequest, actor: Actor): Promise<BackfillResult> {
      const days = daysBetween(request.from, request.to);
      const chosen = await siteList(request.siteCodes);
      const keys = planSiteDays(days, chosen, now());
      const queued = await queueUnits(keys, request.resync === true);
      safeLog(logger, 'info', { actor: actor.name, channel: actor.channel, from: days[0], to: days.at(-1), sites: chosen.length, queued }, 'warehouse sync: backfill queued');
      return { siteCodes: chosen.map((s) => s.siteCode), days, units: keys.length, queued };
    },

    async syncRecent(actor: Actor, at?: Date): Promise<BackfillResult> {
      const nowMs = at?.getTime() ?? now();
      const chosen = await sites.refresh();
      const keys: SiteDayKey[] = [];
      const allDays = new Set<string>();
      for (const site of chosen) {
        const yesterday = addDays(localDayOf(Math.floor(nowMs / 1000), site.timeZone), -1);
        const days = daysBetween(addDays(yesterday, -settings.resyncDays), yesterday);
        days.forEach((d) => allDays.add(d));
        keys.push(...planSiteDays(days, [site], nowMs));
      }
      const queued = await queueUnits(keys, true);
      safeLog(logger, 'info', { actor: actor.name, channel: actor.channel, units: keys.length, queued }, 'warehouse sync: recent days queued');
      return { siteCodes: chosen.map((s) => s.siteCode), days: [...allDays].sort(), units: keys.length, queued };
    },

    async pause(actor: Actor): Promise<void> {
      await store.warehouse.setPaused(true, `${actor.channel}:${actor.name}`);
    },

    async resume(actor: Actor): Promise<void> {
      await store.warehouse.setPaused(false, `${actor.channel}:${actor.name}`);
    },

    async retryFailed(query, actor): Promise<number> {
      daysBetween(query.from, query.to);
      const failed = await store.warehouse.units({ from: query.from, to: query.to, siteCodes: query.siteCodes, states: ['failed'] });
      if (failed.length === 0) return 0;
      const queued = await queueUnits(failed.map((u) => ({ siteCode: u.siteCode, day: u.day })), true);
      safeLog(logger, 'info', { actor: actor.name, channel: actor.channel, failed: failed.length, queued }, 'warehouse sync: failed site-days queued again');
      return failed.length;
    },

    async status(query) {
      const days = daysBetween(query.from, query.to);
      const filter = { from: query.from, to: query.to, ...(query.siteCodes ? { siteCodes: query.siteCodes } : {}) };
      // One after another: on the embedded database every query shares one socket anyway.
      const units = await store.warehouse.units(filter);
      const counts = await store.warehouse.unitCounts(filter);
      const control = await store.warehouse.control();
      const usage = await budget.usage();
      const queue = await queueSizes(boss);
      const known = await store.warehouse.listSites();
      return {
        from: query.from,
        to: query.to,
        siteCodes: query.siteCodes && query.siteCodes.length > 0 ? [...query.siteCodes] : known.map((s) => s.siteCode),
        days,
        units,
        counts,
        paused: control.paused,
        budget: usage,
        queue,
        nightly: { cron: settings.nightlyCron, timeZone: settings.nightlyTimeZone, resyncDays: settings.resyncDays },
      };
    },

    async startWorker(options = {}): Promise<SyncWorker> {
      const siteDays = await startSyncWorker(
        {
          boss,
          store,
          client,
          sites,
          timing,
          pollIntervalMs: Math.max(1, Math.round(DEFAULT_POLL_INTERVAL_MS * timeScale)),
          jobTimeoutMs: Math.max(1000, Math.round(DEFAULT_JOB_TIMEOUT_MS * timeScale)),
          concurrency: settings.workerConcurrency,
          logger,
          runNightly: async () => {
            await sync.syncRecent(NIGHTLY_ACTOR);
            await resources.syncRecent(NIGHTLY_ACTOR);
          },
        },
        options,
      );
      // The resource windows are worked in the same process, beside the site-days, on the same client and budget.
      const windows =
        options.resources === false
          ? undefined
          : await startResourceWorker(
              { boss, store, client: dataApiClient, timing, concurrency: settings.workerConcurrency, fetch: resourceFetch, logger },
              {
                ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
                ...(options.exitWhenIdle === undefined ? {} : { exitWhenIdle: options.exitWhenIdle }),
                ...(options.signal ? { signal: options.signal } : {}),
                ...(options.onWindow ? { onWindow: options.onWindow } : {}),
              },
            );
      const worker: SyncWorker = {
        done: Promise.all([siteDays.done, windows?.done]).then(() => undefined),
        stop: async () => {
          await Promise.all([siteDays.stop(), windows?.stop()]);
        },
      };
      workers.add(worker);
      void worker.done.then(() => workers.delete(worker));
      return worker;
    },

    async close(): Promise<void> {
      await Promise.allSettled([...workers].map((w) => w.stop()));
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => undefined);
      await dataApiClient.close();
    },
  };
  return sync;
}
