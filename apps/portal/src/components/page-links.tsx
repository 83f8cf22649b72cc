'use client';

import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';

/** The page a URL names (`?page=`), 1 when it names none or nonsense. */
export function pageOf(search: { get(name: string): string | null }): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * Previous and Next links of a numbered list (the resource reads' pages): the page lives in the URL
 * next to the filters, so a link opens the same page. `pageCount` null: unknown, Next while a page is full.
 */
export function PageLinks({ page, pageCount, full }: { page: number; pageCount: number | null; full: boolean }) {
  const pathname = usePathname();
  const search = useSearchParams();
  const hrefOf = (target: number) => {
    const next = new URLSearchParams(search.toString());
    if (target === 1) next.delete('page');
    else next.set('page', String(target));
    const query = next.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const hasNext = pageCount === null ? full : page < pageCount;
  if (page === 1 && !hasNext) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {page > 1 ? (
        <Link href={hrefOf(page - 1)} className="button" rel="prev">
          Previous
        </Link>
      ) : null}
      <span className="muted">{pageCount === null ? `Page ${page}` : `Page ${page} of ${pageCount}`}</span>
      {hasNext ? (
        <Link href={hrefOf(page + 1)} className="button" rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
