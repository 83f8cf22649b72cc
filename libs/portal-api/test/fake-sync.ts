import type { Actor, BackfillRequest, ResourceBackfillRequest, ResourceSync, SyncStatus, SyncStatusQuery, WarehouseSync } from '@washops/operations';

/** What the router asked of the sync, in order. */
export type SyncCall =
  | { method: 'backfill'; request: BackfillRequest; actor: Actor }
  | { method: 'pause' | 'resume'; actor: Actor }
  | { method: 'retryFailed'; query: SyncStatusQuery; actor: Actor }
  | { method: 'status'; query: SyncStatusQuery }
  | { method: 'resources.backfill'; request: ResourceBackfillRequest; actor: Actor }
  | { method: 'resources.retryFailed'; actor: Actor }
  | { method: 'resources.status'; range: { from: string; to: string; resources?: readonly string[] } };

/**
 * A sync that records the router's calls and answers from them: for tests of roles and validation,
 * where what matters is whether (and how) the sync is called. The real sync is tested in operations.
 */
export class RecordingSync implements WarehouseSync {
  readonly calls: SyncCall[] = [];
  paused = false;

  /** The resources' side: records its calls the same way; one resource, items, synced whole. */
  readonly resources: ResourceSync = {
    backfill: async (request, actor) => {
      this.calls.push({ method: 'resources.backfill', request, actor });
      return { resources: ['items'], windows: 1, queued: 1 };
    },
    syncRecent: async () => ({ resources: [], windows: 0, queued: 0 }),
    retryFailed: async (actor) => {
      this.calls.push({ method: 'resources.retryFailed', actor });
      return 2;
    },
    status: async (range) => {
      this.calls.push({ method: 'resources.status', range });
      const syncedAt = new Date('2026-01-02T03:04:05.000Z');
      return [
        {
          resource: 'items',
          coverage: { resource: 'items', complete: true, syncedAt, missingDays: [] },
          windows: [
            { resource: 'items', scope: '', windowStart: range.from, windowEnd: range.from, state: 'done', records: 3, vendorTotal: 3, syncedAt, attempts: 1, error: null, errorCode: null, updatedAt: syncedAt },
          ],
        },
      ];
    },
  };

  async backfill(request: BackfillRequest, actor: Actor) {
    this.calls.push({ method: 'backfill', request, actor });
    const siteCodes = [...(request.siteCodes ?? ['FIESTA'])];
    return { siteCodes, days: [request.from, request.to], units: siteCodes.length * 2, queued: siteCodes.length * 2 };
  }

  async syncRecent() {
    return { siteCodes: [], days: [], units: 0, queued: 0 };
  }

  async pause(actor: Actor) {
    this.calls.push({ method: 'pause', actor });
    this.paused = true;
  }

  async resume(actor: Actor) {
    this.calls.push({ method: 'resume', actor });
    this.paused = false;
  }

  async retryFailed(query: SyncStatusQuery, actor: Actor) {
    this.calls.push({ method: 'retryFailed', query, actor });
    return 3;
  }

  async status(query: SyncStatusQuery): Promise<SyncStatus> {
    this.calls.push({ method: 'status', query });
    const syncedAt = new Date('2026-01-02T03:04:05.000Z');
    return {
      from: query.from,
      to: query.to,
      siteCodes: [...(query.siteCodes ?? ['FIESTA'])],
      days: [query.from],
      units: [
        { siteCode: 'FIESTA', day: query.from, state: 'done', records: 12, vendorTotal: 12, syncedAt, attempts: 1, error: null, errorCode: null, updatedAt: syncedAt },
      ],
      counts: { pending: 0, running: 0, done: 1, failed: 0, records: 12 },
      paused: this.paused,
      budget: { key: 'demo', requests: 20, windowMs: 15_000, inUse: 3, pausedUntil: null },
      queue: { queued: 0, active: 0 },
      nightly: { cron: '30 4 * * *', timeZone: 'UTC', resyncDays: 3 },
    };
  }

  async startWorker() {
    return { done: Promise.resolve(), stop: async () => undefined };
  }

  async close() {}
}
