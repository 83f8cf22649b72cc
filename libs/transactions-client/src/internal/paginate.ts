import { APIError } from '@washops/shared-errors';

/** The Data API's largest page; every list is fetched with it. */
export const PAGE_SIZE = 100;

/** A runaway guard: 31 days of the busiest site fit in far fewer pages. */
export const MAX_PAGES = 10_000;

export interface FetchedPage<T> {
  items: T[];
  total: number | null;
}

/**
 * Walks pages 1, 2, 3… (the API's `offset` is a page number) and yields one page at a time. Stops
 * at a short page, at an empty page, or once `total` items are in (`total` may be null).
 */
export async function* paginate<T>(fetchPage: (page: number) => Promise<FetchedPage<T>>): AsyncGenerator<T[], void, undefined> {
  let collected = 0;
  for (let page = 1; ; page++) {
    if (page > MAX_PAGES) {
      throw new APIError(`The Data API kept sending full pages past page ${MAX_PAGES}; stopping`, { details: { page } });
    }
    const { items, total } = await fetchPage(page);
    collected += items.length;
    if (items.length > 0) yield items;
    if (items.length < PAGE_SIZE) return;
    if (total !== null && collected >= total) return;
  }
}
