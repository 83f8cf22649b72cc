'use client';

import type { ListSource, TransactionRow } from '@washops/portal-api';
import { skipToken, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { formatUsd } from '@washops/client-core';
import { useMemo, useState, type FormEvent } from 'react';
import { QueryError } from '../../../components/query-state';
import { useTRPC } from '../../../trpc/client';
import { dailyTotalsBySite, totalsOf } from '../../../transactions/aggregate';
import { listQueryOf, presetRange, type ListFilters, type ListQueryInput, type PresetName } from '../../../transactions/range';
import { DailyChart } from './daily-chart';
import { FilterForm } from './filter-form';
import { TransactionsTable } from './transactions-table';
import { useSites } from './use-sites';

const EMPTY_FILTERS: ListFilters = { from: '', to: '', site: '', region: '', type: '', version: 'v1' };

function filtersFromSearch(search: URLSearchParams): ListFilters {
  return {
    from: search.get('from') ?? '',
    to: search.get('to') ?? '',
    site: search.get('site') ?? '',
    region: search.get('region') ?? '',
    type: search.get('type') ?? '',
    version: search.get('v') === 'v2' ? 'v2' : 'v1',
  };
}

function searchOf(filters: ListFilters): string {
  const search = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.site) search.set('site', filters.site);
  if (filters.region.trim() && !filters.site) search.set('region', filters.region.trim());
  if (filters.type && filters.version === 'v1') search.set('type', filters.type);
  if (filters.version === 'v2') search.set('v', 'v2');
  return search.toString();
}

/** The list as it streams in: every row so far, whether the last page came, and the running totals. */
function useTransactionList(input: ListQueryInput | null | undefined) {
  const trpc = useTRPC();
  const list = useQuery({
    ...trpc.transactions.list.queryOptions(input ?? skipToken, { trpc: { abortOnUnmount: true } }),
    // A list is a stream over the rate-limited API: never refetched behind the user's back.
    retry: false,
    staleTime: 5 * 60_000,
  });
  const chunks = list.data;
  const rows = useMemo<TransactionRow[]>(() => (chunks ?? []).flatMap((chunk) => chunk.rows), [chunks]);
  const last = chunks?.at(-1);
  const complete = last?.done === true;
  const streaming = list.isFetching && !complete && !list.isError;
  const totals = useMemo(() => totalsOf(rows), [rows]);
  return { list, rows, truncated: last?.truncated === true, complete, streaming, totals, waiting: list.isPending && !chunks, source: chunks?.[0]?.source };
}

type ListState = ReturnType<typeof useTransactionList>;

function Totals({ state }: { state: ListState }) {
  const { totals, streaming, complete, truncated } = state;
  return (
    <div className="totals" role="status" aria-live="polite" data-testid="totals">
      {state.waiting ? (
        'Loading transactions…'
      ) : (
        <>
          <span>
            <strong data-testid="row-count">{totals.count.toLocaleString('en-US')}</strong> {totals.count === 1 ? 'transaction' : 'transactions'}
          </span>
          <span>
            <strong data-testid="sum-total">{formatUsd(totals.cents)}</strong> total
          </span>
          {totals.count > 0 ? <span>{formatUsd(Math.round(totals.cents / totals.count))} average</span> : null}
          {streaming ? <span className="loading-inline">Loading more pages…</span> : null}
          {complete && !truncated ? <span className="muted">All pages loaded.</span> : null}
        </>
      )}
    </div>
  );
}

/** The warehouse export of the applied days (a site, or every site): a link, so the browser downloads as the CSV streams. */
function warehouseExportHref(applied: ListFilters): string | null {
  if (applied.region.trim() && !applied.site) return null;
  const search = new URLSearchParams({ from: applied.from, to: applied.to });
  if (applied.site) search.set('sites', applied.site);
  return `/api/exports/warehouse?${search.toString()}`;
}

/** Where the rows come from: the warehouse and when it was synced, or the Data API and why. */
function SourceNote({ source, applied }: { source: ListSource | undefined; applied: ListFilters }) {
  if (!source) return null;
  if (source.kind === 'live') {
    return (
      <p className="sync-source muted" data-testid="list-source">
        Live from the Data API: {source.reason}. <Link href="/sync">Data sync</Link> keeps ranges in our database, for instant answers and exports.
      </p>
    );
  }
  const href = warehouseExportHref(applied);
  return (
    <p className="sync-source" data-testid="list-source">
      Synced at {new Date(source.syncedAt).toLocaleString('en-US')} (from our database).{' '}
      {href ? (
        <a href={href} download>
          Export this range as CSV
        </a>
      ) : null}
    </p>
  );
}

