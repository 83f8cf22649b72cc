/** How retries back off: exponential from `initialMs`, capped at `maxMs`, with up to 25% jitter. */
export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Readonly<BackoffOptions> = Object.freeze({ initialMs: 500, maxMs: 8_000 });

/** The longest `Retry-After` we sleep through; past it the error goes to the caller with `retryAfterMs`. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** Delay before retry number `retry` (1-based). Jitter spreads clients that failed together. */
export function backoffDelay(retry: number, options: BackoffOptions, random: () => number = Math.random): number {
  const base = Math.min(options.maxMs, options.initialMs * 2 ** (retry - 1));
  return Math.round(base * (1 - 0.25 * random()));
}

/**
 * Reads `retry-after-ms` or `Retry-After` (seconds, or an HTTP date). Undefined when absent or
 * unreadable: the real Data API does not document the header.
 */
export function parseRetryAfter(headers: Headers, nowMs: number = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && /^\d+(?:\.\d+)?$/.test(ms.trim())) return Math.ceil(Number(ms));
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
