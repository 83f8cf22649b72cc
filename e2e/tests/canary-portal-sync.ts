import { pastDay, syncedSiteDay, waitUntil, type Simulators } from './canary-harness.js';
import { dataOf, type PortalProbe } from './canary-portal-probe.js';
import { operatorNumbers, warehouseReports } from './canary-portal-reports.js';

interface SignedIn {
  admin: string;
  viewer: string;
}

interface StatusData {
  counts: { done: number; failed: number; pending: number; running: number };
}

/**
 * The transactions warehouse on success and refusal paths: the sync's status and controls, a
 * backfill of one site-day worked to its end, the explorer and the CSV export from the warehouse,
 * an export refused for a range not synced, and the reports, the operator's numbers and the digest over the synced site-day.
 */
export async function warehouseSync(probe: PortalProbe, sims: Simulators, { admin, viewer }: SignedIn): Promise<void> {
  const { site, day } = syncedSiteDay(sims);
  const range = { from: day, to: day, sites: [site] };
  await probe.call('sync status', 'sync.status', range, { cookie: viewer, expect: 'ok' });
  await probe.call('sync status signed out', 'sync.status', range, { expect: 'UNAUTHORIZED' });
  await probe.call('sync status, reversed range', 'sync.status', { from: day, to: pastDay(5) }, { cookie: viewer, expect: 'BAD_REQUEST' });
  await probe.call('backfill as a viewer', 'sync.backfill', range, { cookie: viewer, expect: 'FORBIDDEN' });
  await probe.call('backfill, unknown site', 'sync.backfill', { ...range, sites: ['NOSUCHSITE'] }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('backfill', 'sync.backfill', range, { cookie: admin, expect: 'ok' });
  await waitUntil('the backfilled site-day to be synced', async () => {
    const status = dataOf<StatusData>(await probe.call('sync progress', 'sync.status', range, { cookie: admin, expect: 'ok' }));
    return status.counts.done === 1 ? true : undefined;
  });
  const startDate = Math.floor(Date.parse(`${day}T12:00:00Z`) / 1000);
  await probe.call('list from the warehouse', 'transactions.list', { startDate, endDate: startDate + 3600, site }, { cookie: viewer, expect: 'ok' });
  await probe.get('warehouse CSV', `/api/exports/warehouse?from=${day}&to=${day}&sites=${site}`, { cookie: viewer, expect: 'ok' });
  await probe.get('warehouse CSV not synced', `/api/exports/warehouse?from=${pastDay(20)}&to=${pastDay(20)}&sites=${site}`, { cookie: viewer, expect: 'HTTP 409' });
  await probe.get('warehouse CSV, bad range', `/api/exports/warehouse?from=${day}&to=yesterday`, { cookie: admin, expect: 'HTTP 400' });
  await probe.get('warehouse CSV signed out', `/api/exports/warehouse?from=${day}&to=${day}`, { expect: 'HTTP 401' });
  await probe.call('pause as a viewer', 'sync.pause', undefined, { cookie: viewer, expect: 'FORBIDDEN' });
  await probe.call('pause', 'sync.pause', undefined, { cookie: admin, expect: 'ok' });
  await probe.call('resume', 'sync.resume', undefined, { cookie: admin, expect: 'ok' });
  await probe.call('resume as a viewer', 'sync.resume', undefined, { cookie: viewer, expect: 'FORBIDDEN' });
  await probe.call('retry failed', 'sync.retryFailed', range, { cookie: admin, expect: 'ok' });
  await probe.call('retry failed, over 31 days', 'sync.retryFailed', { from: pastDay(60), to: day }, { cookie: admin, expect: 'BAD_REQUEST' });
  await warehouseReports(probe, sims, { admin, viewer });
  await operatorNumbers(probe, sims, { admin, viewer });
}
