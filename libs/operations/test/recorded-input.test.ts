import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordedInput, SECRET_INPUT_FIELDS } from '../src/index.js';

/** Every string and number anywhere in a value. */
function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

describe('recordedInput', () => {
  it('records a PIN or a password only as "set" or "generated"', () => {
    expect(recordedInput({ firstName: 'Ada', posPin: 48213, backofficePassword: 'S3cret!pass' }, ['posPin', 'backofficePassword'])).toEqual({
      firstName: 'Ada',
      posPin: 'set',
      backofficePassword: 'set',
    });
    expect(recordedInput({ firstName: 'Ada' }, ['posPin'])).toEqual({ firstName: 'Ada', posPin: 'generated' });
    expect(recordedInput({ username: 'u', password: '' }, ['password'])).toEqual({ username: 'u', password: 'generated' });
    // A secret the write does not make is simply absent.
    expect(recordedInput({ firstName: 'Ada', backofficePassword: undefined })).toEqual({ firstName: 'Ada' });
  });

  it('masks other secret-named keys, keeps dates as ISO text and ignores what is not an object', () => {
    expect(recordedInput({ apiKey: 'k-123456', nested: { token: 'tok-123456' }, startDate: new Date('2026-05-01T00:00:00Z') })).toEqual({
      apiKey: '[REDACTED]',
      nested: { token: '[REDACTED]' },
      startDate: '2026-05-01T00:00:00.000Z',
    });
    expect(recordedInput(null)).toEqual({});
    expect(recordedInput(['posPin', 1234])).toEqual({});
  });

  it('never lets a PIN or password value through, whatever the other fields hold', () => {
    const secretValue = fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.integer({ min: 10_000, max: 99_999 }));
    const ordinary = fc.dictionary(
      fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !(SECRET_INPUT_FIELDS as readonly string[]).includes(key) && key !== '__proto__'),
      fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null)),
      { maxKeys: 6 },
    );
    fc.assert(
      fc.property(ordinary, fc.record({ posPin: secretValue, backofficePassword: secretValue, password: secretValue }, { requiredKeys: [] }), (plain, secrets) => {
        const recorded = recordedInput({ ...plain, ...secrets }, ['posPin']);
        for (const field of SECRET_INPUT_FIELDS) {
          const given = secrets[field];
          const marker = recorded[field];
          if (given !== undefined && given !== '') expect(marker).toBe('set');
          else expect([undefined, 'generated']).toContain(marker);
        }
        // No recorded leaf is a secret the caller gave, unless an ordinary field held that very value itself.
        const ordinaryValues = new Set(leaves(plain).map(String));
        for (const leaf of leaves(recorded)) {
          for (const secret of Object.values(secrets)) {
            if (secret === '' || ordinaryValues.has(String(secret))) continue;
            expect(leaf === secret || leaf === String(secret)).toBe(false);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
