import { describe, expect, it } from 'vitest';
import { vendorDateTimeToIso } from './common.js';
import { EmployeeSchema } from './employees.js';
import { RecurringAccountSchema, RecurringStatusChangeSchema } from './recurring.js';
import { SalesOutcomeSchema } from './sales-outcomes.js';

describe('vendor date-times', () => {
  it('reads YYYY-MM-DD HH:MM:SS as UTC, keeps an explicit offset, and reads a date alone as midnight UTC', () => {
    expect(vendorDateTimeToIso('2025-01-15 22:03:29')).toBe('2025-01-15T22:03:29.000Z');
    expect(vendorDateTimeToIso('2025-01-15T22:03:29')).toBe('2025-01-15T22:03:29.000Z');
    expect(vendorDateTimeToIso('2020-05-19T05:32:32.000Z')).toBe('2020-05-19T05:32:32.000Z');
    expect(vendorDateTimeToIso('2025-01-15T16:03:29-06:00')).toBe('2025-01-15T22:03:29.000Z');
    expect(vendorDateTimeToIso('1999-12-31')).toBe('1999-12-31T00:00:00.000Z');
  });

  it('refuses what is not a date-time, or a day that does not exist', () => {
    for (const text of ['', 'yesterday', '01/15/2025 10:00:00', '2025-02-30 10:00:00', '2025-01-15 25:00:00']) {
      expect(vendorDateTimeToIso(text)).toBeNull();
    }
  });
});

describe('resource models', () => {
  it("a recurring account without statusName is named from its code", () => {
    const row = RecurringAccountSchema.parse({ id: '1:1', name: '', signUpDate: '2025-12-01 08:45:00', cancelDate: '', billingSiteId: 5, customerId: null, status: '7', billingSiteCode: 'MAIN' });
    expect(row).toMatchObject({ name: null, cancelDate: null, status: 7, statusName: 'Cancelled', billingSiteCode: 'MAIN' });
  });

  it('status changes are read from camelCase keys too, and an empty old status is null', () => {
    const change = RecurringStatusChangeSchema.parse({
      washbookAccountId: '1:1', recurringId: '1:1', oldStatus: '', newStatus: 'Active', statusDate: '2026-01-10 08:45:00', employeeName: null, siteCode: 'MAIN',
    });
    expect(change).toMatchObject({ oldStatus: null, statusDate: '2026-01-10T08:45:00.000Z', employeeName: null });
  });

  it('isConverted reads yes/no in any case and booleans; anything else is refused', () => {
    const row = { timestamp: 1768435200, employeeId: 7, adpId: null, employeeName: 'R', siteId: 1, site: 'S', itemId: '', itemName: '', itemPrice: '', terminalName: '' };
    expect(SalesOutcomeSchema.parse({ ...row, isConverted: 'YES' })).toMatchObject({ isConverted: true, employeeId: '7', itemId: null, itemPrice: null, timestamp: '2026-01-15T00:00:00.000Z' });
    expect(SalesOutcomeSchema.parse({ ...row, isConverted: false }).isConverted).toBe(false);
    expect(SalesOutcomeSchema.safeParse({ ...row, isConverted: 'maybe' }).success).toBe(false);
  });

  it('an employee id sent as a string is a number; a start date sent as a date-time keeps its UTC date', () => {
    expect(EmployeeSchema.parse({ employeeId: '12', firstName: 'A', lastName: 'B', active: 'true', startDate: '2020-03-01 00:00:00', startDateChange: null, phone: '', email: null }))
      .toEqual({ employeeId: 12, firstName: 'A', lastName: 'B', active: true, startDate: '2020-03-01', startDateChange: null, phone: null, email: null });
  });
});
