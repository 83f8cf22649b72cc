import { DuplicateError, RateLimitError, registerSecret } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { toolErrorResult } from './tool-result.js';

describe('toolErrorResult', () => {
  it('returns an isError result with the code and the public message, and no structured content', () => {
    const result = toolErrorResult(new DuplicateError('POS user id 7217 is already in use', { details: { field: 'posUserId' } }));
    expect(result).toEqual({ isError: true, content: [{ type: 'text', text: 'DUPLICATE_ERROR: POS user id 7217 is already in use' }] });
  });

  it('tells in how many seconds to retry after a rate limit, from retryAfterMs', () => {
    const result = toolErrorResult(new RateLimitError('The Data API kept answering 429.', { retryAfterMs: 4200 }));
    expect(result.content).toEqual([{ type: 'text', text: 'RATE_LIMIT_ERROR: The Data API kept answering 429. Wait, then retry in 5 seconds.' }]);
    const long = toolErrorResult(new RateLimitError('Rate limited.', { retryAfterMs: 120_000 }), 'ref-1');
    expect(long.content).toEqual([{ type: 'text', text: 'RATE_LIMIT_ERROR: Rate limited. Wait, then retry in 120 seconds. (Reference: ref-1)' }]);
    expect(JSON.stringify(toolErrorResult(new RateLimitError('Rate limited.', { retryAfterMs: 300 })))).toContain('retry in 1 second.');
  });

  it('never carries a secret or an internal message', () => {
    registerSecret('demo-key-canary-77');
    const result = toolErrorResult(new Error('fetch failed: X-Sonnys-API-Key demo-key-canary-77'));
    expect(JSON.stringify(result)).not.toContain('demo-key-canary-77');
    expect(JSON.stringify(result)).toContain('INTERNAL_ERROR');
  });
});
