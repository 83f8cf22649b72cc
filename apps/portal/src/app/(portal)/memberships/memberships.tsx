'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useMemo } from 'react';
import { fieldErrorsOf, portalErrorOf } from '../../../components/errors';
import { Loading, QueryError } from '../../../components/query-state';
import { NotSynced } from '../reports/report-section';
import { ReportTableView } from '../reports/report-table';
import { churnTableOf } from './chart-data';
import { CohortSection } from './cohort-section';
import { filtersFromSearch, searchOf, type MembershipFilters } from './filters';
import { KpiCoverage } from './kpi-coverage';
import { LiabilitySection } from './liability-section';
import { ActiveMembersChart, ChurnChart } from './membership-charts';
import { MembershipFiltersForm } from './membership-filters';
import { useMemberships } from './use-memberships';

/** The service's reasons for refusing the filters, one per field. */
function invalidText(error: unknown): string {
  const byField = Object.values(fieldErrorsOf(error));
  return byField.length > 0 ? byField.join(' ') : portalErrorOf(error).message;
}

/** The answer's three views: active members over time, churn per month, the cohort grid. */
function MembershipFigures({ filters, apply }: { filters: MembershipFilters; apply: (filters: MembershipFilters) => void }) {
  const query = useMemberships(filters);
  if (query.isPending) return <Loading label="Loading memberships…" />;
  if (query.isError) {
    const code = portalErrorOf(query.error).code;
    if (code === 'VALIDATION_ERROR') {
      return (
        <div role="alert" className="alert alert-error">
          These filters cannot be shown: {invalidText(query.error)}
        </div>
      );
    }
    if (code === 'RANGE_NOT_SYNCED') return <NotSynced error={query.error} onAllowPartial={() => apply({ ...filters, allowPartial: true })} />;
    return <QueryError error={query.error} what="the memberships" onRetry={() => void query.refetch()} />;
  }
  const answer = query.data;
  const churnTable = churnTableOf(answer.data.churn);
  return (
    <>
      <div>
        <KpiCoverage coverage={answer.coverage} partial={answer.partial} />
        <p className="report-summary" data-testid="memberships-summary">
          {answer.summary}
        </p>
      </div>
      <section className="card report" aria-labelledby="active-heading" data-testid="active-members">
        <div className="report-head">
          <h2 id="active-heading">Active members</h2>
        </div>
        <ActiveMembersChart active={answer.data.active} />
      </section>
      <section className="card report" aria-labelledby="churn-heading" data-testid="churn">
        <div className="report-head">
          <h2 id="churn-heading">Churn</h2>
        </div>
        <p className="report-summary">Of the members active at the start of each month: those cancelled (voluntary), those declined or suspended (involuntary), and those still active at its end (retention).</p>
        <div className="report-chart">
          <ChurnChart churn={answer.data.churn} />
        </div>
        <ReportTableView table={churnTable} caption="Churn and retention per month" />
      </section>
      <CohortSection cohorts={answer.data.cohorts} plan={filters.plan} onPlan={(plan) => apply({ ...filters, plan })} />
    </>
  );
}

/**
 * The Memberships page: active members, churn and cohorts from the synced memberships and their status
 * changes. The filters live in the URL, so a view can be linked to and reloaded.
 */
export function Memberships() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const applied = useMemo(() => filtersFromSearch(new URLSearchParams(search.toString())), [search]);
  // The default range is the browser's last six months, not the server's: it is put in the URL once the page runs here.
  const ranged = search.has('from') && search.has('to');

  function apply(filters: MembershipFilters) {
    router.replace(`${pathname}?${searchOf(filters)}`, { scroll: false });
  }

  useEffect(() => {
    if (!ranged) router.replace(`${pathname}?${searchOf(applied)}`, { scroll: false });
  }, [ranged, applied, pathname, router]);
  if (!ranged) return <Loading label="Loading memberships…" />;

  return (
    <div className="reports-page">
      <div className="page-head">
        <div>
          <h1>Memberships</h1>
          <p className="muted">Active members, churn and cohorts from the memberships and status changes synced into our database. Days are each site&apos;s local days.</p>
        </div>
      </div>
      <MembershipFiltersForm key={searchOf({ ...applied, plan: '' })} applied={applied} onApply={apply} />
      <div className="reports">
        <div className="reports" data-testid="membership-figures">
          <MembershipFigures filters={applied} apply={apply} />
        </div>
        <LiabilitySection filters={applied} onAllowPartial={() => apply({ ...applied, allowPartial: true })} />
      </div>
    </div>
  );
}
