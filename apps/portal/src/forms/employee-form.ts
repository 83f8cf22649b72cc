import { withoutUndefined } from '@washops/client-core';
import { createEmployeeInputSchema, type CreateEmployeeInput } from '@washops/portal-api/schemas';

/** What the create-employee form holds: strings and choices, as typed. */
export interface EmployeeFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  posUserId: string;
  posPin: string;
  wageRate: string;
  overtimeWageRate: string;
  startDate: string;
  allSites: boolean;
  sites: string[];
  departments: string[];
  permission: string;
  payrollEmployeeId: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  requiresBackoffice: boolean;
  backofficeUsername: string;
  backofficePassword: string;
}

export function emptyEmployeeForm(today: string): EmployeeFormValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    posUserId: '',
    posPin: '',
    wageRate: '',
    overtimeWageRate: '',
    startDate: today,
    allSites: true,
    sites: [],
    departments: [],
    permission: '',
    payrollEmployeeId: '',
    emergencyContactName: '',
    emergencyContactPhone: '',
    requiresBackoffice: false,
    backofficeUsername: '',
    backofficePassword: '',
  };
}

/** Whole numbers become numbers; anything else is passed on for the schema to name the problem. */
export function wholeNumber(text: string): number | string {
  const trimmed = text.trim();
  return /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

const optional = (text: string) => (text.trim() === '' ? undefined : text);

/** The client's input, built from the form; the client's schema then validates it, here and on the server. */
export function toCreateEmployeeInput(values: EmployeeFormValues): CreateEmployeeInput {
  const input = {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone,
    posUserId: values.posUserId.trim() === '' ? undefined : wholeNumber(values.posUserId),
    wageRate: values.wageRate.trim(),
    startDate: values.startDate,
    availableSites: values.allSites ? 'all' : values.sites,
    permission: values.permission,
    departments: values.departments,
    posPin: values.posPin.trim() === '' ? undefined : wholeNumber(values.posPin),
    overtimeWageRate: optional(values.overtimeWageRate)?.trim(),
    payrollEmployeeId: optional(values.payrollEmployeeId),
    emergencyContactName: optional(values.emergencyContactName),
    emergencyContactPhone: optional(values.emergencyContactPhone),
    requiresBackoffice: values.requiresBackoffice,
    backofficeUsername: values.requiresBackoffice ? optional(values.backofficeUsername) : undefined,
    backofficePassword: values.requiresBackoffice ? optional(values.backofficePassword) : undefined,
  };
  // Unset optional fields are left out: the schema is strict about unknown keys, not about absent ones.
  return withoutUndefined(input) as CreateEmployeeInput;
}

/** Field → first message, from schema issues (browser) or a server error's issues. */
export function fieldErrorsFromIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Validates the form with the same schema the server uses; returns field errors or the input. */
export function validateEmployeeForm(values: EmployeeFormValues): { input: CreateEmployeeInput; errors: Record<string, string> } {
  const input = toCreateEmployeeInput(values);
  const result = createEmployeeInputSchema.safeParse(input);
  const errors = result.success ? {} : fieldErrorsFromIssues(result.error.issues);
  if (!('posUserId' in input)) errors['posUserId'] = 'posUserId is required';
  if (!values.allSites && values.sites.length === 0) errors['availableSites'] ??= 'Choose at least one site, or all sites';
  return { input, errors };
}
