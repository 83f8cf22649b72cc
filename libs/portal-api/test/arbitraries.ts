import fc from 'fast-check';
import { expect } from 'vitest';
import { errorOf } from './helpers.js';

/** Characters the portal refuses in any text: controls, bidirectional formatting marks, line separators. */
export const HIDDEN_CHARACTERS = [
  '\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u061c', '\u200e', '\u200f',
  '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u2028', '\u2029',
];
const HIDDEN = new RegExp(`[${HIDDEN_CHARACTERS.join('')}]`, 'u');

/** Visible text with something besides spaces, at most `max` UTF-16 units once trimmed (as zod counts). */
export function visibleText(max: number): fc.Arbitrary<string> {
  return fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: Math.min(max, 30) })
    .filter((text) => !HIDDEN.test(text) && text.trim().length > 0 && text.length <= max);
}

/** `text` with one hidden character put somewhere in it. */
export function withHiddenCharacter(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(text, fc.constantFrom(...HIDDEN_CHARACTERS), fc.nat()).map(([value, hidden, at]) => {
    const index = at % (value.length + 1);
    return value.slice(0, index) + hidden + value.slice(index);
  });
}

/** Values of other types than a field expects. */
export const notAString = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }), fc.object({ maxDepth: 1 }));
export const notANumber = fc.oneof(fc.string({ maxLength: 5 }), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }));

export const email = fc.stringMatching(/^[a-z0-9][a-z0-9._]{0,15}@[a-z0-9-]{1,15}\.[a-z]{2,6}$/);
export const phone = fc.stringMatching(/^\(\d{3}\) \d{3}-\d{4}$/);
export const posUserId = fc.integer({ min: 1, max: 2_147_483_647 });
export const outOfRangePosUserId = fc.oneof(
  fc.integer({ max: 0 }),
  fc.integer({ min: 2_147_483_648, max: Number.MAX_SAFE_INTEGER }),
  fc.double({ min: 1.000001, max: 1e6, noNaN: true }).filter((n) => !Number.isInteger(n)),
);

/** A change to one field of an otherwise valid input. */
export function setField<T extends object>(field: string, value: fc.Arbitrary<unknown>): fc.Arbitrary<(input: T) => T> {
  return value.map((v) => (input: T) => ({ ...input, [field]: v }));
}

/** Valid inputs with one field made invalid by one of `changes`. */
export function broken<T extends object>(valid: fc.Arbitrary<T>, ...changes: Array<fc.Arbitrary<(input: T) => T>>): fc.Arbitrary<T> {
  return fc.tuple(valid, fc.oneof(...changes)).map(([input, change]) => change(input));
}

/** Fails unless the call is refused as bad input. */
export async function expectBadRequest(call: Promise<unknown>): Promise<void> {
  const error = await errorOf(call);
  expect(error.code, error.message).toBe('BAD_REQUEST');
}

export const RUNS = { numRuns: 60 };
