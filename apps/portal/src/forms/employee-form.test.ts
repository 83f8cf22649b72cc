import { createEmployeeInputSchema } from '@washops/backoffice-client';
import { describe, expect, it } from 'vitest';
import { emptyEmployeeForm, toCreateEmployeeInput, validateEmployeeForm, type EmployeeFormValues } from './employee-form';

function filled(overrides: Partial<EmployeeFormValues> = {}): EmployeeFormValues {
  return {
    ...emptyEmployeeForm('2026-11-22'),
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '(555) 010-2000',
    posUserId: '4321',
    wageRate: '15.50',
    permission: 'Cashier',
    departments: ['Cashier'],
    ...overrides,
  };
}

describe('the create-employee form', () => {
  it('builds the client input the server accepts, leaving unset options out', () => {
    const { input, errors } = validateEmployeeForm(filled());
    expect(errors).toEqual({});
    expect(input).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '(555) 010-2000',
      posUserId: 4321,
      wageRate: '15.50',
      startDate: '2026-11-22',
      availableSites: 'all',
      permission: 'Cashier',
      departments: ['Cashier'],
      requiresBackoffice: false,
    });
    expect(createEmployeeInputSchema.safeParse(input).success).toBe(true);
  });

  it('shows the server schema messages at each field', () => {
    const { errors } = validateEmployeeForm(
      filled({ email: 'ada@nowhere', phone: '12', posUserId: 'abc', posPin: '99', wageRate: '1.234', departments: [], allSites: false }),
    );
    expect(errors).toMatchObject({
      email: 'email must look like name@domain.tld',
      phone: 'phone must have 9 or 10 digits once symbols are stripped',
      posUserId: 'posUserId must be a number',
      posPin: 'posPin must be a 5-digit number (10000-99999)',
      departments: 'Choose at least one department',
    });
    expect(errors['wageRate']).toMatch(/two decimals/);
    expect(errors['availableSites']).toBeDefined();
  });

  it('asks for a Back Office username only when a Back Office user is wanted, and passes specific sites', () => {
    expect(validateEmployeeForm(filled({ requiresBackoffice: true })).errors['backofficeUsername']).toBe(
      'backofficeUsername is required when requiresBackoffice is true',
    );
    const input = toCreateEmployeeInput(filled({ allSites: false, sites: ['Main Street'], backofficeUsername: 'ignored' }));
    expect(input.availableSites).toEqual(['Main Street']);
    expect(input).not.toHaveProperty('backofficeUsername');
  });
});
