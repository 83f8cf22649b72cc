import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toPublicError } from '@washops/shared-errors';

/**
 * The result a tool returns when it fails: `isError` with the error's public message, so the model
 * can read what went wrong and correct its call. Secrets are masked by `toPublicError`.
 */
export function toolErrorResult(error: unknown): CallToolResult {
  const pub = toPublicError(error);
  return {
    isError: true,
    content: [{ type: 'text', text: `${pub.code}: ${pub.message}` }],
    structuredContent: { error: pub },
  };
}
