'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useMemo, type ReactNode } from 'react';
import { fieldErrorsOf, portalErrorOf } from '../../../components/errors';
import { Loading } from '../../../components/query-state';
import { ReportTableView } from '../reports/report-table';
import { KpiStatus } from '../today/kpi-status';
import { useKpiAdvisors, useKpiSummary, type WholeOrPartial } from '../today/use-kpis';
import { advisorsRequestOf, advisorTableOf, laborFiltersFromSearch, laborRequestOf, laborTableOf, searchOfLabor } from './labor-filters';
import { LaborFiltersForm } from './labor-filters-form';

/** The service's reasons for refusing the filters, one per field. */
function invalidText(error: unknown): string {
  const byField = Object.values(fieldErrorsOf(error));
  return byField.length > 0 ? byField.join(' ') : portalErrorOf(error).message;
}

/** A section of the page: its heading, where its answer stands, and its table once answered. */
function LaborSection<T extends { partial: boolean; summary: string; coverage: { syncedAt: string | null } }>({
  id,
  heading,
  result,
  table,
}: {
  id: string;
  heading: string;
  result: WholeOrPartial<T>;
  table: (answer: T) => ReactNode;
}) {
  return (
    <section className="card report" aria-labelledby={`${id}-heading`} data-testid={id}>
      <div className="report-head">
        <h2 id={`${id}-heading`}>{heading}</h2>
      </div>
      <KpiStatus result={result} what={heading.toLowerCase()} />
      {result.isPending ? (
        <Loading label={`Loading ${heading.toLowerCase()}…`} />
      ) : result.answer ? (
        <>
          <p className="report-summary">
            {result.answer.partial ? <span className="badge badge-warn">Partial</span> : null} {result.answer.summary}
          </p>
          {table(result.answer)}
        </>
      ) : null}
    </section>
  );
}

/**
 * The Labor page: hours, labor cost against sales and cars, open shifts and modified punches per site or period,
 * and the sales advisors' offers and conversions. The filters live in the URL.
 */
export function Labor() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const applied = useMemo(() => laborFiltersFromSearch(new URLSearchParams(search.toString())), [search]);
  // The default range is the browser's last week: it is put in the URL once the page runs here.
  const ranged = search.has('from') && search.has('to');
  const labor = useKpiSummary(ranged ? laborRequestOf(applied) : null);
  const advisors = useKpiAdvisors(ranged ? advisorsRequestOf(applied) : null);
  const invalid = labor.error !== null && portalErrorOf(labor.error).code === 'VALIDATION_ERROR';

  useEffect(() => {
    if (!ranged) router.replace(`${pathname}?${searchOfLabor(applied)}`, { scroll: false });
  }, [ranged, applied, pathname, router]);
  if (!ranged) return <Loading label="Loading labor…" />;

  return (
    <div className="reports-page">
      <div className="page-head">
        <div>
          <h1>Labor</h1>
          <p className="muted">Hours and labor cost from the time clock against sales and cars, and the sales advisors&apos; membership offers. Days are each site&apos;s local days.</p>
        </div>
      </div>
      <LaborFiltersForm
        key={searchOfLabor(applied)}
        applied={applied}
        onApply={(filters) => router.replace(`${pathname}?${searchOfLabor(filters)}`, { scroll: false })}
      />
      {invalid ? (
        <div role="alert" className="alert alert-error">
          These filters cannot be shown: {invalidText(labor.error)}
        </div>
      ) : (
        <div className="reports">
          <LaborSection id="labor-hours" heading="Hours and cost" result={labor} table={(answer) => <ReportTableView table={laborTableOf(answer.data, applied.groupBy)} caption="Hours and labor cost" />} />
          <LaborSection
            id="labor-advisors"
            heading="Sales advisors"
            result={advisors}
            table={(answer) => <ReportTableView table={advisorTableOf(answer.data, applied.groupBy)} caption="Membership offers and conversions by employee" />}
          />
        </div>
      )}
    </div>
  );
}
