import type { RateLimitConfig } from '@washops/transactions-client';

/**
 * The Data API allows 20 requests per 15-second window per API id. The portal splits that budget
 * between two `TransactionsClient`s with their own limiters, so a running export can never hold up
 * the pages a person is looking at: a limiter serves its waiters in arrival order, and an export
 * queues dozens of job submits and polls at once.
 *
 * - interactive (lists, detail, sites): 12 per window; a list streams one page at a time, so a
 *   detail request waits behind at most one page of it;
 * - exports (`loadJob`): 8 per window; a 20-page day is about 44 requests, so roughly 80 s at the
 *   real window. It runs in the background with a progress bar, so its share is the smaller one.
 *
 * Both use the `sliding-log` algorithm: each limiter then never has more than its share in any
 * window-long span of the server's clock, however the server aligns its fixed window, so the two
 * together stay within 20 and the portal alone never draws a 429. (With two `fixed-window`
 * limiters each could spend a full share on both sides of its own window boundary.)
 */
export const INTERACTIVE_SHARE = 12;
export const EXPORT_SHARE = 8;

export function transactionsBudgets(windowMs = 15_000): { interactive: RateLimitConfig; exports: RateLimitConfig } {
  return {
    interactive: { requests: INTERACTIVE_SHARE, windowMs, algorithm: 'sliding-log' },
    exports: { requests: EXPORT_SHARE, windowMs, algorithm: 'sliding-log' },
  };
}
