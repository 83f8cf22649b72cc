import { DuplicateError, registerSecret } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { toolErrorResult } from './tool-result.js';

describe('toolErrorResult', () => {
  it('returns an isError result with the code and the public message', () => {
    const result = toolErrorResult(new DuplicateError('POS user id 7217 is already in use', { details: { field: 'posUserId' } }));
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: 'DUPLICATE_ERROR: POS user id 7217 is already in use' }]);
    expect(result.structuredContent).toEqual({
      error: { code: 'DUPLICATE_ERROR', message: 'POS user id 7217 is already in use', details: { field: 'posUserId' } },
    });
  });

  it('never carries a secret or an internal message', () => {
    registerSecret('demo-key-canary-77');
    const result = toolErrorResult(new Error('fetch failed: X-Sonnys-API-Key demo-key-canary-77'));
    expect(JSON.stringify(result)).not.toContain('demo-key-canary-77');
    expect(JSON.stringify(result)).toContain('INTERNAL_ERROR');
  });
});
