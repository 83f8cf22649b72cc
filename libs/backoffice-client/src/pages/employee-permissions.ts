import { Page, cleanText, formGaps, idList, requireWholeForm, toId } from './page.js';

/** `GET /employee/permissions/<id>`: the POS permission matrix and the template select. */
export const employeePermissionsSelectors = {
  form: 'form[action="/employee/permissions/update"]',
  templateSelect: 'select[name="templateId"]',
  templateSelectFallback: 'select[name="template"]',
  templateOptions: 'option',
  permissionIds: 'input[name$="][id]"][name^="permissions["]',
  grantBoxes: 'input[type="checkbox"][name$="][hasGrantAccess]"]',
  overrideBoxes: 'input[type="checkbox"][name$="][requiresOverride]"]',
  submit: 'button[type="submit"], input[type="submit"]',
  subTitle: '#page-sub-title',
  /** The fixed fields of the real page; the matrix posted back is built from the page's schema. */
  roundTripFieldNames: ['employeeId', 'hasActionApprovalAuthority'],
} as const;

export interface PosPermission {
  id: number;
  label: string;
  description: string;
}

export interface PosTemplate {
  id: number;
  name: string;
  grants: number[];
  overrides: number[];
}

export interface EmployeePermissionsPage {
  /** Every permission once, ids ascending; label and description of the first occurrence. */
  schema: PosPermission[];
  templates: PosTemplate[];
  /** The employee's current grants and overrides (checked boxes). */
  granted: number[];
  overridden: number[];
  /** From the sub-title (`…, POS ID: <strong>7217</strong>`); null when it shows none. */
  posUserId?: number | null;
}

export function parseEmployeePermissionsPage(html: string): EmployeePermissionsPage {
  const page = new Page('employee-permissions', employeePermissionsSelectors, html);
  const form = page.one('form');
  const byId = new Map<number, PosPermission>();
  page.all('permissionIds', form).each((_, node) => {
    const el = page.$(node);
    const id = toId(el.attr('value'));
    if (id === null || byId.has(id)) return;
    const value = (field: string): string => form.find(`input[name="permissions[${id}][${field}]"]`).first().attr('value') ?? '';
    byId.set(id, { id, label: value('label').trim(), description: value('description').trim() });
  });
  if (byId.size === 0) page.one('permissionIds', form);
  let select = page.all('templateSelect', form).first();
  if (select.length === 0) select = page.one('templateSelectFallback', form);
  // The matrix a create posts is built from this page's schema, and a verification compares its
  // boxes: a page cut short would drop permissions from both.
  requireWholeForm('employee-permissions', formGaps(page, form, employeePermissionsSelectors.submit, employeePermissionsSelectors.roundTripFieldNames));
  return {
    schema: [...byId.values()].sort((a, b) => a.id - b.id),
    templates: parseTemplates(page, select),
    granted: checkedIds(page, 'grantBoxes', form),
    overridden: checkedIds(page, 'overrideBoxes', form),
    posUserId: toId(/POS ID:\s*(\d+)/.exec(cleanText(page.all('subTitle').first().text()))?.[1]),
  };
}

function parseTemplates(page: Page<typeof employeePermissionsSelectors>, select: ReturnType<typeof page.one>): PosTemplate[] {
  const templates: PosTemplate[] = [];
  page.all('templateOptions', select).each((_, node) => {
    const el = page.$(node);
    const id = toId(el.attr('value'));
    const name = cleanText(el.text());
    if (id === null || !name) return;
    templates.push({
      id,
      name,
      grants: idList(el.attr('data-permissions-set')),
      overrides: idList(el.attr('data-manager-override-permissions-set')),
    });
  });
  return templates;
}

function checkedIds(page: Page<typeof employeePermissionsSelectors>, key: 'grantBoxes' | 'overrideBoxes', form: ReturnType<typeof page.one>): number[] {
  const ids = new Set<number>();
  page.all(key, form).each((_, node) => {
    const el = page.$(node);
    if (el.attr('checked') === undefined) return;
    const id = toId(/^permissions\[(\d+)\]/.exec(el.attr('name') ?? '')?.[1]);
    if (id !== null) ids.add(id);
  });
  return [...ids].sort((a, b) => a - b);
}
