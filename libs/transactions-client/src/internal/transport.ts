import { APIError, APITimeoutError, type RateLimitError, type WashOpsError } from '@washops/shared-errors';
import { backoffDelay, describeError, safeLog, throwIfAborted, type BackoffOptions, type Clock, type FetchLike, type Logger } from '@washops/client-core';
import { linkSignals } from './abort.js';
import { isRetryableStatus, makeStatusError } from './errors.js';
import { callHook } from './logger.js';
import type { RequestBudget } from './rate-limiter.js';
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from './retry.js';

export type QueryValue = string | number | undefined;

export interface TransportOptions {
  baseUrl: string;
  /** Sent with every request; may hold the API key (never logged). */
  headers: Record<string, string>;
  fetch: FetchLike;
  limiter: RequestBudget;
  maxRetries: number;
  timeoutMs: number;
  backoff: BackoffOptions;
  /** Backoff sleeps, `sentAt` and `Retry-After` dates are read on it; the per-attempt timeout is not (see `attempt`). */
  clock: Clock;
  logger: Logger | undefined;
  onRateLimited: ((event: RateLimitedEvent) => void) | undefined;
}

/** A 429 as the caller's `onRateLimited` hook sees it. */
export interface RateLimitedEvent {
  /** How long every request of this client's limiter now waits before the next one may go. */
  waitMs: number;
  /** The attempt of this request that was refused (1-based). */
  attempt: number;
  /** The server's `Retry-After`, when it sent one; may exceed `waitMs` (the client's cap). */
  retryAfterMs?: number;
  path: string;
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  /** Path below the base URL, each parameter already percent-encoded (see `pathFor`). */
  path: string;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

export interface TransportResponse {
  body: unknown;
  /** When the successful attempt was sent (the client's clock). */
  sentAt: number;
  status: number;
  requestId: string | undefined;
}

/** What the transport has done so far; the benchmark and the tests read it. */
export interface TransportStats {
  requests: number;
  rateLimited: number;
  retries: number;
}

const TIMEOUT = Symbol('attempt timeout');

/** Builds a path from a template and percent-encodes each parameter; `..` and empty values are refused. */
export function pathFor(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === '' || value === '.' || value === '..') {
      throw new TypeError(`Invalid path parameter ${name}`);
    }
    return encodeURIComponent(value);
  });
}

/**
 * Sends one logical request: waits for the rate limiter, sends with a per-attempt timeout linked to
 * the caller's signal, and retries 429s (after the window or `Retry-After`), 5xx answers, network
 * failures, timeouts and malformed JSON (every operation is a read, so retrying is safe).
 */
export class Transport {
  readonly stats: TransportStats = { requests: 0, rateLimited: 0, retries: 0 };
  // An ES private field, not `private`: it holds the API key, and must not show in JSON.stringify or util.inspect.
  readonly #options: TransportOptions;

  constructor(options: TransportOptions) {
    this.#options = options;
  }

