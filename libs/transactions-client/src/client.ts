import { parseInput, systemClock, type BackoffOptions, type Clock, type FetchLike, type InputSchema, type Logger } from '@washops/client-core';
import { APIError, ValidationError, formatIssues, registerSecret } from '@washops/shared-errors';
import { setMaxListeners } from 'node:events';
import { z } from 'zod';
import { linkSignals } from './internal/abort.js';
import { withInputClock } from './internal/input-clock.js';
import { JobDurationEstimator, runJob } from './internal/job-runner.js';
import { collect, paginate, PAGE_SIZE, rowsOf, type FetchedPage, type TransactionPage } from './internal/paginate.js';
import { REQUESTER, type PagedList, type Requester } from './internal/requester.js';
import { parseResponse } from './internal/response.js';
import { DEFAULT_RATE_LIMIT, RateLimiter, type RateLimitConfig, type RequestBudget } from './internal/rate-limiter.js';
import { DEFAULT_BACKOFF } from './internal/retry.js';
import { pathFor, Transport, type QueryValue, type RateLimitedEvent, type RequestSpec, type TransportStats } from './internal/transport.js';
import {
  listPageSchema,
  SiteListResponseSchema,
  TransactionListItemSchema,
  TransactionResponseSchema,
  TransactionV2ListItemSchema,
  type DataApiSite,
  type Transaction,
  type TransactionJobItem,
  type TransactionListItem,
  type TransactionV2ListItem,
} from './models.js';
import {
  LoadJobOptionsSchema,
  toListQuery,
  TransactionIdSchema,
  TransactionTypeSchema,
  type ListQuery,
  type LoadJobOptions,
  type RequestOptions,
  type TransactionListParams,
  type TransactionType,
} from './params.js';
import { toUnixSeconds } from './dates.js';
import type { DataApiPage } from './resources/types.js';

export const PRODUCTION_BASE_URL = 'https://trigonapi.sonnyscontrols.com/v1';
export const SANDBOX_BASE_URL = 'https://sandboxapi.sonnyscontrols.com/v1';

export const DEFAULT_MAX_RETRIES = 3;
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Job pages in flight: enough for a window to carry new submits while earlier jobs are polled (README, "Why 16"). */
export const DEFAULT_CONCURRENCY = 16;
export const DEFAULT_POLL_INTERVAL_MS = 2_000;
export const DEFAULT_JOB_TIMEOUT_MS = 300_000;

export interface TransactionsClientOptions {
  apiId: string;
  apiKey: string;
  /** Sent as `X-Sonnys-Site-Code`; without it, lists cover every site the API id may read. */
  siteCode?: string;
  environment?: 'production' | 'sandbox';
  /** Overrides `environment`, e.g. a simulator's `url`. */
  baseUrl?: string;
  /** Retries after the first attempt, for 429, 5xx, network errors and timeouts. Default 3. */
  maxRetries?: number;
  /** Per-attempt timeout. Default 30 000 ms. */
  timeoutMs?: number;
  /**
   * The request budget (default 20 per 15 000 ms, the server's), or a `RateLimiter` to share with
   * other clients of the same API id (see `RateLimiter.shared`), or any other `RequestBudget`, such
   * as one held in a database and shared by several processes.
   */
  rateLimit?: RateLimitConfig | RequestBudget;
  /** Job pages in flight in `loadJob`. Default 16. */
  concurrency?: number;
  /** Backoff for 5xx and network retries. Default 500 ms doubling to at most 8 000 ms, with jitter. */
  backoff?: Partial<Pick<BackoffOptions, 'initialMs' | 'maxMs'>>;
  fetch?: FetchLike;
  /** A pino-compatible logger; off by default. Entries are structured and the API key is masked. */
  logger?: Logger;
  /** Called on every 429 with how long requests now wait (also logged as a warning). */
  onRateLimited?: (event: RateLimitedEvent) => void;
  /**
   * Where the client reads time and waits: rate windows and pauses, 429 and 5xx backoff, job polls and their
   * deadline, and "today" for the date rules. Default `systemClock`. Tests pin "now" with `clockFrom(ms)` (the same
   * clock given to a simulator) or run virtual time with `VirtualClock`. The per-attempt `timeoutMs` stays on real
   * timers. A `RateLimiter` given as `rateLimit` keeps the clock it was made with.
   */
  clock?: Clock;
}

