import type { SourcePage } from './source.js';
import type { Freshness, ResourcePage } from './types.js';

/** The most customers a search returns (the store's own cap): more than that, narrow the search. */
export const CUSTOMER_SEARCH_CAP = 100;

/** The rows to skip and take for a 1-based page. */
export function windowOf(input: { page: number; pageSize: number }): { offset: number; limit: number } {
  return { offset: (input.page - 1) * input.pageSize, limit: input.pageSize };
}

/** A page of the answer: its rows, where it stands and the total, with its freshness. */
export function resourcePage<R, V>(
  stored: SourcePage<R>,
  input: { page: number; pageSize: number },
  view: (row: R) => V,
  freshness: Freshness,
): ResourcePage<V> {
  const { total } = stored;
  return {
    rows: stored.rows.map(view),
    page: input.page,
    pageSize: input.pageSize,
    total,
    pageCount: total === null ? null : Math.max(1, Math.ceil(total / input.pageSize)),
    freshness,
  };
}