function Results({ state, applied, siteLabels }: { state: ListState; applied: ListFilters; siteLabels: ReadonlyMap<number, string> }) {
  const { list, rows } = state;
  const daily = useMemo(() => dailyTotalsBySite(rows, siteLabels), [rows, siteLabels]);
  return (
    <section aria-labelledby="results-heading">
      <h2 id="results-heading" className="visually-hidden">
        Results
      </h2>
      <Totals state={state} />
      <SourceNote source={state.source} applied={applied} />
      {state.truncated ? (
        <div className="alert alert-warn">
          The list stopped at {rows.length.toLocaleString('en-US')} transactions. Narrow the range, or pick a site, to see everything.
        </div>
      ) : null}
      {list.isError ? (
        <QueryError
          error={list.error}
          what={rows.length > 0 ? `every page (showing the ${rows.length} transactions received)` : 'the transactions'}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {rows.length > 0 ? (
        <>
          <DailyChart data={daily} />
          <TransactionsTable rows={rows} version={applied.version} siteLabels={siteLabels} />
        </>
      ) : state.complete ? (
        <div className="table-wrap empty">No transactions in this range{applied.site ? ` at ${applied.site}` : ''}.</div>
      ) : null}
    </section>
  );
}

/**
 * The transactions explorer. The applied filters live in the URL (a list can be linked to, and
 * "back" from a transaction's detail returns to it); the list streams in page by page.
 */
export function Explorer() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const applied = useMemo(() => filtersFromSearch(new URLSearchParams(search.toString())), [search]);
  // Computed once per applied search (not per render): a range that includes today ends "now",
  // and the query key must not change under the stream.
  const appliedQuery = useMemo(() => (applied.from && applied.to ? listQueryOf(applied) : null), [applied]);
  const [form, setForm] = useState<ListFilters>(() => (applied.from ? applied : { ...EMPTY_FILTERS, ...presetRange('last7') }));
  const [errors, setErrors] = useState<Record<string, string>>(() => appliedQuery?.errors ?? {});
  const sites = useSites();
  const state = useTransactionList(appliedQuery?.input);

  function set<K extends keyof ListFilters>(key: K, value: ListFilters[K]) {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      const next = { ...current };
      delete next[key];
      // The range is judged as a whole: changing either end clears both messages.
      if (key === 'from' || key === 'to') for (const field of ['from', 'to', 'endDate']) delete next[field];
      return next;
    });
  }

  function apply(filters: ListFilters) {
    const checked = listQueryOf(filters);
    setErrors(checked.errors ?? {});
    if (checked.errors) return;
    const query = searchOf(filters);
    // The same filters again: load them afresh (today's list grows).
    if (query === searchOf(applied) && appliedQuery?.input) void state.list.refetch();
    else router.replace(`${pathname}?${query}`, { scroll: false });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    apply(form);
  }

  function onPreset(name: PresetName) {
    const next = { ...form, ...presetRange(name) };
    setForm(next);
    apply(next);
  }

  return (
    <>
      <div className="page-head">
        <div>
          <h1>Transactions</h1>
          <p className="muted">Sales from our database where the days are synced, else from the Data API. Days are in your time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}).</p>
        </div>
        <Link href="/transactions/export" className="button">
          Export a day as CSV
        </Link>
      </div>
      <FilterForm form={form} errors={errors} sites={sites} streaming={state.streaming} set={set} onSubmit={onSubmit} onPreset={onPreset} />
      {sites.query.isError ? <QueryError error={sites.query.error} what="the sites" onRetry={() => void sites.query.refetch()} /> : null}
      {!appliedQuery ? (
        <div className="table-wrap empty">Pick a range (and a site or region to keep it quick), then Show transactions.</div>
      ) : appliedQuery.errors ? (
        <div role="alert" className="alert alert-error">
          These filters cannot be shown: {Object.values(appliedQuery.errors).join(' ')}
        </div>
      ) : (
        <Results state={state} applied={applied} siteLabels={sites.labels} />
      )}
    </>
  );
}
