import { DateRangeError, ValidationError, registerSecret, unregisterSecret } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATE_RANGE_ISSUE, parseInput } from './validate.js';

const range = z
  .object({ start: z.number(), end: z.number() })
  .superRefine((value, ctx) => {
    if (value.end < value.start) ctx.addIssue({ code: 'custom', message: 'end is before start', params: { code: DATE_RANGE_ISSUE } });
  });

describe('parseInput', () => {
  it('returns the parsed value', () => {
    expect(parseInput(z.object({ n: z.coerce.number() }), { n: '4' })).toEqual({ n: 4 });
  });

  it('lists every issue in a ValidationError naming what was invalid', () => {
    const error = (() => {
      try {
        parseInput(z.object({ a: z.string(), b: z.number() }), { a: 1, b: 'x' }, 'employee');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).not.toBeInstanceOf(DateRangeError);
    expect((error as ValidationError).message).toMatch(/^Invalid employee: a: .+; b: .+/);
    expect((error as ValidationError).details['issues']).toHaveLength(2);
  });

  it('raises DateRangeError when only the range is wrong (even twice), ValidationError when there are other problems', () => {
    const twice = z.object({ a: range, b: range });
    expect(() => parseInput(twice, { a: { start: 2, end: 1 }, b: { start: 5, end: 4 } })).toThrow(DateRangeError);
    expect(() => parseInput(twice, { a: { start: 2, end: 1 }, b: { start: 5, end: 4 } })).toThrow('end is before start; end is before start');
    expect(() => parseInput(range, { start: 2, end: 1 })).toThrow(DateRangeError);
    expect(() => parseInput(range, { start: 2, end: 1 })).toThrow('end is before start');
    expect(() => parseInput(z.object({ r: range, x: z.string() }), { r: { start: 2, end: 1 }, x: 1 })).toThrow(ValidationError);
  });

  it('masks registered secrets that a message would echo', () => {
    registerSecret('canary-0c9f1e');
    try {
      const schema = z.string().refine(() => false, { message: 'bad value canary-0c9f1e' });
      expect(() => parseInput(schema, 'x')).toThrow(/\[REDACTED\]/);
      expect(() => parseInput(schema, 'x')).not.toThrow(/canary-0c9f1e/);
    } finally {
      unregisterSecret('canary-0c9f1e');
    }
  });
});
