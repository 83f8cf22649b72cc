import { TRPCError } from '@trpc/server';
import {
  APITimeoutError,
  DateRangeError,
  DuplicateError,
  NotFoundError,
  RateLimitError,
  registerSecret,
} from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { PublicErrorCause, toTrpcError } from './errors.js';

describe('toTrpcError', () => {
  it.each([
    [new DateRangeError('too long'), 'BAD_REQUEST'],
    [new DuplicateError('POS user id 7217 is taken', { details: { field: 'posUserId' } }), 'CONFLICT'],
    [new NotFoundError('no such employee'), 'NOT_FOUND'],
    [new RateLimitError('slow down', { retryAfterMs: 5000 }), 'TOO_MANY_REQUESTS'],
    [new APITimeoutError('job page 3 timed out'), 'TIMEOUT'],
  ])('maps %o to %s and keeps the public message and details', (error, code) => {
    const trpc = toTrpcError(error);
    expect(trpc.code).toBe(code);
    expect(trpc.message).toBe(error.message);
    expect(trpc.cause).toBeInstanceOf(PublicErrorCause);
    expect((trpc.cause as PublicErrorCause).publicError.details).toEqual(error.details);
  });

  it('hides the message of unknown errors and never leaks a secret', () => {
    registerSecret('tenant-password-9f3a');
    const trpc = toTrpcError(new Error('connect failed with tenant-password-9f3a'));
    expect(trpc.code).toBe('INTERNAL_SERVER_ERROR');
    expect(JSON.stringify({ message: trpc.message, cause: (trpc.cause as PublicErrorCause).publicError })).not.toContain(
      'tenant-password-9f3a',
    );
  });

  it('passes tRPC errors through unchanged', () => {
    const original = new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in first' });
    expect(toTrpcError(original)).toBe(original);
  });
});
