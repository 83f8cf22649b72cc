import { pastDay, syncedSiteDay, type Simulators } from './canary-harness.js';
import type { McpProbe } from './canary-mcp.js';

const REPORT_TOOLS = ['sales_report', 'mix_report', 'membership_report', 'tender_report', 'hourly_report', 'staff_report'];
const KPI_TOOLS = ['kpi_summary', 'membership_churn', 'cohort_retention', 'labor_report'];

/**
 * The report tools over the same database as the portal: its steps synced one site-day whole, which the
 * tools answer; a range never synced is refused (pointing at sync_status), or answered partial when allowed.
 */
export async function reportTools(mcp: McpProbe, sims: Simulators): Promise<void> {
  const { site, day } = syncedSiteDay(sims);
  const synced = { from: day, to: day, sites: [site] };
  for (const name of REPORT_TOOLS) {
    await mcp.call('synced site-day', name, synced, 'ok');
    await mcp.call('partly synced, partial allowed', name, { ...synced, from: pastDay(4), allowPartial: true }, 'ok');
    await mcp.call('not synced', name, { ...synced, from: pastDay(20), to: pastDay(20) }, 'error');
    await mcp.call('reversed', name, { from: day, to: pastDay(5) }, 'error');
  }
  await mcp.call('sites and a region', 'sales_report', { ...synced, region: 'Illinois' }, 'error');
  await mcp.call('a kind given', 'staff_report', { ...synced, kind: 'sales' }, 'error');
  await mcp.call('same day twice', 'compare_periods', { current: { from: day, to: day }, previous: { from: day, to: day }, sites: [site] }, 'ok');
  await mcp.call('not synced', 'compare_periods', { current: { from: pastDay(20), to: pastDay(20) }, sites: [site] }, 'error');
  await mcp.call('reversed', 'compare_periods', { current: { from: day, to: pastDay(5) } }, 'error');
}

/**
 * The operator's numbers over the same database: they also read resources (memberships, clock entries) the steps may
 * not have synced, so the synced site-day is asked with allowPartial (answered either way); a range whose transactions
 * were never synced is refused naming the backfill, and input the request schema refuses is refused before reading.
 */
export async function kpiTools(mcp: McpProbe, sims: Simulators): Promise<void> {
  const { site, day } = syncedSiteDay(sims);
  const synced = { from: day, to: day, sites: [site] };
  for (const name of KPI_TOOLS) {
    await mcp.call('synced site-day, partial allowed', name, { ...synced, allowPartial: true }, 'ok');
    await mcp.call('by week over the chain, partial allowed', name, { from: pastDay(9), to: day, groupBy: 'week', allowPartial: true }, 'ok');
    await mcp.call('not synced', name, { ...synced, from: pastDay(20), to: pastDay(20) }, 'error');
    await mcp.call('reversed', name, { from: day, to: pastDay(5) }, 'error');
  }
  await mcp.call('sites and a region', 'kpi_summary', { ...synced, region: 'Illinois' }, 'error');
  await mcp.call('unknown grouping', 'labor_report', { ...synced, groupBy: 'city' }, 'error');
}
