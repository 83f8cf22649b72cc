import type { Employee, WageRecord } from '@washops/operations/schemas';
import { earliestEffectiveDate } from '@washops/portal-api/schemas';
import { describe, expect, it } from 'vitest';
import {
  emptyWageForm,
  PROFILE_FIELD_ALIASES,
  profileChangesOf,
  profileFormOf,
  validateProfileForm,
  validateWageForm,
} from './employee-profile-form';

const wage = (effectiveDate: string, endDate: string | null, regularRateCents = 1500): WageRecord => ({
  wageType: 'hourly',
  regularRateCents,
  overtimeEligible: true,
  overtimeRateCents: Math.round(regularRateCents * 1.5),
  effectiveDate,
  endDate,
});

const employee: Employee = {
  employeeId: 42,
  posUserId: 7217,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '(555) 010-0001',
  email: 'ada@example.com',
  departments: ['Cashier'],
  startDate: '2026-04-13',
  active: true,
  availableSites: 'all',
  emergencyContactName: '',
  emergencyContactPhone: '',
  payrollEmployeeId: 'P-7',
  compensation: [wage('2026-07-07', null, 1600), wage('2026-04-13', '2026-07-06')],
  permission: { custom: false, templateId: 2, template: 'Cashier', grants: [22], overrides: [] },
};

describe('the edit form', () => {
  it('sends only the fields that changed, and confirms each as old → new', () => {
    const values = { ...profileFormOf(employee), phone: '(555) 010-9999' };
    const { changes, rows } = profileChangesOf(employee, values);
    expect(changes).toEqual({ phone: '(555) 010-9999' });
    expect(rows).toEqual([{ field: 'phone', label: 'Phone', from: '(555) 010-0001', to: '(555) 010-9999' }]);
  });

  it('sees an untouched form, reordered departments and the same sites as no change', () => {
    expect(validateProfileForm(employee, profileFormOf(employee)).errors).toEqual({ form: 'Nothing has changed: edit a field first.' });
    const reordered = { ...employee, departments: ['Cashier', 'Line'] };
    expect(profileChangesOf(reordered, { ...profileFormOf(reordered), departments: ['Line', 'Cashier'] }).rows).toEqual([]);
  });

  it('names a new PIN without showing it, and sends it as a number', () => {
    const { changes, rows } = profileChangesOf(employee, { ...profileFormOf(employee), posPin: '24681' });
    expect(changes).toEqual({ posPin: 24_681 });
    expect(JSON.stringify(rows)).not.toContain('24681');
  });

  it('reports a sites change from all to some, and clearing an optional field', () => {
    const { changes, rows } = profileChangesOf(employee, { ...profileFormOf(employee), allSites: false, sites: ['Fiesta'], payrollEmployeeId: '' });
    expect(changes).toEqual({ availableSites: ['Fiesta'], payrollEmployeeId: '' });
    expect(rows.map((r) => [r.label, r.from, r.to])).toEqual([
      ['Payroll id', 'P-7', '(empty)'],
      ['Sites', 'All sites', 'Fiesta'],
    ]);
  });

  it('refuses what the server would, with its messages, at the form field', () => {
    const { errors } = validateProfileForm(employee, { ...profileFormOf(employee), phone: '12', posPin: '123' });
    expect(errors).toEqual({ phone: 'phone must have 9 or 10 digits once symbols are stripped', posPin: 'posPin must be a 5-digit number (10000-99999)' });
    expect(PROFILE_FIELD_ALIASES['changes.phone']).toBe('phone');
    expect(PROFILE_FIELD_ALIASES['changes.availableSites']).toBe('sites');
  });
});

describe('a new wage', () => {
  it('may take effect from the day after the latest record, whatever the order of the history', () => {
    expect(earliestEffectiveDate(employee.compensation)).toBe('2026-07-08');
    expect(earliestEffectiveDate([wage('2026-12-31', null)])).toBe('2027-01-01');
    expect(earliestEffectiveDate([])).toBeNull();
  });

  it('starts at today, or at the earliest date the BackOffice applies when that is later', () => {
    expect(emptyWageForm(employee.compensation, '2026-11-24').effectiveDate).toBe('2026-11-24');
    expect(emptyWageForm([wage('2026-12-01', null)], '2026-11-24').effectiveDate).toBe('2026-12-02');
  });

  it('refuses a date the BackOffice would ignore, saying why', () => {
    const { errors, summary } = validateWageForm(employee.compensation, true, { regularRate: '17.50', overtimeRate: '', effectiveDate: '2026-07-07' });
    expect(errors['effectiveDate']).toBe('Choose Jul 8, 2026 or later: the BackOffice ignores a wage effective before the day after the latest one.');
    expect(summary).toBeNull();
  });

  it('names the rates in dollars, the default overtime rate worked out, and the date', () => {
    const { errors, input, summary } = validateWageForm(employee.compensation, true, { regularRate: '17.25', overtimeRate: '', effectiveDate: '2030-01-15' });
    expect(errors).toEqual({});
    expect(input).toEqual({ regularRate: '17.25', effectiveDate: '2030-01-15' });
    expect(summary).toEqual({ regular: '$17.25/hr', overtime: '$25.88/hr (1.5 × the regular rate)', effective: 'Jan 15, 2030' });
    expect(validateWageForm(employee.compensation, false, { regularRate: '17.25', overtimeRate: '', effectiveDate: '' }).summary?.overtime).toMatch(/^none/);
  });

  it('refuses a malformed rate with the schema message', () => {
    expect(validateWageForm([], true, { regularRate: '12.345', overtimeRate: '', effectiveDate: '' }).errors).toEqual({
      regularRate: 'must be a non-negative amount of dollars with at most two decimals',
    });
  });
});
