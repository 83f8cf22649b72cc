'use client';

import { formatUsd } from '@washops/client-core';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Freshness } from '../../../../../../components/freshness';
import { Loading, QueryError } from '../../../../../../components/query-state';
import { useTRPC } from '../../../../../../trpc/client';
import { cardText, dayText, timeText, type MembershipView } from '../../../views';

type Membership = MembershipView;

/** A titled table, or a line saying there is nothing. */
function Listing({ id, title, empty, head, children, count }: { id: string; title: string; empty: string; head: ReactNode; children: ReactNode; count: number }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {count === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>{head}</thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Facts({ membership }: { membership: Membership }) {
  const money = (cents: number | null) => (cents === null ? '—' : formatUsd(cents));
  return (
    <dl className="sync-summary card">
      <div>
        <dt>Status</dt>
        <dd>{membership.statusName ?? '—'}</dd>
      </div>
      <div>
        <dt>Billing site</dt>
        <dd>{membership.billingSiteCode ?? '—'}</dd>
      </div>
      <div>
        <dt>Signed up</dt>
        <dd>{dayText(membership.signUpAt)}</dd>
      </div>
      <div>
        <dt>Billing amount</dt>
        <dd>{money(membership.billingAmountCents)}</dd>
      </div>
      <div>
        <dt>Next bill</dt>
        <dd>{dayText(membership.nextBillAt)}</dd>
      </div>
      {membership.cancelAt ? (
        <div>
          <dt>Cancelled</dt>
          <dd>{dayText(membership.cancelAt)}</dd>
        </div>
      ) : null}
      {membership.isOnTrial ? (
        <div>
          <dt>Trial</dt>
          <dd>On trial</dd>
        </div>
      ) : null}
      {membership.isSuspended ? (
        <div>
          <dt>Suspended</dt>
          <dd>Yes</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** A membership's page: its plan and facts, status history, billings (card last four only), vehicles, tags and changes. */
export function MembershipDetail({ customerId, membershipId }: { customerId: string; membershipId: string }) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.customers.membership.queryOptions({ membershipId }), staleTime: 30_000 });
  if (query.isPending) return <Loading label="Loading the membership…" />;
  if (query.isError) return <QueryError error={query.error} what="the membership" onRetry={() => void query.refetch()} />;
  const membership = query.data;
  const { freshness } = membership;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>{membership.planName ?? membership.name ?? `Membership ${membership.id}`}</h1>
          <p className="muted">
            Membership {membership.id}. <Link href={`/customers/${encodeURIComponent(customerId)}`}>Back to the customer</Link>
          </p>
          <Freshness freshness={freshness} />
        </div>
      </div>
      <Facts membership={membership} />
      <Listing
        id="status-history"
        title="Status history"
        empty="No status history."
        count={membership.statuses.length + membership.statusChanges.length}
        head={
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Status</th>
            <th scope="col">Changed by</th>
            <th scope="col">Site</th>
          </tr>
        }
      >
        {/* The account's own history, then the status-change list's entries (from, to, who and where). */}
        {membership.statuses.map((entry, index) => (
          <tr key={`status-${index}`}>
            <td>{timeText(entry.at)}</td>
            <td>{entry.status}</td>
            <td>—</td>
            <td>—</td>
          </tr>
        ))}
        {membership.statusChanges.map((change, index) => (
          <tr key={`change-${index}`}>
            <td>{timeText(change.at)}</td>
            <td>{change.oldStatus ? `${change.oldStatus} → ${change.newStatus}` : change.newStatus}</td>
            <td>{change.employeeName ?? '—'}</td>
            <td>{change.siteCode ?? '—'}</td>
          </tr>
        ))}
      </Listing>
      <Listing
        id="billing-history"
        title="Billing history"
        empty="No billings."
        count={membership.billings.length}
        head={
          <tr>
            <th scope="col">Date</th>
            <th scope="col" className="numeric">
              Amount
            </th>
            <th scope="col">Card</th>
          </tr>
        }
      >
        {membership.billings.map((billing, index) => (
          <tr key={index}>
            <td>{dayText(billing.at)}</td>
            <td className="numeric">{formatUsd(billing.amountCents)}</td>
            <td>{cardText(billing.cardLastFour)}</td>
          </tr>
        ))}
      </Listing>
      <Listing
        id="vehicles"
        title="Vehicles"
        empty="No vehicles."
        count={membership.vehicles.length}
        head={
          <tr>
            <th scope="col">License plate</th>
          </tr>
        }
      >
        {membership.vehicles.map((vehicle, index) => (
          <tr key={index}>
            <td>{vehicle.plate ?? 'No plate recorded'}</td>
          </tr>
        ))}
      </Listing>
      <Listing
        id="tags"
        title="Tags"
        empty="No tags."
        count={membership.tags.length}
        head={
          <tr>
            <th scope="col">Tag number</th>
            <th scope="col">State</th>
          </tr>
        }
      >
        {membership.tags.map((tag) => (
          <tr key={tag.number}>
            <td>{tag.number}</td>
            <td>
              <span className={`badge ${tag.enabled ? 'badge-active' : 'badge-disabled'}`}>{tag.enabled ? 'Enabled' : 'Disabled'}</span>
            </td>
          </tr>
        ))}
      </Listing>
      <Listing
        id="modifications"
        title="Changes to the account"
        empty="No changes recorded."
        count={membership.modifications.length}
        head={
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Change</th>
            <th scope="col">Comment</th>
          </tr>
        }
      >
        {membership.modifications.map((modification, index) => (
          <tr key={index}>
            <td>{timeText(modification.at)}</td>
            <td>{modification.type}</td>
            <td>{modification.comment ?? '—'}</td>
          </tr>
        ))}
      </Listing>
    </>
  );
}
