import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { errorMessageOf, messageOfPublicError } from './errors';

describe('error messages', () => {
  it('gives a rate limit a retry hint from retryAfterMs', () => {
    expect(messageOfPublicError({ code: 'RATE_LIMIT_ERROR', message: 'Rate limit exceeded.', details: { retryAfterMs: 12_400 } })).toBe(
      'Rate limit exceeded. Try again in 13 seconds.',
    );
    // A Retry-After longer than the client waits by itself: the user is told the whole wait.
    expect(messageOfPublicError({ code: 'RATE_LIMIT_ERROR', message: 'Rate limit exceeded.', details: { retryAfterMs: 90_000 } })).toBe(
      'Rate limit exceeded. Try again in 90 seconds.',
    );
    expect(messageOfPublicError({ code: 'RATE_LIMIT_ERROR', message: 'Rate limit exceeded.', details: { retryAfterMs: 14 * 60_000 + 1 } })).toBe(
      'Rate limit exceeded. Try again in 15 minutes.',
    );
    expect(messageOfPublicError({ code: 'RATE_LIMIT_ERROR', message: 'Rate limit exceeded.', details: {} })).toBe(
      'Rate limit exceeded. Wait a moment, then try again.',
    );
  });

  it('reads the public error a tRPC error carries (as the list stream delivers it)', () => {
    const error = TRPCClientError.from({
      error: {
        code: -32029,
        message: 'Too many requests',
        data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, publicError: { code: 'RATE_LIMIT_ERROR', message: 'Slow down.', details: { retryAfterMs: 1000 } } },
      },
    });
    expect(errorMessageOf(error)).toBe('Slow down. Try again in 1 second.');
  });

  it('adds a hint to Data API failures', () => {
    expect(messageOfPublicError({ code: 'API_ERROR', message: 'Batch job failed', details: {} })).toMatch(/^Batch job failed\. Try again in a moment/);
  });
});
