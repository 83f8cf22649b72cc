'use client';

import type { AppRouter } from '@washops/portal-api';
import type { inferRouterOutputs } from '@trpc/server';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../../components/errors';
import { TextField } from '../../../components/field';
import { Loading, QueryError } from '../../../components/query-state';
import { useIsAdmin } from '../../../components/session';
import { useTRPC } from '../../../trpc/client';
import { localDay } from '../../../sync/view';

type ResourceStatus = inferRouterOutputs<AppRouter>['sync']['resources']['status'][number];

const REFRESH_WHILE_WORKING_MS = 1000;
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function countsOf(status: ResourceStatus) {
  const count = (state: string) => status.windows.filter((w) => w.state === state).length;
  return { done: count('done'), working: count('pending') + count('running'), failed: count('failed') };
}

function coverageText(status: ResourceStatus): string {
  if (status.coverage.complete) return status.coverage.syncedAt ? `Synced at ${when.format(new Date(status.coverage.syncedAt))}` : 'Synced';
  const missing = status.coverage.missingDays.length;
  return missing > 0 ? `${missing} ${missing === 1 ? 'day' : 'days'} not synced` : 'Not synced';
}

/**
 * The Data API's other resources (customers, memberships, items, employees and their clock entries,
 * gift cards, …) on the Data sync page: each one's coverage of the days shown and its windows; admins
 * queue a backfill of those days, worked by the same workers on the same budget as the site-days.
 */
export function ResourceSync() {
  const trpc = useTRPC();
  const isAdmin = useIsAdmin();
  // Days that have ended in UTC: yesterday and the 30 before it.
  const [range, setRange] = useState({ from: localDay(-31), to: localDay(-1) });
  const [form, setForm] = useState(range);
  const status = useQuery({
    ...trpc.sync.resources.status.queryOptions(range),
    placeholderData: (previous) => previous,
    refetchInterval: (query) => ((query.state.data ?? []).some((s) => countsOf(s).working > 0) ? REFRESH_WHILE_WORKING_MS : false),
  });
  const backfill = useMutation(trpc.sync.resources.backfill.mutationOptions({ onSuccess: () => void status.refetch() }));
  const retry = useMutation(trpc.sync.resources.retryFailed.mutationOptions({ onSuccess: () => void status.refetch() }));
  const failed = (status.data ?? []).reduce((n, s) => n + countsOf(s).failed, 0);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setRange(form);
  }

  return (
    <section aria-labelledby="resources-heading">
      <h2 id="resources-heading">Customers, items and the rest</h2>
      <p className="muted">
        Customers and their memberships, washbooks, gift cards, items, employees and their clock entries, sales outcomes: the Customers, Items,
        Time clock and Gift cards pages read them from here. Days are UTC days that have ended.
      </p>
      <form className="filters sync-form-row" onSubmit={onSubmit} aria-label="Resource days shown">
        <TextField label="From" type="date" required value={form.from} onChange={(e) => setForm({ ...form, from: e.target.value })} />
        <TextField label="To" type="date" required value={form.to} onChange={(e) => setForm({ ...form, to: e.target.value })} />
        <div className="actions">
          <button type="submit" className="button">
            Show
          </button>
          {isAdmin ? (
            <button type="button" className="button button-primary" onClick={() => backfill.mutate(range)} disabled={backfill.isPending}>
              Backfill every resource for these days
            </button>
          ) : null}
          {isAdmin && failed > 0 ? (
            <button type="button" className="button" onClick={() => retry.mutate()} disabled={retry.isPending}>
              Retry failed windows
            </button>
          ) : null}
        </div>
      </form>
      {backfill.data ? (
        <p role="status" className="alert alert-ok">
          Queued {backfill.data.queued} of {backfill.data.windows} windows.
        </p>
      ) : null}
      {backfill.isError || retry.isError ? (
        <p role="alert" className="alert alert-error">
          {errorMessageOf(backfill.error ?? retry.error)}
        </p>
      ) : null}
      {status.isPending ? (
        <Loading label="Loading the resources' status…" />
      ) : status.isError ? (
        <QueryError error={status.error} what="the resources' status" onRetry={() => void status.refetch()} />
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Resources synced</caption>
            <thead>
              <tr>
                <th scope="col">Resource</th>
                <th scope="col">These days</th>
                <th scope="col" className="numeric">
                  Windows synced
                </th>
                <th scope="col" className="numeric">
                  Working
                </th>
                <th scope="col" className="numeric">
                  Failed
                </th>
              </tr>
            </thead>
            <tbody>
              {status.data.map((resource) => {
                const counts = countsOf(resource);
                return (
                  <tr key={resource.resource}>
                    <th scope="row">{resource.resource}</th>
                    <td>{coverageText(resource)}</td>
                    <td className="numeric">{counts.done}</td>
                    <td className="numeric">{counts.working}</td>
                    <td className="numeric">{counts.failed}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
