import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, emailKey, isValidPhone, phoneDigits } from './normalize.js';

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
  ])('%j valid: %s', (phone, valid) => expect(isValidPhone(phone)).toBe(valid));
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
