import type { Clock, Logger } from '@washops/client-core';
import type { RateBudgetUsage, ResourceWindowKey, SiteDayKey, SyncUnit, SyncUnitCounts, Store } from '@washops/store';
import type { Actor } from '../actor.js';
import type { EndpointRead, WindowFetchOptions } from '../dataapi/fetch.js';
import type { ResourceSync } from '../dataapi/resource-sync.js';

/** How the sync reaches the Data API. The key never leaves the server. */
export interface DataApiAccess {
  apiId: string;
  apiKey: string;
  /** A simulator's URL; omitted: the vendor's production API. */
  baseUrl?: string;
  /** Scales the 15-second window and the job poll (the simulator's `timeScale`); default 1. */
  timeScale?: number;
}

export interface SyncSettings {
  /** Days before yesterday the nightly sync fetches again, to catch late changes. Default 3. */
  resyncDays: number;
  /** When the nightly sync runs (cron, in `nightlyTimeZone`). Default `30 10 * * *` UTC: after local midnight in every US zone. */
  nightlyCron: string;
  nightlyTimeZone: string;
  /** Site-days one worker process syncs at once. Default 4. */
  workerConcurrency: number;
  /**
   * Requests per window the sync's workers may use together, of the API id's 20 (default 16: the
   * rest stays free for the pages people look at).
   */
  budgetCeiling: number;
  /** Tries after a site-day's first failure on a transient error (network, 5xx, timeout, a failed job). Default 3. */
  retryLimit: number;
}

export interface WarehouseSyncDeps {
  store: Store;
  dataApi: DataApiAccess;
  logger?: Logger;
  settings?: Partial<SyncSettings>;
  /**
   * Where the sync reads time (default the system clock): "today" for ranges, the shared budget's and the client's
   * waits, the workers' pauses. Tests pin today with it, and hand the same clock to the simulator.
   */
  clock?: Clock;
  /** Whether the resources' windows read each customer's and employee's own record too (default: both). */
  resourceFetch?: Pick<WindowFetchOptions, 'customerContacts' | 'employeeDetails'>;
}

/**
 * Site-days to sync: every local day `from`..`to` (inclusive, `YYYY-MM-DD`) for the sites named
 * (every site of the Data API's list when none). A region is resolved to its sites by the caller
 * (from the BackOffice's site tree, which shares the chain's codes).
 */
export interface BackfillRequest {
  from: string;
  to: string;
  siteCodes?: readonly string[];
  /** Fetch site-days already `done` or `failed` again too (their rows are replaced). Default false. */
  resync?: boolean;
}

export interface BackfillResult {
  siteCodes: string[];
  days: string[];
  /** Site-days in the request. */
  units: number;
  /** Site-days queued now (the others were already pending, running or done). */
  queued: number;
}

export interface SyncStatusQuery {
  from: string;
  to: string;
  siteCodes?: readonly string[];
}

export interface SyncStatus {
  from: string;
  to: string;
  siteCodes: string[];
  days: string[];
  /** The ledger rows of the range; a site-day without one has never been asked for. */
  units: SyncUnit[];
  counts: SyncUnitCounts;
  paused: boolean;
  budget: RateBudgetUsage;
  queue: { queued: number; active: number };
  nightly: { cron: string; timeZone: string; resyncDays: number };
}

/** What a worker reports after each site-day. */
export type SyncUnitEvent =
  | ({ kind: 'done'; records: number } & SiteDayKey)
  | ({ kind: 'failed'; code: string; message: string; willRetry: boolean } & SiteDayKey)
  /** The worker stopped while it held the site-day: back to `pending`, queued again, its stored rows untouched. */
  | ({ kind: 'released' } & SiteDayKey);

export interface SyncWorkerOptions {
  /** Site-days at once in this process (default `settings.workerConcurrency`). */
  concurrency?: number;
  /** Stop once the queue has nothing left (benchmarks, `washops sync run`). */
  exitWhenIdle?: boolean;
  /** Also run the nightly schedule from this process (default true). */
  schedule?: boolean;
  signal?: AbortSignal;
  onUnit?: (event: SyncUnitEvent) => void;
  /** Also work the resources' windows in this process (default true). */
  resources?: boolean;
  onWindow?: (event: ResourceWindowEvent) => void;
}

export interface SyncWorker {
  /** Resolves when the worker has stopped (after `stop()`, the signal, or idle with `exitWhenIdle`). */
  readonly done: Promise<void>;
  /** Takes no more site-days and hands back those in hand at once (`released`: pending again, queued again). */
  stop(): Promise<void>;
}

/** The warehouse sync: plan, queue and work site-days; one instance per process. */
export interface WarehouseSync {
  /** The Data API's other resources: windows queued on the same job queue, worked by the same workers. */
  readonly resources: ResourceSync;
  backfill(request: BackfillRequest, actor: Actor): Promise<BackfillResult>;
  /** Yesterday for every site plus `resyncDays` before it (what the nightly schedule runs). */
  syncRecent(actor: Actor, now?: Date): Promise<BackfillResult>;
  pause(actor: Actor): Promise<void>;
  resume(actor: Actor): Promise<void>;
  /** Queues the failed site-days of the range again; returns how many. */
  retryFailed(query: SyncStatusQuery, actor: Actor): Promise<number>;
  status(query: SyncStatusQuery): Promise<SyncStatus>;
  startWorker(options?: SyncWorkerOptions): Promise<SyncWorker>;
  /** Stops this process's workers and its job queue; the store stays open. */
  close(): Promise<void>;
}

/** What a resources worker reports of each window it works (`onWindow`). */
export type ResourceWindowEvent =
  | { kind: 'done'; key: ResourceWindowKey; records: number; reads: EndpointRead[] }
  | { kind: 'failed'; key: ResourceWindowKey; code: string; message: string; willRetry: boolean }
  | { kind: 'released'; key: ResourceWindowKey };
