import { redact, redactString } from './redact.js';

/**
 * Every WashOps error carries this brand: the codes of its class and of every ancestor class.
 * `Symbol.for` makes the brand the same symbol in every copy of this module, so `instanceof`
 * holds when an error crosses bundles (the portal's server bundle, a second install, a test double).
 */
const BRAND: unique symbol = Symbol.for('@washops/shared-errors/brand') as never;

export interface WashOpsErrorOptions {
  /** Machine-readable facts about the failure. Shown to users after redaction. */
  details?: Record<string, unknown>;
  /** The lower-level error or value that caused this one. Never serialized. */
  cause?: unknown;
  /** The server's request id, when the server sent one. */
  requestId?: string;
  /** The HTTP status of the response that caused this error, when there was one. */
  status?: number;
  /** The vendor's own error type (for example `BadClientCredentialsError`), when it sent one. */
  vendorType?: string;
}

/** The JSON shape of every WashOps error: safe to log, to show to a user or to hand to a model. */
export interface WashOpsErrorJSON {
  name: string;
  code: string;
  message: string;
  details: Record<string, unknown>;
  requestId?: string;
  status?: number;
  vendorType?: string;
}

export class WashOpsError extends Error {
  /** The stable code of this class; survives minification, unlike `constructor.name`. */
  static readonly code: string = 'WASHOPS_ERROR';

  declare readonly [BRAND]: readonly string[];
  readonly code: string;
  readonly details: Record<string, unknown>;
  readonly requestId: string | undefined;
  readonly status: number | undefined;
  readonly vendorType: string | undefined;

  constructor(message: string, options: WashOpsErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    const ctor = new.target as typeof WashOpsError;
    this.name = ctor.errorName;
    this.code = ctor.code;
    this.details = options.details ?? {};
    this.requestId = options.requestId;
    this.status = options.status;
    this.vendorType = options.vendorType;
    Object.defineProperty(this, BRAND, { value: brandChain(ctor), enumerable: false });
  }

  /** The class's public name, set explicitly so that bundlers cannot mangle it. */
  static readonly errorName: string = 'WashOpsError';

  static override [Symbol.hasInstance](value: unknown): boolean {
    if (typeof value !== 'object' || value === null) return false;
    const chain = (value as { [BRAND]?: unknown })[BRAND];
    return Array.isArray(chain) && chain.includes(this.code);
  }

  toJSON(): WashOpsErrorJSON {
    const json: WashOpsErrorJSON = {
      name: this.name,
      code: this.code,
      message: redactString(this.message),
      details: redact(this.details) as Record<string, unknown>,
    };
    if (this.requestId !== undefined) json.requestId = this.requestId;
    if (this.status !== undefined) json.status = this.status;
    if (this.vendorType !== undefined) json.vendorType = this.vendorType;
    return json;
  }
}

function brandChain(ctor: typeof WashOpsError): string[] {
  const codes: string[] = [];
  for (let c: unknown = ctor; typeof c === 'function' && 'code' in c; c = Object.getPrototypeOf(c)) {
    codes.push((c as typeof WashOpsError).code);
    if (c === WashOpsError) break;
  }
  return codes;
}

/** An input failed validation, or the server rejected a form; nothing was changed. */
export class ValidationError extends WashOpsError {
  static override readonly code: string = 'VALIDATION_ERROR';
  static override readonly errorName: string = 'ValidationError';
}

/** A date range is reversed or too long (the seed's `ValueError`). Raised before any request. */
export class DateRangeError extends ValidationError {
  static override readonly code: string = 'DATE_RANGE_ERROR';
  static override readonly errorName: string = 'DateRangeError';
}

/** A bulk file (or a list of rows) cannot be used at all: too big, not text, not CSV, a missing or unknown column. */
export class BulkFileError extends ValidationError {
  static override readonly code: string = 'BULK_FILE_ERROR';
  static override readonly errorName: string = 'BulkFileError';
}

/** A bulk run was refused because its dry run found errors; `details.errorRows` lists the row numbers. Nothing was written. */
export class BulkCheckFailedError extends ValidationError {
  static override readonly code: string = 'BULK_CHECK_FAILED';
  static override readonly errorName: string = 'BulkCheckFailedError';
}

/** Another process is working on this run right now (`details.heldBy`); wait for it, or cancel it first. */
export class RunInProgressError extends WashOpsError {
  static override readonly code: string = 'RUN_IN_PROGRESS';
  static override readonly errorName: string = 'RunInProgressError';
}

/**
 * A report or query asked for days the transactions warehouse does not hold whole yet. `details`:
 * `siteDays`, `synced`, `missingCount`, `missing` (a few `{siteCode, day}`); nothing was presented as
 * whole. Backfill the range (or ask for a partial answer) and try again.
 */
