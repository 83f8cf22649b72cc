'use client';

import Link from 'next/link';
import { countText, syncedAtText } from '../reports/format';

/** What an answer of the numbers read (the service's coverage, its times as text): each resource, synced whole or not. */
export interface KpiCoverageShown {
  complete: boolean;
  syncedAt: string | null;
  /** The transactions' site-days, when the answer reads them. */
  transactions: { complete: boolean; siteDays: number; missingCount: number } | null;
  resources: ReadonlyArray<{ resource: string; complete: boolean; missingDays: string[] }>;
}

/** `memberships (first missing day 2026-05-01)`: a resource as the sync page names it, and where its gap starts. */
function missingText(resource: KpiCoverageShown['resources'][number]): string {
  const first = resource.missingDays[0];
  return first ? `${resource.resource} (first missing day ${first})` : resource.resource;
}

/** How much of the range an answer read: synced whole, or partial, naming what to sync. */
export function KpiCoverage({ coverage, partial }: { coverage: KpiCoverageShown; partial: boolean }) {
  if (partial) {
    const { transactions } = coverage;
    const missing = [
      ...(transactions && !transactions.complete ? [`transactions (${countText(transactions.missingCount)} of ${countText(transactions.siteDays)} site-days)`] : []),
      ...coverage.resources.filter((resource) => !resource.complete).map(missingText),
    ];
    return (
      <div className="alert alert-warn report-partial" data-testid="report-partial">
        <strong>Partial.</strong> The warehouse does not hold every day of this range for {missing.join(' and ')}: these figures count
        what it holds. <Link href="/sync">Sync them on the Data sync page</Link> for the whole range.
      </div>
    );
  }
  const syncedAt = syncedAtText(coverage.syncedAt);
  const sources = [...(coverage.transactions ? ['transactions'] : []), ...coverage.resources.map((resource) => resource.resource)];
  return (
    <p className="muted report-coverage" data-testid="report-coverage">
      {syncedAt ? `Synced at ${syncedAt}` : 'Synced'} ({sources.join(', ')}: every day of the range).
    </p>
  );
}
