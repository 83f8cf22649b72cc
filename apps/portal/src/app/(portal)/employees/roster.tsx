'use client';

import type { EmployeeSummary } from '@washops/operations/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useId, useMemo, useRef, useState, type RefObject } from 'react';
import { Loading, QueryError } from '../../../components/query-state';
import { useIsAdmin } from '../../../components/session';
import { useTRPC, useTRPCClient } from '../../../trpc/client';
import { DisableDialog } from './disable-dialog';
import { RosterTable } from './roster-table';
import { fullName } from './full-name';

type StatusFilter = 'active' | 'inactive' | 'all';

/** Rows rendered at once; a search narrows the rest down. */
const MAX_ROWS = 250;

function matches(employee: EmployeeSummary, terms: string[]): boolean {
  const digits = employee.phone.replace(/\D/g, '');
  const haystack = [fullName(employee), employee.posUserId ?? '', employee.phone, digits, ...employee.siteCodes, ...employee.departments, employee.access]
    .join(' ')
    .toLowerCase();
  return terms.every((term) => haystack.includes(term));
}

/** The whole roster once (active and disabled); search and filter run in the browser. */
function useRoster(search: string, status: StatusFilter) {
  const trpc = useTRPC();
  const trpcClient = useTRPCClient();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const roster = useQuery(trpc.employees.list.queryOptions({ active: 'all' }));

  async function refresh() {
    setRefreshing(true);
    try {
      const fresh = await trpcClient.employees.list.query({ active: 'all', refresh: true });
      queryClient.setQueryData(trpc.employees.list.queryKey({ active: 'all' }), fresh);
    } catch {
      await roster.refetch();
    } finally {
      setRefreshing(false);
    }
  }

  const filtered = useMemo(() => {
    const terms = search.toLowerCase().split(/\s+/).filter(Boolean);
    return (roster.data ?? [])
      .filter((e) => status === 'all' || e.active === (status === 'active'))
      .filter((e) => matches(e, terms))
      .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
  }, [roster.data, search, status]);
  return { roster, refresh, refreshing, filtered };
}

function Toolbar(props: {
  search: string;
  onSearch: (search: string) => void;
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
  searchRef: RefObject<HTMLInputElement | null>;
  refresh: () => void;
  refreshDisabled: boolean;
  refreshing: boolean;
}) {
  const searchId = useId();
  const statusId = useId();
  return (
    <div className="toolbar" role="search">
      <div className="field search">
        <label htmlFor={searchId}>Search</label>
        <input
          ref={props.searchRef}
          id={searchId}
          type="search"
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
          placeholder="Name, POS user id, phone, site or department"
        />
      </div>
      <div className="field">
        <label htmlFor={statusId}>Status</label>
        <select id={statusId} value={props.status} onChange={(event) => props.onStatus(event.target.value as StatusFilter)}>
          <option value="active">Active</option>
          <option value="inactive">Disabled</option>
          <option value="all">All</option>
        </select>
      </div>
      <button type="button" className="button" onClick={props.refresh} disabled={props.refreshDisabled}>
        {props.refreshing ? 'Refreshing…' : 'Refresh'}
      </button>
    </div>
  );
}

function NoMatch({ status, search }: { status: StatusFilter; search: string }) {
  return (
    <div className="table-wrap empty">
      No {status === 'inactive' ? 'disabled' : status === 'active' ? 'active' : ''} employees match
      {search ? <> &ldquo;{search}&rdquo;</> : ' this filter'}.
    </div>
  );
}

export function Roster() {
  const isAdmin = useIsAdmin();
  const searchRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('active');
  const [toDisable, setToDisable] = useState<EmployeeSummary | null>(null);
  const { roster, refresh, refreshing, filtered } = useRoster(search, status);
  const shown = filtered.slice(0, MAX_ROWS);

  return (
    <>
      <div className="page-head">
        <div>
          <h1>Employees</h1>
          <p className="muted">The tenant&apos;s roster in the BackOffice.</p>
        </div>
        {isAdmin ? (
          <Link href="/employees/new" className="button button-primary">
            New employee
          </Link>
        ) : null}
      </div>
      <Toolbar
        search={search}
        onSearch={setSearch}
        status={status}
        onStatus={setStatus}
        searchRef={searchRef}
        refresh={() => void refresh()}
        refreshDisabled={refreshing || roster.isPending}
        refreshing={refreshing}
      />
      {roster.isPending ? <Loading label="Loading employees…" /> : null}
      {roster.isError ? <QueryError error={roster.error} what="the roster" onRetry={() => void roster.refetch()} /> : null}
      {roster.data ? (
        <>
          <p className="count" role="status" aria-live="polite">
            {filtered.length === shown.length
              ? `${filtered.length} ${filtered.length === 1 ? 'employee' : 'employees'}`
              : `Showing ${shown.length} of ${filtered.length} employees; search to narrow the list.`}
          </p>
          {roster.data.length === 0 ? (
            <div className="table-wrap empty">
              No employees yet.{isAdmin ? <> <Link href="/employees/new">Create the first one</Link>.</> : null}
            </div>
          ) : filtered.length === 0 ? (
            <NoMatch status={status} search={search} />
          ) : (
            <RosterTable employees={shown} onDisable={isAdmin ? setToDisable : null} />
          )}
        </>
      ) : null}
      {toDisable ? (
        <DisableDialog
          employee={toDisable}
          onClose={(disabled) => {
            setToDisable(null);
            // The disabled employee's row (and its button, where focus would return) leaves the active list.
            if (disabled) searchRef.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
