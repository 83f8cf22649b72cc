'use client';

import { formatUsd } from '@washops/client-core';
import { useQuery } from '@tanstack/react-query';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { SelectField } from '../../../components/field';
import { Freshness } from '../../../components/freshness';
import { PageLinks, pageOf } from '../../../components/page-links';
import { Loading, QueryError } from '../../../components/query-state';
import { useTRPC } from '../../../trpc/client';

/** Rows per page: the most the resource reads give at once. */
const PAGE_SIZE = 100;

/**
 * The item catalogue as the Data API lists it (synced whole each night), narrowed to one
 * department by the filter; the filter and the page live in the URL (`?department=…&page=…`).
 */
export function ItemsCatalog() {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const department = search.get('department') ?? '';
  const page = pageOf(search);
  const departments = useQuery({ ...trpc.items.departments.queryOptions(), staleTime: 5 * 60_000 });
  const shown = useQuery({
    ...trpc.items.list.queryOptions({ ...(department ? { department } : {}), page, pageSize: PAGE_SIZE }),
    staleTime: 5 * 60_000,
  });
  const items = shown.data?.rows ?? [];

  function choose(next: string) {
    router.replace(next ? `${pathname}?${new URLSearchParams({ department: next }).toString()}` : pathname, { scroll: false });
  }

  return (
    <>
      <div className="page-head">
        <div>
          <h1>Items</h1>
          <p className="muted">The items sold at the sites, with their department, price and cost.</p>
        </div>
      </div>
      <form className="card filters toolbar" aria-label="Item filters" onSubmit={(event) => event.preventDefault()}>
        <SelectField label="Department" value={department} onChange={(event) => choose(event.target.value)} disabled={departments.isPending}>
          <option value="">Every department</option>
          {(departments.data ?? []).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
      </form>
      {shown.isPending ? (
        <Loading label="Loading items…" />
      ) : shown.isError ? (
        <QueryError error={shown.error} what="the items" onRetry={() => void shown.refetch()} />
      ) : (
        <section aria-label="Items">
          <Freshness freshness={shown.data.freshness} />
          <p className="count">
            {shown.data.total ?? items.length} {(shown.data.total ?? items.length) === 1 ? 'item' : 'items'}
            {department ? ` in ${department}` : ''}.
          </p>
          {items.length === 0 ? (
            <p className="empty">No items. Sync the catalogue on the Data sync page.</p>
          ) : (
            <div className="table-wrap">
              <table>
                <caption className="visually-hidden">Items</caption>
                <thead>
                  <tr>
                    <th scope="col">Item</th>
                    <th scope="col">SKU</th>
                    <th scope="col">Department</th>
                    <th scope="col">Site</th>
                    <th scope="col" className="numeric">
                      Price
                    </th>
                    <th scope="col" className="numeric">
                      Cost
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item) => (
                    <tr key={`${item.sku}|${item.siteLocation ?? ''}`}>
                      <th scope="row">{item.name}</th>
                      <td>{item.sku}</td>
                      <td>{item.departmentName}</td>
                      <td>{item.siteLocation ?? 'Every site'}</td>
                      <td className="numeric">{item.isPromptForPrice ? 'Asked at sale' : formatUsd(item.priceCents)}</td>
                      <td className="numeric">{item.costCents === null ? '—' : formatUsd(item.costCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <PageLinks page={page} pageCount={shown.data.pageCount} full={items.length === PAGE_SIZE} />
        </section>
      )}
    </>
  );
}
