import { BackofficeServerError, NotFoundError } from '@washops/shared-errors';
import { parseEmployeePermissionsPage, type EmployeePermissionsPage, type PosTemplate } from '../pages/employee-permissions.js';
import type { FormPair } from '../pages/form.js';
import type { OperationContext } from './context.js';
import { postSettledByRead } from './post-settled-by-read.js';
import { sameSet } from './same-set.js';
import { findTemplateByName } from './template-name.js';

/** The template whose name matches (case-insensitive, protocol §5.3); unknown is NotFoundError naming the tenant's templates. */
export function requirePosTemplate(page: EmployeePermissionsPage, requested: string): PosTemplate {
  const found = findTemplateByName(page.templates, requested);
  if (found) return found;
  const names = page.templates.map((t) => t.name);
  throw new NotFoundError(`Permission template '${requested.trim()}' was not found on this tenant. Available templates: ${names.join(', ')}`, {
    details: { field: 'template', template: requested.trim(), available: names },
  });
}

/** The full matrix: every permission of the schema, with the template's grants and overrides ticked. */
export function permissionMatrix(employeeId: number, template: PosTemplate, page: EmployeePermissionsPage): FormPair[] {
  const grants = new Set(template.grants);
  const overrides = new Set(template.overrides);
  const pairs: FormPair[] = [
    ['employeeId', String(employeeId)],
    ['templateId', String(template.id)],
    ['hasActionApprovalAuthority', '0'],
  ];
  for (const permission of page.schema) {
    const id = String(permission.id);
    pairs.push([`permissions[${id}][id]`, id], [`permissions[${id}][label]`, permission.label], [`permissions[${id}][description]`, permission.description]);
    if (grants.has(permission.id)) pairs.push([`permissions[${id}][hasGrantAccess]`, '1']);
    if (overrides.has(permission.id)) pairs.push([`permissions[${id}][requiresOverride]`, '1']);
  }
  return pairs;
}

/** Whether the page's checked boxes are exactly the template's grants and overrides. */
export function holdsTemplate(stored: EmployeePermissionsPage, template: PosTemplate): boolean {
  return sameSet(stored.granted, template.grants) && sameSet(stored.overridden, template.overrides);
}

/** The checked boxes of an employee's permissions page. */
export interface StoredPosPermissions {
  granted: readonly number[];
  overridden: readonly number[];
}

/**
 * POST the template's full matrix (the server applies exactly the submitted boxes; a template id alone
 * does nothing), then read the permission page: done only when its checked boxes are the template's.
 * A read-back equal to `before` (the boxes before the POST) means nothing was applied; any other is a
 * partial change, unverified. The read also settles a lost answer; when it cannot be read, the step stays unverified.
 */
export async function applyAndConfirmPermissions(
  ctx: OperationContext,
  employeeId: number,
  template: PosTemplate,
  schema: EmployeePermissionsPage,
  before: StoredPosPermissions,
): Promise<void> {
  // A permission is no key of the employee index: the index stays, only its roster rows are behind.
  const lostAnswer = await postSettledByRead(ctx, '/employee/permissions/update', permissionMatrix(employeeId, template, schema), /^\/employee(?:[/?#]|$)/, () =>
    ctx.afterRosterChange(),
  );
  const path = `/employee/permissions/${employeeId}`;
  let stored: EmployeePermissionsPage;
  try {
    stored = parseEmployeePermissionsPage(await ctx.getPage(path));
  } catch (error) {
    if (lostAnswer) throw lostAnswer;
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackofficeServerError(`The permission template '${template.name}' was answered as applied, but reading ${path} back failed: ${reason}`, {
      cause: error,
      details: { path, verified: false, mayHaveBeenProcessed: true },
    });
  }
  if (holdsTemplate(stored, template)) return;
  const how = lostAnswer ? `was sent (${lostAnswer.message})` : 'was answered as applied';
  const unchanged = sameSet(stored.granted, before.granted) && sameSet(stored.overridden, before.overridden);
  throw new BackofficeServerError(
    `The permission template '${template.name}' ${how}, but ${path} shows grants ${JSON.stringify(stored.granted)} and overrides ${JSON.stringify(stored.overridden)} instead of ${JSON.stringify(template.grants)} and ${JSON.stringify(template.overrides)}: ` +
      (unchanged ? 'it was not applied' : 'the permissions changed, but not to the template'),
    {
      cause: lostAnswer,
      status: lostAnswer?.status,
      details: {
        path,
        ...(unchanged ? { applied: false } : { verified: false }),
        expectedGrants: template.grants,
        storedGrants: stored.granted,
        expectedOverrides: template.overrides,
        storedOverrides: stored.overridden,
      },
    },
  );
}
