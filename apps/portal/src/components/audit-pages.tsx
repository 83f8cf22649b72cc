'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { auditCsvHref, auditFilterInputOf, auditPagePositionOf, auditSearchOf, newerPosition, olderPosition, type AuditFilterFields, type AuditPagePosition } from '../audit/query';
import { useTRPC } from '../trpc/client';
import { AuditTable } from './audit-table';
import { Loading, QueryError } from './query-state';

/** Rows per page. */
const PAGE_SIZE = 50;

function Pager({ href, position, nextCursor }: { href: (position: AuditPagePosition) => string; position: AuditPagePosition; nextCursor: string | null }) {
  const atNewest = position.cursor === null;
  return (
    <nav className="pager" aria-label="Pages">
      {atNewest ? null : (
        <Link href={href(newerPosition(position))} className="button" rel="prev">
          Newer
        </Link>
      )}
      {nextCursor ? (
        <Link href={href(olderPosition(position, nextCursor))} className="button" rel="next">
          Older
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * One page of audit events, newest first, for the filters given; the page position lives in the URL
 * (`cursor`, `before`) next to the filters, so that a link opens the same page.
 */
export function AuditPages({ fields, caption, emptyText }: { fields: AuditFilterFields; caption: string; emptyText: string }) {
  const trpc = useTRPC();
  const pathname = usePathname();
  const position = auditPagePositionOf(useSearchParams());
  const filter = auditFilterInputOf(fields);
  const page = useQuery({
    ...trpc.audit.list.queryOptions({ filter, limit: PAGE_SIZE, cursor: position.cursor }),
    placeholderData: keepPreviousData,
  });
  const href = (next: AuditPagePosition) => {
    const search = auditSearchOf(fields, next);
    return search ? `${pathname}?${search}` : pathname;
  };
  return (
    <section aria-label={caption}>
      <div className="toolbar">
        <a href={auditCsvHref(fields)} className="button" download>
          Download CSV
        </a>
      </div>
      {page.isPending ? <Loading label="Loading activity…" /> : null}
      {page.isError ? <QueryError error={page.error} what="the activity" onRetry={() => void page.refetch()} /> : null}
      {page.data ? (
        page.data.events.length === 0 ? (
          <div className="table-wrap empty">{position.cursor ? 'No older events.' : emptyText}</div>
        ) : (
          <>
            <p className="count" role="status" aria-live="polite">
              {page.data.events.length} {page.data.events.length === 1 ? 'event' : 'events'} on this page, newest first
            </p>
            <AuditTable events={page.data.events} caption={caption} />
          </>
        )
      ) : null}
      {page.data ? <Pager href={href} position={position} nextCursor={page.data.nextCursor} /> : null}
    </section>
  );
}