function isRequestBudget(value: unknown): value is RequestBudget {
  if (value instanceof RateLimiter) return true;
  const v = value as Partial<Record<keyof RequestBudget, unknown>> | null | undefined;
  return (
    typeof v === 'object' && v !== null && typeof v.acquire === 'function' && typeof v.pauseFor === 'function' &&
    typeof v.nextFreeInMs === 'function' && typeof v.windowMs === 'number' && v.windowMs > 0
  );
}

function isClock(value: unknown): value is Clock {
  const v = value as Partial<Record<keyof Clock, unknown>> | null | undefined;
  return typeof v === 'object' && v !== null && typeof v.now === 'function' && typeof v.sleep === 'function';
}

const functionSchema = (what: string) => z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function', `${what} must be a function`);
/** The longest delay `setTimeout` honours; past it the timer fires at once, so a huge timeout would time out every request. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const OptionsSchema = z.strictObject({
  apiId: z.string().trim().min(1, 'apiId is required'),
  apiKey: z.string().min(1, 'apiKey is required'),
  siteCode: z.string().trim().min(1).max(64).optional(),
  environment: z.enum(['production', 'sandbox']).optional(),
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  maxRetries: z.number().int().min(0).max(10).optional(),
  timeoutMs: z.number().int().min(1).max(MAX_TIMER_MS).optional(),
  rateLimit: z
    .union([
      z.custom<RequestBudget>(isRequestBudget, 'rateLimit must be a RateLimitConfig or a RequestBudget'),
      z.strictObject({
        requests: z.number().int().min(1),
        windowMs: z.number().positive().max(MAX_TIMER_MS),
        algorithm: z.enum(['fixed-window', 'sliding-log']).optional(),
      }),
    ])
    .optional(),
  concurrency: z.number().int().min(1).max(20).optional(),
  backoff: z
    .strictObject({ initialMs: z.number().min(0).max(MAX_TIMER_MS).optional(), maxMs: z.number().min(0).max(MAX_TIMER_MS).optional() })
    .optional(),
  fetch: functionSchema('fetch').optional(),
  onRateLimited: functionSchema('onRateLimited').optional(),
  clock: z.custom<Clock>(isClock, 'clock must be a Clock: { now(), sleep(ms, signal?) }').optional(),
  logger: z.object({
    debug: functionSchema('logger.debug'),
    info: functionSchema('logger.info'),
    warn: functionSchema('logger.warn'),
    error: functionSchema('logger.error'),
  }).optional(),
});

/**
 * The Sonny's Data API transaction client: five read operations plus the site list, paced by a
 * rate limiter shared by every call, with retries, streaming pagination and a concurrent job runner.
 */
export class TransactionsClient implements AsyncDisposable {
  readonly baseUrl: string;
  /** The budget every request of this client waits for. */
  readonly budget: RequestBudget;
  readonly #rateLimiter: RateLimiter | undefined;
  private readonly clock: Clock;
  private readonly transport: Transport;
  private readonly concurrency: number;
  private readonly logger: Logger | undefined;
  private readonly lifetime = new AbortController();
  private readonly jobDurations = new JobDurationEstimator();
  /** The request machinery the other resources of `DataApiClient` share (internal; see `internal/requester.ts`). */
  readonly [REQUESTER]: Requester = {
    parse: (schema, input, what) => this.parse(schema, input, what),
    call: (spec, schema, signal) => this.call(spec, schema, signal),
    pages: (list, options) => this.pages(list, options),
  };

