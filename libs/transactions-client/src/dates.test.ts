import { DateRangeError, ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { checkRange, toUnixSeconds } from './dates.js';

describe('toUnixSeconds', () => {
  it('reads a date-only ISO string as midnight UTC', () => {
    expect(toUnixSeconds('2026-01-15')).toBe(1768435200);
    expect(toUnixSeconds('2025-06-15')).toBe(1749945600);
  });
  it('reads an ISO date-time without an offset as UTC and keeps an explicit offset', () => {
    expect(toUnixSeconds('2026-01-15T06:00:00')).toBe(1768435200 + 6 * 3600);
    expect(toUnixSeconds('2026-01-15T00:00:00-06:00')).toBe(1768435200 + 6 * 3600);
    expect(toUnixSeconds('2026-01-15T00:00:00.999Z')).toBe(1768435200);
  });
  it('accepts Unix seconds and Dates', () => {
    expect(toUnixSeconds(1768435200)).toBe(1768435200);
    expect(toUnixSeconds(new Date('2026-01-15T00:00:00Z'))).toBe(1768435200);
  });
  it.each(['06/01/2025', '', '2026-13-01', '2026-02-30', '2026-02-30T10:00:00+01:00', '2026-04-31T00:00:00Z', 'yesterday'])('rejects %j with a ValidationError', (bad) => {
    expect(() => toUnixSeconds(bad, 'startDate')).toThrow(ValidationError);
  });
  it('rejects a millisecond timestamp passed as Unix seconds, saying so', () => {
    expect(() => toUnixSeconds(1768435200000, 'startDate')).toThrow(/milliseconds/);
    expect(() => toUnixSeconds(1768435200000)).toThrow(ValidationError);
    expect(toUnixSeconds(4102444800)).toBe(4102444800); // 2100-01-01 is still seconds
  });
  it('rejects negative or non-finite numbers and invalid Dates', () => {
    expect(() => toUnixSeconds(-1)).toThrow(ValidationError);
    expect(() => toUnixSeconds(Number.NaN)).toThrow(ValidationError);
    expect(() => toUnixSeconds(new Date('nope'))).toThrow(ValidationError);
  });
});

describe('checkRange', () => {
  const start = 1768435200;
  it('accepts exactly 31 days and rejects a second more', () => {
    expect(() => checkRange(start, start + 31 * 86400)).not.toThrow();
    expect(() => checkRange(start, start + 31 * 86400 + 1)).toThrow(DateRangeError);
  });
  it('rejects an end before the start, as a ValidationError too', () => {
    const error = (() => {
      try {
        checkRange(start, start - 1);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DateRangeError);
    expect(error).toBeInstanceOf(ValidationError);
  });
  it('applies a custom maximum such as the 24-hour job limit', () => {
    expect(() => checkRange(start, start + 86400, 1)).not.toThrow();
    expect(() => checkRange(start, start + 86401, 1)).toThrow(/at most 1 days/);
  });
});