export class RangeNotSyncedError extends WashOpsError {
  static override readonly code: string = 'RANGE_NOT_SYNCED';
  static override readonly errorName: string = 'RangeNotSyncedError';
}

/** A POS user id, email, phone or username is already in use on the tenant. */
export class DuplicateError extends WashOpsError {
  static override readonly code: string = 'DUPLICATE_ERROR';
  static override readonly errorName: string = 'DuplicateError';
  /** The field that collided, for example `posUserId`. */
  get field(): string | undefined {
    const field = this.details['field'];
    return typeof field === 'string' ? field : undefined;
  }
}

/** Sign-in or re-authentication failed, or the API rejected the credentials or site code. */
export class AuthenticationError extends WashOpsError {
  static override readonly code: string = 'AUTHENTICATION_ERROR';
  static override readonly errorName: string = 'AuthenticationError';
}

/** The BackOffice answered unexpectedly: 5xx, unparseable HTML, a rejected write or a failed verification. */
export class BackofficeServerError extends WashOpsError {
  static override readonly code: string = 'BACKOFFICE_SERVER_ERROR';
  static override readonly errorName: string = 'BackofficeServerError';
}

/** The thing asked for does not exist (an employee, a transaction, a job hash). */
export class NotFoundError extends WashOpsError {
  static override readonly code: string = 'NOT_FOUND';
  static override readonly errorName: string = 'NotFoundError';
}

/** A lookup meant to find exactly one thing (an employee by name or phone) found several. */
export class AmbiguousMatchError extends WashOpsError {
  static override readonly code: string = 'AMBIGUOUS_MATCH';
  static override readonly errorName: string = 'AmbiguousMatchError';
  /** The POS user ids of every match, so the caller can pick one. */
  get posUserIds(): number[] {
    const ids = this.details['posUserIds'];
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
  }
}

/** A name given by the caller (a site, a department) is unknown on the tenant. */
export class LookupError extends WashOpsError {
  static override readonly code: string = 'LOOKUP_ERROR';
  static override readonly errorName: string = 'LookupError';
}

/** The Data API answered with an error, or a batch job failed. */
export class APIError extends WashOpsError {
  static override readonly code: string = 'API_ERROR';
  static override readonly errorName: string = 'APIError';
}

/** A request or a batch job page did not finish in time. */
export class APITimeoutError extends APIError {
  static override readonly code: string = 'API_TIMEOUT_ERROR';
  static override readonly errorName: string = 'APITimeoutError';
}

export interface RateLimitErrorOptions extends WashOpsErrorOptions {
  /** How long to wait before trying again, when known. */
  retryAfterMs?: number;
}

/** The Data API kept answering 429 after the automatic retries were used up. */
export class RateLimitError extends APIError {
  static override readonly code: string = 'RATE_LIMIT_ERROR';
  static override readonly errorName: string = 'RateLimitError';
  readonly retryAfterMs: number | undefined;
  constructor(message: string, options: RateLimitErrorOptions = {}) {
    const { retryAfterMs, ...rest } = options;
    super(message, {
      ...rest,
      details: { ...(rest.details ?? {}), ...(retryAfterMs === undefined ? {} : { retryAfterMs }) },
    });
    this.retryAfterMs = retryAfterMs;
  }
}

/** Something failed that is not one of the cases above. Its message is never shown to users. */
export class InternalError extends WashOpsError {
  static override readonly code: string = 'INTERNAL_ERROR';
  static override readonly errorName: string = 'InternalError';
}

/** Every error class, by its code. */
export const errorClasses = {
  WASHOPS_ERROR: WashOpsError,
  VALIDATION_ERROR: ValidationError,
  DATE_RANGE_ERROR: DateRangeError,
  BULK_FILE_ERROR: BulkFileError,
  BULK_CHECK_FAILED: BulkCheckFailedError,
  RUN_IN_PROGRESS: RunInProgressError,
  RANGE_NOT_SYNCED: RangeNotSyncedError,
  DUPLICATE_ERROR: DuplicateError,
  AUTHENTICATION_ERROR: AuthenticationError,
  BACKOFFICE_SERVER_ERROR: BackofficeServerError,
  NOT_FOUND: NotFoundError,
  AMBIGUOUS_MATCH: AmbiguousMatchError,
  LOOKUP_ERROR: LookupError,
  API_ERROR: APIError,
  API_TIMEOUT_ERROR: APITimeoutError,
  RATE_LIMIT_ERROR: RateLimitError,
  INTERNAL_ERROR: InternalError,
} as const;

export type ErrorCode = keyof typeof errorClasses;

export function isWashOpsError(value: unknown): value is WashOpsError {
  return value instanceof WashOpsError;
}
