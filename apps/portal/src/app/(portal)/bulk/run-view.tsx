'use client';

import type { BulkRowResult, BulkRunView } from '@washops/operations/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { errorMessageOf } from '../../../components/errors';
import { Loading, QueryError } from '../../../components/query-state';
import { useTRPC } from '../../../trpc/client';
import { isActiveRun, isResumable, KIND_LABELS, progressText } from './bulk-file';

const POLL_MS = 1000;
const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const RUN_BADGES: Record<BulkRunView['state'], { label: string; className: string }> = {
  queued: { label: 'Queued', className: 'badge-running' },
  running: { label: 'Running', className: 'badge-running' },
  cancelling: { label: 'Cancelling', className: 'badge-running' },
  cancelled: { label: 'Cancelled', className: 'badge-cancelled' },
  interrupted: { label: 'Interrupted', className: 'badge-failed' },
  finished: { label: 'Finished', className: 'badge-done' },
};

const ROW_BADGES: Record<BulkRowResult['state'], { label: string; className: string }> = {
  pending: { label: 'Not done', className: 'badge-cancelled' },
  running: { label: 'In progress', className: 'badge-running' },
  partial: { label: 'Partly done', className: 'badge-warn' },
  done: { label: 'Done', className: 'badge-done' },
  failed: { label: 'Failed', className: 'badge-failed' },
};

export const formatTime = (iso: string) => timeFormat.format(Date.parse(iso));

function RunProgress({ run }: { run: BulkRunView }) {
  const { progress } = run;
  const text = progressText(progress);
  return (
    <>
      <progress
        className="export-progress"
        max={Math.max(progress.total, 1)}
        value={progress.done + progress.failed}
        aria-label={`Progress of ${run.fileName}`}
        aria-valuetext={text}
      />
      <p className="export-figures" aria-live="polite" data-testid="bulk-progress">
        {text}
      </p>
    </>
  );
}

function ResultsTable({ rows, caption }: { rows: BulkRowResult[]; caption: string }) {
  const captionId = useId();
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={`${caption}, scrollable`}>
      <table aria-labelledby={captionId}>
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Outcome</th>
            <th scope="col">Employee id</th>
            <th scope="col">POS user id</th>
            <th scope="col">Email</th>
            <th scope="col">Back Office user</th>
            <th scope="col">Notes</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const badge = ROW_BADGES[row.state];
            return (
              <tr key={row.rowNumber} data-state={row.state}>
                <th scope="row" className="numeric">
                  {row.rowNumber}
                </th>
                <td>
                  <span className={`badge ${badge.className}`}>{badge.label}</span>
                </td>
                <td className="numeric">{row.employeeId ?? ''}</td>
                <td className="numeric">{row.posUserId ?? ''}</td>
                <td>{row.email ?? ''}</td>
                <td>{row.backofficeUsername ?? ''}</td>
                <td>
                  {row.message ? <span className={row.state === 'failed' ? 'field-error' : undefined}>{row.message}</span> : null}
                  {row.warnings.length > 0 ? <span className="muted"> {row.warnings.join(' ')}</span> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** What the results download holds, said before it is clicked: the secrets are in it once. */
function ResultsDownload({ run, onDownloaded }: { run: BulkRunView; onDownloaded: () => void }) {
  const secretsNote =
    run.kind === 'disable'
      ? null
      : run.secretsRevealedAt !== null
        ? `The generated PINs and passwords were in the download of ${formatTime(run.secretsRevealedAt)}; later downloads do not hold them.`
        : run.state === 'finished' && run.secretsAvailable
          ? 'The PINs and passwords are shown once: they are in the first download only. Keep this file safe.'
          : null;
  return (
    <div className="bulk-download">
      {secretsNote ? <p className={run.secretsRevealedAt === null ? 'alert alert-warn' : 'muted'}>{secretsNote}</p> : null}
      <a className="button" href={`/api/bulk/${run.id}/results`} download onClick={() => window.setTimeout(onDownloaded, 1000)}>
        Download the results (CSV)
      </a>
    </div>
  );
}

/** One run: its progress while it works, Cancel, then the per-row results, the download and Resume. */
export function RunView({ runId, resumed }: { runId: string; resumed?: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const headingId = useId();
  const run = useQuery({
    ...trpc.bulk.get.queryOptions({ runId }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && isActiveRun(query.state.data.run) ? POLL_MS : false),
  });
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.bulk.get.queryKey({ runId }) }), queryClient.invalidateQueries({ queryKey: trpc.bulk.list.queryKey() })]);
  const cancel = useMutation(trpc.bulk.cancel.mutationOptions({ onSettled: () => void refresh() }));
  const resume = useMutation(trpc.bulk.resume.mutationOptions({ onSettled: () => void refresh() }));

  if (run.isPending) return <Loading label="Loading the run…" />;
  if (run.isError) return <QueryError error={run.error} what="the run" onRetry={() => void run.refetch()} />;
  const view = run.data.run;
  const badge = RUN_BADGES[view.state];
  const active = isActiveRun(view);
  return (
    <section className="card bulk-run" aria-labelledby={headingId} data-state={view.state}>
      <div className="export-head">
        <h2 id={headingId}>
          {KIND_LABELS[view.kind]}: {view.fileName}
        </h2>
        <span className={`badge ${badge.className}`}>{badge.label}</span>
        <span className="muted">
          by {view.actor.name}, {formatTime(view.createdAt)}
        </span>
      </div>
      {resumed ? <p className="alert alert-ok">This file was run before: its run resumes, and rows already done are skipped.</p> : null}
      <RunProgress run={view} />
      {active ? (
        <button type="button" className="button button-small" onClick={() => cancel.mutate({ runId })} disabled={cancel.isPending || view.state === 'cancelling'}>
          {view.state === 'cancelling' ? 'Cancelling: finishing the rows in progress…' : 'Cancel the run'}
        </button>
      ) : null}
      {cancel.isError ? (
        <p className="field-error" role="alert">
          {errorMessageOf(cancel.error)}
        </p>
      ) : null}
      {view.state === 'interrupted' ? <p>Interrupted: the server stopped while this run worked. Resume continues with the rows left.</p> : null}
      {view.state === 'cancelled' ? <p>Cancelled: the rows in progress were finished. Resume continues with the rows left.</p> : null}
      {isResumable(view) ? (
        <button type="button" className="button button-primary" onClick={() => resume.mutate({ runId })} disabled={resume.isPending}>
          {resume.isPending ? 'Resuming…' : 'Resume'}
        </button>
      ) : null}
      {resume.isError ? (
        <p className="field-error" role="alert">
          {errorMessageOf(resume.error)}
        </p>
      ) : null}
      {!active ? <ResultsDownload run={view} onDownloaded={() => void refresh()} /> : null}
      <h3>Rows</h3>
      <ResultsTable rows={run.data.rows} caption={`Results of ${view.fileName}`} />
    </section>
  );
}
