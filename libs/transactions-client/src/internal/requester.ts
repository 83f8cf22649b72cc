import type { InputSchema } from '@washops/client-core';
import type { z } from 'zod';
import type { RequestOptions } from '../params.js';
import type { DataApiPage } from '../resources/types.js';
import type { QueryValue, RequestSpec } from './transport.js';

/**
 * The key under which a `TransactionsClient` hands its request machinery (transport, limiter, retries, error mapping,
 * lifetime) to the other Data API resources. Not exported from the package: the resources are its only users.
 */
export const REQUESTER: unique symbol = Symbol('washops.transactions-client.requester');

export interface Requester {
  /** Checks an input as `parseInput` does, its date rules reading the client's clock for "today". */
  parse<T>(schema: InputSchema<T>, input: unknown, what: string): T;
  /** One request, its body read with `schema`; refused once the client is closed. */
  call<S extends z.ZodType>(spec: RequestSpec, schema: S, signal: AbortSignal | undefined): Promise<z.output<S>>;
  /**
   * A paginated list: `query` plus `limit`/`offset` per page, rows under `itemsKey`. Refused at once (not on the first
   * page) once the client is closed.
   */
  pages<T>(list: PagedList<T>, options: RequestOptions): AsyncIterable<DataApiPage<T>>;
}

export interface PagedList<T> {
  path: string;
  query: Record<string, QueryValue>;
  itemsKey: string;
  item: z.ZodType<T>;
  pageSize: number;
}
