'use client';

import type { AppRouter } from '@washops/portal-api';
import type { inferRouterOutputs } from '@trpc/server';
import { useQuery } from '@tanstack/react-query';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useMemo, useState, type FormEvent } from 'react';
import { SelectField, TextField } from '../../../components/field';
import { Freshness } from '../../../components/freshness';
import { PageLinks, pageOf } from '../../../components/page-links';
import { Loading, QueryError } from '../../../components/query-state';
import { useTRPC } from '../../../trpc/client';
import { clockFiltersOf, clockSearchOf, hoursText, type ClockFilters } from './filters';

type Shift = inferRouterOutputs<AppRouter>['timeClock']['list']['rows'][number];

/** Shifts per page: the most the resource reads give at once. */
const PAGE_SIZE = 100;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const timeOf = (iso: string | null) => (iso ? when.format(new Date(iso)) : '—');

function FiltersForm({ applied, onApply }: { applied: ClockFilters; onApply: (filters: ClockFilters) => void }) {
  const trpc = useTRPC();
  const sites = useQuery({ ...trpc.discovery.sites.queryOptions(), staleTime: 10 * 60_000 });
  const codes = useMemo(() => [...new Set((sites.data ?? []).flatMap((site) => (site.code ? [site.code] : [])))].sort(), [sites.data]);
  const [form, setForm] = useState(applied);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onApply(form);
  }
  return (
    <form className="card filters" aria-label="Time clock filters" onSubmit={onSubmit}>
      <div className="filter-grid">
        <TextField label="From" type="date" required value={form.from} onChange={(event) => setForm({ ...form, from: event.target.value })} />
        <TextField label="To" type="date" required value={form.to} onChange={(event) => setForm({ ...form, to: event.target.value })} hint="Shifts clocked in on these days." />
        <SelectField label="Site" value={form.site} onChange={(event) => setForm({ ...form, site: event.target.value })} disabled={sites.isPending}>
          <option value="">Every site</option>
          {codes.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="actions">
        <button type="submit" className="button button-primary">
          Show shifts
        </button>
      </div>
    </form>
  );
}

function ShiftsTable({ shifts }: { shifts: Shift[] }) {
  return (
    <div className="table-wrap">
      <table>
        <caption className="visually-hidden">Shifts</caption>
        <thead>
          <tr>
            <th scope="col">Employee</th>
            <th scope="col">Site</th>
            <th scope="col">Clock in</th>
            <th scope="col">Clock out</th>
            <th scope="col" className="numeric">
              Regular hours
            </th>
            <th scope="col" className="numeric">
              Overtime hours
            </th>
          </tr>
        </thead>
        <tbody>
          {shifts.map((shift) => (
            <tr key={`${shift.employeeId}|${shift.clockIn ?? ''}|${shift.siteCode ?? ''}`}>
              <th scope="row">{shift.employeeName ?? `Employee ${shift.employeeId}`}</th>
              <td>{shift.siteCode ?? '—'}</td>
              <td>{timeOf(shift.clockIn)}</td>
              <td>{shift.open ? <span className="badge badge-warn">Open: not clocked out</span> : timeOf(shift.clockOut)}</td>
              <td className="numeric">{hoursText(shift.regularHours)}</td>
              <td className="numeric">{hoursText(shift.overtimeHours)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The Time clock page: shifts per employee and site over a range, open shifts flagged, with regular
 * and overtime hours. The filters live in the URL.
 */
export function TimeClock() {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const applied = useMemo(() => clockFiltersOf(new URLSearchParams(search.toString())), [search]);
  const page = pageOf(search);
  const query = useQuery({
    ...trpc.timeClock.list.queryOptions({ from: applied.from, to: applied.to, ...(applied.site ? { siteCode: applied.site } : {}), page, pageSize: PAGE_SIZE }),
    staleTime: 60_000,
    retry: false,
  });

  return (
    <>
      <div className="page-head">
        <div>
          <h1>Time clock</h1>
          <p className="muted">Employees&apos; shifts per site, with regular and overtime hours, sorted by employee. Open shifts have no clock-out yet; narrow the list to a site with the filter.</p>
        </div>
      </div>
      <FiltersForm key={clockSearchOf(applied)} applied={applied} onApply={(filters) => router.replace(`${pathname}?${clockSearchOf(filters)}`, { scroll: false })} />
      {query.isPending ? (
        <Loading label="Loading shifts…" />
      ) : query.isError ? (
        <QueryError error={query.error} what="the shifts" onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Freshness freshness={query.data.freshness} />
          <dl className="sync-summary">
            <div>
              <dt>Shifts</dt>
              <dd>{query.data.total ?? query.data.rows.length}</dd>
            </div>
            <div>
              <dt>Open shifts</dt>
              <dd data-testid="open-shifts">{query.data.openShifts}</dd>
            </div>
            <div>
              <dt>Regular hours</dt>
              <dd>{hoursText(query.data.regularHours)}</dd>
            </div>
            <div>
              <dt>Overtime hours</dt>
              <dd>{hoursText(query.data.overtimeHours)}</dd>
            </div>
          </dl>
          {query.data.rows.length === 0 ? (
            <p className="empty">No shifts clocked in on these days.</p>
          ) : (
            <section aria-label="Shifts">
              <ShiftsTable shifts={query.data.rows} />
              <PageLinks page={page} pageCount={query.data.pageCount} full={query.data.rows.length === PAGE_SIZE} />
            </section>
          )}
        </>
      )}
    </>
  );
}
