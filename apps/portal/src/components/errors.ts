import { TRPCClientError } from '@trpc/client';

/** The public shape every portal error carries (see the error formatter of @washops/portal-api). */
export interface PortalError {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

export function portalErrorOf(error: unknown): PortalError {
  if (error instanceof TRPCClientError) {
    const data = error.data as { publicError?: PortalError; code?: string } | undefined;
    if (data?.publicError) return data.publicError;
    return { code: data?.code ?? 'INTERNAL_ERROR', message: error.message, details: {} };
  }
  return { code: 'NETWORK_ERROR', message: 'The portal did not answer. Check your connection and try again.', details: {} };
}

/** A readable sentence with a hint of what to do next. */
export function errorMessageOf(error: unknown): string {
  return messageOfPublicError(portalErrorOf(error));
}

/** "in 12 seconds" (or "in 3 minutes" from two minutes on) from a rate-limit error's `retryAfterMs`, when it has one. */
function retryHint(details: Record<string, unknown>): string {
  const ms = details['retryAfterMs'];
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0) return 'Wait a moment, then try again.';
  const seconds = Math.ceil(ms / 1000);
  if (seconds >= 120) return `Try again in ${Math.ceil(seconds / 60)} minutes.`;
  return `Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}

/** A message as a sentence, so that a hint can follow it ("Batch job failed" → "Batch job failed."). */
function sentence(message: string): string {
  const trimmed = message.trim();
  return /[.!?)]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The sentence for a public error (e.g. a failed export's, which arrives as data, not as a thrown error). */
export function messageOfPublicError(pub: PortalError): string {
  switch (pub.code) {
    case 'UNAUTHORIZED':
      return 'Your sign-in has ended. Sign in again to continue.';
    case 'RATE_LIMIT_ERROR':
    case 'TOO_MANY_REQUESTS':
      return `${sentence(pub.message)} ${retryHint(pub.details)}`;
    case 'API_ERROR':
    case 'API_TIMEOUT_ERROR':
      return `${sentence(pub.message)} Try again in a moment; if it persists, the Data API may be having trouble.`;
    case 'BACKOFFICE_SERVER_ERROR':
      return `${sentence(pub.message)} Try again in a moment; if it persists, check the tenant in the BackOffice itself.`;
    case 'AUTHENTICATION_ERROR':
      return `The portal's own tenant credentials were refused: ${sentence(pub.message)} Ask whoever runs the portal to check them.`;
    case 'INTERNAL_ERROR':
    case 'NETWORK_ERROR':
      return `${sentence(pub.message)} Try again in a moment.`;
    default:
      return pub.message;
  }
}

/**
 * Field messages from an error: schema issues carry their field path; a duplicate names its field
 * in `details.field`. `aliases` maps server paths to form field names where they differ.
 */
export function fieldErrorsOf(error: unknown, aliases: Record<string, string> = {}): Record<string, string> {
  const pub = portalErrorOf(error);
  const result: Record<string, string> = {};
  const issues = pub.details['issues'];
  if (Array.isArray(issues)) {
    for (const issue of issues as Array<{ path?: unknown; message?: unknown }>) {
      const path = String(issue.path ?? '');
      const field = aliases[path] ?? path.split('.')[0] ?? '';
      if (field && typeof issue.message === 'string') result[field] ??= issue.message;
    }
  }
  const field = pub.details['field'];
  if (typeof field === 'string') result[aliases[field] ?? field] ??= pub.message;
  return result;
}

/** A form's server errors: at their fields, or the whole message under `form` when no field is named. */
export function withFormError(error: unknown, fieldErrors: Record<string, string>): Record<string, string> {
  return Object.keys(fieldErrors).length === 0 ? { form: errorMessageOf(error) } : fieldErrors;
}
