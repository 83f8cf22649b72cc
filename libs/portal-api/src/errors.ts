import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { toPublicError, ValidationError, type PublicError } from '@washops/shared-errors';

/** How each WashOps error code reaches the browser as a tRPC code. */
const trpcCodeByErrorCode: Record<string, TRPC_ERROR_CODE_KEY> = {
  VALIDATION_ERROR: 'BAD_REQUEST',
  DATE_RANGE_ERROR: 'BAD_REQUEST',
  LOOKUP_ERROR: 'BAD_REQUEST',
  AMBIGUOUS_MATCH: 'CONFLICT',
  BULK_FILE_ERROR: 'BAD_REQUEST',
  BULK_CHECK_FAILED: 'BAD_REQUEST',
  RUN_IN_PROGRESS: 'CONFLICT',
  RANGE_NOT_SYNCED: 'PRECONDITION_FAILED',
  DUPLICATE_ERROR: 'CONFLICT',
  NOT_FOUND: 'NOT_FOUND',
  AUTHENTICATION_ERROR: 'BAD_GATEWAY',
  BACKOFFICE_SERVER_ERROR: 'BAD_GATEWAY',
  API_ERROR: 'BAD_GATEWAY',
  API_TIMEOUT_ERROR: 'TIMEOUT',
  RATE_LIMIT_ERROR: 'TOO_MANY_REQUESTS',
  INTERNAL_ERROR: 'INTERNAL_SERVER_ERROR',
  // The store's: the database cannot be reached (503, retry), the last active admin rule (a refusal).
  STORE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  LAST_ADMIN: 'BAD_REQUEST',
};

/**
 * Converts anything a procedure throws into a `TRPCError` whose message is the safe public message
 * and whose cause carries the `PublicError` for the error formatter. A tenant-credential failure is
 * a gateway error, not `UNAUTHORIZED`: the portal user is signed in; the portal's own upstream is not.
 */
export function toTrpcError(error: unknown): TRPCError {
  if (error instanceof TRPCError) return error;
  const pub = toPublicError(error);
  return new TRPCError({
    code: trpcCodeByErrorCode[pub.code] ?? (error instanceof ValidationError ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR'),
    message: pub.message,
    cause: new PublicErrorCause(pub, error),
  });
}

/**
 * Carries the public shape of an error through tRPC's `cause`, for the error formatter, and the
 * original error for the server log only (a private field: no serializer or inspector shows it).
 */
export class PublicErrorCause extends Error {
  readonly #original: unknown;

  constructor(
    readonly publicError: PublicError,
    original?: unknown,
  ) {
    super(publicError.message);
    this.name = 'PublicErrorCause';
    this.#original = original;
  }

  /** What was thrown, with its own message and stack: for the redacting server log, never for a response. */
  get original(): unknown {
    return this.#original;
  }
}
