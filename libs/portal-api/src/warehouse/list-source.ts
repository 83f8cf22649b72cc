import type { WarehouseQueries } from '@washops/store';
import { toUnixSeconds, type DateInput } from '@washops/transactions-client';

/** Where a list's rows come from, as the explorer says beside them. */
export type ListSource = { kind: 'warehouse'; syncedAt: string } | { kind: 'live'; reason: string };

export interface ListQuery {
  version: 'v1' | 'v2';
  type?: string | undefined;
  startDate?: DateInput | undefined;
  endDate?: DateInput | undefined;
  site?: string | undefined;
  region?: string | undefined;
}

/** The warehouse's UTC range and sites for a list, or why the list goes live. */
export type WarehousePlan =
  | { source: Extract<ListSource, { kind: 'warehouse' }>; from: Date; to: Date; siteCodes: string[] | undefined }
  | { source: Extract<ListSource, { kind: 'live' }> };

const live = (reason: string): WarehousePlan => ({ source: { kind: 'live', reason } });

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * Whether the warehouse can answer a list: a v1 list without a type filter over a range every
 * site-day of which is synced, for the site asked, a region's sites, or every site the warehouse
 * knows. v2 lists and the type filter go live (README, "The warehouse in the explorer"): the
 * warehouse keeps the v2 fields only when the Data API sends them, and an item-type filter is the
 * vendor's own rule.
 */
export async function planWarehouseList(warehouse: WarehouseQueries, query: ListQuery): Promise<WarehousePlan> {
  if (query.version === 'v2') return live('v2 lists come from the Data API: the warehouse keeps the v2 fields only when the API sends them');
  if (query.type) return live('the type filter is answered by the Data API');
  if (query.startDate === undefined || query.endDate === undefined) return live('no date range was given');
  const from = new Date(toUnixSeconds(query.startDate, 'startDate') * 1000);
  const to = new Date(toUnixSeconds(query.endDate, 'endDate') * 1000 + 999);
  const sites = await warehouse.listSites();
  let siteCodes: string[] | undefined;
  if (query.site) {
    const site = sites.find((s) => s.siteCode.toUpperCase() === query.site?.trim().toUpperCase());
    if (!site) return live(`site ${query.site.trim()} has never been synced`);
    siteCodes = [site.siteCode];
  } else if (query.region) {
    const region = query.region.trim().toUpperCase();
    siteCodes = sites.filter((s) => s.regionCode?.toUpperCase() === region).map((s) => s.siteCode);
    if (siteCodes.length === 0) return live(`no site of region ${query.region.trim()} has been synced`);
  } else if (sites.length === 0) {
    return live('nothing has been synced yet');
  }
  const coverage = await warehouse.coverage({ from, to, ...(siteCodes ? { siteCodes } : {}) });
  if (!coverage.complete || !coverage.syncedAt) {
    const example = coverage.missing[0];
    const first = example ? ` (${example.siteCode} ${example.day}${coverage.missingCount > 1 ? ', …' : ''})` : '';
    return live(`${plural(coverage.missingCount, 'site-day')} of this range ${coverage.missingCount === 1 ? 'is' : 'are'} not synced${first}`);
  }
  return { source: { kind: 'warehouse', syncedAt: coverage.syncedAt.toISOString() }, from, to, siteCodes };
}
