import {
  toUnixSeconds,
  TransactionIdSchema,
  type TransactionListItem,
  type TransactionPage,
  type TransactionV2ListItem,
} from '@washops/transactions-client';
import { z } from 'zod';
import { toTrpcError } from '../errors.js';
import { exportIdInput, exportStartInput, transactionListInput } from '../schemas.js';
import { protectedProcedure, router } from '../trpc.js';

/** Rows one list may stream before it stops and asks for a narrower query (200 pages of 100). */
export const MAX_LIST_ROWS = 20_000;

export type TransactionRow = TransactionListItem | TransactionV2ListItem;

/** One message of the list stream: the rows of one API page, as the client yields it; the last message has `done: true`. */
export interface TransactionListChunk {
  rows: TransactionRow[];
  done: boolean;
  /** Set on the last message when the list stopped at `MAX_LIST_ROWS`. */
  truncated: boolean;
}

/**
 * Transactions from the Data API. `list` streams the client's pages as they arrive and stops when the request's signal
 * aborts; why a stream and not a cursor is in the README.
 */
export const transactionsRouter = router({
  /** `GET /site/list`: codes, names, time zones. */
  sites: protectedProcedure.query(({ ctx, signal }) => ctx.deps.transactions.listSites({ signal })),

  list: protectedProcedure.input(transactionListInput).query(async function* ({ ctx, input, signal }): AsyncGenerator<TransactionListChunk> {
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
          yield { rows, done: true, truncated: false };
          return;
        }
        if (count >= MAX_LIST_ROWS) {
          yield { rows, done: true, truncated: true };
          return;
        }
        yield { rows, done: false, truncated: false };
      }
    } catch (error) {
      // Middleware sees only the stream's start: errors thrown mid-stream are mapped here.
      throw toTrpcError(error);
    }
    yield { rows: [], done: true, truncated: false };
  }),

  /** `GET /transaction/{id}`: header, tenders, items and discounts. */
  get: protectedProcedure
    .input(z.object({ transId: TransactionIdSchema }))
    .query(({ ctx, input, signal }) => ctx.deps.transactions.get(input.transId, { signal })),

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
