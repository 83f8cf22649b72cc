'use client';

/** Where an answer of the resource reads came from (the service's `freshness`), as the pages need it. */
export interface FreshnessView {
  source: 'warehouse' | 'live';
  syncedAt: string | null;
  fetchedAt: string | null;
  /** The service's sentence: which days were not synced, for a live answer. */
  note: string;
}

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Synced at …" for an answer from the warehouse, "Live" with the reason for one fetched from the Data API just now. */
export function Freshness({ freshness }: { freshness: FreshnessView }) {
  if (freshness.source === 'live') {
    return (
      <p className="muted freshness" data-testid="freshness">
        <span className="badge badge-running">Live</span> {freshness.note}
      </p>
    );
  }
  return (
    <p className="muted freshness" data-testid="freshness">
      {freshness.syncedAt ? `Synced at ${when.format(new Date(freshness.syncedAt))}` : 'From our database'}
      {/* A warehouse answer with a part read just now (a customer's own record): say so. */}
      {freshness.fetchedAt ? `; some details read live from the Data API at ${when.format(new Date(freshness.fetchedAt))}` : ''}
    </p>
  );
}
