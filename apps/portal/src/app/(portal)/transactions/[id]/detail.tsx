'use client';

import type { Transaction, TransactionDiscount, TransactionItem, TransactionTender } from '@washops/transactions-client';
import { TransactionIdSchema } from '@washops/transactions-client/schemas';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { Loading, QueryError } from '../../../../components/query-state';
import { formatDollars } from '@washops/client-core';
import { useTRPC } from '../../../../trpc/client';
import { DetailTable, type DetailColumn } from './detail-table';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'medium' });

function when(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : dateTime.format(time);
}

function orDash(value: string | null | undefined): string {
  return value ? value : '—';
}

const TENDER_COLUMNS: ReadonlyArray<DetailColumn<TransactionTender>> = [
  {
    header: 'Tender',
    cell: (tender) => (
      <>
        {tender.tender}
        {tender.tenderSubType ? <span className="muted"> · {tender.tenderSubType}</span> : null}
      </>
    ),
  },
  {
    header: 'Card / reference',
    cell: (tender) =>
      [
        tender.creditCardLastFour && `•••• ${tender.creditCardLastFour}`,
        tender.creditCardExpirationDate && `exp. ${tender.creditCardExpirationDate}`,
        tender.referenceNumber && `ref. ${tender.referenceNumber}`,
      ]
        .filter(Boolean)
        .join(' · ') || '—',
  },
  { header: 'Amount', numeric: true, cell: (tender) => formatDollars(tender.amount) },
  { header: 'Change', numeric: true, cell: (tender) => formatDollars(tender.change) },
  { header: 'Total', numeric: true, cell: (tender) => formatDollars(tender.total) },
];

const ITEM_COLUMNS: ReadonlyArray<DetailColumn<TransactionItem>> = [
  {
    header: 'Item',
    cell: (item) => (
      <>
        {item.name}
        {item.isVoided ? <span className="badge badge-disabled">voided</span> : null}
      </>
    ),
  },
  { header: 'Department', cell: (item) => item.department },
  { header: 'SKU', cell: (item) => orDash(item.sku) },
  { header: 'Qty', numeric: true, cell: (item) => item.quantity },
  { header: 'Gross', numeric: true, cell: (item) => formatDollars(item.gross) },
  { header: 'Discount', numeric: true, cell: (item) => formatDollars(item.discount) },
  { header: 'Tax', numeric: true, cell: (item) => formatDollars(item.tax) },
  { header: 'Net', numeric: true, cell: (item) => formatDollars(item.net) },
];

const DISCOUNT_COLUMNS: ReadonlyArray<DetailColumn<TransactionDiscount>> = [
  { header: 'Discount', cell: (discount) => discount.discountName },
  { header: 'Applied to', cell: (discount) => orDash(discount.appliedToItemName) },
  { header: 'Code', cell: (discount) => orDash(discount.discountCode) },
  { header: 'Amount', numeric: true, cell: (discount) => formatDollars(discount.discountAmount) },
];

function flagsOf(t: Transaction): string {
  const flags = [
    t.isRecurringSale && 'membership sale',
    t.isRecurringPayment && 'membership payment',
    t.isRecurringRedemption && 'membership redemption',
    t.isPrepaidSale && 'prepaid sale',
    t.isPrepaidRedemption && 'prepaid redemption',
  ];
  return flags.filter(Boolean).join(', ') || '—';
}

function Summary({ t }: { t: Transaction }) {
  return (
    <section className="card" aria-label="Summary">
      <dl className="result detail-grid">
        <dt>Transaction id</dt>
        <dd>{t.id}</dd>
        <dt>Number</dt>
        <dd>{t.number}</dd>
        <dt>Kind</dt>
        <dd>{t.type}</dd>
        <dt>Completed</dt>
        <dd>{when(t.completeDate)}</dd>
        <dt>Site</dt>
        <dd>{t.locationCode}</dd>
        <dt>Device</dt>
        <dd>{t.salesDeviceName}</dd>
        <dt>Total</dt>
        <dd>{formatDollars(t.total)}</dd>
        <dt>Customer</dt>
        <dd>
          {orDash(t.customerName)}
          {t.customerId ? <span className="muted"> ({t.customerId})</span> : null}
        </dd>
        <dt>License plate</dt>
        <dd>{orDash(t.vehicleLicensePlate)}</dd>
        <dt>Cashier</dt>
        <dd>{orDash(t.employeeCashier)}</dd>
        <dt>Greeter</dt>
        <dd>{orDash(t.employeeGreeter)}</dd>
        <dt>Flags</dt>
        <dd>{flagsOf(t)}</dd>
      </dl>
    </section>
  );
}

function BackToList() {
  const router = useRouter();
  return (
    <button type="button" className="button-link" onClick={() => (window.history.length > 1 ? router.back() : router.push('/transactions'))}>
      ← Back to the list
    </button>
  );
}

/** One transaction (`get`): header fields, tenders, items and discounts. */
export function TransactionDetail({ transId }: { transId: string }) {
  const trpc = useTRPC();
  const valid = TransactionIdSchema.safeParse(transId).success;
  const query = useQuery({ ...trpc.transactions.get.queryOptions({ transId }), enabled: valid, staleTime: 5 * 60_000 });
  const t = query.data;

  if (!valid) {
    return (
      <>
        <BackToList />
        <div role="alert" className="alert alert-error">
          &ldquo;{transId}&rdquo; is not a transaction id (expected something like 876:1001).
        </div>
      </>
    );
  }

  return (
    <>
      <BackToList />
      <div className="page-head">
        <div>
          <h1>Transaction {t ? t.number : transId}</h1>
          {t ? (
            <p className="muted">
              {t.type} at {t.locationCode}, {when(t.completeDate)}.{' '}
              <span data-testid="detail-source">
                {t.source.kind === 'warehouse' ? `Synced at ${when(t.source.syncedAt)}.` : 'Live from the Data API.'}
              </span>
            </p>
          ) : null}
        </div>
        {t ? <div className="big-total">{formatDollars(t.total)}</div> : null}
      </div>
      {query.isPending ? <Loading label="Loading the transaction…" /> : null}
      {query.isError ? <QueryError error={query.error} what="this transaction" onRetry={() => void query.refetch()} /> : null}
      {t ? (
        <>
          <Summary t={t} />
          <DetailTable title="Tenders" rows={t.tenders} columns={TENDER_COLUMNS} empty="No tenders." />
          <DetailTable
            title="Items"
            rows={t.items}
            columns={ITEM_COLUMNS}
            empty="No items."
            rowClassName={(item) => (item.isVoided ? 'voided' : undefined)}
          />
          <DetailTable title="Discounts" rows={t.discounts} columns={DISCOUNT_COLUMNS} empty="No discounts on this transaction." />
        </>
      ) : null}
    </>
  );
}
