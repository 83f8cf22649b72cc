import type { RateLimitConfig } from '@washops/transactions-client';

/** 12 + 8 of the Data API's 20 per window, each `sliding-log`, so an export never holds up the pages people look at (root README). */
const INTERACTIVE_SHARE = 12;
const EXPORT_SHARE = 8;

export function transactionsBudgets(windowMs = 15_000): { interactive: RateLimitConfig; exports: RateLimitConfig } {
  return {
    interactive: { requests: INTERACTIVE_SHARE, windowMs, algorithm: 'sliding-log' },
    exports: { requests: EXPORT_SHARE, windowMs, algorithm: 'sliding-log' },
  };
}