  constructor(options: TransactionsClientOptions) {
    // Every call in flight listens on the client's lifetime signal; dozens at once are normal.
    setMaxListeners(0, this.lifetime.signal);
    registerSecret(options?.apiKey);
    const parsed = OptionsSchema.safeParse(options);
    if (!parsed.success) {
      throw new ValidationError(`Invalid TransactionsClient options: ${formatIssues(parsed.error.issues)}`);
    }
    const o = parsed.data;
    this.baseUrl = (o.baseUrl ?? (o.environment === 'sandbox' ? SANDBOX_BASE_URL : PRODUCTION_BASE_URL)).replace(/\/+$/, '');
    this.clock = options.clock ?? systemClock;
    const rateLimit = o.rateLimit as RateLimitConfig | RequestBudget | undefined;
    this.#rateLimiter =
      rateLimit instanceof RateLimiter
        ? rateLimit
        : isRequestBudget(rateLimit)
          ? undefined
          : new RateLimiter(rateLimit ?? DEFAULT_RATE_LIMIT, this.clock);
    this.budget = this.#rateLimiter ?? (rateLimit as RequestBudget);
    this.concurrency = o.concurrency ?? DEFAULT_CONCURRENCY;
    this.logger = options.logger;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Sonnys-API-ID': o.apiId,
      'X-Sonnys-API-Key': o.apiKey,
    };
    if (o.siteCode) headers['X-Sonnys-Site-Code'] = o.siteCode;
    this.transport = new Transport({
      baseUrl: this.baseUrl,
      headers,
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      limiter: this.budget,
      maxRetries: o.maxRetries ?? DEFAULT_MAX_RETRIES,
      timeoutMs: o.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      backoff: { ...DEFAULT_BACKOFF, ...o.backoff },
      clock: this.clock,
      logger: this.logger,
      onRateLimited: options.onRateLimited,
    });
  }

  /** The in-process limiter; a `TypeError` when the client was given another `RequestBudget` (read `budget`). */
  get rateLimiter(): RateLimiter {
    if (!this.#rateLimiter) throw new TypeError('This client waits for a shared RequestBudget, not a RateLimiter: read `budget`.');
    return this.#rateLimiter;
  }

  /** Requests sent, 429s received and retries made by this client so far. */
  get stats(): Readonly<TransportStats> {
    return { ...this.transport.stats };
  }

  get closed(): boolean {
    return this.lifetime.signal.aborted;
  }

  // ---- Lists -------------------------------------------------------------------------------------

  /** `GET /transaction`, every page. */
  async list(params: TransactionListParams = {}, options: RequestOptions = {}): Promise<TransactionListItem[]> {
    return collect(this.listStream(params, options));
  }

  /** `GET /transaction`, one item at a time, holding one page in memory. Params are checked now. */
  listStream(params: TransactionListParams = {}, options: RequestOptions = {}): AsyncIterable<TransactionListItem> {
    return rowsOf(this.listPages(params, options));
  }

  /** `GET /transaction`, one page of rows at a time, with its number and the total. Params are checked now. */
  listPages(params: TransactionListParams = {}, options: RequestOptions = {}): AsyncIterable<TransactionPage<TransactionListItem>> {
    return this.transactionPages('/transaction', this.listQuery(params), TransactionListItemSchema, options);
  }

  /** `GET /transaction/type/{type}`, every page. */
  async listByType(type: TransactionType, params: TransactionListParams = {}, options: RequestOptions = {}): Promise<TransactionListItem[]> {
    return collect(this.listByTypeStream(type, params, options));
  }

  /** `GET /transaction/type/{type}`, streamed. */
  listByTypeStream(type: TransactionType, params: TransactionListParams = {}, options: RequestOptions = {}): AsyncIterable<TransactionListItem> {
    return rowsOf(this.listByTypePages(type, params, options));
  }

  /** `GET /transaction/type/{type}`, page by page. */
  listByTypePages(
    type: TransactionType,
    params: TransactionListParams = {},
    options: RequestOptions = {},
  ): AsyncIterable<TransactionPage<TransactionListItem>> {
    const checked = parseInput(TransactionTypeSchema, type, 'transaction type');
    const query = this.listQuery(params);
    return this.transactionPages(pathFor('/transaction/type/{type}', { type: checked }), query, TransactionListItemSchema, options);
  }

  /** `GET /transaction/version-2`, every page. */
  async listV2(params: TransactionListParams = {}, options: RequestOptions = {}): Promise<TransactionV2ListItem[]> {
    return collect(this.listV2Stream(params, options));
  }

  /** `GET /transaction/version-2`, streamed. */
  listV2Stream(params: TransactionListParams = {}, options: RequestOptions = {}): AsyncIterable<TransactionV2ListItem> {
    return rowsOf(this.listV2Pages(params, options));
  }

  /** `GET /transaction/version-2`, page by page. */
  listV2Pages(params: TransactionListParams = {}, options: RequestOptions = {}): AsyncIterable<TransactionPage<TransactionV2ListItem>> {
    return this.transactionPages('/transaction/version-2', this.listQuery(params), TransactionV2ListItemSchema, options);
  }

  // ---- Single reads ------------------------------------------------------------------------------

  /** `GET /transaction/{transId}`; `NotFoundError` when there is no such transaction. */
  async get(transId: string, options: RequestOptions = {}): Promise<Transaction> {
    const id = parseInput(TransactionIdSchema, transId, 'transaction id');
    const response = await this.call({ method: 'GET', path: pathFor('/transaction/{id}', { id }) }, TransactionResponseSchema, options.signal);
    return response.data;
  }

  /** `GET /site/list` (not paginated). */
  async listSites(options: RequestOptions = {}): Promise<DataApiSite[]> {
    const response = await this.call({ method: 'GET', path: '/site/list' }, SiteListResponseSchema, options.signal);
    return response.data.sites;
  }

  // ---- Batch job ---------------------------------------------------------------------------------

  /**
   * Exports a day (at most 24 hours) of one site through batch jobs: one job per page of 100, the
   * first page's `total` deciding the rest, `concurrency` pages in flight under the shared limiter.
   * `fail` → `APIError('Batch job failed')`; a page not done within `timeoutMs` → `APITimeoutError`.
   */
  async loadJob(options: LoadJobOptions): Promise<TransactionJobItem[]> {
    const o = this.parse(LoadJobOptionsSchema, options, 'loadJob options');
    this.assertOpen();
    const criteria = { startDate: toUnixSeconds(o.startDate, 'startDate'), endDate: toUnixSeconds(o.endDate, 'endDate'), site: o.site };
    const link = linkSignals(o.signal, this.lifetime.signal);
    try {
      return await runJob(this.transport, criteria, {
        startPage: o.offset ?? 1,
        pollIntervalMs: o.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
        timeoutMs: o.timeoutMs ?? DEFAULT_JOB_TIMEOUT_MS,
        concurrency: o.concurrency ?? this.concurrency,
        signal: link.signal,
        onProgress: o.onProgress,
        logger: this.logger,
        estimator: this.jobDurations,
        clock: this.clock,
      });
    } finally {
      link.dispose();
    }
  }

  // ---- Lifetime ----------------------------------------------------------------------------------

  /** Aborts everything in flight (it rejects with an `APIError`) and refuses new calls. */
  async close(): Promise<void> {
    if (!this.closed) this.lifetime.abort(new APIError('The TransactionsClient was closed', { details: { closed: true } }));
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  // ---- Plumbing ----------------------------------------------------------------------------------

  private assertOpen(): void {
    if (this.closed) throw new APIError('The TransactionsClient is closed', { details: { closed: true } });
  }

  /** `parseInput` with the date rules reading this client's clock. */
  private parse<T>(schema: InputSchema<T>, input: unknown, what: string): T {
    return withInputClock(this.clock, () => parseInput(schema, input, what));
  }

  private listQuery(params: TransactionListParams): ListQuery {
    return withInputClock(this.clock, () => toListQuery(params));
  }

  private async call<S extends z.ZodType>(spec: RequestSpec, schema: S, signal: AbortSignal | undefined): Promise<z.output<S>> {
    this.assertOpen();
    const link = linkSignals(signal, this.lifetime.signal);
    try {
      const response = await this.transport.request({ ...spec, signal: link.signal });
      return parseResponse(schema, response.body, `${spec.method} ${spec.path}`);
    } finally {
      link.dispose();
    }
  }

  private transactionPages<T>(path: string, query: ListQuery, item: z.ZodType<T>, options: RequestOptions): AsyncIterable<TransactionPage<T>> {
    return this.pages({ path, query: { ...query }, itemsKey: 'transactions', item, pageSize: PAGE_SIZE }, options);
  }

  private pages<T>(list: PagedList<T>, options: RequestOptions): AsyncIterable<DataApiPage<T>> {
    this.assertOpen();
    const schema = listPageSchema(list.itemsKey, list.item);
    const fetchPage = async (page: number): Promise<FetchedPage<T>> => {
      const pageQuery: Record<string, QueryValue> = { ...list.query, limit: list.pageSize, offset: page };
      const body = await this.call({ method: 'GET', path: list.path, query: pageQuery }, schema, options.signal);
      const data = body.data as Record<string, unknown> & { total: number | null; limit: number | null };
      return { items: data[list.itemsKey] as T[], total: data.total, limit: data.limit };
    };
    return { [Symbol.asyncIterator]: () => paginate(fetchPage, list.pageSize) };
  }
}
