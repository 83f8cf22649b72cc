'use client';

import { formatUsd } from '@washops/client-core';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Freshness } from '../../../../components/freshness';
import { Loading, QueryError } from '../../../../components/query-state';
import { useTRPC } from '../../../../trpc/client';
import { customerName, dayText, timeText, type CustomerView } from '../views';
import { ContactCard } from './contact-card';

function Memberships({ customerId, memberships }: { customerId: string; memberships: CustomerView['memberships'] }) {
  if (memberships.length === 0) return <p className="empty">No memberships.</p>;
  return (
    <div className="table-wrap">
      <table>
        <caption className="visually-hidden">Memberships</caption>
        <thead>
          <tr>
            <th scope="col">Plan</th>
            <th scope="col">Status</th>
            <th scope="col">Billing site</th>
            <th scope="col">Signed up</th>
            <th scope="col">Next bill</th>
            <th scope="col" className="numeric">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {memberships.map((membership) => (
            <tr key={membership.id}>
              <th scope="row">
                <Link href={`/customers/${encodeURIComponent(customerId)}/memberships/${encodeURIComponent(membership.id)}`}>
                  {membership.planName ?? membership.name ?? `Membership ${membership.id}`}
                </Link>
              </th>
              <td>{membership.statusName ?? '—'}</td>
              <td>{membership.billingSiteCode ?? '—'}</td>
              <td>{dayText(membership.signUpAt)}</td>
              <td>{dayText(membership.nextBillAt)}</td>
              <td className="numeric">{membership.billingAmountCents === null ? '—' : formatUsd(membership.billingAmountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Washbooks({ washbooks }: { washbooks: CustomerView['washbooks'] }) {
  if (washbooks.length === 0) return <p className="empty">No washbooks.</p>;
  return (
    <div className="table-wrap">
      <table>
        <caption className="visually-hidden">Washbooks</caption>
        <thead>
          <tr>
            <th scope="col">Washbook</th>
            <th scope="col">Status</th>
            <th scope="col" className="numeric">
              Washes left
            </th>
            <th scope="col">Signed up</th>
          </tr>
        </thead>
        <tbody>
          {washbooks.map((washbook) => (
            <tr key={washbook.id}>
              <th scope="row">{washbook.name ?? `Washbook ${washbook.id}`}</th>
              <td>{washbook.status}</td>
              <td className="numeric">{washbook.unlimited ? 'Unlimited' : (washbook.balance ?? '—')}</td>
              <td>{dayText(washbook.signUpAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LastWashes({ transactions }: { transactions: CustomerView['lastTransactions'] }) {
  if (transactions.length === 0) return <p className="empty">No washes of theirs in the days synced into our database.</p>;
  return (
    <div className="table-wrap">
      <table>
        <caption className="visually-hidden">Last washes</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Site</th>
            <th scope="col">Ticket</th>
            <th scope="col">Type</th>
            <th scope="col" className="numeric">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((transaction) => (
            <tr key={transaction.id}>
              <td>{timeText(transaction.completedAt)}</td>
              <td>{transaction.siteCode}</td>
              <td>
                <Link href={`/transactions/${encodeURIComponent(transaction.id)}`}>{transaction.number}</Link>
              </td>
              <td>{transaction.recurringRedemption ? `${transaction.type} (membership wash)` : transaction.type}</td>
              <td className="numeric">{formatUsd(transaction.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A customer's page: everything the warehouse knows of them, with its freshness. */
export function CustomerProfile({ customerId }: { customerId: string }) {
  const trpc = useTRPC();
  const profile = useQuery({ ...trpc.customers.get.queryOptions({ customerId }), staleTime: 30_000 });
  if (profile.isPending) return <Loading label="Loading the customer…" />;
  if (profile.isError) return <QueryError error={profile.error} what="the customer" onRetry={() => void profile.refetch()} />;
  const { customer, memberships, washbooks, lastTransactions, freshness } = profile.data;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>{customerName(customer)}</h1>
          <p className="muted">
            Customer {customer.number ?? customer.customerId} · {customer.isActive ? 'Active' : 'Inactive'} · customer since {dayText(customer.createdAt)}.{' '}
            <Link href="/customers">Find another customer</Link>
          </p>
          <Freshness freshness={freshness} />
        </div>
      </div>
      <ContactCard customerId={customer.customerId} contact={customer.contact} />
      <section aria-labelledby="memberships-heading">
        <h2 id="memberships-heading">Memberships</h2>
        <Memberships customerId={customer.customerId} memberships={memberships} />
      </section>
      <section aria-labelledby="washbooks-heading">
        <h2 id="washbooks-heading">Washbooks</h2>
        <Washbooks washbooks={washbooks} />
      </section>
      <section aria-labelledby="washes-heading">
        <h2 id="washes-heading">Last washes</h2>
        <LastWashes transactions={lastTransactions} />
      </section>
    </>
  );
}
