export { TransactionsClient, PRODUCTION_BASE_URL, SANDBOX_BASE_URL, DEFAULT_CONCURRENCY, DEFAULT_JOB_TIMEOUT_MS, DEFAULT_MAX_RETRIES, DEFAULT_POLL_INTERVAL_MS, DEFAULT_TIMEOUT_MS } from './client.js';
export type { TransactionsClientOptions } from './client.js';
export { RateLimiter, DEFAULT_RATE_LIMIT } from './internal/rate-limiter.js';
export type { RateLimitConfig, RateLimitPermit, RequestBudget } from './internal/rate-limiter.js';
export type { BackoffOptions, Logger } from '@washops/client-core';
export type { RateLimitedEvent, TransportStats } from './internal/transport.js';
export type { TransactionPage } from './internal/paginate.js';
export { LOOK_BACK_MONTHS, MAX_LIST_RANGE_DAYS, checkLookBack, checkRange, oldestAllowedSeconds, toUnixSeconds } from './dates.js';
export type { DateInput } from './dates.js';
export * from './models.js';
export {
  DateInputSchema,
  LoadJobOptionsSchema,
  MAX_JOB_RANGE_DAYS,
  TRANSACTION_TYPES,
  TransactionIdSchema,
  TransactionListParamsSchema,
  TransactionTypeSchema,
} from './params.js';
export type { ListQuery, LoadJobOptions, LoadJobProgress, RequestOptions, TransactionListParams, TransactionType } from './params.js';
export { DataApiClient } from './resources/data-api-client.js';
export type { CustomersResource, EmployeesResource, ListResource, RecurringResource, SitesResource, WashbooksResource } from './resources/resource-objects.js';
export type * from './resources/types.js';
export * from './resources/schemas.js';
