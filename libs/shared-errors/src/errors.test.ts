import { describe, expect, it, vi } from 'vitest';
import {
  APIError,
  APITimeoutError,
  AuthenticationError,
  BackofficeServerError,
  DateRangeError,
  DuplicateError,
  InternalError,
  LookupError,
  NotFoundError,
  RangeNotSyncedError,
  RateLimitError,
  ValidationError,
  WashOpsError,
  errorClasses,
  isWashOpsError,
} from './index.js';

const expectedCodes: Array<[typeof WashOpsError, string, string]> = [
  [WashOpsError, 'WASHOPS_ERROR', 'WashOpsError'],
  [ValidationError, 'VALIDATION_ERROR', 'ValidationError'],
  [DateRangeError, 'DATE_RANGE_ERROR', 'DateRangeError'],
  [DuplicateError, 'DUPLICATE_ERROR', 'DuplicateError'],
  [AuthenticationError, 'AUTHENTICATION_ERROR', 'AuthenticationError'],
  [BackofficeServerError, 'BACKOFFICE_SERVER_ERROR', 'BackofficeServerError'],
  [NotFoundError, 'NOT_FOUND', 'NotFoundError'],
  [LookupError, 'LOOKUP_ERROR', 'LookupError'],
  [APIError, 'API_ERROR', 'APIError'],
  [APITimeoutError, 'API_TIMEOUT_ERROR', 'APITimeoutError'],
  [RateLimitError, 'RATE_LIMIT_ERROR', 'RateLimitError'],
  [InternalError, 'INTERNAL_ERROR', 'InternalError'],
  [RangeNotSyncedError, 'RANGE_NOT_SYNCED', 'RangeNotSyncedError'],
];

describe('error classes', () => {
  it.each(expectedCodes)('%o has a stable code and name', (Class, code, name) => {
    const error = new Class('boom');
    expect(Class.code).toBe(code);
    expect(error.code).toBe(code);
    expect(error.name).toBe(name);
    expect(error.message).toBe('boom');
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(WashOpsError);
    expect(errorClasses[code as keyof typeof errorClasses]).toBe(Class);
    expect(String(error)).toBe(`${name}: boom`);
  });

  it('keeps the class hierarchy for instanceof', () => {
    expect(new DateRangeError('x')).toBeInstanceOf(ValidationError);
    expect(new APITimeoutError('x')).toBeInstanceOf(APIError);
    expect(new RateLimitError('x')).toBeInstanceOf(APIError);
    expect(new ValidationError('x')).not.toBeInstanceOf(DateRangeError);
    expect(new DuplicateError('x')).not.toBeInstanceOf(ValidationError);
    expect(new NotFoundError('x')).not.toBeInstanceOf(LookupError);
    expect(new Error('plain')).not.toBeInstanceOf(WashOpsError);
    expect({ code: 'VALIDATION_ERROR' }).not.toBeInstanceOf(ValidationError);
    expect(isWashOpsError(new LookupError('x'))).toBe(true);
    expect(isWashOpsError('VALIDATION_ERROR')).toBe(false);
  });

  it('carries details, cause, requestId, status and the vendor type', () => {
    const cause = new Error('socket hang up');
    const error = new AuthenticationError('Bad API credentials', {
      details: { site: 'NILES' },
      cause,
      requestId: 'req_123',
      status: 403,
      vendorType: 'BadClientCredentialsError',
    });
    expect(error.cause).toBe(cause);
    expect(error.details).toEqual({ site: 'NILES' });
    expect(error.requestId).toBe('req_123');
    expect(error.status).toBe(403);
    expect(error.vendorType).toBe('BadClientCredentialsError');
    expect(new ValidationError('x').details).toEqual({});
  });

  it('exposes the retry delay of a rate-limit error, also in its details', () => {
    const error = new RateLimitError('Too many requests', { retryAfterMs: 15_000, status: 429 });
    expect(error.retryAfterMs).toBe(15_000);
    expect(error.details).toEqual({ retryAfterMs: 15_000 });
    expect(new RateLimitError('x').retryAfterMs).toBeUndefined();
  });

  it('names the colliding field of a duplicate', () => {
    expect(new DuplicateError('taken', { details: { field: 'posUserId' } }).field).toBe('posUserId');
    expect(new DuplicateError('taken').field).toBeUndefined();
  });

  it('serializes to JSON without the cause or the stack', () => {
    const error = new NotFoundError('No employee with POS user id 7217', {
      details: { posUserId: 7217 },
      cause: new Error('internal stack detail'),
      status: 404,
    });
    const json = JSON.parse(JSON.stringify(error));
    expect(json).toEqual({
      name: 'NotFoundError',
      code: 'NOT_FOUND',
      message: 'No employee with POS user id 7217',
      details: { posUserId: 7217 },
      status: 404,
    });
  });
});

describe('instanceof across two copies of the module', () => {
  it('holds for errors made by another copy, in both directions', async () => {
    vi.resetModules();
    const copyA = await import('./index.js');
    vi.resetModules();
    const copyB = await import('./index.js');
    expect(copyA.ValidationError).not.toBe(copyB.ValidationError);

    const fromB = new copyB.DateRangeError('range too long');
    expect(fromB).toBeInstanceOf(copyA.DateRangeError);
    expect(fromB).toBeInstanceOf(copyA.ValidationError);
    expect(fromB).toBeInstanceOf(copyA.WashOpsError);
    expect(fromB).not.toBeInstanceOf(copyA.APIError);

    const fromA = new copyA.RateLimitError('slow down', { retryAfterMs: 1 });
    expect(fromA).toBeInstanceOf(copyB.APIError);
    expect(fromA).not.toBeInstanceOf(copyB.ValidationError);
    expect(copyB.toPublicError(fromA).code).toBe('RATE_LIMIT_ERROR');
  });
});
