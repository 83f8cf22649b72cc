'use client';

import type { TransactionRow } from '@washops/portal-api';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import Link from 'next/link';
import { useMemo, useRef, useState } from 'react';
import { formatDollars } from '@washops/client-core';
import { siteLabelOf } from '../../../transactions/aggregate';

const ROW_HEIGHT = 37;
// Ranges are at most 31 days: month, day and time (with seconds, to tell busy minutes apart) suffice.
const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });

function v2Field<K extends 'transactionStatus' | 'customerId' | 'isRecurringPlanSale' | 'isRecurringPlanRedemption'>(row: TransactionRow, key: K) {
  return key in row ? (row as Record<K, unknown>)[key] : undefined;
}

const column = createColumnHelper<TransactionRow>();

function columnsFor(version: 'v1' | 'v2', siteLabels: ReadonlyMap<number, string>): Array<ColumnDef<TransactionRow, unknown>> {
  const base = [
    column.accessor((row) => Date.parse(row.date), {
      id: 'date',
      header: 'Date & time',
      cell: (info) => (Number.isNaN(info.getValue()) ? info.row.original.date : dateTime.format(info.getValue())),
      size: 170,
    }),
    column.accessor((row) => siteLabelOf(row.transId, siteLabels), { id: 'site', header: 'Site', size: 90 }),
    column.accessor('transNumber', {
      header: 'Number',
      cell: (info) => (
        <Link href={`/transactions/${encodeURIComponent(info.row.original.transId)}`} aria-label={`Transaction ${info.getValue()}`}>
          {info.getValue()}
        </Link>
      ),
      size: 130,
    }),
    column.accessor('transId', { header: 'Transaction id', size: 150 }),
    column.accessor('total', { header: 'Total', cell: (info) => formatDollars(info.getValue()), size: 110, meta: { numeric: true } }),
  ];
  if (version === 'v1') return base as Array<ColumnDef<TransactionRow, unknown>>;
  return [
    ...base,
    column.accessor((row) => String(v2Field(row, 'transactionStatus') ?? ''), { id: 'status', header: 'Status', size: 120 }),
    column.accessor((row) => String(v2Field(row, 'customerId') ?? ''), { id: 'customer', header: 'Customer', size: 130 }),
    column.accessor(
      (row) => [v2Field(row, 'isRecurringPlanSale') ? 'plan sale' : '', v2Field(row, 'isRecurringPlanRedemption') ? 'redemption' : ''].filter(Boolean).join(', '),
      { id: 'plan', header: 'Membership', size: 160 },
    ),
  ] as Array<ColumnDef<TransactionRow, unknown>>;
}

/**
 * The rows, virtualized: only the rows in view (plus a few) are in the DOM, so tens of thousands
 * stay smooth as pages stream in. The ARIA row count and indexes tell assistive technology the
 * table's real size.
 */
export function TransactionsTable({ rows, version, siteLabels }: { rows: TransactionRow[]; version: 'v1' | 'v2'; siteLabels: ReadonlyMap<number, string> }) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const columns = useMemo(() => columnsFor(version, siteLabels), [version, siteLabels]);
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const template = columns.map((c) => `minmax(${c.size ?? 120}px, 1fr)`).join(' ');

  return (
    <div ref={scrollRef} className="table-wrap virtual-scroll" tabIndex={0} role="region" aria-label="Transactions table, scrollable">
      <table role="table" className="virtual-table" aria-rowcount={tableRows.length + 1}>
        <caption className="visually-hidden">Transactions</caption>
        <thead role="rowgroup" className="virtual-head">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} role="row" aria-rowindex={1} style={{ gridTemplateColumns: template }}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const numeric = (header.column.columnDef.meta as { numeric?: boolean } | undefined)?.numeric;
                return (
                  <th
                    key={header.id}
                    role="columnheader"
                    scope="col"
                    className={numeric ? 'numeric' : undefined}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                  >
                    <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                      {flexRender(header.column.columnDef.header, header.getContext())}
                      <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = tableRows[item.index];
            if (!row) return null;
            return (
              <tr
                key={row.id}
                role="row"
                aria-rowindex={item.index + 2}
                className="virtual-row"
                style={{ transform: `translateY(${item.start}px)`, gridTemplateColumns: template, height: ROW_HEIGHT }}
              >
                {row.getVisibleCells().map((cell) => {
                  const numeric = (cell.column.columnDef.meta as { numeric?: boolean } | undefined)?.numeric;
                  return (
                    <td key={cell.id} role="cell" className={numeric ? 'numeric' : undefined}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
