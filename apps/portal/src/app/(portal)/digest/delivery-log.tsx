'use client';

import type { DigestDeliveryView } from '@washops/portal-api';
import { useQuery } from '@tanstack/react-query';
import { Loading, QueryError } from '../../../components/query-state';
import { useTRPC } from '../../../trpc/client';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

const STATES: Record<DigestDeliveryView['state'], { label: string; badge: string }> = {
  sent: { label: 'Sent', badge: 'badge-done' },
  sending: { label: 'Sending (no answer recorded: check before sending again)', badge: 'badge-warn' },
  failed: { label: 'Failed', badge: 'badge-failed' },
};

/** Who the site-day's digest went to, when, and what the mail server said. */
export function DeliveryLog({ site, day }: { site: string; day: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.digest.deliveries.queryOptions({ site, day }));
  return (
    <section aria-labelledby="digest-log-heading">
      <h2 id="digest-log-heading">Deliveries</h2>
      {query.isPending ? (
        <Loading label="Loading the deliveries…" />
      ) : query.isError ? (
        <QueryError error={query.error} what="the deliveries" onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="muted" data-testid="digest-deliveries-empty">
          Not sent to anyone yet.
        </p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Deliveries, table">
          <table>
            <caption className="visually-hidden">Deliveries of this digest</caption>
            <thead>
              <tr>
                <th scope="col">Recipient</th>
                <th scope="col">State</th>
                <th scope="col">Started</th>
                <th scope="col">Finished</th>
                <th scope="col">Message id or error</th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((d) => (
                <tr key={d.recipient}>
                  <td>{d.recipient}</td>
                  <td>
                    <span className={`badge ${STATES[d.state].badge}`}>{STATES[d.state].label}</span>
                    {d.state === 'failed' && d.retryable ? ' (tried again at the next check)' : ''}
                  </td>
                  <td>{when.format(new Date(d.startedAt))}</td>
                  <td>{d.finishedAt ? when.format(new Date(d.finishedAt)) : '–'}</td>
                  <td>{d.error ?? d.messageId ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
