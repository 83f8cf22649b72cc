import { APIError } from '@washops/shared-errors';
import type { DataApiPage } from '../resources/types.js';

/** The Data API's largest page on the transaction lists; every transaction list is fetched with it. */
export const PAGE_SIZE = 100;

/** A runaway guard: 31 days of the busiest site fit in far fewer pages. */
const MAX_PAGES = 10_000;

export interface FetchedPage<T> {
  items: T[];
  total: number | null;
  /** The page size the server says it used (the envelope's `limit`), when it sends one. */
  limit?: number | null;
}

/** One page of a list as the Data API sent it. */
export interface TransactionPage<T> {
  /** The page number (the API's `offset`), from 1. */
  page: number;
  /** This page's rows: `PAGE_SIZE` except on the last page. */
  rows: T[];
  /** Rows the query matches, as the API reports it; `null` when it sends none. */
  total: number | null;
  /** Pages the query spans (from `total`); `null` when `total` is. */
  pageCount: number | null;
  /** No page follows this one. */
  last: boolean;
}

/**
 * Walks pages 1, 2, 3… (the API's `offset` is a page number) of `pageSize` rows and yields one page at a time. Stops
 * at a short page, at an empty page, or once `total` items are in (`total` may be null). A server that says it used a
 * smaller page than asked for (its `limit`) is taken at its word, so a silently capped page is not read as the last.
 */
export async function* paginate<T>(
  fetchPage: (page: number) => Promise<FetchedPage<T>>,
  pageSize: number = PAGE_SIZE,
): AsyncGenerator<DataApiPage<T>, void, undefined> {
  let collected = 0;
  for (let page = 1; ; page++) {
    if (page > MAX_PAGES) {
      throw new APIError(`The Data API kept sending full pages past page ${MAX_PAGES}; stopping`, { details: { page } });
    }
    const { items, total, limit } = await fetchPage(page);
    collected += items.length;
    const served = limit != null && limit > 0 && limit < pageSize ? limit : pageSize;
    const last = items.length < served || (total !== null && collected >= total);
    const pageCount = total === null ? null : Math.ceil(total / served);
    if (items.length > 0) yield { page, rows: items, total, pageCount, pageSize, last };
    if (last) return;
  }
}

/** The rows of each page in turn, fetching the next page only when these are consumed. */
export function rowsOf<T>(pages: AsyncIterable<TransactionPage<T>>): AsyncIterable<T> {
  return {
    async *[Symbol.asyncIterator]() {
      for await (const page of pages) yield* page.rows;
    },
  };
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}
