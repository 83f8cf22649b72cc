'use client';

import type { ExportView } from '@washops/portal-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { errorMessageOf, fieldErrorsOf, messageOfPublicError } from '../../../../components/errors';
import { SelectField, TextField } from '../../../../components/field';
import { Loading, QueryError } from '../../../../components/query-state';
import { useTRPC } from '../../../../trpc/client';
import { exportQueryOf, presetRange } from '../../../../transactions/range';
import { useSites } from '../use-sites';

const POLL_MS = 1000;
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

function describeDay(view: ExportView): string {
  const start = Date.parse(view.startDate);
  return Number.isNaN(start) ? view.startDate : dayFormat.format(start);
}

/** Badge text and style per state (the stylesheet's badge classes). */
const BADGES: Record<ExportView['state'], { label: string; className: string }> = {
  queued: { label: 'Queued', className: 'badge-running' },
  running: { label: 'Running', className: 'badge-running' },
  finished: { label: 'Finished', className: 'badge-done' },
  failed: { label: 'Failed', className: 'badge-failed' },
  cancelled: { label: 'Cancelled', className: 'badge-cancelled' },
  interrupted: { label: 'Interrupted', className: 'badge-failed' },
};

const isActive = (view: ExportView) => view.state === 'running' || view.state === 'queued';
const canRunAgain = (view: ExportView) => view.state === 'interrupted' || view.state === 'failed' || view.state === 'cancelled';

interface CardActions {
  onCancel: () => void;
  cancelling: boolean;
  onRunAgain: () => void;
  runningAgain: boolean;
  runAgainError: unknown;
}

function ExportCard({ view, actions }: { view: ExportView; actions: CardActions }) {
  const title = `${view.site}, ${describeDay(view)}`;
  const pages = view.pagesTotal === null ? `${view.pagesDone} pages` : `${view.pagesDone} of ${view.pagesTotal} pages`;
  const records = `${view.records.toLocaleString('en-US')} ${view.records === 1 ? 'record' : 'records'}`;
  const badge = BADGES[view.state];
  return (
    <li className="card export-card" aria-label={`Export ${title}`} data-state={view.state}>
      <div className="export-head">
        <strong>{title}</strong>
        <span className={`badge ${badge.className}`}>{badge.label}</span>
        <span className="muted">started {timeFormat.format(Date.parse(view.startedAt))}</span>
      </div>
      {isActive(view) ? (
        <>
          <progress
            className="export-progress"
            max={view.pagesTotal ?? 1}
            value={view.pagesTotal === null ? undefined : view.pagesDone}
            aria-label={`Progress of the export ${title}`}
            aria-valuetext={`${pages}, ${records}`}
          />
          <p className="export-figures" aria-live="polite" data-testid="export-progress">
            {view.pagesTotal === null ? 'Waiting for the first page…' : pages} · {records}
          </p>
          <button type="button" className="button button-small" onClick={actions.onCancel} disabled={actions.cancelling}>
            {actions.cancelling ? 'Cancelling…' : 'Cancel export'}
          </button>
        </>
      ) : null}
      {view.state === 'finished' ? (
        <p className="export-figures">
          {pages} · <span data-testid="export-records">{records}</span> ·{' '}
          <a href={`/api/exports/${view.id}`} download>
            Download CSV
          </a>
        </p>
      ) : null}
      {view.state === 'cancelled' ? <p className="export-figures muted">Cancelled after {pages} ({records}). Nothing to download.</p> : null}
      {view.state === 'interrupted' ? (
        <p className="export-figures">Interrupted — the server stopped while this export ran ({pages}, {records}). Nothing to download.</p>
      ) : null}
      {view.state === 'failed' && view.error ? (
        <p className="field-error" role="alert">
          {messageOfPublicError(view.error)}
        </p>
      ) : null}
      {canRunAgain(view) ? (
        <button type="button" className="button button-small" aria-label={`Run again: ${title}`} onClick={actions.onRunAgain} disabled={actions.runningAgain}>
          {actions.runningAgain ? 'Starting…' : 'Run again'}
        </button>
      ) : null}
      {actions.runAgainError ? (
        <p className="field-error" role="alert">
          {errorMessageOf(actions.runAgainError)}
        </p>
      ) : null}
    </li>
  );
}

