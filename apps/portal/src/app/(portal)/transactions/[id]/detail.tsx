'use client';

import { TransactionIdSchema } from '@washops/transactions-client/schemas';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import { Loading, QueryError } from '../../../../components/query-state';
import { useTRPC } from '../../../../trpc/client';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'medium' });

function when(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : dateTime.format(time);
}

function orDash(value: string | null | undefined): string {
  return value ? value : '—';
}

function Section({ title, count, children, empty }: { title: string; count: number; children: ReactNode; empty: string }) {
  return (
    <section aria-label={title}>
      <h2>
        {title} <span className="muted">({count})</span>
      </h2>
      {count === 0 ? <div className="table-wrap empty">{empty}</div> : <div className="table-wrap">{children}</div>}
    </section>
  );
}

/** One transaction (`get`): header fields, tenders, items and discounts. */
export function TransactionDetail({ transId }: { transId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const valid = TransactionIdSchema.safeParse(transId).success;
  const query = useQuery({ ...trpc.transactions.get.queryOptions({ transId }), enabled: valid, staleTime: 5 * 60_000 });
  const t = query.data;

  const back = (
    <button type="button" className="button-link" onClick={() => (window.history.length > 1 ? router.back() : router.push('/transactions'))}>
      ← Back to the list
    </button>
  );

  if (!valid) {
    return (
      <>
        {back}
        <div role="alert" className="alert alert-error">
          &ldquo;{transId}&rdquo; is not a transaction id (expected something like 876:1001).
        </div>
      </>
    );
  }

  return (
    <>
      {back}
      <div className="page-head">
        <div>
          <h1>Transaction {t ? t.number : transId}</h1>
          {t ? (
            <p className="muted">
              {t.type} at {t.locationCode}, {when(t.completeDate)}
            </p>
          ) : null}
        </div>
        {t ? <div className="big-total">{usd.format(t.total)}</div> : null}
      </div>
      {query.isPending ? <Loading label="Loading the transaction…" /> : null}
      {query.isError ? <QueryError error={query.error} what="this transaction" onRetry={() => void query.refetch()} /> : null}
      {t ? (
        <>
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
              <dd>{usd.format(t.total)}</dd>
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
              <dd>
                {[
                  t.isRecurringSale && 'membership sale',
                  t.isRecurringPayment && 'membership payment',
                  t.isRecurringRedemption && 'membership redemption',
                  t.isPrepaidSale && 'prepaid sale',
                  t.isPrepaidRedemption && 'prepaid redemption',
                ]
                  .filter(Boolean)
                  .join(', ') || '—'}
              </dd>
            </dl>
          </section>

          <Section title="Tenders" count={t.tenders.length} empty="No tenders.">
            <table>
              <thead>
                <tr>
                  <th scope="col">Tender</th>
                  <th scope="col">Card / reference</th>
                  <th scope="col" className="numeric">Amount</th>
                  <th scope="col" className="numeric">Change</th>
                  <th scope="col" className="numeric">Total</th>
                </tr>
              </thead>
              <tbody>
                {t.tenders.map((tender, index) => (
                  <tr key={index}>
                    <th scope="row">
                      {tender.tender}
                      {tender.tenderSubType ? <span className="muted"> · {tender.tenderSubType}</span> : null}
                    </th>
                    <td>
                      {[tender.creditCardLastFour && `•••• ${tender.creditCardLastFour}`, tender.creditCardExpirationDate && `exp. ${tender.creditCardExpirationDate}`, tender.referenceNumber && `ref. ${tender.referenceNumber}`]
                        .filter(Boolean)
                        .join(' · ') || '—'}
                    </td>
                    <td className="numeric">{usd.format(tender.amount)}</td>
                    <td className="numeric">{usd.format(tender.change)}</td>
                    <td className="numeric">{usd.format(tender.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Section>

          <Section title="Items" count={t.items.length} empty="No items.">
            <table>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Department</th>
                  <th scope="col">SKU</th>
                  <th scope="col" className="numeric">Qty</th>
                  <th scope="col" className="numeric">Gross</th>
                  <th scope="col" className="numeric">Discount</th>
                  <th scope="col" className="numeric">Tax</th>
                  <th scope="col" className="numeric">Net</th>
                </tr>
              </thead>
              <tbody>
                {t.items.map((item, index) => (
                  <tr key={index} className={item.isVoided ? 'voided' : undefined}>
                    <th scope="row">
                      {item.name}
                      {item.isVoided ? <span className="badge badge-disabled">voided</span> : null}
                    </th>
                    <td>{item.department}</td>
                    <td>{orDash(item.sku)}</td>
                    <td className="numeric">{item.quantity}</td>
                    <td className="numeric">{usd.format(item.gross)}</td>
                    <td className="numeric">{usd.format(item.discount)}</td>
                    <td className="numeric">{usd.format(item.tax)}</td>
                    <td className="numeric">{usd.format(item.net)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Section>

          <Section title="Discounts" count={t.discounts.length} empty="No discounts on this transaction.">
            <table>
              <thead>
                <tr>
                  <th scope="col">Discount</th>
                  <th scope="col">Applied to</th>
                  <th scope="col">Code</th>
                  <th scope="col" className="numeric">Amount</th>
                </tr>
              </thead>
              <tbody>
                {t.discounts.map((discount, index) => (
                  <tr key={index}>
                    <th scope="row">{discount.discountName}</th>
                    <td>{orDash(discount.appliedToItemName)}</td>
                    <td>{orDash(discount.discountCode)}</td>
                    <td className="numeric">{usd.format(discount.discountAmount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Section>
        </>
      ) : null}
    </>
  );
}
