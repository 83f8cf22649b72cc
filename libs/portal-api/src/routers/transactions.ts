import {
  toUnixSeconds,
  TransactionIdSchema,
  type TransactionListItem,
  type TransactionPage,
  type TransactionV2ListItem,
} from '@washops/transactions-client';
import type { Store } from '@washops/store';
import { z } from 'zod';
import type { PortalDeps } from '../context.js';
import { toTrpcError } from '../errors.js';
import { exportIdInput, exportStartInput, transactionListInput } from '../schemas.js';
import { protectedProcedure, router } from '../trpc.js';
import { planWarehouseList, type ListQuery, type ListSource, type WarehousePlan } from '../warehouse/list-source.js';
import { detailOfWarehouse, listItemOfWarehouse } from '../warehouse/records.js';

/** Rows one list may stream before it stops and asks for a narrower query (200 pages of 100). */
export const MAX_LIST_ROWS = 20_000;

export type TransactionRow = TransactionListItem | TransactionV2ListItem;

/** One message of the list stream: the rows of one API page, as the client yields it; the last message has `done: true`. */
export interface TransactionListChunk {
  rows: TransactionRow[];
  done: boolean;
  /** Set on the last message when the list stopped at `MAX_LIST_ROWS`. */
  truncated: boolean;
  /** The warehouse (with when it was synced) or the Data API (with why). */
  source: ListSource;
}

/** Rows per warehouse page of a list: the database answers a thousand at once in milliseconds. */
const WAREHOUSE_PAGE_ROWS = 1000;

/** The warehouse's plan for a list; a warehouse that cannot be read sends the list live, saying so. */
async function planOf(deps: PortalDeps, query: ListQuery): Promise<WarehousePlan> {
  try {
    return await planWarehouseList(deps.store.warehouse, query);
  } catch {
    return { source: { kind: 'live', reason: 'the warehouse could not be read' } };
  }
}

/** A list from the warehouse, a page of rows per message, in the same shape as the live one. */
async function* warehouseList(store: Store, plan: Extract<WarehousePlan, { from: Date }>): AsyncGenerator<TransactionListChunk> {
  const { source, from, to, siteCodes } = plan;
  let cursor: string | null = null;
  let count = 0;
  do {
    const page = await store.warehouse.listTransactions({ from, to, ...(siteCodes ? { siteCodes } : {}), cursor, limit: WAREHOUSE_PAGE_ROWS });
    const rows = page.rows.map(listItemOfWarehouse);
    count += rows.length;
    cursor = page.nextCursor;
    if (count >= MAX_LIST_ROWS && cursor !== null) {
      yield { rows, done: true, truncated: true, source };
      return;
    }
    yield { rows, done: cursor === null, truncated: false, source };
  } while (cursor !== null);
}

/** Either kind of source, typed as the union (a detail from either source has one type). */
const sourceOf = (source: ListSource): ListSource => source;

/** The unit's `syncedAt` of a stored transaction, for "Synced at …" on its page. */
async function syncedAtOf(store: Store, siteCode: string, day: string): Promise<string | null> {
  const [unit] = await store.warehouse.units({ from: day, to: day, siteCodes: [siteCode] });
  return unit?.syncedAt?.toISOString() ?? null;
}

/**
 * Transactions from the Data API. `list` streams the client's pages as they arrive and stops when the request's signal
 * aborts; why a stream and not a cursor is in the README.
 */
export const transactionsRouter = router({
  /** `GET /site/list`: codes, names, time zones. */
  sites: protectedProcedure.query(({ ctx, signal }) => ctx.deps.transactions.listSites({ signal })),

  list: protectedProcedure.input(transactionListInput).query(async function* ({ ctx, input, signal }): AsyncGenerator<TransactionListChunk> {
    const plan = await planOf(ctx.deps, input);
    if (plan.source.kind === 'warehouse' && 'from' in plan) {
      try {
        yield* warehouseList(ctx.deps.store, plan);
        return;
      } catch (error) {
        throw toTrpcError(error);
      }
    }
    const source = plan.source;
    const { version, type, ...params } = input;
    const client = ctx.deps.transactions;
    const options = { signal };
    const pages: AsyncIterable<TransactionPage<TransactionRow>> =
      version === 'v2'
        ? client.listV2Pages(params, options)
        : type
          ? client.listByTypePages(type, params, options)
          : client.listPages(params, options);
    let count = 0;
    try {
      for await (const { rows, last } of pages) {
        count += rows.length;
        if (last) {
          yield { rows, done: true, truncated: false, source };
          return;
        }
        if (count >= MAX_LIST_ROWS) {
          yield { rows, done: true, truncated: true, source };
          return;
        }
        yield { rows, done: false, truncated: false, source };
      }
    } catch (error) {
      // Middleware sees only the stream's start: errors thrown mid-stream are mapped here.
      throw toTrpcError(error);
    }
    yield { rows: [], done: true, truncated: false, source };
  }),

  /** Header, tenders, items and discounts: from the warehouse when it holds the transaction, else `GET /transaction/{id}`. */
  get: protectedProcedure.input(z.object({ transId: TransactionIdSchema })).query(async ({ ctx, input, signal }) => {
    // A warehouse that cannot be read sends the detail live, as for a list.
    const stored = await ctx.deps.store.warehouse.getTransaction(input.transId).catch(() => null);
    const syncedAt = stored ? await syncedAtOf(ctx.deps.store, stored.siteCode, stored.day).catch(() => null) : null;
    if (stored && syncedAt) return { ...detailOfWarehouse(stored), source: sourceOf({ kind: 'warehouse', syncedAt }) };
    const transaction = await ctx.deps.transactions.get(input.transId, { signal });
    return { ...transaction, source: sourceOf({ kind: 'live', reason: 'this transaction is not in the warehouse' }) };
  }),

  /**
   * Bulk exports, owned by the signed-in portal user. `start`, `cancel` and `rerun` are mutations
   * (they act, and are CSRF-checked) but change nothing at the tenant, so a viewer may export too.
   */
  exports: router({
    start: protectedProcedure.input(exportStartInput).mutation(({ ctx, input }) =>
      ctx.deps.exports.start(ctx.session.userId, {
        site: input.site.trim(),
        startDate: toUnixSeconds(input.startDate, 'startDate'),
        endDate: toUnixSeconds(input.endDate, 'endDate'),
      }),
    ),
    status: protectedProcedure.input(exportIdInput).query(({ ctx, input }) => ctx.deps.exports.status(ctx.session.userId, input.id)),
    list: protectedProcedure.query(({ ctx }) => ctx.deps.exports.list(ctx.session.userId)),
    cancel: protectedProcedure.input(exportIdInput).mutation(({ ctx, input }) => ctx.deps.exports.cancel(ctx.session.userId, input.id)),
    /** A new export with the parameters of an interrupted, failed or cancelled one. */
    rerun: protectedProcedure.input(exportIdInput).mutation(({ ctx, input }) => ctx.deps.exports.rerun(ctx.session.userId, input.id)),
  }),
});
