import type { EmployeePermissionsPage, PosTemplate } from '../pages/employee-permissions.js';
import type { EmployeePermission } from '../schemas.js';
import { sameSet } from './same-set.js';

/**
 * An employee's POS permission level as the BackOffice shows it: the granted boxes, and the first
 * template whose grant set is exactly that set. Overrides do not decide the template (the real
 * wrapper ignores them too); no exact match means the level was edited by hand: custom.
 */
export function describeEmployeePermission(page: EmployeePermissionsPage): EmployeePermission {
  const grants = sortedUnique(page.granted);
  const overrides = sortedUnique(page.overridden);
  const template = page.templates.find((candidate) => sameSet(candidate.grants, grants));
  if (!template) return { custom: true, templateId: null, template: 'custom', grants, overrides };
  return { custom: false, templateId: template.id, template: template.name, grants, overrides };
}

/** Whether a template's grants are exactly the given set (order and repeats do not matter). */
export function grantsMatchTemplate(template: PosTemplate, grants: readonly number[]): boolean {
  return sameSet(template.grants, grants);
}

function sortedUnique(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}
