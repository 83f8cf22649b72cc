import { registerSecret } from '@washops/shared-errors';
import { serializeForm, type FormPair } from './form.js';
import { Page, cleanText, formGaps, toId, unexpectedValue } from './page.js';
import { parseSiteTree, readStoredSites, siteTreeSelectors, type SiteTree } from './site-tree.js';

/** `GET /employee/edit/<id>`: the edit form whose action is `/employee/update`. */
export const employeeEditSelectors = {
  ...siteTreeSelectors,
  form: 'form[action="/employee/update"]',
  employeeId: 'input[name="employee[id]"]',
  isActive: 'input[name="employee[isActive]"]',
  firstName: 'input[name="employee[firstName]"]',
  lastName: 'input[name="employee[lastName]"]',
  email: 'input[name="employee[email]"]',
  phone: 'input[name="employee[phone]"]',
  posUserId: 'input[name="posCredential[POSLoginID]"]',
  departmentOptions: 'select[name="employee[departments][]"] option',
  startDate: 'input[name="employee[startDate]"]',
  emergencyContactName: 'input[name="employee[emergencyContactName]"]',
  emergencyContactPhone: 'input[name="employee[emergencyContactPhone]"]',
  payrollEmployeeId: 'input[name="employee[adpEmployeeId]"]',
  submit: 'button[type="submit"], input[type="submit"]',
  /** Every field of the real edit page outside the site tree (whose names depend on the tenant). */
  roundTripFieldNames: [
    'employee[id]',
    'posCredential[id]',
    'employee[firstName]',
    'employee[lastName]',
    'employee[phone]',
    'employee[email]',
    'employee[departments][]',
    'employee[startDate]',
    'employee[isActive]',
    'posCredential[POSLoginID]',
    'posCredential[POSLoginPassword]',
    'employee[emergencyContactName]',
    'employee[emergencyContactPhone]',
    'employee[adpEmployeeId]',
  ],
} as const;

export interface EmployeeEditForm {
  employeeId: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  posUserId: number | null;
  isActive: boolean;
  /** Selected department ids, in page order. */
  departmentIds: number[];
  /** Every department the select offers (the tenant's list), in page order. */
  departmentOptions: Array<{ id: number; name: string }>;
  /** The stored start date as the form writes it (`MM/DD/YYYY`), empty when none. */
  startDate: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  /** `employee[adpEmployeeId]`. */
  payrollEmployeeId: string;
  tree: SiteTree;
  /** What a browser would submit for the form as served (it holds the POS PIN: never shown, logged or returned). */
  fields: FormPair[];
  /** Why the form is not provably whole (empty when it is): posting `fields` back needs it empty. */
  gaps: string[];
  storedSites: 'all' | number[];
}

export function parseEmployeeEditPage(html: string): EmployeeEditForm {
  const page = new Page('employee-edit', employeeEditSelectors, html);
  const form = page.one('form');
  const idInput = page.one('employeeId', form);
  const employeeId = toId(idInput.attr('value'));
  if (employeeId === null) throw unexpectedValue('employee-edit', 'employee id', idInput.attr('value') ?? '');
  const isActive = page.one('isActive', form).attr('checked') !== undefined;
  const tree = parseSiteTree(page);
  const text = (key: 'email' | 'phone' | 'emergencyContactName' | 'emergencyContactPhone' | 'payrollEmployeeId'): string =>
    (page.all(key, form).first().attr('value') ?? '').trim();
  const departmentOptions: Array<{ id: number; name: string }> = [];
  const departmentIds: number[] = [];
  page.all('departmentOptions', form).each((_, node) => {
    const option = page.$(node);
    const id = toId(option.attr('value'));
    if (id === null) return;
    departmentOptions.push({ id, name: cleanText(option.text()) });
    if (option.attr('selected') !== undefined) departmentIds.push(id);
  });
  const startInput = page.all('startDate', form).first();
  // The server writes the date into `data-value` only (protocol §2.4); a browser-rendered page has a value.
  const startDate = (startInput.attr('value') || startInput.attr('data-value') || '').trim();
  return {
    employeeId,
    firstName: cleanText(page.one('firstName', form).attr('value') ?? ''),
    lastName: cleanText(page.one('lastName', form).attr('value') ?? ''),
    email: text('email'),
    phone: text('phone'),
    posUserId: toId(page.all('posUserId', form).first().attr('value')),
    isActive,
    departmentIds,
    departmentOptions,
    startDate,
    emergencyContactName: text('emergencyContactName'),
    emergencyContactPhone: text('emergencyContactPhone'),
    payrollEmployeeId: text('payrollEmployeeId'),
    tree,
    fields: serializeForm(page.$, form),
    gaps: formGaps(page, form, employeeEditSelectors.submit, employeeEditSelectors.roundTripFieldNames),
    storedSites: readStoredSites(page, tree),
  };
}

/** Masks the current POS PIN the edit form carries: a routine posting the form back sends it, and an error could echo it. */
export function registerStoredPin(fields: readonly FormPair[]): void {
  const pin = fields.find(([name]) => name === 'posCredential[POSLoginPassword]')?.[1];
  registerSecret(pin);
}
