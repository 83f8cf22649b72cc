export { backoffDelay, sleep, throwIfAborted } from './backoff.js';
export type { BackoffOptions } from './backoff.js';
export type { FetchLike } from './fetch.js';
export { describeError, safeLog } from './logger.js';
export type { Logger } from './logger.js';
export { formatCents, formatDollars, formatUsd, overtimeCents, toCents } from './money.js';
export { withoutUndefined } from './objects.js';
export { DATE_RANGE_ISSUE, parseInput } from './validate.js';
export type { InputSchema } from './validate.js';
