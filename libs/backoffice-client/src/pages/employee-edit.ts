import { serializeForm, type FormPair } from './form.js';
import { Page, cleanText, formGaps, toId, unexpectedValue } from './page.js';
import { parseSiteTree, readStoredSites, siteTreeSelectors } from './site-tree.js';

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
  /** What a browser would submit for the form as served. */
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
  return {
    employeeId,
    firstName: cleanText(page.one('firstName', form).attr('value') ?? ''),
    lastName: cleanText(page.one('lastName', form).attr('value') ?? ''),
    email: (page.all('email', form).first().attr('value') ?? '').trim(),
    phone: (page.all('phone', form).first().attr('value') ?? '').trim(),
    posUserId: toId(page.all('posUserId', form).first().attr('value')),
    isActive,
    fields: serializeForm(page.$, form),
    gaps: formGaps(page, form, employeeEditSelectors.submit, employeeEditSelectors.roundTripFieldNames),
    storedSites: readStoredSites(page, tree),
  };
}
