import { describe, expect, it } from 'vitest';
import { formatCents, overtimeCents } from '@washops/client-core';
import { formatFormDate } from './pages/form.js';
import { createEmployeeInputSchema } from './schemas.js';
import { PASSWORD_SYMBOLS, generatePassword, generatePin } from './secrets.js';

describe('money', () => {
  it.each([
    [1000, 1500],
    [1725, 2588], // 25.875 → 25.88 (half-even: 8 is even)
    [1475, 2212], // 22.125 → 22.12
    [3, 4], // 0.045 → 0.04
    [1, 2], // 0.015 → 0.02
    [0, 0],
  ])('overtime of %i cents is %i cents (1.5×, half-even)', (regular, overtime) => expect(overtimeCents(regular)).toBe(overtime));

  it('formats cents as "%.2f" and days as MM/DD/YYYY', () => {
    expect(formatCents(2588)).toBe('25.88');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(150000)).toBe('1500.00');
    expect(formatFormDate({ year: 2026, month: 5, day: 1 })).toBe('05/01/2026');
  });

  it('turns dollars into integer cents without float drift', () => {
    const base = {
      firstName: 'A',
      lastName: 'B',
      phone: '5550100001',
      email: 'a@b.co',
      posUserId: 1,
      startDate: new Date(Date.UTC(2026, 4, 1)),
      availableSites: 'all' as const,
      permission: 'x',
      departments: ['Cashier'],
    };
    expect(createEmployeeInputSchema.parse({ ...base, wageRate: 17.25 }).wageRate).toBe(1725);
    expect(createEmployeeInputSchema.parse({ ...base, wageRate: 0.29 }).wageRate).toBe(29);
    expect(createEmployeeInputSchema.parse({ ...base, wageRate: '14.5' }).wageRate).toBe(1450);
    expect(createEmployeeInputSchema.parse({ ...base, wageRate: 1 }).startDate).toEqual({ year: 2026, month: 5, day: 1 });
    expect(createEmployeeInputSchema.safeParse({ ...base, wageRate: -1 }).success).toBe(false);
    expect(createEmployeeInputSchema.safeParse({ ...base, wageRate: '1.234' }).success).toBe(false);
    // Large two-decimal amounts drift when multiplied by 100 (14062761339.000002); they are exact.
    expect(createEmployeeInputSchema.parse({ ...base, wageRate: 140627613.39 }).wageRate).toBe(14_062_761_339);
    expect(createEmployeeInputSchema.parse({ ...base, wageRate: 999999999.99 }).wageRate).toBe(99_999_999_999);
    expect(createEmployeeInputSchema.safeParse({ ...base, wageRate: 0.001 }).success).toBe(false);
  });
});

describe('generated secrets', () => {
  it('makes 5-digit PINs', () => {
    for (let i = 0; i < 500; i++) {
      const pin = generatePin();
      expect(pin).toBeGreaterThanOrEqual(10_000);
      expect(pin).toBeLessThanOrEqual(99_999);
    }
  });

  it('makes 16-character passwords with a letter, a digit and a symbol, all different', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(16);
      expect(password).toMatch(/[A-Za-z]/);
      expect(password).toMatch(/\d/);
      expect([...password].some((c) => PASSWORD_SYMBOLS.includes(c))).toBe(true);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });
});
