'use client';

import type { ReportDataByKind, ReportKind, ReportResult } from '@washops/operations';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useMemo, type ReactNode } from 'react';
import { formatDollars } from '@washops/client-core';
import { fieldErrorsOf, portalErrorOf } from '../../../components/errors';
import { Loading } from '../../../components/query-state';
import { discountBarsOf, mixBarsOf, staffBarsOf, tenderSharesOf } from './chart-data';
import { MembershipChart, RankedBars, SalesChart } from './charts';
import { csvHref, filtersFromSearch, searchOf, type ReportFilters } from './filters';
import { countText, percentText } from './format';
import { HoursHeatmap } from './hours-heatmap';
import { ReportFiltersForm } from './report-filters';
import { ReportSection } from './report-section';
import { useReport } from './use-report';

const dollars = (value: number) => formatDollars(value);
const compactDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact' });

/** What a chart reads of a report. */
type Charted = Pick<ReportResult, 'kind' | 'data' | 'title'>;

/** The data of a report of the kind asked for (the service answers the kind it was asked). */
function dataOf<K extends ReportKind>(report: Charted, kind: K): ReportDataByKind[K] {
  if (report.kind !== kind) throw new Error(`expected a ${kind} report, got ${report.kind}`);
  return report.data as ReportDataByKind[K];
}

/** Each report's heading and chart, in the page's order. */
const SECTIONS: ReadonlyArray<{ kind: ReportKind; heading: string; chart: (report: Charted) => ReactNode }> = [
  { kind: 'sales', heading: 'Sales', chart: (report) => <SalesChart data={dataOf(report, 'sales')} title={report.title} /> },
  {
    kind: 'mix',
    heading: 'Mix',
    chart: (report) => (
      <RankedBars bars={mixBarsOf(dataOf(report, 'mix'))} title={report.title} testId="mix-chart" seriesName="Transactions" valueText={countText} axisText={countText} />
    ),
  },
  { kind: 'memberships', heading: 'Memberships', chart: (report) => <MembershipChart data={dataOf(report, 'memberships')} title={report.title} /> },
  {
    kind: 'tenders',
    heading: 'Tenders',
    chart: (report) => (
      <RankedBars
        bars={tenderSharesOf(dataOf(report, 'tenders'))}
        title={report.title}
        testId="tenders-chart"
        seriesName="Share of the amount tendered"
        valueText={percentText}
        axisText={percentText}
      />
    ),
  },
  { kind: 'hours', heading: 'Hours', chart: (report) => <HoursHeatmap data={dataOf(report, 'hours')} title={report.title} /> },
  {
    kind: 'staff',
    heading: 'Staff',
    chart: (report) => (
      <RankedBars
        bars={staffBarsOf(dataOf(report, 'staff'))}
        title={report.title}
        testId="staff-chart"
        seriesName="Revenue"
        valueText={dollars}
        axisText={(value) => compactDollars.format(value)}
      />
    ),
  },
  {
    kind: 'discounts',
    heading: 'Discounts',
    chart: (report) => (
      <RankedBars bars={discountBarsOf(dataOf(report, 'discounts'))} title={report.title} testId="discounts-chart" seriesName="Uses" valueText={countText} axisText={countText} />
    ),
  },
];

function Section({ kind, heading, chart, filters, onAllowPartial }: (typeof SECTIONS)[number] & { filters: ReportFilters; onAllowPartial: () => void }) {
  const query = useReport(kind, filters);
  return (
    <ReportSection
      kind={kind}
      heading={heading}
      query={query}
      csvHref={csvHref(filters, kind)}
      onAllowPartial={onAllowPartial}
      chart={chart}
    />
  );
}

/** The service's reasons for refusing the filters, one per field. */
function invalidText(error: unknown): string {
  const byField = Object.values(fieldErrorsOf(error));
  return byField.length > 0 ? byField.join(' ') : portalErrorOf(error).message;
}

/**
 * The Reports page: sales, mix, memberships, tenders, hours, staff and discounts over the synced
 * warehouse. The filters live in the URL, so a view can be linked to and reloaded.
 */
export function Reports() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const applied = useMemo(() => filtersFromSearch(new URLSearchParams(search.toString())), [search]);
  // The default range is the browser's last week, not the server's: it is put in the URL once the page runs here.
  const ranged = search.has('from') && search.has('to');
  // The service judges the filters (range length, sites, region); its messages are the page's. The
  // sections share the sales query's cache entry, so this asks nothing more.
  const sales = useReport('sales', ranged ? applied : null);
  const invalid = sales.isError && portalErrorOf(sales.error).code === 'VALIDATION_ERROR';

  function apply(filters: ReportFilters) {
    router.replace(`${pathname}?${searchOf(filters)}`, { scroll: false });
  }

  useEffect(() => {
    if (!ranged) router.replace(`${pathname}?${searchOf(applied)}`, { scroll: false });
  }, [ranged, applied, pathname, router]);
  if (!ranged) return <Loading label="Loading reports…" />;

  return (
    <div className="reports-page">
      <div className="page-head">
        <div>
          <h1>Reports</h1>
          <p className="muted">Sales, mix, memberships, tenders, hours, staff and discounts from the days synced into our database. Days are each site&apos;s local days.</p>
        </div>
        <button type="button" className="button no-print" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <ReportFiltersForm key={searchOf(applied)} applied={applied} onApply={apply} />
      {invalid ? (
        <div role="alert" className="alert alert-error">
          These filters cannot be shown: {invalidText(sales.error)}
        </div>
      ) : (
        <div className="reports">
          {SECTIONS.map((section) => (
            <Section key={section.kind} {...section} filters={applied} onAllowPartial={() => apply({ ...applied, allowPartial: true })} />
          ))}
        </div>
      )}
    </div>
  );
}
