import type { PGlite } from '@electric-sql/pglite';

/**
 * Frontend messages of the extended query protocol that come before its `Sync`: Parse, Bind,
 * Describe, Execute, Close, Flush. A client that sent one of them is in the middle of a query.
 */
const MID_BATCH = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((letter) => letter.charCodeAt(0)));

/**
 * PGlite as the socket server should see it. The server's queue runs one protocol MESSAGE at a time
 * and keeps a client's turn only while a transaction is open, so outside a transaction another
 * client's Parse could land between this client's Parse and Bind: the unnamed statement is then the
 * other's, and a query runs with the wrong parameters or fails ("bind message supplies 4
 * parameters, but prepared statement requires 5"). This view also reports "in a transaction" while
 * the last client to run is between its first extended-protocol message and its `Sync`, so the
 * server keeps that client's turn until its query is whole. Everything else passes through.
 */
export function wholeBatchesOf(db: PGlite): PGlite {
  let midBatch = false;
  return new Proxy(db, {
    get(target, property) {
      if (property === 'isInTransaction') return () => midBatch || target.isInTransaction();
      if (property === 'execProtocolRawStream') {
        return (message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) => {
          midBatch = message.length > 0 && MID_BATCH.has(message[0] as number);
          return target.execProtocolRawStream(message, options);
        };
      }
      if (property === 'exec') {
        // The server rolls back the transaction of a client that left; one that left mid-query has none.
        return (query: string, ...rest: unknown[]) => {
          if (query === 'ROLLBACK' && midBatch && !target.isInTransaction()) {
            midBatch = false;
            return Promise.resolve([]);
          }
          return (target.exec as (q: string, ...r: unknown[]) => unknown)(query, ...rest);
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
