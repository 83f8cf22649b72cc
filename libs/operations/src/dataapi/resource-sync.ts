import { safeLog, type Logger } from '@washops/client-core';
import { addDays, type DataApiResource, type PgBoss, type ResourceCoverage, type ResourceWindow, type ResourceWindowKey, type Store } from '@washops/store';
import type { Actor } from '../actor.js';
import { daysBetween } from '../warehouse/plan.js';
import type { QueueTiming } from '../warehouse/queue.js';
import { fetchWindow, type ResourceSource, type WindowFetchOptions } from './fetch.js';
import { checkResources, planResourceWindows, utcDay } from './plan.js';
import { sendWindows } from './queue.js';

export interface ResourceBackfillRequest {
  /** Inclusive UTC days, `YYYY-MM-DD`, that have ended. */
  from: string;
  to: string;
  /** Omitted: every resource. */
  resources?: readonly string[];
  /** Read windows already `done` or `failed` again too. Default false. */
  resync?: boolean;
}

export interface ResourceBackfillResult {
  resources: DataApiResource[];
  /** Ledger windows in the request. */
  windows: number;
  /** Windows queued now (the others were already pending, running or done). */
  queued: number;
}

export interface ResourceStatus {
  resource: DataApiResource;
  coverage: ResourceCoverage;
  /** The ledger windows overlapping the range. */
  windows: ResourceWindow[];
}

/** The resources' side of the warehouse sync (README, "Transactions warehouse"). */
export interface ResourceSync {
  backfill(request: ResourceBackfillRequest, actor: Actor): Promise<ResourceBackfillResult>;
  /** The last `resyncDays` + 1 UTC days of every windowed resource, and a refresh of the full ones (the nightly job). */
  syncRecent(actor: Actor, now?: Date): Promise<ResourceBackfillResult>;
  /** Queues the failed windows again; returns how many. */
  retryFailed(actor: Actor): Promise<number>;
  status(range: { from: string; to: string; resources?: readonly string[] }): Promise<ResourceStatus[]>;
}

export interface ResourceSyncDeps {
  store: Store;
  boss: PgBoss;
  client: ResourceSource;
  timing: QueueTiming;
  fetch: WindowFetchOptions;
  resyncDays: number;
  now: () => number;
  logger: Logger | undefined;
}

export function resourceSync(deps: ResourceSyncDeps): ResourceSync {
  const { store, boss, logger } = deps;

  /** Clock entries are asked per employee: the employees are read now (their own ledger window) when the store has none or they are asked for too. */
  const employeeIds = async (refreshNow: boolean): Promise<number[]> => {
    if (refreshNow || (await store.resources.listEmployees()).length === 0) {
      const [key] = planResourceWindows('employees', { from: addDays(utcDay(deps.now()), -1), to: addDays(utcDay(deps.now()), -1) }, deps.now());
      const window = key as ResourceWindowKey;
      const fetched = await fetchWindow(deps.client, window, deps.fetch);
      await store.resources.completeWindow(window, fetched.data);
    }
    return (await store.resources.listEmployees()).map((e) => e.employeeId);
  };

  const queue = async (resources: DataApiResource[], range: { from: string; to: string }, resync: boolean): Promise<ResourceBackfillResult> => {
    const wantsClock = resources.includes('clock-entries');
    const employees = wantsClock ? await employeeIds(resources.includes('employees')) : [];
    // Read above, with the clock entries that needed them.
    const queued = wantsClock ? resources.filter((r) => r !== 'employees') : resources;
    const keys = queued.flatMap((resource) => planResourceWindows(resource, range, deps.now(), employees));
    const pending = await store.resources.ensureWindows(keys, { resync });
    const sent = await sendWindows(boss, pending, deps.timing);
    return { resources, windows: keys.length + (wantsClock && resources.includes('employees') ? 1 : 0), queued: sent };
  };

  return {
    async backfill(request, actor) {
      const resources = checkResources(request.resources);
      daysBetween(request.from, request.to);
      const result = await queue(resources, { from: request.from, to: request.to }, request.resync === true);
      safeLog(logger, 'info', { actor: actor.name, channel: actor.channel, from: request.from, to: request.to, ...result }, 'warehouse sync: resources backfill queued');
      return result;
    },

    async syncRecent(actor, at) {
      const yesterday = addDays(utcDay(at?.getTime() ?? deps.now()), -1);
      const result = await queue(checkResources(undefined), { from: addDays(yesterday, -deps.resyncDays), to: yesterday }, true);
      safeLog(logger, 'info', { actor: actor.name, channel: actor.channel, windows: result.windows, queued: result.queued }, 'warehouse sync: recent resource windows queued');
      return result;
    },

    async retryFailed(actor) {
      const failed = await store.resources.windows({ states: ['failed'] });
      if (failed.length === 0) return 0;
      const pending = await store.resources.ensureWindows(failed, { resync: true });
      await sendWindows(boss, pending, deps.timing);
      safeLog(logger, 'info', { actor: actor.name, channel: actor.channel, failed: failed.length }, 'warehouse sync: failed resource windows queued again');
      return failed.length;
    },

    async status(range) {
      daysBetween(range.from, range.to);
      const out: ResourceStatus[] = [];
      for (const resource of checkResources(range.resources)) {
        const coverage = await store.resources.coverage(resource, range);
        const windows = await store.resources.windows({ resource, from: range.from, to: range.to });
        out.push({ resource, coverage, windows });
      }
      return out;
    },
  };
}
