'use client';

import type { SyncStatusView } from '@washops/portal-api';
import type { SyncRangeInput } from '@washops/portal-api/schemas';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/field';
import { Loading, QueryError } from '../../../components/query-state';
import { useSession } from '../../../components/session';
import { useTRPC } from '../../../trpc/client';
import { localDay, progressOf, scheduleText, STATE_LOOK } from '../../../sync/view';
import { ResourceSync } from './resource-sync';
import { SyncControls } from './sync-controls';
import { FailedUnits, SyncGrid, SyncLegend } from './sync-grid';

/** How often the page asks again while site-days are queued or syncing. */
const REFRESH_WHILE_WORKING_MS = 1000;

/** Counts per state, records, the shared budget in use, paused or not, and the nightly schedule. */
function Summary({ status }: { status: SyncStatusView }) {
  const { counts, budget } = status;
  return (
    <>
      <dl className="sync-summary" data-testid="sync-counts">
        {(['done', 'running', 'pending', 'failed'] as const).map((state) => (
          <div key={state}>
            <dt>{STATE_LOOK[state].label}</dt>
            <dd data-testid={`count-${state}`}>{counts[state]}</dd>
          </div>
        ))}
        <div>
          <dt>Records</dt>
          <dd>{counts.records.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Data API budget</dt>
          <dd data-testid="budget">
            {budget.inUse} of {budget.requests} requests in the {Math.round(budget.windowMs / 100) / 10} s window
          </dd>
        </div>
        <div>
          <dt>Sync</dt>
          <dd data-testid="sync-state">{status.paused ? 'Paused' : 'Running'}</dd>
        </div>
      </dl>
      <p className="muted">Nightly: {scheduleText(status.nightly.cron, status.nightly.timeZone, status.nightly.resyncDays)}</p>
    </>
  );
}

function Progress({ status }: { status: SyncStatusView }) {
  const { done, total, working } = progressOf(status);
  if (total === 0) return <p className="muted">No site-day of this range has been asked for yet.</p>;
  return (
    <div role="status" aria-live="polite">
      <label htmlFor="sync-progress">
        {done} of {total} site-days synced{working ? (status.paused ? ' (paused)' : ' — working…') : ''}
      </label>
      <progress id="sync-progress" className="export-progress" value={done} max={total} />
    </div>
  );
}

/** The days the grid shows; sites and region come from the last backfill started here. */
function RangeForm({ range, onShow }: { range: SyncRangeInput; onShow: (range: SyncRangeInput) => void }) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onShow({ from, to });
  }
  return (
    <form className="filters sync-form-row" onSubmit={onSubmit} aria-label="Days shown">
      <TextField label="From" type="date" required value={from} onChange={(e) => setFrom(e.target.value)} />
      <TextField label="To" type="date" required value={to} onChange={(e) => setTo(e.target.value)} />
      <div className="actions">
        <button type="submit" className="button">
          Show
        </button>
      </div>
    </form>
  );
}

/** The explorer on the grid's days (a single site when the grid shows one). */
function explorerHref(range: SyncRangeInput): string {
  const search = new URLSearchParams({ from: range.from, to: range.to });
  if (range.sites?.length === 1) search.set('site', range.sites[0]!);
  return `/transactions?${search.toString()}`;
}

/**
 * The Data sync page: the warehouse's site-days as a grid, what the sync is doing, and for admins
 * its controls. It asks again every second while site-days are queued or syncing.
 */
export function DataSync() {
  const trpc = useTRPC();
  const session = useSession();
  const [range, setRange] = useState<SyncRangeInput>(() => ({ from: localDay(-7), to: localDay(-1) }));
  const status = useQuery({
    ...trpc.sync.status.queryOptions(range),
    // A new range keeps the last status on screen (and the backfill form with its result) until it answers.
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (query.state.data && progressOf(query.state.data).working ? REFRESH_WHILE_WORKING_MS : false),
  });
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Data sync</h1>
          <p className="muted">
            Transactions kept in our database, one site-day at a time, so the explorer and exports answer at once. Where a range is not synced
            they ask the Data API live.
          </p>
        </div>
        <Link href={explorerHref(range)} className="button">
          Open these days in Transactions
        </Link>
      </div>
      <RangeForm key={`${range.from}|${range.to}`} range={range} onShow={setRange} />
      {status.isPending ? (
        <Loading label="Loading the sync's status…" />
      ) : status.isError ? (
        <QueryError error={status.error} what="the sync's status" onRetry={() => void status.refetch()} />
      ) : (
        <section aria-labelledby="status-heading">
          <h2 id="status-heading">Status</h2>
          <Summary status={status.data} />
          <Progress status={status.data} />
          {session.role === 'admin' ? (
            <SyncControls paused={status.data.paused} failed={status.data.counts.failed} range={range} onBackfill={setRange} />
          ) : null}
          <SyncLegend />
          <SyncGrid status={status.data} />
          <FailedUnits status={status.data} />
        </section>
      )}
      <ResourceSync />
    </>
  );
}
