/** The employee and Back Office user forms' server rules: binding, messages in the real order (protocol §2.1), uniqueness. */
import { parseIds, parsePositiveInt, type FormBody } from './form.js';
import { decodeSiteAccess, EMPLOYEE_TREE } from './site-tree.js';
import { DEPARTMENTS } from './tenant/catalog.js';
import type { EmployeeRecord, SiteAccess, TenantStore } from './tenant/model.js';
import { effectiveSiteIds } from './tenant/model.js';

/** Messages captured from the real server, byte for byte (note the double space and the embedded newline). */
export const MESSAGES = {
  firstName: 'First Name must be  between 1 and 64 characters long.',
  lastName: 'Last Name must be  between 1 and 64 characters long.',
  departments: 'Departments requires no less than 1 valid selection.',
  startDate: 'Start Date must be a valid date.',
  availableToWork: 'Available To Work requires no less than 1 valid selection.',
  atLeastOneSite:
    'The employee must be assigned to at least one site. Please select a site where \n            the employee is Available to Work or set to inactive if they are no longer employed.',
  posLoginId: 'POS Login ID must be a number which is no less than 1 and has no decimals.',
  posLoginPassword: 'POS Login Password must be a number which is no less than 1 and has no decimals.',
  relatedEmployeeInactive:
    'Unable to save the user information. Please make sure that the related employee is active and try again.',
  accessibleSites: 'Accessible Sites requires no less than 1 valid selection.',
} as const;

/**
 * Messages the real server was never seen to produce (duplicates, Back Office user form errors). They follow the
 * server's style and name the field by its form label; every duplicate message contains "already taken".
 */
export const CHOSEN_MESSAGES = {
  duplicatePosId: (id: number) => `POS Login ID ${id} is already taken by another employee.`,
  duplicateEmail: (email: string) => `Email ${email} is already taken by another employee or Back Office user.`,
  duplicatePhone: (phone: string) => `Phone ${phone} is already taken by another employee.`,
  duplicateUsername: (username: string) => `Username ${username} is already taken.`,
  userFirstName: 'First Name must be  between 1 and 64 characters long.',
  userLastName: 'Last Name must be  between 1 and 64 characters long.',
  userEmployeeMissing: 'Employee requires a valid selection when the user is an Employee of the Wash.',
  userEmail: 'Email must be a valid email address.',
  username: 'Username must start with a letter and contain 3 to 64 alpha-numeric characters.',
  password: 'Password and Confirm Password must match and have at least 8 alpha-numeric characters.',
  employeeNotFound: 'The employee could not be found.',
  effectiveDate: 'Effective Date must be a valid date.',
  regularRate: 'Effective Hourly Rate must be a number which is no less than 0.',
  userNotFound: 'The user could not be found.',
} as const;

