// Apart from trpc.ts so that the export registry can shape errors without importing the router's context.
import type { TRPCError } from '@trpc/server';
import { toPublicError, type PublicError } from '@washops/shared-errors';
import { referenceOf } from './error-log.js';
import { PublicErrorCause } from './errors.js';

interface IssueLike {
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
  message: string;
}

function inputIssues(cause: unknown): IssueLike[] | null {
  const issues = (cause as { issues?: unknown } | null | undefined)?.issues;
  return Array.isArray(issues) ? (issues as IssueLike[]) : null;
}

/**
 * The one public shape of every portal error: safe message and details, never a stack or a secret.
 * A failure that is logged carries its log reference in the message and in `details.reference`.
 */
export function publicErrorOf(error: TRPCError): PublicError {
  const pub = publicShapeOf(error);
  const reference = referenceOf(error);
  if (!reference) return pub;
  const message = pub.message.trim();
  const sentence = /[.!?)]$/.test(message) ? message : `${message}.`;
  return { ...pub, message: `${sentence} Reference: ${reference}.`, details: { ...pub.details, reference } };
}

function publicShapeOf(error: TRPCError): PublicError {
  if (error.cause instanceof PublicErrorCause) return error.cause.publicError;
  const issues = inputIssues(error.cause);
  if (error.code === 'BAD_REQUEST' && issues) {
    const normalized = issues.map((issue) => ({
      path: (issue.path ?? []).map((p) => (typeof p === 'object' ? p.key : p)),
      message: issue.message,
    }));
    return toPublicError({ name: 'ZodError', issues: normalized });
  }
  if (error.code !== 'INTERNAL_SERVER_ERROR') return { code: error.code, message: error.message, details: {} };
  return toPublicError(error.cause ?? null);
}
