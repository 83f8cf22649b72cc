import type { ReportColumn, ReportTable } from '@washops/operations';
import type { KpiGrouping, KpiRequest } from '@washops/operations/schemas';
import { lastWeek } from '../reports/filters';

/** How rows are grouped, as the filter offers it (every grouping the numbers have, by construction). */
export const LABOR_GROUPING_LABELS: Record<KpiGrouping, string> = {
  site: 'Site',
  region: 'Region',
  chain: 'The whole chain',
  day: 'Day',
  week: 'Week (from Monday)',
  month: 'Month',
};

/** The Labor page's filters, as the URL keeps them. */
export interface LaborFilters {
  from: string;
  to: string;
  /** Site codes; none with no region: every site. */
  sites: string[];
  region: string;
  groupBy: KpiGrouping;
}

const GROUPINGS = Object.keys(LABOR_GROUPING_LABELS) as KpiGrouping[];
const BY_PERIOD: ReadonlySet<KpiGrouping> = new Set(['day', 'week', 'month']);

/** The filters a URL names; what it leaves out is last week, every site, by site. */
export function laborFiltersFromSearch(search: URLSearchParams, now: Date = new Date()): LaborFilters {
  const week = lastWeek(now);
  const sites = (search.get('sites') ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
  const groupBy = search.get('groupBy') as KpiGrouping | null;
  return {
    from: search.get('from') || week.from,
    to: search.get('to') || week.to,
    sites,
    region: sites.length > 0 ? '' : (search.get('region') ?? '').trim(),
    groupBy: groupBy && GROUPINGS.includes(groupBy) ? groupBy : 'site',
  };
}

/** The URL's search for filters: what `laborFiltersFromSearch` reads back to the same filters. */
export function searchOfLabor(filters: LaborFilters): string {
  const search = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.sites.length > 0) search.set('sites', filters.sites.join(','));
  else if (filters.region) search.set('region', filters.region);
  search.set('groupBy', filters.groupBy);
  return search.toString();
}

/** The labor figures' request. */
export function laborRequestOf(filters: LaborFilters): KpiRequest {
  return {
    from: filters.from,
    to: filters.to,
    ...(filters.sites.length > 0 ? { sites: filters.sites } : filters.region ? { region: filters.region } : {}),
    groupBy: filters.groupBy,
  };
}

/** The advisors' request: per employee over the range, so a period grouping sums the chosen sites. */
export function advisorsRequestOf(filters: LaborFilters): KpiRequest {
  return { ...laborRequestOf(filters), groupBy: BY_PERIOD.has(filters.groupBy) ? 'chain' : filters.groupBy };
}

/** What a labor row reads of the figures. */
export interface LaborFigures {
  group: string;
  cars: number;
  salesCents: number;
  regularHours: number;
  overtimeHours: number;
  laborCostCents: number;
  laborShareOfSales: number | null;
  laborCostPerCarCents: number | null;
  carsPerLaborHour: number | null;
  openShifts: number;
  modifiedPunches: number;
}

/** The labor table: a row per group, the group a day when grouped by period. */
export function laborTableOf(rows: readonly LaborFigures[], groupBy: KpiGrouping): ReportTable {
  const columns: ReportColumn[] = [
    { key: 'group', label: LABOR_GROUPING_LABELS[groupBy].replace(/ \(.*\)$/, ''), kind: BY_PERIOD.has(groupBy) ? 'day' : 'text' },
    { key: 'regularHours', label: 'Regular hours', kind: 'count' },
    { key: 'overtimeHours', label: 'Overtime hours', kind: 'count' },
    { key: 'laborCostCents', label: 'Labor cost', kind: 'money' },
    { key: 'salesCents', label: 'Sales', kind: 'money' },
    { key: 'laborShareOfSales', label: 'Labor % of sales', kind: 'percent' },
    { key: 'cars', label: 'Cars', kind: 'count' },
    { key: 'laborCostPerCarCents', label: 'Labor cost per car', kind: 'money' },
    { key: 'carsPerLaborHour', label: 'Cars per labor hour', kind: 'count' },
    { key: 'openShifts', label: 'Open shifts', kind: 'count' },
    { key: 'modifiedPunches', label: 'Modified punches', kind: 'count' },
  ];
  return {
    columns,
    rows: rows.map((row) => ({
      group: row.group,
      regularHours: row.regularHours,
      overtimeHours: row.overtimeHours,
      laborCostCents: row.laborCostCents,
      salesCents: row.salesCents,
      laborShareOfSales: row.laborShareOfSales,
      cars: row.cars,
      laborCostPerCarCents: row.laborCostPerCarCents,
      // A rate to the tenth reads as one; more digits are noise.
      carsPerLaborHour: row.carsPerLaborHour === null ? null : Math.round(row.carsPerLaborHour * 10) / 10,
      openShifts: row.openShifts,
      modifiedPunches: row.modifiedPunches,
    })),
  };
}

/** What an advisor row reads. */
export interface AdvisorFigures {
  group: string;
  employeeName: string;
  employeeId: string;
  offers: number;
  conversions: number;
  conversionRate: number | null;
}

/** The sales advisors' table: per employee (per group but for the whole chain), offers, conversions and the rate. */
export function advisorTableOf(rows: readonly AdvisorFigures[], groupBy: KpiGrouping): ReportTable {
  const grouped = groupBy === 'site' || groupBy === 'region';
  const columns: ReportColumn[] = [
    { key: 'employee', label: 'Employee', kind: 'text' },
    ...(grouped ? [{ key: 'group', label: LABOR_GROUPING_LABELS[groupBy], kind: 'text' as const }] : []),
    { key: 'offers', label: 'Offers', kind: 'count' },
    { key: 'conversions', label: 'Conversions', kind: 'count' },
    { key: 'conversionRate', label: 'Conversion rate', kind: 'percent' },
  ];
  return {
    columns,
    rows: rows.map((row) => ({
      employee: row.employeeName || `Employee ${row.employeeId}`,
      ...(grouped ? { group: row.group } : {}),
      offers: row.offers,
      conversions: row.conversions,
      conversionRate: row.conversionRate,
    })),
  };
}
