import { describe, expect, it } from 'vitest';
import { currentWage, type WageRecord } from './schemas.js';

const wage = (effectiveDate: string, endDate: string | null, regularRateCents = 1500): WageRecord => ({
  wageType: 'hourly',
  regularRateCents,
  overtimeEligible: true,
  overtimeRateCents: 2250,
  effectiveDate,
  endDate,
});

describe('currentWage', () => {
  it('is the record without an end date, wherever the history lists it', () => {
    const open = wage('2024-03-01', null, 1800);
    expect(currentWage([wage('2025-01-01', '2025-02-01'), open, wage('2023-01-01', '2024-03-01')])).toBe(open);
  });

  it('is the newest record when every record has ended, and undefined for no history', () => {
    const newest = wage('2025-06-01', '2025-07-01', 2000);
    expect(currentWage([wage('2024-01-01', '2025-06-01'), newest, wage('2023-01-01', '2024-01-01')])).toBe(newest);
    expect(currentWage([])).toBeUndefined();
  });
});
