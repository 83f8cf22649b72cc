import type { KpiRequest } from '@washops/operations/schemas';
import { yesterday } from './period';

/** The Today dashboard's choice, as the URL keeps it: a day and the chain, a region or one site. */
export interface TodayFilters {
  day: string;
  /** A site's code, or empty. */
  site: string;
  /** A BackOffice region's name, or empty; a site wins over it. */
  region: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The choice a URL names; what it leaves out is yesterday, the whole chain. */
export function todayFiltersFromSearch(search: URLSearchParams, now: Date = new Date()): TodayFilters {
  const day = search.get('day') ?? '';
  const site = (search.get('site') ?? '').trim();
  return { day: DAY.test(day) ? day : yesterday(now), site, region: site ? '' : (search.get('region') ?? '').trim() };
}

/** The URL's search for a choice: what `todayFiltersFromSearch` reads back to the same choice. */
export function searchOfToday(filters: TodayFilters): string {
  const search = new URLSearchParams({ day: filters.day });
  if (filters.site) search.set('site', filters.site);
  else if (filters.region) search.set('region', filters.region);
  return search.toString();
}

/** The sites part of a request for the numbers: one site, a region or (neither) every site. */
export function scopeOf(filters: TodayFilters): Pick<KpiRequest, 'sites' | 'region'> {
  return filters.site ? { sites: [filters.site] } : filters.region ? { region: filters.region } : {};
}
