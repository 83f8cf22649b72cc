import { collect, rowsOf } from '../internal/paginate.js';
import type { PagedList, Requester } from '../internal/requester.js';
import type { QueryValue } from '../internal/transport.js';
import type { RequestOptions } from '../params.js';
import { toUnixSeconds, type DateInput } from '../dates.js';
import type { ListResource } from './resource-objects.js';

/**
 * A `ListResource` over the shared requester: `describe` checks the params and names the path, query, rows key, model
 * and page size. `listPages` checks at once (a bad input throws before any request); `list` rejects instead.
 */
export function listResource<P, T>(requester: Requester, describe: (params: P | undefined) => PagedList<T>): ListResource<P, T> {
  const listPages = (params?: P, options: RequestOptions = {}) => requester.pages(describe(params), options);
  return {
    listPages,
    list: async (params, options) => collect(rowsOf(listPages(params, options))),
  };
}

/** Unix seconds of a checked optional date, as the Unix-seconds endpoints take it. */
export function unixOrUndefined(value: DateInput | undefined, field: 'startDate' | 'endDate'): number | undefined {
  return value === undefined ? undefined : toUnixSeconds(value, field);
}

/** The Unix-seconds `startDate` and `endDate` of checked params, spread into a query. */
export function unixRange(p: { startDate?: DateInput | undefined; endDate?: DateInput | undefined }): { startDate: number | undefined; endDate: number | undefined } {
  return { startDate: unixOrUndefined(p.startDate, 'startDate'), endDate: unixOrUndefined(p.endDate, 'endDate') };
}

/** A query without its unset entries (the transport drops `undefined` values too; this keeps tests' expectations plain). */
export function query(entries: Record<string, QueryValue>): Record<string, QueryValue> {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));
}
