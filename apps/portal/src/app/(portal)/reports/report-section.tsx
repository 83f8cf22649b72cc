'use client';

import type { ReportCoverage } from '@washops/store';
import type { ReportKind, ReportTable } from '@washops/operations';
import Link from 'next/link';
import { useId, useState, type ReactNode } from 'react';
import { errorMessageOf, portalErrorOf } from '../../../components/errors';
import { Loading, QueryError } from '../../../components/query-state';
import { countText, syncedAtText } from './format';
import { ReportTableView } from './report-table';

/** The part of a report every section shows, whatever its kind (the coverage's time may arrive as text). */
interface ReportShown {
  title: string;
  summary: string;
  partial: boolean;
  coverage: Omit<ReportCoverage, 'syncedAt' | 'missing'> & { syncedAt: Date | string | null };
  table: ReportTable;
}

interface ReportQuery<R extends ReportShown> {
  data: R | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** How much of the range the report read: synced whole, or partial and marked so. */
function Coverage({ report }: { report: ReportShown }) {
  const { coverage } = report;
  const syncedAt = syncedAtText(coverage.syncedAt);
  if (report.partial) {
    return (
      <div className="alert alert-warn report-partial" data-testid="report-partial">
        <strong>Partial.</strong> Only {countText(coverage.synced)} of {countText(coverage.siteDays)} site-days of this range are synced: these figures leave
        out {countText(coverage.missingCount)} site-days. <Link href="/sync">Sync them on the Data sync page</Link> for the whole range.
      </div>
    );
  }
  return (
    <p className="muted report-coverage" data-testid="report-coverage">
      {syncedAt ? `Synced at ${syncedAt}` : 'Synced'} ({countText(coverage.siteDays)} site-days, all synced).
    </p>
  );
}

/** A range the warehouse does not wholly hold: what is missing, where to sync it, or show what is there. */
export function NotSynced({ error, onAllowPartial }: { error: unknown; onAllowPartial: () => void }) {
  return (
    <div role="alert" className="alert alert-warn" data-testid="report-not-synced">
      <strong>Not synced.</strong> {errorMessageOf(error)} <Link href="/sync">Open Data sync</Link> to sync the range, or{' '}
      <button type="button" className="button-link" onClick={onAllowPartial}>
        show what is synced
      </button>
      .
    </div>
  );
}

/**
 * One report on the page: its heading, a chart that switches to the report's table, the CSV
 * download of the same request, and the range's coverage. In print, the table shows as well.
 */
export function ReportSection<R extends ReportShown>({
  kind,
  heading,
  query,
  csvHref,
  onAllowPartial,
  chart,
}: {
  kind: ReportKind;
  heading: string;
  query: ReportQuery<R>;
  csvHref: string;
  onAllowPartial: () => void;
  chart: (report: R) => ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const report = query.data;
  return (
    <section className="card report" aria-labelledby={`report-${kind}-heading`} data-testid={`report-${kind}`}>
      <div className="report-head">
        <h2 id={`report-${kind}-heading`}>{heading}</h2>
        <div className="report-actions">
          <button
            type="button"
            className="button button-small"
            aria-pressed={showTable}
            aria-controls={report ? tableId : undefined}
            onClick={() => setShowTable(!showTable)}
            disabled={!report}
          >
            Show table<span className="visually-hidden"> of the {heading.toLowerCase()} report</span>
          </button>
          {/* Only beside an answer: a range not synced has no CSV either. */}
          {report ? (
            <a className="button button-small" href={csvHref} download>
              Download CSV<span className="visually-hidden"> of the {heading.toLowerCase()} report</span>
            </a>
          ) : null}
        </div>
      </div>
      {query.isPending ? (
        <Loading label={`Loading the ${heading.toLowerCase()} report…`} />
      ) : query.isError ? (
        portalErrorOf(query.error).code === 'RANGE_NOT_SYNCED' ? (
          <NotSynced error={query.error} onAllowPartial={onAllowPartial} />
        ) : (
          <QueryError error={query.error} what={`the ${heading.toLowerCase()} report`} onRetry={() => void query.refetch()} />
        )
      ) : report ? (
        <>
          <p className="report-title">{report.title}</p>
          <Coverage report={report} />
          <p className="report-summary">{report.summary}</p>
          <div className="report-chart" hidden={showTable}>
            {chart(report)}
          </div>
          <div id={tableId} className="report-table-slot" hidden={!showTable}>
            <ReportTableView table={report.table} caption={report.title} />
          </div>
        </>
      ) : null}
    </section>
  );
}
