export { csvSafeText } from './csv.js';
export { backoffDelay, sleep, throwIfAborted } from './backoff.js';
// The clock lives in its own package (the simulators and the store read it too); the clients' callers find it here as well.
export { clockFrom, systemClock, VirtualClock } from '@washops/clock';
export type { Clock } from '@washops/clock';
export type { BackoffOptions } from './backoff.js';
export type { FetchLike } from './fetch.js';
export { describeError, safeLog } from './logger.js';
export type { Logger } from './logger.js';
export { formatCents, formatDollars, formatUsd, fromCents, overtimeCents, toCents } from './money.js';
export { withoutUndefined } from './objects.js';
export { DATE_RANGE_ISSUE, parseInput } from './validate.js';
export type { InputSchema } from './validate.js';
