import {
  APIError,
  AuthenticationError,
  NotFoundError,
  RateLimitError,
  ValidationError,
  redact,
  redactString,
  type WashOpsError,
} from '@washops/shared-errors';

/** The vendor's error body, after unwrapping `{ error: {...} }`. */
export interface VendorErrorBody {
  type: string | undefined;
  message: string | undefined;
  /** Extra vendor fields worth keeping, e.g. the helpdesk `code` of a `ServerUnexpectedFailure`. */
  extra: Record<string, unknown>;
}

/** Reads a flat `{type, message | messages}` body or one wrapped in `{error: {...}}`; anything else yields nothing. */
export function parseVendorError(text: string): VendorErrorBody {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { type: undefined, message: plainText(text), extra: {} };
  }
  if (isRecord(body) && isRecord(body['error'])) body = body['error'];
  if (!isRecord(body)) return { type: undefined, message: undefined, extra: {} };
  const type = typeof body['type'] === 'string' ? body['type'] : undefined;
  const messages = Array.isArray(body['messages']) ? body['messages'].filter((m) => typeof m === 'string') : [];
  const message =
    typeof body['message'] === 'string' && body['message'] !== ''
      ? body['message']
      : messages.length > 0
        ? messages.join('; ')
        : undefined;
  const extra: Record<string, unknown> = {};
  if (typeof body['code'] === 'string' || typeof body['code'] === 'number') extra['vendorCode'] = body['code'];
  if (messages.length > 0) extra['messages'] = messages;
  return { type, message, extra };
}

export interface StatusErrorInput {
  status: number;
  bodyText: string;
  method: string;
  path: string;
  requestId: string | undefined;
  /** For 429: how long to wait before trying again. */
  retryAfterMs?: number;
}

/** The one place that turns an HTTP error status and body into an error class (PRODUCT.md, "Errors"). */
export function makeStatusError(input: StatusErrorInput): WashOpsError {
  const { status, method, path, requestId } = input;
  const vendor = parseVendorError(input.bodyText);
  const what = vendor.message ?? `HTTP ${status}`;
  const message = redactString(`${vendor.type ? `${vendor.type}: ` : ''}${what} (${method} ${path} → ${status})`);
  const options = {
    status,
    requestId,
    vendorType: vendor.type,
    // Redacted here, not only in toJSON(): the raw details also reach util.inspect and loggers' error serializers.
    details: { method, path, status, ...(redact(vendor.extra) as Record<string, unknown>) },
  };
  if (status === 403 || status === 401) return new AuthenticationError(message, options);
  if (status === 404) return new NotFoundError(message, options);
  if (status === 400 || status === 422) return new ValidationError(message, options);
  if (status === 429) return new RateLimitError(message, { ...options, retryAfterMs: input.retryAfterMs });
  return new APIError(message, options);
}

/** Statuses worth another attempt: every operation is a read, so a retry cannot duplicate anything. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

function plainText(text: string): string | undefined {
  const trimmed = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return trimmed === '' ? undefined : trimmed.slice(0, 200);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
