import { addDays } from '@washops/store';
import { syncStatus } from '../tools/sync-status.js';
import { json, toolRead, type FixedResource } from './resource.js';
import { SYNC_STATUS_URI } from './uris.js';

/** The days the resource covers: the last week, today included (UTC dates). */
export const SYNC_STATUS_DAYS = 7;

export const syncStatusResource: FixedResource = {
  name: 'sync-status',
  uri: SYNC_STATUS_URI,
  title: 'Warehouse sync status, last seven days',
  description: `sync_status over the last ${SYNC_STATUS_DAYS} days (today included): site-days synced, queued, failed, the shared request budget and what to do next. Subscribe to be told when it changes.`,
  mimeType: 'application/json',
  uses: [syncStatus],
  read: async (services, signal) => {
    const to = new Date().toISOString().slice(0, 10);
    return json(await toolRead(syncStatus, { from: addDays(to, -(SYNC_STATUS_DAYS - 1)), to }, services, signal));
  },
};
