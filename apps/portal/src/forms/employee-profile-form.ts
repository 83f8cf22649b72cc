import { formatUsd, overtimeCents, withoutUndefined } from '@washops/client-core';
import { earliestEffectiveDate, employeeChangesSchema, setWageInputSchema, type EmployeeChanges } from '@washops/portal-api/schemas';
import type { Employee, EmployeeChangeField, SetWageInput, WageRecord } from '@washops/operations/schemas';
import { fieldErrorsFromIssues, wholeNumber } from './employee-form';

/** The edit form: the profile as text and choices, pre-filled from the employee. An empty PIN keeps the current one. */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  departments: string[];
  allSites: boolean;
  sites: string[];
  startDate: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  payrollEmployeeId: string;
  posPin: string;
}

export function profileFormOf(employee: Employee): ProfileFormValues {
  return {
    firstName: employee.firstName,
    lastName: employee.lastName,
    phone: employee.phone,
    email: employee.email,
    departments: [...employee.departments],
    allSites: employee.availableSites === 'all',
    sites: employee.availableSites === 'all' ? [] : [...employee.availableSites],
    startDate: employee.startDate ?? '',
    emergencyContactName: employee.emergencyContactName,
    emergencyContactPhone: employee.emergencyContactPhone,
    payrollEmployeeId: employee.payrollEmployeeId,
    posPin: '',
  };
}

/** One line of the confirmation: what the field holds now and what it will hold. */
export interface ProfileChange {
  field: EmployeeChangeField;
  label: string;
  from: string;
  to: string;
}

export const PROFILE_FIELD_LABELS: Record<EmployeeChangeField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  email: 'Email',
  departments: 'Departments',
  availableSites: 'Sites',
  startDate: 'Start date',
  emergencyContactName: 'Emergency contact',
  emergencyContactPhone: 'Emergency contact phone',
  payrollEmployeeId: 'Payroll id',
  posPin: 'POS PIN',
};

const TEXT_FIELDS = ['firstName', 'lastName', 'phone', 'email', 'startDate', 'emergencyContactName', 'emergencyContactPhone', 'payrollEmployeeId'] as const;

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v) => b.includes(v));
const listText = (values: readonly string[]) => (values.length === 0 ? '(none)' : values.join(', '));
const shown = (text: string) => (text === '' ? '(empty)' : text);

/** Only what differs from the employee as read: the changes to send and the lines to confirm. */
export function profileChangesOf(employee: Employee, values: ProfileFormValues): { changes: EmployeeChanges; rows: ProfileChange[] } {
  const current = profileFormOf(employee);
  const changes: Record<string, unknown> = {};
  const rows: ProfileChange[] = [];
  for (const field of TEXT_FIELDS) {
    const to = values[field].trim();
    if (to === current[field].trim()) continue;
    changes[field] = to;
    rows.push({ field, label: PROFILE_FIELD_LABELS[field], from: shown(current[field]), to: shown(to) });
  }
  if (!sameSet(values.departments, current.departments)) {
    changes['departments'] = values.departments;
    rows.push({ field: 'departments', label: PROFILE_FIELD_LABELS.departments, from: listText(current.departments), to: listText(values.departments) });
  }
  const sitesChanged = values.allSites !== current.allSites || (!values.allSites && !sameSet(values.sites, current.sites));
  if (sitesChanged) {
    changes['availableSites'] = values.allSites ? 'all' : values.sites;
    const sitesText = (all: boolean, sites: string[]) => (all ? 'All sites' : listText(sites));
    rows.push({ field: 'availableSites', label: PROFILE_FIELD_LABELS.availableSites, from: sitesText(current.allSites, current.sites), to: sitesText(values.allSites, values.sites) });
  }
  if (values.posPin.trim() !== '') {
    changes['posPin'] = wholeNumber(values.posPin);
    // The PIN is never read back into the portal: the confirmation names the change only.
    rows.push({ field: 'posPin', label: PROFILE_FIELD_LABELS.posPin, from: 'the current PIN', to: 'the new PIN you typed' });
  }
  return { changes: changes as EmployeeChanges, rows };
}

/** The edit form checked with the server's own schema; no change at all is refused here. */
export function validateProfileForm(employee: Employee, values: ProfileFormValues): { changes: EmployeeChanges; rows: ProfileChange[]; errors: Record<string, string> } {
  const { changes, rows } = profileChangesOf(employee, values);
  if (rows.length === 0) return { changes, rows, errors: { form: 'Nothing has changed: edit a field first.' } };
  const result = employeeChangesSchema.safeParse(changes);
  const errors = result.success ? {} : fieldErrorsFromIssues(result.error.issues);
  if (errors['availableSites'] && !values.allSites) errors['sites'] = errors['availableSites'];
  return { changes, rows, errors };
}

/** Server issue paths (`changes.phone`) to the edit form's field names. */
export const PROFILE_FIELD_ALIASES: Record<string, string> = Object.fromEntries(
  Object.keys(PROFILE_FIELD_LABELS).map((field) => [`changes.${field}`, field === 'availableSites' ? 'sites' : field]),
);

/* ---- A new wage ---- */

export interface WageFormValues {
  regularRate: string;
  overtimeRate: string;
  effectiveDate: string;
}

/** Today, or the earliest date the BackOffice applies when that is later. */
export function emptyWageForm(history: readonly WageRecord[], today: string): WageFormValues {
  const earliest = earliestEffectiveDate(history);
  return { regularRate: '', overtimeRate: '', effectiveDate: earliest !== null && earliest > today ? earliest : today };
}

/** What the confirmation names, from the schema's own reading of the form (cents, a calendar day). */
export interface WageSummary {
  regular: string;
  overtime: string;
  effective: string;
}

export function validateWageForm(
  history: readonly WageRecord[],
  overtimeEligible: boolean,
  values: WageFormValues,
): { input: SetWageInput; errors: Record<string, string>; summary: WageSummary | null } {
  const input = withoutUndefined({
    regularRate: values.regularRate.trim(),
    overtimeRate: values.overtimeRate.trim() === '' ? undefined : values.overtimeRate.trim(),
    effectiveDate: values.effectiveDate.trim() === '' ? undefined : values.effectiveDate.trim(),
  }) as SetWageInput;
  const result = setWageInputSchema.safeParse(input);
  if (!result.success) return { input, errors: fieldErrorsFromIssues(result.error.issues), summary: null };
  const earliest = earliestEffectiveDate(history);
  const { regularRate, overtimeRate, effectiveDate } = result.data;
  const effective = effectiveDate ? `${effectiveDate.year}-${String(effectiveDate.month).padStart(2, '0')}-${String(effectiveDate.day).padStart(2, '0')}` : null;
  if (earliest !== null && effective !== null && effective < earliest) {
    const message = `Choose ${formatIsoDate(earliest)} or later: the BackOffice ignores a wage effective before the day after the latest one.`;
    return { input, errors: { effectiveDate: message }, summary: null };
  }
  const overtime = overtimeRate ?? overtimeCents(regularRate);
  const summary = {
    regular: `${formatUsd(regularRate)}/hr`,
    overtime: overtimeEligible
      ? `${formatUsd(overtime)}/hr${overtimeRate === undefined ? ' (1.5 × the regular rate)' : ''}`
      : 'none: the employee is not overtime-eligible (copied from the current wage)',
    effective: effective === null ? 'today' : formatIsoDate(effective),
  };
  return { input, errors: {}, summary };
}

/** `2030-01-15` → `Jan 15, 2030`, read as a calendar day (no time zone shift). */
export function formatIsoDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
}
