import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PortalDeps } from '../src/index.js';
import { MAX_RESOURCE_SYNC_DAYS } from '../src/routers/resource-sync.js';
import { RecordingSync } from './fake-sync.js';
import { callerAs, errorOf, makeDeps } from './helpers.js';

// The resources' side of the sync router (customers, items, clock entries, …) over a sync that records its calls: a
// viewer sees the status, only an admin queues or retries, and the range is checked before the sync is called.

let base: PortalDeps;
let deps: PortalDeps;
let sync: RecordingSync;

beforeAll(async () => {
  base = await makeDeps();
});

beforeEach(() => {
  sync = new RecordingSync();
  deps = { ...base, sync };
});

const range = { from: '2026-01-01', to: '2026-01-31' };
const actor = { channel: 'portal', name: 'admin' };

describe('sync.resources', () => {
  it('answers a viewer with each resource’s coverage and windows, times as ISO strings', async () => {
    const [items] = await callerAs(deps, 'viewer').sync.resources.status(range);
    expect(items).toMatchObject({ resource: 'items', coverage: { complete: true, syncedAt: '2026-01-02T03:04:05.000Z' } });
    expect(items?.windows[0]).toMatchObject({ windowStart: '2026-01-01', state: 'done', records: 3, syncedAt: '2026-01-02T03:04:05.000Z' });
    expect(sync.calls).toEqual([{ method: 'resources.status', range }]);
  });

  it('queues a backfill of the resources named, and retries the failed windows, as the signed-in admin', async () => {
    const admin = callerAs(deps, 'admin');
    expect(await admin.sync.resources.backfill({ ...range, resources: ['items', 'customers'] })).toEqual({ resources: ['items'], windows: 1, queued: 1 });
    expect(await admin.sync.resources.retryFailed()).toEqual({ queued: 2 });
    expect(sync.calls).toEqual([
      { method: 'resources.backfill', request: { ...range, resources: ['items', 'customers'] }, actor },
      { method: 'resources.retryFailed', actor },
    ]);
  });

  it('refuses a viewer’s backfill and retry without calling the sync', async () => {
    const viewer = callerAs(deps, 'viewer');
    expect((await errorOf(viewer.sync.resources.backfill(range))).code).toBe('FORBIDDEN');
    expect((await errorOf(viewer.sync.resources.retryFailed())).code).toBe('FORBIDDEN');
    expect(sync.calls).toEqual([]);
  });

  it('refuses a reversed range, a range over a year and a day that is not one, before the sync is called', async () => {
    const admin = callerAs(deps, 'admin');
    for (const bad of [
      { from: '2026-01-31', to: '2026-01-01' },
      { from: '2025-01-01', to: '2026-01-31' },
      { from: '2026-02-30', to: '2026-03-01' },
    ]) {
      expect((await errorOf(admin.sync.resources.backfill(bad))).code, JSON.stringify(bad)).toBe('BAD_REQUEST');
    }
    expect(MAX_RESOURCE_SYNC_DAYS).toBe(366);
    expect(sync.calls).toEqual([]);
  });
});
