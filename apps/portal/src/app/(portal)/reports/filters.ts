import type { ReportGrouping, ReportKind, ReportRequest } from '@washops/operations';
import type { ReportPeriod } from '@washops/store';
import { localDay } from '../../../sync/view';

// The request's rules (range length, sites or region) are the reports service's own: the procedure
// checks them and its messages reach the page, so they are not repeated here.

/** The sales report's periods, as the filter offers them (every period the type has, by construction). */
export const PERIOD_LABELS: Record<ReportPeriod, string> = { day: 'Day', week: 'Week (from Monday)', month: 'Month' };
/** How rows are grouped, as the filter offers it. */
export const GROUPING_LABELS: Record<ReportGrouping, string> = { site: 'Site', region: 'Region', chain: 'The whole chain' };

const keysOf = <K extends string>(record: Record<K, string>) => Object.keys(record) as K[];

/** The Reports page's filters, as the URL keeps them (a view can be linked to and reloaded). */
export interface ReportFilters {
  from: string;
  to: string;
  /** Site codes; none with no region: every site. */
  sites: string[];
  /** A BackOffice region's name; wins over `sites` only when no site is named. */
  region: string;
  period: ReportPeriod;
  groupBy: ReportGrouping;
  /** Show what the warehouse holds of a range not wholly synced, marked partial. */
  allowPartial: boolean;
}

/** Last week, Monday to Sunday, in the browser's calendar. */
export function lastWeek(now: Date = new Date()): { from: string; to: string } {
  const sinceMonday = (now.getDay() + 6) % 7;
  return { from: localDay(-sinceMonday - 7, now), to: localDay(-sinceMonday - 1, now) };
}

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/** The filters a URL names; what it leaves out is last week, every site, by day and site. */
export function filtersFromSearch(search: URLSearchParams, now: Date = new Date()): ReportFilters {
  const week = lastWeek(now);
  const sites = (search.get('sites') ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
  return {
    from: search.get('from') || week.from,
    to: search.get('to') || week.to,
    sites,
    region: sites.length > 0 ? '' : (search.get('region') ?? '').trim(),
    period: oneOf(keysOf(PERIOD_LABELS), search.get('period'), 'day'),
    groupBy: oneOf(keysOf(GROUPING_LABELS), search.get('groupBy'), 'site'),
    allowPartial: search.get('partial') === '1',
  };
}

/** The URL's search for filters: what `filtersFromSearch` reads back to the same filters. */
export function searchOf(filters: ReportFilters): string {
  const search = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.sites.length > 0) search.set('sites', filters.sites.join(','));
  else if (filters.region) search.set('region', filters.region);
  search.set('period', filters.period);
  search.set('groupBy', filters.groupBy);
  if (filters.allowPartial) search.set('partial', '1');
  return search.toString();
}

/** One report's request for the filters (the period matters to sales only). */
export function requestOf<K extends ReportKind>(filters: ReportFilters, kind: K): ReportRequest & { kind: K } {
  return {
    kind,
    from: filters.from,
    to: filters.to,
    ...(filters.sites.length > 0 ? { sites: filters.sites } : filters.region ? { region: filters.region } : {}),
    ...(kind === 'sales' ? { period: filters.period } : {}),
    groupBy: filters.groupBy,
    ...(filters.allowPartial ? { allowPartial: true } : {}),
  };
}

/** The report's CSV download: the same request as the page's, as a query string. */
export function csvHref(filters: ReportFilters, kind: ReportKind): string {
  const request = requestOf(filters, kind);
  const search = new URLSearchParams({ kind, from: request.from, to: request.to });
  if (request.sites) search.set('sites', request.sites.join(','));
  if (request.region) search.set('region', request.region);
  if (request.period) search.set('period', request.period);
  search.set('groupBy', filters.groupBy);
  if (request.allowPartial) search.set('allowPartial', 'true');
  return `/api/reports/csv?${search.toString()}`;
}
