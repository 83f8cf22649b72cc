'use client';

import { skipToken, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/field';
import { Freshness } from '../../../components/freshness';
import { PageLinks, pageOf } from '../../../components/page-links';
import { Loading, QueryError } from '../../../components/query-state';
import { useTRPC } from '../../../trpc/client';
import { customerName, type CustomerRow } from './views';

const PAGE_SIZE = 25;

function ResultsTable({ customers }: { customers: CustomerRow[] }) {
  return (
    <div className="table-wrap">
      <table>
        <caption className="visually-hidden">Customers found</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Customer number</th>
            <th scope="col">Phone</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {customers.map((customer) => (
            <tr key={customer.customerId}>
              <th scope="row">
                <Link href={`/customers/${encodeURIComponent(customer.customerId)}`}>{customerName(customer)}</Link>
              </th>
              <td>{customer.number ?? '—'}</td>
              <td className="nowrap">{customer.phone ?? '—'}</td>
              <td>
                <span className={`badge ${customer.isActive ? 'badge-active' : 'badge-disabled'}`}>{customer.isActive ? 'Active' : 'Inactive'}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function countText(shown: number, total: number | null, query: string): string {
  if (shown === 0) return `No customer matches “${query}”.`;
  if (total === null) return `Customers matching “${query}”.`;
  return `${total} ${total === 1 ? 'customer matches' : 'customers match'} “${query}”.`;
}

/**
 * The Customers page: a search by name or phone. The search and its page live in the URL
 * (`?q=…&page=…`), so a result can be linked to and "back" returns to it.
 */
export function CustomerSearch() {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const applied = (search.get('q') ?? '').trim();
  const page = pageOf(search);
  const [text, setText] = useState(applied);
  const results = useQuery({
    ...trpc.customers.search.queryOptions(applied ? { query: applied, page, pageSize: PAGE_SIZE } : skipToken),
    staleTime: 30_000,
    retry: false,
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const query = text.trim();
    router.replace(query ? `${pathname}?${new URLSearchParams({ q: query }).toString()}` : pathname, { scroll: false });
  }

  return (
    <>
      <div className="page-head">
        <div>
          <h1>Customers</h1>
          <p className="muted">Find a customer by name or phone number, then open their memberships, washbooks and last washes.</p>
        </div>
      </div>
      <form className="card filters toolbar" role="search" aria-label="Find a customer" onSubmit={onSubmit}>
        <div className="search">
          <TextField
            label="Name or phone"
            required
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            hint="A name, or at least 4 digits of a phone number."
          />
        </div>
        <button type="submit" className="button button-primary">
          Search
        </button>
      </form>
      {!applied ? null : results.isPending ? (
        <Loading label="Searching customers…" />
      ) : results.isError ? (
        <QueryError error={results.error} what="customers" onRetry={() => void results.refetch()} />
      ) : (
        <section aria-label="Search results">
          <Freshness freshness={results.data.freshness} />
          <p className="count" role="status">
            {countText(results.data.rows.length, results.data.total, applied)}
          </p>
          {results.data.rows.length > 0 ? <ResultsTable customers={results.data.rows} /> : null}
          <PageLinks page={page} pageCount={results.data.pageCount} full={results.data.rows.length === PAGE_SIZE} />
        </section>
      )}
    </>
  );
}
