import { isoDate } from '../pages/employee-compensation.js';
import type { CreateFormInfo } from '../pages/employee-create.js';
import type { EmployeeEditForm } from '../pages/employee-edit.js';
import { formatFormDate, setFormField, type FormPair } from '../pages/form.js';
import { cleanText } from '../pages/page.js';
import { phoneDigits, phoneKey } from '../normalize.js';
import type { EmployeeChangeField, EmployeeChangesParsed } from '../schemas.js';
import { resolveDepartments } from './create-employee.js';
import { encodeSites, resolveSites, sameSites } from './site-encoding.js';
import { sameSet } from './same-set.js';

/** The edit form's field for each scalar change (departments and sites take several pairs). */
const SCALAR_FIELDS = {
  firstName: 'employee[firstName]',
  lastName: 'employee[lastName]',
  phone: 'employee[phone]',
  email: 'employee[email]',
  startDate: 'employee[startDate]',
  emergencyContactName: 'employee[emergencyContactName]',
  emergencyContactPhone: 'employee[emergencyContactPhone]',
  payrollEmployeeId: 'employee[adpEmployeeId]',
  posPin: 'posCredential[POSLoginPassword]',
} as const satisfies Partial<Record<EmployeeChangeField, string>>;

const PIN_FIELD = SCALAR_FIELDS.posPin;

/** Names of the site tree's fields on the edit form (hierarchical and flat). */
function isSiteField(name: string): boolean {
  return (
    name.startsWith('employee[sites][') ||
    name.startsWith('employee[isAllSitesAllowedByDistrict]') ||
    name === 'employee[disabledRegions][]' ||
    name === 'employee[disabledDistricts][]' ||
    name === 'employee[isAllRegionsAllowed]' ||
    name === 'employee[isAllSitesAllowed]' ||
    name === 'employee[isAllDistrictsAllowedByRegion][]' ||
    name === 'employee[siteIds][]'
  );
}

/** One requested change: whether a read of the edit page holds it, and the pairs that write it. */
interface FieldChange {
  field: EmployeeChangeField;
  holds: (page: EmployeeEditForm) => boolean;
  apply: (fields: FormPair[]) => void;
}

export interface ChangePlan {
  /** Given with a value the page does not hold yet. */
  changed: FieldChange[];
  /** Given with the value the page already holds. */
  unchanged: EmployeeChangeField[];
}

/**
 * Sorts the requested changes by what the page holds now and prepares each one's pairs. Unknown
 * departments or sites fail here (LookupError), before anything is sent.
 */
export function planChanges(before: EmployeeEditForm, changes: EmployeeChangesParsed, form: CreateFormInfo | undefined): ChangePlan {
  const all: FieldChange[] = [];
  const scalar = (field: keyof typeof SCALAR_FIELDS, sent: string, holds: (page: EmployeeEditForm) => boolean): void => {
    all.push({ field, holds, apply: (fields) => setFormField(fields, SCALAR_FIELDS[field], sent) });
  };
  const c = changes;
  if (c.firstName !== undefined) scalar('firstName', c.firstName, (p) => p.firstName === cleanText(c.firstName as string));
  if (c.lastName !== undefined) scalar('lastName', c.lastName, (p) => p.lastName === cleanText(c.lastName as string));
  if (c.phone !== undefined) scalar('phone', c.phone, (p) => phoneKey(phoneDigits(p.phone)) === c.phone);
  if (c.email !== undefined) scalar('email', c.email, (p) => p.email === c.email);
  if (c.startDate !== undefined) {
    const sent = formatFormDate(c.startDate);
    scalar('startDate', sent, (p) => isoDate(p.startDate) === isoDate(sent));
  }
  if (c.emergencyContactName !== undefined) scalar('emergencyContactName', c.emergencyContactName, (p) => p.emergencyContactName === c.emergencyContactName);
  if (c.emergencyContactPhone !== undefined) {
    scalar('emergencyContactPhone', c.emergencyContactPhone, (p) => phoneKey(phoneDigits(p.emergencyContactPhone)) === c.emergencyContactPhone);
  }
  if (c.payrollEmployeeId !== undefined) scalar('payrollEmployeeId', c.payrollEmployeeId, (p) => p.payrollEmployeeId === c.payrollEmployeeId);
  if (c.posPin !== undefined) {
    const pin = String(c.posPin);
    scalar('posPin', pin, (p) => p.fields.some(([name, value]) => name === PIN_FIELD && value === pin));
  }
  if (c.departments !== undefined) {
    const ids = resolveDepartments(before.departmentOptions, c.departments);
    all.push({
      field: 'departments',
      holds: (p) => sameSet(p.departmentIds, ids),
      apply: (fields) => replaceRun(fields, (n) => n === 'employee[departments][]', ids.map((id): FormPair => ['employee[departments][]', String(id)])),
    });
  }
  if (c.availableSites !== undefined && form) {
    const everySite = c.availableSites === 'all';
    const sites = resolveSites(form, c.availableSites);
    all.push({
      field: 'availableSites',
      holds: (p) => sameSites(form, sites, everySite, p.storedSites),
      apply: (fields) => replaceRun(fields, isSiteField, encodeSites(form, sites, everySite)),
    });
  }
  const changed = all.filter((change) => !change.holds(before));
  return { changed, unchanged: all.filter((change) => !changed.includes(change)).map((change) => change.field) };
}

/** The form as served with only the changed fields replaced; every other pair stays as it was. */
export function applyChanges(served: readonly FormPair[], changed: readonly FieldChange[]): FormPair[] {
  const fields = served.map(([name, value]): FormPair => [name, value]);
  for (const change of changed) change.apply(fields);
  return fields;
}


/** Replaces every pair `matches` picks with `replacement`, placed where the first of them was. */
function replaceRun(fields: FormPair[], matches: (name: string) => boolean, replacement: FormPair[]): void {
  const first = fields.findIndex(([name]) => matches(name));
  const kept = fields.filter(([name]) => !matches(name));
  kept.splice(first >= 0 ? first : kept.length, 0, ...replacement);
  fields.splice(0, fields.length, ...kept);
}

