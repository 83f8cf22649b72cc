import { InternalError, ValidationError, WashOpsError } from './errors.js';
import { redact, redactString } from './redact.js';

/** What tRPC and MCP show for any error: a stable code, a readable message, redacted details. */
export interface PublicError {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

/** The message shown for anything that is not a WashOps error: its own text may hold internals. */
export const INTERNAL_ERROR_MESSAGE = 'An unexpected internal error occurred. The details were logged on the server.';

interface ZodLikeIssue {
  path: PropertyKey[];
  message: string;
}

/** Duck-typed so that this package needs no zod: both zod 3 and zod 4 errors carry `issues`. */
function isZodLikeError(value: unknown): value is { issues: ZodLikeIssue[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'ZodError' &&
    Array.isArray((value as { issues?: unknown }).issues)
  );
}

/** Formats schema issues as `field: message` lines, the way every WashOps surface shows them. */
export function formatIssues(issues: readonly ZodLikeIssue[]): string {
  return issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/**
 * Turns anything thrown into `{ code, message, details }` that is safe for a browser or a model:
 * WashOps errors keep their code and message, schema errors become `VALIDATION_ERROR` with one
 * entry per issue, and everything else becomes a generic internal error. Secrets are masked.
 */
export function toPublicError(error: unknown): PublicError {
  if (error instanceof WashOpsError) {
    const json = error.toJSON();
    return { code: json.code, message: json.message, details: json.details };
  }
  if (isZodLikeError(error)) {
    const issues = error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: redactString(issue.message),
    }));
    return {
      code: ValidationError.code,
      message: `Invalid input: ${redactString(formatIssues(error.issues))}`,
      details: { issues },
    };
  }
  return { code: InternalError.code, message: INTERNAL_ERROR_MESSAGE, details: {} };
}

/** Wraps anything thrown as a WashOps error (unknown values become `InternalError`, cause kept). */
export function toWashOpsError(error: unknown): WashOpsError {
  if (error instanceof WashOpsError) return error;
  if (isZodLikeError(error)) {
    const pub = toPublicError(error);
    return new ValidationError(pub.message, { details: pub.details, cause: error });
  }
  return new InternalError(INTERNAL_ERROR_MESSAGE, { cause: error });
}

export { redact };
