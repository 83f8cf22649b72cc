import { JOB_QUEUE_SCHEMA, type PgBoss, type ResourceWindowKey } from '@washops/store';
import { seconds, type QueueTiming } from '../warehouse/queue.js';

/** One job per resource window, worked by the same worker processes as the site-days. */
export const RESOURCE_QUEUE = 'warehouse-resource-window';

/**
 * The longest one window may take at time scale 1: the largest (a month of customers with a contact read each, some
 * hundreds of requests) at the budget's 16 requests per 15 s, with room to spare. Longer, it is taken as its process's death.
 */
const WINDOW_WORST_CASE_MS = 60 * 60_000;
const RETRY_DELAY_MS = 30_000;
const SENDS_AT_ONCE = 4;

export function windowJobOptions({ retryLimit, timeScale }: QueueTiming) {
  return { retryLimit, retryDelay: seconds(RETRY_DELAY_MS * timeScale), retryBackoff: true, expireInSeconds: Math.max(5, seconds(WINDOW_WORST_CASE_MS * timeScale)) };
}

export const windowKey = (key: ResourceWindowKey): string => `${key.resource}:${key.scope ?? ''}:${key.windowStart}:${key.windowEnd}`;

export async function prepareResourceQueue(boss: PgBoss, timing: QueueTiming): Promise<void> {
  await boss.createQueue(RESOURCE_QUEUE, { name: RESOURCE_QUEUE, policy: 'short', ...windowJobOptions(timing) });
}

/** Queues one job per window; one already queued is not queued twice. Returns how many were queued. */
export async function sendWindows(boss: PgBoss, keys: readonly ResourceWindowKey[], timing: QueueTiming, startAfterSeconds?: number): Promise<number> {
  const options = { ...windowJobOptions(timing), ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}) };
  let queued = 0;
  for (let i = 0; i < keys.length; i += SENDS_AT_ONCE) {
    const ids = await Promise.all(
      keys.slice(i, i + SENDS_AT_ONCE).map((key) => {
        const data: ResourceWindowKey = { resource: key.resource, scope: key.scope ?? '', windowStart: key.windowStart, windowEnd: key.windowEnd };
        return boss.send(RESOURCE_QUEUE, data, { ...options, singletonKey: windowKey(key) });
      }),
    );
    queued += ids.filter((id) => id !== null).length;
  }
  return queued;
}

/** Windows (`windowKey`) some worker holds now, as pg-boss sees it. */
export async function activeWindowKeys(boss: PgBoss): Promise<Set<string>> {
  const result = (await boss
    .getDb()
    .executeSql(`SELECT singleton_key FROM ${JOB_QUEUE_SCHEMA}.job WHERE name = $1 AND state = 'active'`, [RESOURCE_QUEUE])) as { rows: Array<{ singleton_key: string | null }> };
  return new Set(result.rows.map((row) => row.singleton_key).filter((key): key is string => key !== null));
}

export async function resourceQueueSizes(boss: PgBoss): Promise<{ queued: number; active: number }> {
  const queued = await boss.getQueueSize(RESOURCE_QUEUE);
  const unfinished = await boss.getQueueSize(RESOURCE_QUEUE, { before: 'completed' });
  return { queued, active: Math.max(0, unfinished - queued) };
}
