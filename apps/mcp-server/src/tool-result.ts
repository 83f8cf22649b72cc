import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toPublicError } from '@washops/shared-errors';

/**
 * The result a tool returns when it fails: `isError` with `CODE: public message`, so the model can
 * read what went wrong and correct its call. No `structuredContent`: clients validate it against the
 * tool's output schema even on errors. Secrets are masked by `toPublicError`.
 */
export function toolErrorResult(error: unknown): CallToolResult {
  const pub = toPublicError(error);
  const hint = retryHint(pub.code, pub.details);
  return { isError: true, content: [{ type: 'text', text: `${pub.code}: ${pub.message}${hint ? ` ${hint}` : ''}` }] };
}

function retryHint(code: string, details: Record<string, unknown>): string {
  if (code === 'RATE_LIMIT_ERROR') {
    const ms = typeof details['retryAfterMs'] === 'number' ? details['retryAfterMs'] : 15_000;
    return `(Retry after about ${Math.ceil(ms / 1000)} s.)`;
  }
  if (code === 'API_TIMEOUT_ERROR') return '(Retry later, or narrow the date range.)';
  return '';
}
