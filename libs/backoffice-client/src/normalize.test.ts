import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, emailKey, phoneDigits, phoneKey } from './normalize.js';
import { phoneSchema } from './schemas.js';

describe('phone rules', () => {
  it('strips every non-digit', () => {
    expect(phoneDigits('(555) 010-0001')).toBe('5550100001');
    expect(phoneDigits('+1 555.010.0001 ext')).toBe('15550100001');
  });
  it.each([
    ['(555) 010-0001', true],
    ['555-010-001', true],
    ['1-555-010-0001', false],
    ['5550100', false],
    ['', false],
  ])('%j valid: %s', (phone, valid) => expect(phoneSchema.safeParse(phone).success).toBe(valid));
  it('compares by digits without a leading US country code', () => {
    expect(phoneKey('15550100001')).toBe('5550100001');
    expect(phoneKey('5550100001')).toBe('5550100001');
    expect(phoneKey('25550100001')).toBe('25550100001');
  });
});

describe('email rules', () => {
  it.each(['jamie.example@example.com', 'a@b.co'])('accepts %j', (email) => expect(EMAIL_PATTERN.test(email)).toBe(true));
  it.each(['jamie', 'jamie@example', 'ja mie@example.com', '@example.com'])('rejects %j', (email) =>
    expect(EMAIL_PATTERN.test(email)).toBe(false),
  );
  it('compares case-insensitively after trimming', () => {
    expect(emailKey('  JAMIE.Example@Example.com ')).toBe('jamie.example@example.com');
  });
});
