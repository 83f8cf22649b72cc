'use client';

import { formatUsd } from '@washops/client-core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Freshness } from '../../../components/freshness';
import { Loading, QueryError } from '../../../components/query-state';
import { useTRPC } from '../../../trpc/client';

/** Gift-card money sold and not yet spent, per site that sold the cards, with the chain's totals. */
export function GiftCardLiability() {
  const trpc = useTRPC();
  // The liability covers every card whatever the page: one card is enough to ask for.
  const query = useQuery({ ...trpc.giftCards.list.queryOptions({ pageSize: 1 }), staleTime: 60_000 });
  const totals = useMemo(
    () =>
      (query.data?.liability ?? []).reduce(
        (sum, site) => ({ cards: sum.cards + site.cards, valueCents: sum.valueCents + site.valueCents, usedCents: sum.usedCents + site.usedCents }),
        { cards: 0, valueCents: 0, usedCents: 0 },
      ),
    [query.data],
  );
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Gift cards</h1>
          <p className="muted">Outstanding gift-card liability: the value of the cards sold that is not yet used, per site that sold them.</p>
        </div>
      </div>
      {query.isPending ? (
        <Loading label="Loading gift cards…" />
      ) : query.isError ? (
        <QueryError error={query.error} what="the gift cards" onRetry={() => void query.refetch()} />
      ) : (
        <section aria-label="Liability per site">
          <Freshness freshness={query.data.freshness} />
          <p className="totals">
            <span>
              Outstanding: <strong data-testid="outstanding-total">{formatUsd(query.data.totalOutstandingCents)}</strong>
            </span>
            <span>
              {totals.cards} {totals.cards === 1 ? 'card' : 'cards'}
            </span>
          </p>
          {query.data.liability.length === 0 ? (
            <p className="empty">No gift cards. Sync them on the Data sync page.</p>
          ) : (
            <div className="table-wrap">
              <table>
                <caption className="visually-hidden">Gift-card liability per site</caption>
                <thead>
                  <tr>
                    <th scope="col">Site</th>
                    <th scope="col" className="numeric">
                      Cards
                    </th>
                    <th scope="col" className="numeric">
                      Value sold
                    </th>
                    <th scope="col" className="numeric">
                      Used
                    </th>
                    <th scope="col" className="numeric">
                      Outstanding
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {query.data.liability.map((site) => (
                    <tr key={site.siteCode ?? ''}>
                      <th scope="row">{site.siteCode ?? 'No site named'}</th>
                      <td className="numeric">{site.cards}</td>
                      <td className="numeric">{formatUsd(site.valueCents)}</td>
                      <td className="numeric">{formatUsd(site.usedCents)}</td>
                      <td className="numeric">{formatUsd(site.outstandingCents)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">Every site</th>
                    <td className="numeric">{totals.cards}</td>
                    <td className="numeric">{formatUsd(totals.valueCents)}</td>
                    <td className="numeric">{formatUsd(totals.usedCents)}</td>
                    <td className="numeric">{formatUsd(query.data.totalOutstandingCents)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
        </section>
      )}
    </>
  );
}
