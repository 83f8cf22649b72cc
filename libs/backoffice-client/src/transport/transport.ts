import { backoffDelay, describeError, safeLog, systemClock, throwIfAborted, type BackoffOptions, type Clock, type FetchLike, type Logger } from '@washops/client-core';
import { BackofficeServerError } from '@washops/shared-errors';
import { SecretCookieJar } from './cookie-jar.js';

export interface TransportOptions {
  baseUrl: string;
  timeoutMs: number;
  userAgent?: string | undefined;
  fetch: FetchLike;
  logger?: Logger | undefined;
  /** Extra attempts for a GET that met a network error or a 5xx (a GET changes nothing). */
  getRetries: number;
  /** Whose time the backoff before a retry waits (default `systemClock`). */
  clock?: Clock | undefined;
}

export type FormPairs = ReadonlyArray<readonly [string, string]>;

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  form?: FormPairs | undefined;
  /** Follow 3xx answers (GETs only; a POST's Location is read by the caller). */
  follow?: boolean | undefined;
  /** Never log anything about the body (login posts). */
  sensitive?: boolean | undefined;
  /** Stop following redirects at a Location this accepts (the login page: the session is gone). */
  stopAt?: ((path: string) => boolean) | undefined;
  /** The caller's: an abort stops the request and any wait before a retry, rejecting with its reason. */
  signal?: AbortSignal | undefined;
}

export interface HttpResult {
  status: number;
  /** The Location of a 3xx answer that was not followed, as a path and query. */
  location: string | undefined;
  body: string;
}

const MAX_REDIRECTS = 10;
/** 25–75 ms before the first retry of a GET, doubling after that. */
const GET_RETRY_BACKOFF: BackoffOptions = { initialMs: 75, maxMs: 2_000, jitter: 2 / 3 };

/**
 * fetch with one cookie jar. Redirects are followed by hand (`redirect: 'manual'`) so every
 * Set-Cookie on the way is stored and a form POST's Location can be read.
 */
export class Transport {
  readonly #jar = new SecretCookieJar();
  readonly #base: URL;
  readonly #options: TransportOptions;
  readonly #clock: Clock;

  constructor(options: TransportOptions) {
    this.#options = options;
    this.#base = new URL(options.baseUrl);
    this.#clock = options.clock ?? systemClock;
  }

  async send(spec: RequestSpec): Promise<HttpResult> {
    const attempts = spec.method === 'GET' ? 1 + this.#options.getRetries : 1;
    for (let attempt = 1; ; attempt++) {
      throwIfAborted(spec.signal);
      try {
        const result = await this.sendOnce(spec, attempt);
        if (spec.method === 'GET' && result.status >= 500 && attempt < attempts) {
          await this.#clock.sleep(backoffDelay(attempt, GET_RETRY_BACKOFF), spec.signal);
          continue;
        }
        return result;
      } catch (error) {
        const retryable = spec.method === 'GET' && attempt < attempts && isNetworkError(error);
        if (!retryable) throw error;
        await this.#clock.sleep(backoffDelay(attempt, GET_RETRY_BACKOFF), spec.signal);
      }
    }
  }

  private async sendOnce(spec: RequestSpec, attempt: number): Promise<HttpResult> {
    let url = this.resolve(spec.path);
    let method = spec.method;
    let body: string | undefined = spec.form ? new URLSearchParams(spec.form as [string, string][]).toString() : undefined;
    for (let hop = 0; ; hop++) {
      const response = await this.fetchOnce(url, method, body, spec, attempt);
      const status = response.status;
      const locationHeader = response.headers.get('location');
      if (status >= 300 && status < 400 && locationHeader) {
        const next = new URL(locationHeader, url);
        const location = pathOf(next);
        // The body of a redirect is a fixed shell; read it to free the socket.
        await response.text().catch(() => '');
        if (!spec.follow || method === 'POST' || spec.stopAt?.(location)) {
          return { status, location, body: '' };
        }
        if (hop >= MAX_REDIRECTS) {
          throw new BackofficeServerError(`Too many redirects from ${spec.method} ${spec.path}`, { status });
        }
        if (next.origin !== this.#base.origin) {
          throw new BackofficeServerError(`Refusing to follow a redirect off the BackOffice to ${next.origin}`, { status });
        }
        url = next;
        method = 'GET';
        body = undefined;
        continue;
      }
      const text = await this.readBody(response, spec);
      return { status, location: undefined, body: text };
    }
  }

  private async fetchOnce(url: URL, method: string, body: string | undefined, spec: RequestSpec, attempt: number): Promise<Response> {
    const headers: Record<string, string> = { accept: 'text/html,application/xhtml+xml' };
    const cookie = await this.#jar.header(url.href);
    if (cookie) headers['cookie'] = cookie;
    if (this.#options.userAgent) headers['user-agent'] = this.#options.userAgent;
    if (body !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['origin'] = this.#base.origin;
    }
    // Real time, not the clock: both measure this request on the wire (a log figure, and its timeout).
    const started = Date.now();
    const timeout = AbortSignal.timeout(this.#options.timeoutMs);
    let response: Response;
    try {
      response = await this.#options.fetch(url.href, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: spec.signal ? AbortSignal.any([spec.signal, timeout]) : timeout,
      });
    } catch (error) {
      throwIfAborted(spec.signal);
      const timedOut = isTimeout(error);
      this.log('warn', { method, path: pathOf(url), attempt, error: describeError(error) }, 'backoffice request failed');
      const message = timedOut
        ? `${method} ${pathOf(url)} timed out after ${this.#options.timeoutMs} ms`
        : `${method} ${pathOf(url)} failed: ${describeError(error)}`;
      throw new BackofficeServerError(message, {
        cause: error,
        // A POST whose answer never came may still have been processed by the server.
        details: { method, path: pathOf(url), timedOut, networkError: true, ...(method === 'POST' ? { mayHaveBeenProcessed: true } : {}) },
      });
    }
    await this.#jar.store(response.headers.getSetCookie(), url.href);
    this.log(
      'debug',
      { method, path: pathOf(url), status: response.status, ms: Date.now() - started, attempt, sensitive: spec.sensitive ?? false },
      'backoffice request',
    );
    return response;
  }

  private async readBody(response: Response, spec: RequestSpec): Promise<string> {
    try {
      return await response.text();
    } catch (error) {
      throwIfAborted(spec.signal);
      throw new BackofficeServerError(`${spec.method} ${spec.path}: the response body could not be read: ${describeError(error)}`, {
        cause: error,
        details: { method: spec.method, path: spec.path, networkError: true },
      });
    }
  }

  clearCookies(): Promise<void> {
    return this.#jar.clear();
  }

  private resolve(path: string): URL {
    const url = new URL(path, this.#base);
    if (url.origin !== this.#base.origin) throw new BackofficeServerError(`Refusing to send a request off the BackOffice: ${path}`);
    return url;
  }

  private log(level: 'debug' | 'warn', entry: Record<string, unknown>, msg: string): void {
    safeLog(this.#options.logger, level, entry, msg);
  }
}

function pathOf(url: URL): string {
  return url.pathname + url.search;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function isNetworkError(error: unknown): boolean {
  return error instanceof BackofficeServerError && error.details['networkError'] === true && error.details['timedOut'] !== true;
}
