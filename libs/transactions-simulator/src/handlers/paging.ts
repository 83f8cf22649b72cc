/** What every list shares: one page of rows, the `total: null` quirk, and the vendor's response caches. */
import { hashString } from '@washops/sim-kit';
import { json, type Reply } from '../http.js';
import type { Ctx, SimState } from './context.js';

/**
 * Whether a list answers `total: null` (realism.nullTotals): the same answer for every page of the same criteria, for
 * a share `nullTotalsShare` of criteria. `criteria` must leave out the page (`offset`) and its size.
 */
export function nullTotal(state: SimState, endpoint: string, criteria: string): boolean {
  if (!state.settings.realism.nullTotals) return false;
  return (hashString(`${state.seed}|${endpoint}|${criteria}`) % 1000) / 1000 < state.nullTotalsShare;
}

/** The query without paging and in a fixed order, plus the sites the request sees: one list's criteria. */
export function criteriaKey(ctx: Ctx, sites: ReadonlyArray<{ code: string }>): string {
  const rest = Object.keys(ctx.query)
    .filter((k) => k !== 'offset' && k !== 'limit')
    .sort()
    .map((k) => `${k}=${ctx.query[k]}`)
    .join('&');
  return `${rest}|${sites.map((s) => s.code).join(',')}`;
}

const DAY_MS = 86_400_000;

/**
 * The moment a list's rows are selected as of. A range that ends before today is selected as of its end; one that
 * ends today (up to now, usually) is selected as of the end of today and cut to its end on each request (every fact
 * the rows hold is dated, so the cut is exact), so the pages of one criteria share one selection while the clock runs.
 */
export function selectionMoment(state: SimState, endMs: number): number {
  const today = Math.floor(state.clock.now() / DAY_MS) * DAY_MS;
  return endMs < today ? endMs : today + DAY_MS - 1;
}

/** The leading rows, in time order, at or before `atMs`. */
export function upTo<T>(rows: readonly T[], atMs: number, time: (row: T) => number): readonly T[] {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (time(rows[mid] as T) <= atMs) lo = mid + 1;
    else hi = mid;
  }
  return lo === rows.length ? rows : rows.slice(0, lo);
}

/**
 * The rows of one list's criteria, built once and reused by its other pages. `key` must hold every input the rows
 * depend on (endpoint, criteria, the moments the world was asked about), so a reuse answers exactly what a rebuild
 * would: this is speed only, never a cache a client could see.
 */
export function rowsOf<T>(state: SimState, key: string, build: () => T[]): readonly T[] {
  const cached = state.rowsMemo.get(key) as readonly T[] | undefined;
  if (cached) return cached;
  const rows = build();
  state.rowsMemo.set(key, rows);
  return rows;
}

/** `{data:{<key>: rows of the page, offset, limit, total}}`; a page past the end is empty with the real total. */
export function pageReply<T>(
  state: SimState,
  ctx: Ctx,
  key: string,
  rows: readonly T[],
  page: { offset: number; limit: number },
  criteria: string,
  render: (row: T) => unknown,
): Reply {
  const from = (page.offset - 1) * page.limit;
  return json(200, {
    data: {
      [key]: rows.slice(from, from + page.limit).map(render),
      offset: page.offset,
      limit: page.limit,
      total: nullTotal(state, ctx.endpoint, criteria) ? null : rows.length,
    },
  });
}

/**
 * The vendor's server-side cache: the same request (API id, site-code header, query) within `ttlMs` (scaled by
 * `timeScale`) gets the body first sent, whatever changed since.
 */
export function cachedReply(state: SimState, ctx: Ctx, ttlMs: number, produce: () => Reply): Reply {
  const query = Object.keys(ctx.query)
    .sort()
    .map((k) => `${k}=${ctx.query[k]}`)
    .join('&');
  const key = `${ctx.endpoint}|${ctx.caller.credential.apiId}|${ctx.caller.headerSite?.code ?? ''}|${query}`;
  const cached = state.responseCache.get(key);
  if (cached && state.clock.now() < cached.expiresAt) return { status: 200, body: cached.body };
  const reply = produce();
  if (reply.status === 200) state.responseCache.set(key, { body: reply.body, expiresAt: state.clock.now() + ttlMs * state.settings.timeScale });
  return reply;
}
