'use client';

import Link from 'next/link';
import { errorMessageOf } from '../../../components/errors';
import { Freshness } from '../../../components/freshness';
import { QueryError } from '../../../components/query-state';
import type { WholeOrPartial } from './use-kpis';

/** What the status reads of an answer of the numbers (its coverage's time as text). */
interface Covered {
  partial: boolean;
  coverage: { syncedAt: string | null };
}

/**
 * Where an answer stands: refused as not synced (the service's message names what to backfill, with the way to
 * Data sync; the figures shown cover what is synced, marked partial), failed, or whole with its freshness.
 */
export function KpiStatus({ result, what }: { result: WholeOrPartial<Covered>; what: string }) {
  if (result.error) return <QueryError error={result.error} what={what} onRetry={result.refetch} />;
  if (result.refusal) {
    return (
      <div role="alert" className="alert alert-warn" data-testid="kpi-not-synced">
        <strong>Not synced.</strong> {errorMessageOf(result.refusal)} <Link href="/sync">Open Data sync</Link> to sync it. The figures shown
        cover what is synced and are marked partial.
      </div>
    );
  }
  if (!result.answer) return null;
  return <Freshness freshness={{ source: 'warehouse', syncedAt: result.answer.coverage.syncedAt, fetchedAt: null, note: '' }} />;
}