  async request(spec: RequestSpec): Promise<TransportResponse> {
    const { maxRetries, limiter } = this.#options;
    const url = this.url(spec);
    let lastError: WashOpsError | undefined;
    for (let attempt = 1; ; attempt++) {
      throwIfAborted(spec.signal);
      const outcome = await this.attempt(spec, url, attempt);
      if (outcome.kind === 'ok') return outcome.response;
      lastError = outcome.error;
      if (!outcome.retryable || attempt > maxRetries) throw lastError;
      // A 429 already paused the shared limiter, so every request of this API id waits; no extra sleep.
      const delayMs = outcome.kind === 'rateLimited' ? 0 : outcome.delayMs;
      this.stats.retries++;
      safeLog(this.#options.logger, 'warn', {
        method: spec.method,
        path: spec.path,
        attempt,
        status: lastError.status,
        error: lastError.code,
        retryInMs: outcome.kind === 'rateLimited' ? limiter.nextFreeInMs() : delayMs,
      }, 'Data API request failed; retrying');
      await this.#options.clock.sleep(delayMs, spec.signal);
    }
  }

  /** A 429 pauses every request of the limiter, so the wait is said out loud rather than spent in silence. */
  private announceRateLimit(spec: RequestSpec, attempt: number, retryAfterMs: number | undefined): void {
    const { limiter, logger, onRateLimited } = this.#options;
    const waitMs = Math.ceil(limiter.nextFreeInMs());
    const event: RateLimitedEvent = { waitMs, attempt, path: spec.path, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
    safeLog(logger, 'warn', { method: spec.method, ...event }, `Data API rate limit reached; requests wait ${waitMs} ms`);
    callHook(logger, 'onRateLimited', onRateLimited, event);
  }

  private url(spec: RequestSpec): string {
    const url = new URL(this.#options.baseUrl.replace(/\/+$/, '') + spec.path);
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  private async attempt(spec: RequestSpec, url: string, attempt: number): Promise<AttemptOutcome> {
    const { limiter, logger, timeoutMs, clock } = this.#options;
    const permit = await limiter.acquire(spec.signal);
    const sentAt = clock.now();
    const started = performance.now();
    const link = linkSignals(spec.signal);
    // A real timer, whatever the clock: it bounds how long a socket may stay silent.
    const timer = setTimeout(() => link.abort(TIMEOUT), timeoutMs);
    const base = { method: spec.method, path: spec.path, query: spec.query, attempt };
    // The key header is masked by `redact()` in `safeLog` (its name ends in "api-key").
    safeLog(logger, 'debug', { ...base, headers: this.#options.headers }, 'Data API request');
    let status: number | undefined;
    try {
      this.stats.requests++;
      const response = await this.#options.fetch(url, {
        method: spec.method,
        headers: this.#options.headers,
        signal: link.signal,
      });
      permit.settle();
      status = response.status;
      const text = await response.text();
      const requestId = response.headers.get('x-request-id') ?? response.headers.get('request-id') ?? undefined;
      safeLog(logger, 'debug', { ...base, status, durationMs: elapsed(started) }, 'Data API response');
      if (response.ok) {
        try {
          return { kind: 'ok', response: { body: JSON.parse(text), status, requestId, sentAt } };
        } catch (cause) {
          const error = new APIError(`The Data API sent malformed JSON (${spec.method} ${spec.path} → ${status})`, {
            status,
            requestId,
            cause,
            details: { method: spec.method, path: spec.path, status },
          });
          return { kind: 'failed', error, retryable: true, delayMs: backoffDelay(attempt, this.#options.backoff) };
        }
      }
      const retryAfterMs = parseRetryAfter(response.headers, clock.now());
      if (status === 429) {
        this.stats.rateLimited++;
        const waitMs = retryAfterMs ?? limiter.windowMs;
        limiter.pauseFor(Math.min(waitMs, MAX_RETRY_AFTER_MS));
        this.announceRateLimit(spec, attempt, retryAfterMs);
        const error = makeStatusError({ status, bodyText: text, method: spec.method, path: spec.path, requestId, retryAfterMs: waitMs });
        return { kind: 'rateLimited', error: error as RateLimitError, retryable: waitMs <= MAX_RETRY_AFTER_MS };
      }
      const error = makeStatusError({ status, bodyText: text, method: spec.method, path: spec.path, requestId });
      const delayMs = Math.min(retryAfterMs ?? backoffDelay(attempt, this.#options.backoff), MAX_RETRY_AFTER_MS);
      return { kind: 'failed', error, retryable: isRetryableStatus(status), delayMs };
    } catch (cause) {
      // Not answered (or answered too late): the server may count it after this moment.
      if (status === undefined) permit.settle({ answered: false });
      throwIfAborted(spec.signal);
      const timedOut = link.signal.aborted && link.signal.reason === TIMEOUT;
      safeLog(logger, 'debug', { ...base, status, durationMs: elapsed(started), error: timedOut ? 'timeout' : 'network' }, 'Data API request failed');
      const details = { method: spec.method, path: spec.path, ...(status === undefined ? {} : { status }) };
      const error = timedOut
        ? new APITimeoutError(`The Data API did not answer within ${timeoutMs} ms (${spec.method} ${spec.path})`, { details, status })
        : new APIError(`Could not reach the Data API (${spec.method} ${spec.path}): ${describeError(cause)}`, { details, cause, status });
      return { kind: 'failed', error, retryable: true, delayMs: backoffDelay(attempt, this.#options.backoff) };
    } finally {
      clearTimeout(timer);
      link.dispose();
      permit.settle();
    }
  }
}

type AttemptOutcome =
  | { kind: 'ok'; response: TransportResponse }
  | { kind: 'failed'; error: WashOpsError; retryable: boolean; delayMs: number }
  | { kind: 'rateLimited'; error: RateLimitError; retryable: boolean };

/** A response's real latency, for the logs (like the timeout, it is about the socket, not the clock). */
function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
