import { APIError, AuthenticationError, NotFoundError, RateLimitError, ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { makeStatusError, parseVendorError } from './errors.js';
import { backoffDelay } from '@washops/client-core';
import { parseRetryAfter } from './retry.js';

const input = (status: number, body: unknown, extra = {}) => ({
  status,
  bodyText: typeof body === 'string' ? body : JSON.stringify(body),
  method: 'GET',
  path: '/transaction',
  requestId: undefined,
  ...extra,
});

describe('parseVendorError', () => {
  it('reads the flat envelope and the wrapped one alike', () => {
    const flat = parseVendorError(JSON.stringify({ type: 'BadClientCredentialsError', message: 'Bad credentials' }));
    const wrapped = parseVendorError(JSON.stringify({ error: { type: 'BadClientCredentialsError', message: 'Bad credentials' } }));
    expect(flat).toEqual(wrapped);
    expect(flat.type).toBe('BadClientCredentialsError');
    expect(flat.message).toBe('Bad credentials');
  });
  it('joins PayloadValidationError messages and keeps the helpdesk code', () => {
    const v = parseVendorError(JSON.stringify({ type: 'PayloadValidationError', messages: ['site: Only 1 site can be selected.', 'limit: too big'] }));
    expect(v.message).toBe('site: Only 1 site can be selected.; limit: too big');
    expect(parseVendorError(JSON.stringify({ type: 'ServerUnexpectedFailure', message: 'x', code: 'SCEC0001' })).extra).toEqual({ vendorCode: 'SCEC0001' });
  });
  it('falls back to the text of an HTML page and to nothing for an empty body', () => {
    expect(parseVendorError('<html><body><h1>502 Bad Gateway</h1></body></html>').message).toBe('502 Bad Gateway');
    expect(parseVendorError('')).toEqual({ type: undefined, message: undefined, extra: {} });
    expect(parseVendorError('[1,2]').type).toBeUndefined();
  });
});

describe('makeStatusError', () => {
  it.each([
    [403, AuthenticationError, 'NotAuthorizedSiteArgsError'],
    [404, NotFoundError, 'EntityNotFoundError'],
    [400, ValidationError, 'InvalidPayloadRequestTimestampError'],
    [422, ValidationError, 'PayloadValidationError'],
    [429, RateLimitError, 'RequestRateExceedError'],
    [500, APIError, 'ServerUnexpectedFailure'],
    [418, APIError, undefined],
  ])('maps %i to %o and keeps the vendor type', (status, Class, type) => {
    const error = makeStatusError(input(status, type ? { error: { type, message: 'm' } } : 'teapot'));
    expect(error).toBeInstanceOf(Class);
    expect(error.status).toBe(status);
    expect(error.vendorType).toBe(type);
    expect(error.details).toMatchObject({ method: 'GET', path: '/transaction', status });
  });
  it('gives a 429 its retry delay and names the request in the message', () => {
    const error = makeStatusError(input(429, { type: 'RequestRateExceedError', message: 'Request blocked.' }, { retryAfterMs: 15_000 }));
    expect((error as RateLimitError).retryAfterMs).toBe(15_000);
    expect(error.message).toBe('RequestRateExceedError: Request blocked. (GET /transaction → 429)');
    expect(makeStatusError(input(503, '')).message).toBe('HTTP 503 (GET /transaction → 503)');
  });
});

describe('retry timing', () => {
  it('backs off exponentially with at most 25% jitter, capped', () => {
    const options = { initialMs: 100, maxMs: 1000 };
    expect(backoffDelay(1, options, () => 0)).toBe(100);
    expect(backoffDelay(2, options, () => 0)).toBe(200);
    expect(backoffDelay(3, options, () => 1)).toBe(300);
    expect(backoffDelay(10, options, () => 0)).toBe(1000);
  });
  it('reads Retry-After in seconds, as a date, and retry-after-ms', () => {
    expect(parseRetryAfter(new Headers({ 'retry-after': '3' }))).toBe(3000);
    expect(parseRetryAfter(new Headers({ 'retry-after': '0.5' }))).toBe(500);
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '250' }))).toBe(250);
    const now = Date.parse('2026-01-15T00:00:00Z');
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Thu, 15 Jan 2026 00:00:10 GMT' }), now)).toBe(10_000);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfter(new Headers())).toBeUndefined();
  });
});
