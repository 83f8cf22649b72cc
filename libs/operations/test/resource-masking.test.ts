import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contactView, maskEmail, maskPhone } from '../src/schemas.js';

// Masked contact details: enough to tell two customers apart, never enough to reach one.

const digitsOf = (text: string) => text.replace(/\D/g, '');

describe('masking contact details', () => {
  it('a phone keeps only its last four digits, whatever its punctuation', () => {
    expect(maskPhone('(312) 555-0101')).toBe('(•••) •••-0101');
    expect(maskPhone('+1 312.555.0101')).toBe('(•••) •••-0101');
    expect(maskPhone('12')).toBe('•••');
    expect(maskPhone(null)).toBeNull();
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789 ()-+.'), maxLength: 30 }), (phone) => {
        const masked = maskPhone(phone) as string;
        const digits = digitsOf(phone);
        expect(digitsOf(masked)).toBe(digits.length >= 4 ? digits.slice(-4) : '');
      }),
    );
  });

  it("an email keeps its first character and domain only", () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j•••@example.com');
    expect(maskEmail('not-an-email')).toBe('•••');
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const masked = maskEmail(email) as string;
        const local = email.slice(0, email.lastIndexOf('@'));
        expect(masked).toBe(`${local[0]}•••${email.slice(email.lastIndexOf('@'))}`);
        // The local part is gone from what is shown before the @ (the domain may happen to contain it).
        if (local.length > 1) expect(masked.slice(0, masked.lastIndexOf('@'))).not.toContain(local);
      }),
    );
  });

  it('an address keeps its city, state and country; the street, postal code and birth date are left out; shown whole when allowed', () => {
    const contact = { phone: '3125550101', email: 'ada@example.com', address1: '1 Main St', address2: 'Apt 2', postalCode: '60601', city: 'Chicago', state: 'IL', country: 'US', birthDate: '1990-12-10' };
    expect(contactView(contact, false)).toEqual({ phone: '(•••) •••-0101', email: 'a•••@example.com', address1: null, address2: null, postalCode: null, city: 'Chicago', state: 'IL', country: 'US', birthDate: null, masked: true });
    expect(contactView(contact, true)).toEqual({ ...contact, masked: false });
  });
});
