import type { KpiRequest } from '@washops/operations/schemas';
import { dayOf } from '../../../transactions/range';

// The request's rules (range length, sites or region) are the numbers service's own: its messages reach the page.

/** The Memberships page's filters, as the URL keeps them (a view can be linked to and reloaded). */
export interface MembershipFilters {
  from: string;
  to: string;
  /** Site codes; none with no region: every site. */
  sites: string[];
  /** A BackOffice region's name; kept only when no site is named. */
  region: string;
  /** The cohort grid's plan; empty: every plan, combined by join month. */
  plan: string;
  /** Show what the warehouse holds of a range not wholly synced, marked partial. */
  allowPartial: boolean;
}

/** The last six whole months before the current one, in the browser's calendar. */
export function lastSixMonths(now: Date = new Date()): { from: string; to: string } {
  return { from: dayOf(new Date(now.getFullYear(), now.getMonth() - 6, 1)), to: dayOf(new Date(now.getFullYear(), now.getMonth(), 0)) };
}

/** The filters a URL names; what it leaves out is the last six whole months, every site, every plan. */
export function filtersFromSearch(search: URLSearchParams, now: Date = new Date()): MembershipFilters {
  const months = lastSixMonths(now);
  const sites = (search.get('sites') ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
  return {
    from: search.get('from') || months.from,
    to: search.get('to') || months.to,
    sites,
    region: sites.length > 0 ? '' : (search.get('region') ?? '').trim(),
    plan: search.get('plan') ?? '',
    allowPartial: search.get('partial') === '1',
  };
}

/** The URL's search for filters: what `filtersFromSearch` reads back to the same filters. */
export function searchOf(filters: MembershipFilters): string {
  const search = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.sites.length > 0) search.set('sites', filters.sites.join(','));
  else if (filters.region) search.set('region', filters.region);
  if (filters.plan) search.set('plan', filters.plan);
  if (filters.allowPartial) search.set('partial', '1');
  return search.toString();
}

/** The numbers' request: the chosen sites or region summed as one (the plan is the page's own filter of the answer). */
export function requestOf(filters: MembershipFilters): KpiRequest {
  return {
    from: filters.from,
    to: filters.to,
    ...(filters.sites.length > 0 ? { sites: filters.sites } : filters.region ? { region: filters.region } : {}),
    groupBy: 'chain',
    ...(filters.allowPartial ? { allowPartial: true } : {}),
  };
}
