'use client';

import type { KpiFigures } from '@washops/store';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useMemo } from 'react';
import { errorMessageOf } from '../../../components/errors';
import { Loading, QueryError } from '../../../components/query-state';
import { periodLabel } from '../reports/charts';
import { ReportTableView } from '../reports/report-table';
import { KpiStatus } from './kpi-status';
import { monthToDate, previousPeriod, sameRangeLastYear, weekEnding, type DayRange } from './period';
import { bySiteTableOf } from './by-site';
import { TILE_NUMBERS } from './tile-numbers';
import { KpiTile, type TileComparison } from './tiles';
import { scopeOf, searchOfToday, todayFiltersFromSearch, type TodayFilters } from './today-filters';
import { TodayForm } from './today-form';
import { isNotSynced, useKpiSummary, useWholeKpiSummary } from './use-kpis';

const rangeText = (range: DayRange) => `${periodLabel(range.from)} – ${periodLabel(range.to)}, ${range.to.slice(0, 4)}`;

function scopeText(filters: TodayFilters): string {
  return filters.site ? `site ${filters.site}` : filters.region ? `the ${filters.region} region` : 'the whole chain';
}

/**
 * What the month to date is compared with: the same days last year, or when those are not synced whole, the
 * previous period; neither when the month itself is partial (a missing day is not a fall).
 */
function useComparison(filters: TodayFilters, month: DayRange, monthWhole: boolean) {
  const scope = scopeOf(filters);
  const lastYearRange = sameRangeLastYear(month);
  const previousRange = previousPeriod(month);
  const lastYear = useWholeKpiSummary(monthWhole ? { ...lastYearRange, ...scope, groupBy: 'chain' } : null);
  const lastYearRefused = lastYear.isError && isNotSynced(lastYear.error);
  const previous = useWholeKpiSummary(monthWhole && lastYearRefused ? { ...previousRange, ...scope, groupBy: 'chain' } : null);

  if (!monthWhole) return { comparison: null, note: 'No change shown: the month to date is not wholly synced, and a missing day is not a fall.' };
  if (lastYear.data) {
    const figures = lastYear.data.data[0];
    return {
      comparison: figures ? { against: 'last year', figures } : null,
      note: `Changes compare the month to date with the same days last year, ${rangeText(lastYearRange)}.`,
    };
  }
  if (lastYear.isError && !lastYearRefused) return { comparison: null, note: `No change shown: ${errorMessageOf(lastYear.error)}` };
  if (!lastYearRefused) return { comparison: null, note: 'Loading the comparison…' };
  const previousDays = `the previous period, ${rangeText(previousRange)}`;
  if (previous.data) {
    const figures = previous.data.data[0];
    return {
      comparison: figures ? { against: 'the previous period', figures } : null,
      note: `Last year's ${rangeText(lastYearRange)} is not synced, so changes compare the month to date with ${previousDays}.`,
    };
  }
  if (previous.isError) {
    return {
      comparison: null,
      note: isNotSynced(previous.error)
        ? `No change shown: neither last year's ${rangeText(lastYearRange)} nor ${previousDays} is wholly synced.`
        : `No change shown: ${errorMessageOf(previous.error)}`,
    };
  }
  return { comparison: null, note: 'Loading the comparison…' };
}

/**
 * The home page: one tile per number for a day (yesterday by default) with its week, the month to date and the
 * change, for the chain, a region or one site. The choice lives in the URL.
 */
export function Today() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const applied = useMemo(() => todayFiltersFromSearch(new URLSearchParams(search.toString())), [search]);
  // Yesterday is the browser's, not the server's: it is put in the URL once the page runs here.
  const dated = search.has('day');
  const days = weekEnding(applied.day);
  const month = monthToDate(applied.day);
  const scope = scopeOf(applied);
  const week = useKpiSummary(dated ? { from: days[0] ?? applied.day, to: applied.day, ...scope, groupBy: 'day' } : null);
  const monthSummary = useKpiSummary(dated ? { ...month, ...scope, groupBy: 'chain' } : null);
  const monthFigures: KpiFigures | undefined = monthSummary.answer?.data[0];
  const monthWhole = monthSummary.answer !== undefined && !monthSummary.answer.partial;
  const { comparison, note } = useComparison(applied, month, monthWhole);
  // The chain or a region: the day per site as well.
  const bySite = useKpiSummary(dated && !applied.site ? { from: applied.day, to: applied.day, ...scope, groupBy: 'site' } : null);

  useEffect(() => {
    if (!dated) router.replace(`${pathname}?${searchOfToday(applied)}`, { scroll: false });
  }, [dated, applied, pathname, router]);
  if (!dated) return <Loading label="Loading the dashboard…" />;

  const byDay = new Map((week.answer?.data ?? []).map((row) => [row.group, row]));
  const weekFigures = days.map((day) => byDay.get(day));
  const partial = week.answer?.partial === true || monthSummary.answer?.partial === true;

  return (
    <div className="today-page">
      <div className="page-head">
        <div>
          <h1>Today</h1>
          <p className="muted" data-testid="today-scope">
            {periodLabel(applied.day)}, {applied.day.slice(0, 4)}: {scopeText(applied)}. Days are each site&apos;s local days.
          </p>
        </div>
      </div>
      <TodayForm key={searchOfToday(applied)} applied={applied} onApply={(next) => router.replace(`${pathname}?${searchOfToday(next)}`, { scroll: false })} />
      <KpiStatus result={week} what="the week's numbers" />
      {monthSummary.refusal || monthSummary.error ? <KpiStatus result={monthSummary} what="the month's numbers" /> : null}
      {week.isPending || monthSummary.isPending ? (
        <Loading label="Loading the numbers…" />
      ) : week.answer ? (
        <>
          <div className="kpi-tiles">
            {TILE_NUMBERS.map((tile) => (
              <KpiTile
                key={tile.key}
                tile={tile}
                days={days}
                week={weekFigures}
                monthToDate={monthFigures}
                comparison={comparison satisfies TileComparison | null}
                partial={partial}
              />
            ))}
          </div>
          <p className="muted report-note" data-testid="comparison-note">
            {note}
          </p>
          {applied.site ? null : (
            <section className="card report today-by-site" aria-labelledby="today-by-site-heading" data-testid="today-by-site">
              <h2 id="today-by-site-heading">
                {periodLabel(applied.day)} by site {bySite.answer?.partial ? <span className="badge badge-warn">Partial</span> : null}
              </h2>
              {bySite.error ? <QueryError error={bySite.error} what="the day by site" onRetry={bySite.refetch} /> : null}
              {bySite.isPending ? <Loading label="Loading the day by site…" /> : null}
              {bySite.answer ? <ReportTableView table={bySiteTableOf(bySite.answer.data)} caption={`${periodLabel(applied.day)} by site`} /> : null}
            </section>
          )}
        </>
      ) : null}
    </div>
  );
}
