import { ValidationError, WashOpsError, type WashOpsErrorOptions } from '@washops/shared-errors';

/** How long a caller should wait before retrying when the database cannot be reached. */
export const STORE_RETRY_AFTER_MS = 5_000;

/**
 * The database cannot be reached, or the connection was lost mid-query. Callers answer 503 with
 * `retryAfterMs` as the hint; nothing was written unless the caller's transaction had committed.
 */
export class StoreUnavailableError extends WashOpsError {
  static override readonly code: string = 'STORE_UNAVAILABLE';
  static override readonly errorName: string = 'StoreUnavailableError';
  readonly retryAfterMs = STORE_RETRY_AFTER_MS;

  constructor(message: string, options: WashOpsErrorOptions = {}) {
    super(message, { ...options, status: 503, details: { ...(options.details ?? {}), retryAfterMs: STORE_RETRY_AFTER_MS } });
  }
}

/** The database holds migrations this code does not know: a newer release wrote to it. */
export class SchemaTooNewError extends WashOpsError {
  static override readonly code: string = 'SCHEMA_TOO_NEW';
  static override readonly errorName: string = 'SchemaTooNewError';
}

/** The change would leave no active admin (disabling or demoting the last one). */
export class LastAdminError extends ValidationError {
  static override readonly code: string = 'LAST_ADMIN';
  static override readonly errorName: string = 'LastAdminError';
}
