import { throwIfAborted } from '@washops/client-core';
import { RangeNotSyncedError, ValidationError } from '@washops/shared-errors';
import { addDays, type ReportCoverage, type ReportPeriod, type ReportScope } from '@washops/store';

import { resolveSiteCodesInTree, sitesOfRegion, type SiteChoice, type SiteTree } from '../sites/resolve-sites.js';
import { NO_REGION, counted, rangeLabel, scopeLabel } from './format.js';
import { groupOfSites, type GroupOf } from './grouping.js';
import { daysInRange } from './schemas.js';
import type { ReportGrouping, ReportsDeps, ResolvedScope } from './types.js';

/** What one report reads and how it sums: the resolved scope, the store's scope, the site-to-group mapping. */
export interface ReportContext {
  deps: ReportsDeps;
  scope: ResolvedScope;
  /** The store's scope: the same days and sites. */
  query: ReportScope;
  groupOf: GroupOf;
  /** `region WashU Illinois (15 sites)`: for titles and summaries. */
  label: string;
  signal: AbortSignal | undefined;
}

interface ScopeRequest extends SiteChoice {
  from: string;
  to: string;
  period?: ReportPeriod | undefined;
  groupBy?: ReportGrouping | undefined;
}

/**
 * Sites and region resolved against the BackOffice's site tree, codes the tree lacks against the Data API's list
 * (the warehouse's copy of it unless the caller gives its own). No sites and no region: every site the warehouse
 * knows (the Data API's list as the sync last read it), or the tree's while nothing was ever synced. The tree is
 * read once, and only when needed: a chain-wide report by site or for the chain runs without the BackOffice.
 */
export async function reportContext(deps: ReportsDeps, request: ScopeRequest, signal: AbortSignal | undefined): Promise<ReportContext> {
  let treeRead: Promise<SiteTree> | undefined;
  const tree = () => (treeRead ??= deps.backoffice.listSites(signal ? { signal } : {}));
  let warehouseSites: Promise<Array<{ code: string }>> | undefined;
  const known = () => (warehouseSites ??= deps.store.warehouse.listSites().then((sites) => sites.map((site) => ({ code: site.siteCode }))));
  const named = request.sites !== undefined || request.region !== undefined;
  const resolved = named ? await resolveSiteCodesInTree(await tree(), request, deps.dataApiSites ?? known) : undefined;
  let siteCodes = resolved ?? (await known()).map((site) => site.code);
  if (siteCodes.length === 0) siteCodes = (await tree()).flatMap((site) => (site.code ? [site.code] : []));
  if (siteCodes.length === 0) throw new ValidationError('There is no site to report on: neither the warehouse nor the BackOffice lists one.', { details: { field: 'sites' } });
  const groupBy = request.groupBy ?? 'site';
  const regionTree = request.region !== undefined || groupBy === 'region' ? await tree() : [];
  throwIfAborted(signal);
  const region = request.region === undefined ? null : (sitesOfRegion(regionTree, request.region)[0]?.regionName ?? request.region.trim());
  const regionOf = new Map(regionTree.flatMap((site) => (site.code ? [[site.code, site.regionName ?? NO_REGION] as const, [site.code.toUpperCase(), site.regionName ?? NO_REGION] as const] : [])));
  const scope: ResolvedScope = { from: request.from, to: request.to, siteCodes, region, period: request.period ?? 'day', groupBy };
  return {
    deps,
    scope,
    query: { from: scope.from, to: scope.to, siteCodes },
    groupOf: groupOfSites(groupBy, regionOf),
    label: scopeLabel(scope, !named),
    signal,
  };
}

/** The same context over another range of days (the previous period, a comparison's other side). */
export function contextFor(context: ReportContext, range: { from: string; to: string }): ReportContext {
  return { ...context, scope: { ...context.scope, ...range }, query: { ...context.query, ...range } };
}

/** The range of the same length just before `range`. */
export function previousRange(range: { from: string; to: string }): { from: string; to: string } {
  const days = daysInRange(range.from, range.to);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** How much of the context's range the warehouse holds whole. */
export async function coverageOf(context: ReportContext): Promise<ReportCoverage> {
  const coverage = await context.deps.store.reports.coverage(context.query);
  throwIfAborted(context.signal);
  return coverage;
}

const EXAMPLES = 5;

/** The refusal of a range not wholly synced: how much is, a few that are not, and how to backfill them. */
export function rangeNotSynced(coverage: ReportCoverage, range: { from: string; to: string }): RangeNotSyncedError {
  const { siteDays, synced, missing, missingCount } = coverage;
  const held = synced === 0 ? `None of the ${counted(siteDays, 'site-day')} of ${rangeLabel(range)} is synced` : `Only ${synced.toLocaleString('en-US')} of ${counted(siteDays, 'site-day')} of ${rangeLabel(range)} are synced`;
  const examples = missing.slice(0, EXAMPLES).map((key) => `${key.siteCode} ${key.day}`);
  const more = missingCount > examples.length ? ` and ${(missingCount - examples.length).toLocaleString('en-US')} more` : '';
  // When the list holds every missing site-day, the command names just their days and sites.
  const whole = missing.length === missingCount && missing.length > 0;
  const days = whole ? missing.map((key) => key.day).sort() : [range.from, range.to];
  const sites = whole ? [...new Set(missing.map((key) => key.siteCode))].sort() : [];
  const command = `washops sync backfill --from ${days[0]} --to ${days[days.length - 1]}${sites.length > 0 && sites.length <= EXAMPLES ? ` --sites ${sites.join(',')}` : ''}`;
  return new RangeNotSyncedError(
    `${held} (missing: ${examples.join(', ')}${more}). Backfill them on the portal's Data sync page, with \`${command}\`, or see the MCP tool sync_status; then ask again, or ask for a partial report.`,
    { details: { from: range.from, to: range.to, siteDays, synced, missingCount, missing: missing.slice(0, EXAMPLES) } },
  );
}

/** The sentence a partial report starts its summary with. */
export function partialNote(coverage: ReportCoverage): string {
  return `Partial: only ${coverage.synced.toLocaleString('en-US')} of ${counted(coverage.siteDays, 'site-day')} are synced, and the figures cover those only.`;
}
