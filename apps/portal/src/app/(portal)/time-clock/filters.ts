import { localDay } from '../../../sync/view';

/** The Time clock page's filters, as the URL keeps them. */
export interface ClockFilters {
  from: string;
  to: string;
  /** A site code; empty: every site. */
  site: string;
}

/** What a URL names; what it leaves out is the last 14 days (a pay period) at every site. */
export function clockFiltersOf(search: URLSearchParams, now: Date = new Date()): ClockFilters {
  return { from: search.get('from') || localDay(-13, now), to: search.get('to') || localDay(0, now), site: (search.get('site') ?? '').trim() };
}

/** The URL's search for filters: what `clockFiltersOf` reads back to the same filters. */
export function clockSearchOf(filters: ClockFilters): string {
  const search = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.site) search.set('site', filters.site);
  return search.toString();
}

/** Hours with two decimals, as payroll reads them. */
export function hoursText(hours: number): string {
  return hours.toFixed(2);
}
