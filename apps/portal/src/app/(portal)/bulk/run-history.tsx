'use client';

import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Loading, QueryError } from '../../../components/query-state';
import { useTRPC } from '../../../trpc/client';
import { isActiveRun, KIND_LABELS } from './bulk-file';
import { formatTime, RUN_BADGES } from './run-view';

const POLL_MS = 2000;

/** The runs, newest first; each opens in the run view above (its rows, results, Resume). */
export function RunHistory({ openRunId, onOpen }: { openRunId: string | null; onOpen: (runId: string) => void }) {
  const trpc = useTRPC();
  const headingId = useId();
  const runs = useQuery({
    ...trpc.bulk.list.queryOptions(),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some(isActiveRun) ? POLL_MS : false),
  });
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>History</h2>
      {runs.isPending ? <Loading label="Loading the runs…" /> : null}
      {runs.isError ? <QueryError error={runs.error} what="the runs" onRetry={() => void runs.refetch()} /> : null}
      {runs.data && runs.data.length === 0 ? <div className="table-wrap empty">No bulk runs yet.</div> : null}
      {runs.data && runs.data.length > 0 ? (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="History, scrollable">
          <table aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Kind</th>
                <th scope="col">By</th>
                <th scope="col">Started</th>
                <th scope="col">State</th>
                <th scope="col">Rows</th>
                <th scope="col">
                  <span className="visually-hidden">Open</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {runs.data.map((run) => {
                const badge = RUN_BADGES[run.state];
                const { progress } = run;
                return (
                  <tr key={run.id} data-state={run.state}>
                    <th scope="row">{run.fileName}</th>
                    <td>{KIND_LABELS[run.kind]}</td>
                    <td>{run.actor.name}</td>
                    <td>{formatTime(run.createdAt)}</td>
                    <td>
                      <span className={`badge ${badge.className}`}>{badge.label}</span>
                    </td>
                    <td>
                      {progress.done} done, {progress.failed} failed, {progress.remaining} left of {progress.total}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`Open the run of ${run.fileName}, ${formatTime(run.createdAt)}`}
                        aria-pressed={openRunId === run.id}
                        onClick={() => onOpen(run.id)}
                      >
                        Open
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
