import { DuplicateError, InternalError, WashOpsError } from '@washops/shared-errors';
import { StoreUnavailableError } from './errors.js';

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
const CONNECTION_MESSAGES = [/Connection terminated/i, /not queryable/i, /timeout exceeded when trying to connect/i, /PGlite is closed/i, /Cannot use a pool after calling end/i];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** Every error in a cause chain (Drizzle wraps the driver's error; Node wraps dual-stack failures in AggregateError). */
function* chain(error: unknown, depth = 0): Generator<ErrorLike> {
  if (typeof error !== 'object' || error === null || depth > 8) return;
  const item = error as ErrorLike;
  yield item;
  if (Array.isArray(item.errors)) for (const inner of item.errors) yield* chain(inner, depth + 1);
  yield* chain(item.cause, depth + 1);
}

/**
 * A short description when `error` means the database could not be reached or dropped the
 * connection (network codes, SQLSTATE classes 08 and 57P0x), or rolled the transaction back to let
 * another through (40001, 40P01): all worth a retry. Otherwise undefined.
 */
export function connectionFailure(error: unknown): string | undefined {
  for (const item of chain(error)) {
    const code = typeof item.code === 'string' ? item.code : '';
    const message = typeof item.message === 'string' ? item.message.split('\n')[0] : '';
    if (CONNECTION_CODES.has(code) || code.startsWith('08') || /^57P0[1-3]$/.test(code)) return message || code;
    // A serialization failure or a deadlock: the database chose this transaction to give way; it holds nothing, so a retry is safe.
    if (code === '40001' || code === '40P01') return code === '40001' ? 'a conflicting change came first' : 'a deadlock was broken';
    if (message && CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return message;
  }
  return undefined;
}

/** SQLSTATE 23505: a unique constraint refused the row. */
export function isUniqueViolation(error: unknown): boolean {
  for (const item of chain(error)) if (item.code === '23505') return true;
  return false;
}

/**
 * Turns what a driver threw into a typed error. Driver messages carry the SQL and its parameters
 * (password hashes, token hashes), so they stay in `cause` and never reach the message.
 */
export function toStoreError(error: unknown): WashOpsError {
  if (error instanceof WashOpsError) return error;
  const failure = connectionFailure(error);
  if (failure) return new StoreUnavailableError(`The database is unavailable (${failure}); retry in a few seconds.`, { cause: error });
  if (isUniqueViolation(error)) return new DuplicateError('That record already exists.', { cause: error });
  return new InternalError('A database query failed.', { cause: error });
}

/** What may run around each call of a guarded group: the embedded connection's takeover and its explanations. */
export interface CallGuard {
  /** Runs before the call (e.g. waits for a lost server to be taken over). */
  ready(): Promise<void>;
  /** What to throw instead of the typed error the call threw. */
  explain(error: WashOpsError): WashOpsError;
}

/** Wraps every method of a query group so that whatever it throws is a typed error (after `guard`, when given). */
export function guarded<T extends object>(group: T, guard?: CallGuard): T {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(group)) {
    out[name] =
      typeof value === 'function'
        ? async (...args: unknown[]) => {
            try {
              await guard?.ready();
              return await (value as (...a: unknown[]) => Promise<unknown>).apply(group, args);
            } catch (error) {
              const typed = toStoreError(error);
              throw guard ? guard.explain(typed) : typed;
            }
          }
        : value;
  }
  return out as T;
}
