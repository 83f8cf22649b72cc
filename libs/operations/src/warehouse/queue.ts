import type { Clock } from '@washops/client-core';
import { JOB_QUEUE_SCHEMA, type PgBoss, type SiteDayKey } from '@washops/store';

/** One job per site-day. */
export const SITE_DAY_QUEUE = 'warehouse-site-day';
/** The nightly schedule's queue: its job runs `syncRecent`. */
export const NIGHTLY_QUEUE = 'warehouse-nightly';

/**
 * The longest one site-day may take at time scale 1: a busy site's 30 pages (60 requests) when every
 * worker of every process shares the budget's 16 requests a window, one request a window each, with
 * room to spare. A job active longer than this is taken as its process's death and comes back.
 */
const SITE_DAY_WORST_CASE_MS = 30 * 60_000;
/** The first retry waits about this long at time scale 1, doubling after. */
const RETRY_DELAY_MS = 30_000;
const SENDS_AT_ONCE = 4;

export interface SiteDayJobData {
  siteCode: string;
  day: string;
  /** Tries an earlier job of this site-day already used (a failed batch job is tried again under a new job). */
  triesUsed?: number;
}

/**
 * The Data API answers the same criteria with the same job for 20 minutes (contract §4.4), a failed one
 * too: a site-day whose batch job failed is tried again only after that, under a new job.
 */
export const JOB_CACHE_MS = 21 * 60_000;

export interface QueueTiming {
  retryLimit: number;
  timeScale: number;
  /** What the workers' pauses wait on (the queue's own delays are the database's seconds). */
  clock: Clock;
}

/** pg-boss counts whole seconds, at least one. */
export const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

export function siteDayJobOptions({ retryLimit, timeScale }: QueueTiming) {
  return {
    retryLimit,
    retryDelay: seconds(RETRY_DELAY_MS * timeScale),
    retryBackoff: true,
    expireInSeconds: Math.max(5, seconds(SITE_DAY_WORST_CASE_MS * timeScale)),
  };
}

export const unitKey = (key: SiteDayKey): string => `${key.siteCode}:${key.day}`;

/**
 * The site-day queue's policy is `short`: at most one queued job per site-day (the singleton key), while
 * a job already running for it does not stop a new one being queued (a re-sync asked meanwhile).
 */
export async function prepareQueues(boss: PgBoss, timing: QueueTiming): Promise<void> {
  await boss.createQueue(SITE_DAY_QUEUE, { name: SITE_DAY_QUEUE, policy: 'short', ...siteDayJobOptions(timing) });
  await boss.createQueue(NIGHTLY_QUEUE, { name: NIGHTLY_QUEUE, policy: 'short', retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 });
}

/** Queues one job per site-day; a site-day that already has a queued job is not queued twice. Returns how many were queued. */
export async function sendUnits(
  boss: PgBoss,
  keys: readonly SiteDayKey[],
  timing: QueueTiming,
  startAfterSeconds?: number,
  triesUsed?: number,
): Promise<number> {
  const options = { ...siteDayJobOptions(timing), ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}) };
  let queued = 0;
  for (let i = 0; i < keys.length; i += SENDS_AT_ONCE) {
    const ids = await Promise.all(
      keys.slice(i, i + SENDS_AT_ONCE).map((key) => {
        const data: SiteDayJobData = { siteCode: key.siteCode, day: key.day, ...(triesUsed ? { triesUsed } : {}) };
        return boss.send(SITE_DAY_QUEUE, data, { ...options, singletonKey: unitKey(key) });
      }),
    );
    queued += ids.filter((id) => id !== null).length;
  }
  return queued;
}

/** Site-day keys (`unitKey`) that some worker holds now, as pg-boss sees it (apart from the job `exceptJobId`). */
export async function activeUnitKeys(boss: PgBoss, exceptJobId?: string): Promise<Set<string>> {
  const result = (await boss
    .getDb()
    .executeSql(`SELECT singleton_key FROM ${JOB_QUEUE_SCHEMA}.job WHERE name = $1 AND state = 'active' AND id::text <> $2`, [
      SITE_DAY_QUEUE,
      exceptJobId ?? '',
    ])) as { rows: Array<{ singleton_key: string | null }> };
  return new Set(result.rows.map((row) => row.singleton_key).filter((key): key is string => key !== null));
}

export async function queueSizes(boss: PgBoss): Promise<{ queued: number; active: number }> {
  const queued = await boss.getQueueSize(SITE_DAY_QUEUE);
  const unfinished = await boss.getQueueSize(SITE_DAY_QUEUE, { before: 'completed' });
  return { queued, active: Math.max(0, unfinished - queued) };
}
