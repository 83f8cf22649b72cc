import { pastDay, syncedSiteDay, type Simulators } from './canary-harness.js';
import type { PortalProbe } from './canary-portal-probe.js';

interface SignedIn {
  admin: string;
  viewer: string;
}

/** The reports and their CSV download over the site-day the sync steps synced, and refused for a range not synced. */
export async function warehouseReports(probe: PortalProbe, sims: Simulators, { admin, viewer }: SignedIn): Promise<void> {
  const { site, day } = syncedSiteDay(sims);
  const synced = { from: day, to: day, sites: [site] };
  const unsynced = { from: pastDay(20), to: pastDay(20), sites: [site] };
  for (const kind of ['sales', 'mix', 'memberships', 'tenders', 'hours', 'staff', 'discounts']) {
    await probe.call(`${kind} report`, 'reports.run', { kind, ...synced, groupBy: 'chain' }, { cookie: viewer, expect: 'ok' });
  }
  await probe.call('report not synced', 'reports.run', { kind: 'sales', ...unsynced }, { cookie: viewer, expect: 'PRECONDITION_FAILED' });
  await probe.call('report signed out', 'reports.run', { kind: 'sales', ...synced }, { expect: 'UNAUTHORIZED' });
  await probe.call('report, sites and a region', 'reports.run', { kind: 'sales', ...synced, region: 'Illinois' }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('report, unknown site', 'reports.run', { kind: 'sales', ...synced, sites: ['NOSUCHSITE'] }, { cookie: admin, expect: 'BAD_REQUEST' });
  const sameDay = { from: day, to: day };
  await probe.call('compare', 'reports.compare', { current: sameDay, previous: sameDay, sites: [site] }, { cookie: viewer, expect: 'ok' });
  await probe.call('compare not synced', 'reports.compare', { current: { from: unsynced.from, to: unsynced.to }, sites: [site] }, { cookie: viewer, expect: 'PRECONDITION_FAILED' });
  await probe.call('compare, reversed', 'reports.compare', { current: { from: day, to: pastDay(5) } }, { cookie: viewer, expect: 'BAD_REQUEST' });
  await probe.call('compare signed out', 'reports.compare', { current: sameDay }, { expect: 'UNAUTHORIZED' });
  await probe.get('report CSV', `/api/reports/csv?kind=sales&from=${day}&to=${day}&sites=${site}`, { cookie: viewer, expect: 'ok' });
  await probe.get('report CSV not synced', `/api/reports/csv?kind=tenders&from=${unsynced.from}&to=${unsynced.to}&sites=${site}`, { cookie: viewer, expect: 'HTTP 409' });
  await probe.get('report CSV, bad kind', `/api/reports/csv?kind=weather&from=${day}&to=${day}`, { cookie: admin, expect: 'HTTP 400' });
  await probe.get('report CSV signed out', `/api/reports/csv?kind=sales&from=${day}&to=${day}`, { expect: 'HTTP 401' });
}

/**
 * The operator's numbers and the daily digest over the same site-day: answered when a partial range is allowed, refused
 * when it is not synced (or malformed, or signed out). Their answers carry figures and coverage, never a credential.
 */
export async function operatorNumbers(probe: PortalProbe, sims: Simulators, { admin, viewer }: SignedIn): Promise<void> {
  const { site, day } = syncedSiteDay(sims);
  const synced = { from: day, to: day, sites: [site], allowPartial: true };
  const unsynced = { from: pastDay(20), to: pastDay(20), sites: [site] };
  for (const kind of ['summary', 'memberships', 'advisors', 'liability'] as const) {
    await probe.call(`numbers: ${kind}`, `kpis.${kind}`, synced, { cookie: viewer, expect: 'ok' });
    await probe.call(`numbers: ${kind}, not synced`, `kpis.${kind}`, unsynced, { cookie: viewer, expect: 'PRECONDITION_FAILED' });
    await probe.call(`numbers: ${kind}, reversed`, `kpis.${kind}`, { from: day, to: pastDay(5) }, { cookie: admin, expect: 'BAD_REQUEST' });
    await probe.call(`numbers: ${kind}, signed out`, `kpis.${kind}`, synced, { expect: 'UNAUTHORIZED' });
  }
  await probe.call('digest preview', 'digest.preview', { site, day }, { cookie: viewer, expect: 'ok' });
  await probe.call('digest preview, no such day', 'digest.preview', { site, day: '2026-13-45' }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('digest preview signed out', 'digest.preview', { site, day }, { expect: 'UNAUTHORIZED' });
  await probe.call('digest deliveries', 'digest.deliveries', { site, day }, { cookie: viewer, expect: 'ok' });
  await probe.call('digest deliveries, no site', 'digest.deliveries', { site: '', day }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('digest deliveries signed out', 'digest.deliveries', { site, day }, { expect: 'UNAUTHORIZED' });
}
