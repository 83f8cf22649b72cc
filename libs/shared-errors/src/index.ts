export {
  APIError,
  AmbiguousMatchError,
  APITimeoutError,
  AuthenticationError,
  BackofficeServerError,
  BulkCheckFailedError,
  BulkFileError,
  DateRangeError,
  DuplicateError,
  InternalError,
  LookupError,
  NotFoundError,
  RangeNotSyncedError,
  RateLimitError,
  RunInProgressError,
  ValidationError,
  WashOpsError,
  errorClasses,
  isWashOpsError,
} from './errors.js';
export type { ErrorCode, RateLimitErrorOptions, WashOpsErrorJSON, WashOpsErrorOptions } from './errors.js';
export { INTERNAL_ERROR_MESSAGE, formatIssues, toPublicError, toWashOpsError } from './public-error.js';
export type { PublicError } from './public-error.js';
export { REDACTED, isSecretKey, redact, redactString, registerSecret, unregisterSecret } from './redact.js';
