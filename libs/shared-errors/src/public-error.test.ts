import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AuthenticationError,
  BackofficeServerError,
  INTERNAL_ERROR_MESSAGE,
  REDACTED,
  ValidationError,
  WashOpsError,
  redact,
  registerSecret,
  toPublicError,
  toWashOpsError,
  unregisterSecret,
} from './index.js';

/** A value that must never reach a user, a log or a model. */
const CANARY = 'canary-Zx9!secret-41f2';

afterEach(() => unregisterSecret(CANARY));

describe('toPublicError', () => {
  it('keeps the code, message and details of a WashOps error', () => {
    const error = new ValidationError('phone: 9 or 10 digits must remain', { details: { field: 'phone' } });
    expect(toPublicError(error)).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'phone: 9 or 10 digits must remain',
      details: { field: 'phone' },
    });
  });

  it('turns unknown thrown values into a generic internal error that reveals nothing', () => {
    for (const thrown of [new Error(`db password is ${CANARY}`), `raw ${CANARY}`, 42, null, undefined, { a: 1 }]) {
      const pub = toPublicError(thrown);
      expect(pub).toEqual({ code: 'INTERNAL_ERROR', message: INTERNAL_ERROR_MESSAGE, details: {} });
    }
  });

  it('turns schema errors into a validation error naming each field', () => {
    const schema = z.object({ email: z.string().email(), posPin: z.number().int().min(10000) });
    const result = schema.safeParse({ email: 'nope', posPin: 5 });
    expect(result.success).toBe(false);
    const pub = toPublicError(result.error);
    expect(pub.code).toBe('VALIDATION_ERROR');
    expect(pub.message).toMatch(/^Invalid input: email: .+; posPin: .+/);
    expect(pub.details['issues']).toEqual([
      { path: 'email', message: expect.any(String) },
      { path: 'posPin', message: expect.any(String) },
    ]);
  });

  it('masks values under secret keys in details, at any depth', () => {
    const error = new AuthenticationError('Sign-in failed', {
      details: {
        username: 'bot',
        password: CANARY,
        request: { headers: { Cookie: `PHPSESSID=${CANARY}`, 'X-Sonnys-API-Key': CANARY, authorization: CANARY } },
        attempts: [{ apiKey: CANARY, session_id: CANARY }],
      },
    });
    const pub = toPublicError(error);
    expect(JSON.stringify(pub)).not.toContain(CANARY);
    expect(pub.details['username']).toBe('bot');
    expect(pub.details['password']).toBe(REDACTED);
  });

  it('masks a registered secret wherever it appears in a message or a value', () => {
    registerSecret(CANARY);
    const error = new BackofficeServerError(`Login as bot with ${CANARY} failed`, {
      details: { note: `the body echoed ${CANARY}`, nested: [`x${CANARY}y`] },
    });
    const shown = [JSON.stringify(toPublicError(error)), JSON.stringify(error), JSON.stringify(error.toJSON())];
    for (const text of shown) {
      expect(text).not.toContain(CANARY);
      expect(text).toContain(REDACTED);
    }
  });

  it('masks session cookie pairs inside free text even when not registered', () => {
    const pub = toPublicError(new WashOpsError('request failed', { details: { header: 'PHPSESSID=abc123def; path=/' } }));
    expect(pub.details['header']).toBe(`PHPSESSID=${REDACTED}; path=/`);
  });

  it('never carries the cause, which may hold secrets', () => {
    registerSecret(CANARY);
    const error = new ValidationError('rejected', { cause: { body: `password=${CANARY}` } });
    expect(JSON.stringify(toPublicError(error))).not.toContain(CANARY);
  });

  it('does not register secrets too short to mask safely', () => {
    registerSecret('abc');
    expect(toPublicError(new ValidationError('abc is fine')).message).toBe('abc is fine');
    unregisterSecret('abc');
  });
});

describe('toWashOpsError', () => {
  it('passes WashOps errors through and wraps everything else', () => {
    const known = new ValidationError('x');
    expect(toWashOpsError(known)).toBe(known);
    const wrapped = toWashOpsError(new TypeError('boom'));
    expect(wrapped.code).toBe('INTERNAL_ERROR');
    expect(wrapped.cause).toBeInstanceOf(TypeError);
    const schemaError = z.string().safeParse(1).error;
    expect(toWashOpsError(schemaError)).toBeInstanceOf(ValidationError);
  });
});

describe('redact', () => {
  it('cuts cycles and leaves plain values alone', () => {
    const value: Record<string, unknown> = { a: 1, list: [true, null], when: new Date(0) };
    value['self'] = value;
    expect(redact(value)).toEqual({ a: 1, list: [true, null], when: '1970-01-01T00:00:00.000Z', self: '[Circular]' });
  });
});