/** Bulk export of one site and one day: started here, run on the server, downloaded as CSV. */
export function Exports() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sites = useSites();
  const [site, setSite] = useState('');
  const [day, setDay] = useState(() => presetRange('yesterday').from);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [runAgainFailure, setRunAgainFailure] = useState<{ id: string; error: unknown } | null>(null);

  const listKey = trpc.transactions.exports.list.queryKey();
  const exports = useQuery({
    ...trpc.transactions.exports.list.queryOptions(),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some(isActive) ? POLL_MS : false),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });

  const start = useMutation(
    trpc.transactions.exports.start.mutationOptions({
      onSuccess: () => void refresh(),
      onError: (error) => setErrors(fieldErrorsOf(error, { startDate: 'day', endDate: 'day' })),
    }),
  );
  const rerun = useMutation(
    trpc.transactions.exports.rerun.mutationOptions({
      onSuccess: () => {
        setRunAgainFailure(null);
        void refresh();
      },
      onError: (error, input) => setRunAgainFailure({ id: input.id, error }),
    }),
  );
  const cancel = useMutation(
    trpc.transactions.exports.cancel.mutationOptions({
      onSettled: () => {
        setCancelling(null);
        void refresh();
      },
    }),
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = exportQueryOf(site, day);
    setErrors(checked.errors ?? {});
    if (checked.input) start.mutate(checked.input);
  }

  const startError = start.isError && Object.keys(fieldErrorsOf(start.error)).length === 0 ? start.error : null;

  return (
    <>
      <Link href="/transactions">← Transactions</Link>
      <div className="page-head">
        <div>
          <h1>Export transactions</h1>
          <p className="muted">
            One site and one day (your time zone) as a CSV: one row per transaction, money with two decimals, dates in ISO 8601 (UTC).
            The export runs on the server through batch jobs; you can leave this page and come back.
          </p>
        </div>
      </div>

      <form className="card export-form" onSubmit={onSubmit} aria-label="New export" noValidate>
        <div className="filter-grid">
          <SelectField label="Site" required value={site} error={errors['site']} onChange={(e) => setSite(e.target.value)} disabled={sites.query.isPending}>
            <option value="">{sites.query.isPending ? 'Loading sites…' : 'Pick a site'}</option>
            {sites.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
          <TextField label="Day" type="date" required value={day} error={errors['day']} hint="At most 24 hours: one day." onChange={(e) => setDay(e.target.value)} />
        </div>
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={start.isPending}>
            {start.isPending ? 'Starting…' : 'Start export'}
          </button>
        </div>
        {startError ? (
          <div role="alert" className="alert alert-error">
            {errorMessageOf(startError)}
          </div>
        ) : null}
      </form>
      {sites.query.isError ? <QueryError error={sites.query.error} what="the sites" onRetry={() => void sites.query.refetch()} /> : null}

      <h2>Your exports</h2>
      {exports.isPending ? <Loading label="Loading your exports…" /> : null}
      {exports.isError ? <QueryError error={exports.error} what="your exports" onRetry={() => void exports.refetch()} /> : null}
      {exports.data && exports.data.length === 0 ? <div className="table-wrap empty">No exports yet. Finished exports are kept for 24 hours (your 10 newest).</div> : null}
      {exports.data && exports.data.length > 0 ? (
        <ul className="export-list">
          {exports.data.map((view) => (
            <ExportCard
              key={view.id}
              view={view}
              actions={{
                cancelling: cancelling === view.id,
                onCancel: () => {
                  setCancelling(view.id);
                  cancel.mutate({ id: view.id });
                },
                runningAgain: rerun.isPending && rerun.variables?.id === view.id,
                runAgainError: runAgainFailure?.id === view.id ? runAgainFailure.error : null,
                onRunAgain: () => {
                  setRunAgainFailure(null);
                  rerun.mutate({ id: view.id });
                },
              }}
            />
          ))}
        </ul>
      ) : null}
    </>
  );
}
