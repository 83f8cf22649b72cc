'use client';

import { useQuery } from '@tanstack/react-query';
import { formatUsd } from '@washops/client-core';
import { portalErrorOf } from '../../../components/errors';
import { Loading, QueryError } from '../../../components/query-state';
import { useTRPC } from '../../../trpc/client';
import { countText } from '../reports/format';
import { NotSynced } from '../reports/report-section';
import { worthRetrying } from '../reports/use-report';
import { requestOf, type MembershipFilters } from './filters';
import { KpiCoverage } from './kpi-coverage';

/** `+$1,250.00` / `−$80.00`: a change of liability over the range. */
function signedUsd(cents: number): string {
  return cents > 0 ? `+${formatUsd(cents)}` : formatUsd(cents);
}

/** What the chain owes in washes and stored value: gift cards outstanding and their change over the range, washbooks. */
export function LiabilitySection({ filters, onAllowPartial }: { filters: MembershipFilters; onAllowPartial: () => void }) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.kpis.liability.queryOptions(requestOf(filters)), staleTime: 60_000, retry: worthRetrying });
  const total = query.data?.data.reduce(
    (sum, row) => ({
      giftCards: sum.giftCards + row.giftCards,
      outstanding: sum.outstanding + row.giftCardOutstandingCents,
      sold: sum.sold + row.giftCardSoldCents,
      redeemed: sum.redeemed + row.giftCardRedeemedCents,
      change: sum.change + row.giftCardChangeCents,
      washbooks: sum.washbooks + row.washbooks,
      washesOutstanding: sum.washesOutstanding + row.washbookWashesOutstanding,
      washbooksSold: sum.washbooksSold + row.washbooksSold,
      washesRedeemed: sum.washesRedeemed + row.washbookWashesRedeemed,
    }),
    { giftCards: 0, outstanding: 0, sold: 0, redeemed: 0, change: 0, washbooks: 0, washesOutstanding: 0, washbooksSold: 0, washesRedeemed: 0 },
  );
  return (
    <section className="card report" aria-labelledby="liability-heading" data-testid="liability">
      <div className="report-head">
        <h2 id="liability-heading">Gift cards and washbooks</h2>
      </div>
      {query.isPending ? (
        <Loading label="Loading gift cards and washbooks…" />
      ) : query.isError ? (
        portalErrorOf(query.error).code === 'RANGE_NOT_SYNCED' ? (
          <NotSynced error={query.error} onAllowPartial={onAllowPartial} />
        ) : (
          <QueryError error={query.error} what="gift cards and washbooks" onRetry={() => void query.refetch()} />
        )
      ) : total ? (
        <>
          <KpiCoverage coverage={query.data.coverage} partial={query.data.partial} />
          <dl className="result">
            <dt>Gift cards outstanding (as last synced)</dt>
            <dd>
              {formatUsd(total.outstanding)} on {countText(total.giftCards)} cards
            </dd>
            <dt>Change over the range</dt>
            <dd>
              {signedUsd(total.change)} ({formatUsd(total.sold)} sold, {formatUsd(total.redeemed)} redeemed)
            </dd>
            <dt>Washbooks (as last synced)</dt>
            <dd>
              {countText(total.washbooks)} books holding {countText(total.washesOutstanding)} washes
            </dd>
            <dt>Washbooks over the range</dt>
            <dd>
              {countText(total.washbooksSold)} sold, {countText(total.washesRedeemed)} washes redeemed
            </dd>
          </dl>
        </>
      ) : null}
    </section>
  );
}
