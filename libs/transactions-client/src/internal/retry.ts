import { systemClock, type BackoffOptions } from '@washops/client-core';

export const DEFAULT_BACKOFF: Readonly<BackoffOptions> = Object.freeze({ initialMs: 500, maxMs: 8_000 });

/** The longest `Retry-After` we sleep through; past it the error goes to the caller with `retryAfterMs`. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Reads `retry-after-ms` or `Retry-After` (seconds, or an HTTP date, counted from `nowMs`: the client's clock).
 * Undefined when absent or unreadable: the real Data API does not document the header.
 */
export function parseRetryAfter(headers: Headers, nowMs: number = systemClock.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && /^\d+(?:\.\d+)?$/.test(ms.trim())) return Math.ceil(Number(ms));
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