const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{2,63}$/;
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** MM/DD/YYYY (one-digit month and day tolerated) of a real calendar day, normalised; null when invalid. */
export function parseFormDate(value: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}/${year}`;
}

const digitsOf = (phone: string) => phone.replace(/\D/g, '');
const normalEmail = (email: string) => email.trim().toLowerCase();

export interface BoundEmployee {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  departmentIds: number[];
  startDate: string;
  isActive: boolean;
  siteAccess: SiteAccess;
  posUserId: number;
  posPin: number;
  emergencyContactName: string;
  emergencyContactPhone: string;
  adpEmployeeId: string;
}

/**
 * Binds the employee part of a create/edit post. Missing fields bind empty (so a partial post fails validation);
 * checkboxes count by presence. `selfId` excludes the employee being edited from the uniqueness checks.
 */
export function bindEmployee(
  form: FormBody,
  store: TenantStore,
  selfId: number | null,
): { value: BoundEmployee; errors: string[] } {
  const errors: string[] = [];
  const firstName = form.value('employee[firstName]').trim();
  const lastName = form.value('employee[lastName]').trim();
  if (firstName.length < 1 || firstName.length > 64) errors.push(MESSAGES.firstName);
  if (lastName.length < 1 || lastName.length > 64) errors.push(MESSAGES.lastName);
  const known = new Set(DEPARTMENTS.map((d) => d.id));
  const departmentIds = parseIds(form.list('employee[departments]')).filter((id) => known.has(id));
  if (departmentIds.length === 0) errors.push(MESSAGES.departments);
  const startDate = parseFormDate(form.value('employee[startDate]'));
  if (startDate === null) errors.push(MESSAGES.startDate);
  const isActive = selfId === null ? true : form.has('employee[isActive]');
  const siteAccess = decodeSiteAccess(form, store.tree, EMPLOYEE_TREE);
  const siteCount = siteAccess.all ? store.tree.sites.length : effectiveSiteIds(store.tree, siteAccess).length;
  if (siteCount === 0) {
    errors.push(MESSAGES.availableToWork);
    if (isActive) errors.push(MESSAGES.atLeastOneSite);
  }
  const posUserId = parsePositiveInt(form.value('posCredential[POSLoginID]'));
  if (posUserId === null) errors.push(MESSAGES.posLoginId);
  const posPin = parsePositiveInt(form.value('posCredential[POSLoginPassword]'));
  if (posPin === null) errors.push(MESSAGES.posLoginPassword);
  const phone = form.value('employee[phone]').trim();
  const email = form.value('employee[email]').trim();

  if (posUserId !== null) {
    for (const e of store.employees.values()) {
      if (e.id !== selfId && e.posUserId === posUserId) {
        errors.push(CHOSEN_MESSAGES.duplicatePosId(posUserId));
        break;
      }
    }
  }
  if (email !== '' && isEmailTaken(store, email, { employeeId: selfId, userId: null })) errors.push(CHOSEN_MESSAGES.duplicateEmail(email));
  const phoneDigits = digitsOf(phone);
  if (phoneDigits !== '') {
    for (const e of store.employees.values()) {
      if (e.id !== selfId && digitsOf(e.phone) === phoneDigits) {
        errors.push(CHOSEN_MESSAGES.duplicatePhone(phone));
        break;
      }
    }
  }
  return {
    value: {
      firstName,
      lastName,
      phone,
      email,
      departmentIds,
      startDate: startDate ?? '',
      isActive,
      siteAccess,
      posUserId: posUserId ?? 0,
      posPin: posPin ?? 0,
      emergencyContactName: form.value('employee[emergencyContactName]').trim(),
      emergencyContactPhone: form.value('employee[emergencyContactPhone]').trim(),
      adpEmployeeId: form.value('employee[adpEmployeeId]').trim(),
    },
    errors,
  };
}

/**
 * Email uniqueness among employees and Back Office users, case-insensitive. An employee and the Back Office user
 * linked to it share one email, so each exempts the other.
 */
function isEmailTaken(store: TenantStore, email: string, self: { employeeId: number | null; userId: number | null }): boolean {
  const wanted = normalEmail(email);
  for (const e of store.employees.values()) {
    if (e.id === self.employeeId) continue;
    if (e.email !== '' && normalEmail(e.email) === wanted) return true;
  }
  for (const u of store.users.values()) {
    if (u.id === self.userId || (self.employeeId !== null && u.employeeId === self.employeeId)) continue;
    if (u.email !== '' && normalEmail(u.email) === wanted) return true;
  }
  return false;
}

export interface BoundBackofficeUser {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  /** The linked employee, when the user is an Employee of the Wash. */
  employee: EmployeeRecord | undefined;
}

/**
 * Binds and checks a Back Office user insert. Linking a disabled employee is refused on its own
 * (`employeeInactive`), before any other check, as the real server does.
 */
export function bindBackofficeUser(
  form: FormBody,
  store: TenantStore,
): { value: BoundBackofficeUser; errors: string[]; employeeInactive: boolean } {
  const username = form.value('user[username]').trim();
  const email = form.value('employee[email]').trim();
  const password = form.value('user[password]');
  const errors: string[] = [];
  let firstName = form.value('employee[firstName]').trim();
  let lastName = form.value('employee[lastName]').trim();
  let employee: EmployeeRecord | undefined;
  if (form.has('employee[isOnSiteEmployee]')) {
    const employeeId = parsePositiveInt(form.value('user[employeeId]'));
    employee = employeeId === null ? undefined : store.employees.get(employeeId);
    if (!employee) {
      errors.push(CHOSEN_MESSAGES.userEmployeeMissing);
    } else if (!employee.isActive) {
      return { value: { username, email, firstName, lastName, password, employee }, errors: [MESSAGES.relatedEmployeeInactive], employeeInactive: true };
    } else {
      firstName = employee.firstName;
      lastName = employee.lastName;
    }
  } else {
    if (firstName.length < 1 || firstName.length > 64) errors.push(CHOSEN_MESSAGES.userFirstName);
    if (lastName.length < 1 || lastName.length > 64) errors.push(CHOSEN_MESSAGES.userLastName);
  }
  if (!EMAIL_PATTERN.test(email)) errors.push(CHOSEN_MESSAGES.userEmail);
  if (!USERNAME_PATTERN.test(username)) errors.push(CHOSEN_MESSAGES.username);
  if (password !== form.value('user[confirmPassword]') || password.length < 8) errors.push(CHOSEN_MESSAGES.password);
  if (username !== '' && [...store.users.values()].some((u) => u.username.toLowerCase() === username.toLowerCase())) {
    errors.push(CHOSEN_MESSAGES.duplicateUsername(username));
  }
  if (email !== '' && isEmailTaken(store, email, { employeeId: employee?.id ?? null, userId: null })) {
    errors.push(CHOSEN_MESSAGES.duplicateEmail(email));
  }
  return { value: { username, email, firstName, lastName, password, employee }, errors, employeeInactive: false };
}
