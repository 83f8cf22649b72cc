import { randomBytes } from 'node:crypto';
import type { TRPCError } from '@trpc/server';
import { redact } from '@washops/shared-errors';
import { PublicErrorCause } from './errors.js';

/** A pino-compatible logger; only the level the portal uses for failures. */
export interface PortalLogger {
  error: (obj: object, msg?: string) => void;
}

/** Codes of failures someone must look into: the portal's own, and its upstreams'. */
const LOGGED_CODES = new Set(['INTERNAL_SERVER_ERROR', 'BAD_GATEWAY', 'TIMEOUT']);

const referenceByError = new WeakMap<TRPCError, string>();

/** A write that stopped halfway reports the steps it did not do. */
function isPartialFailure(error: TRPCError): boolean {
  return error.cause instanceof PublicErrorCause && Array.isArray(error.cause.publicError.details['remainingSteps']);
}

/** The browser left (closed the page, changed the filters): nothing failed, no one reads the answer. */
function isAbandoned(error: TRPCError): boolean {
  const name = (originalOf(error) as { name?: unknown } | null)?.name;
  return error.code === 'CLIENT_CLOSED_REQUEST' || name === 'AbortError' || name === 'ResponseAborted';
}

/** The correlation id an audited write gave its failure: its audit event and log lines carry it too. */
function correlationIdOf(error: TRPCError): string | null {
  const details = error.cause instanceof PublicErrorCause ? error.cause.publicError.details : null;
  const correlationId = details?.['correlationId'];
  return typeof correlationId === 'string' && correlationId !== '' ? correlationId : null;
}

/**
 * The reference of a failure that is logged, the same for the response and the log line (both ask
 * for it in either order): an audited write's correlation id, so that the Activity page, the log and
 * the message agree; else a short random one. `null` for refusals that need no log (bad input,
 * sign-in) and for requests the browser abandoned.
 */
export function referenceOf(error: TRPCError): string | null {
  if ((!LOGGED_CODES.has(error.code) && !isPartialFailure(error)) || isAbandoned(error)) return null;
  let reference = referenceByError.get(error);
  if (!reference) {
    reference = correlationIdOf(error) ?? randomBytes(4).toString('hex');
    referenceByError.set(error, reference);
  }
  return reference;
}

/** What was thrown: the original behind a mapped error, else the cause tRPC kept. */
function originalOf(error: TRPCError): unknown {
  if (error.cause instanceof PublicErrorCause) return error.cause.original ?? error.cause.publicError;
  return error.cause ?? error;
}

/** An error as plain data with its stack and causes (a few levels); `redact` masks secrets after. */
function errorData(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error)) return value;
  const own = value as Error & { code?: unknown; details?: unknown; status?: unknown };
  return {
    name: own.name,
    message: own.message,
    code: own.code,
    status: own.status,
    details: own.details,
    stack: own.stack,
    cause: depth < 3 && own.cause !== undefined ? errorData(own.cause, depth + 1) : undefined,
  };
}

/**
 * Logs a failure's original error (message, stack, causes; secrets masked) under the reference the
 * user is shown. Refusals without a reference are not logged. A broken logger never breaks a response.
 */
export function logPortalError(logger: PortalLogger, failure: { error: TRPCError; path?: string | undefined; type?: string }): void {
  const reference = referenceOf(failure.error);
  if (!reference) return;
  // Under `error`, not `err`: pino's error serializer would rebuild the plain object and drop fields.
  const entry = { reference, path: failure.path ?? null, type: failure.type ?? null, code: failure.error.code, error: errorData(originalOf(failure.error)) };
  try {
    logger.error(redact(entry) as object, `portal call ${failure.path ?? '?'} failed (reference ${reference})`);
  } catch {
    // Nothing else to do: the response still carries the reference.
  }
}

/** The `onError` of tRPC's handlers and callers: every logged failure goes through `logPortalError`. */
export function createErrorLogger(logger: PortalLogger) {
  return (failure: { error: TRPCError; path?: string | undefined; type?: string }): void => logPortalError(logger, failure);
}
