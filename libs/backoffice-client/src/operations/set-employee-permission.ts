import { parseInput } from '@washops/client-core';
import { templateNameSchema, type EmployeeKey, type EmployeePermissionSet } from '../schemas.js';
import { parseEmployeePermissionsPage } from '../pages/employee-permissions.js';
import { WRITE_PLANS, type OperationContext } from './context.js';
import { resolveEmployee } from './employee-key.js';
import { applyAndConfirmPermissions, holdsTemplate, requirePosTemplate } from './pos-permission-matrix.js';

/**
 * Gives an employee a POS template: the template's whole matrix posted as createEmployee posts it,
 * then read back. Its own permissions page supplies the schema and the templates, read fresh.
 */
export async function setEmployeePermission(ctx: OperationContext, rawKey: EmployeeKey, rawTemplate: string): Promise<EmployeePermissionSet> {
  const requested = parseInput(templateNameSchema, rawTemplate, 'template');
  const { employeeId, key } = await resolveEmployee(ctx, rawKey);
  const before = parseEmployeePermissionsPage(await ctx.getPage(`/employee/permissions/${employeeId}`));
  const template = requirePosTemplate(before, requested);
  const posUserId = 'posUserId' in key ? key.posUserId : (before.posUserId ?? null);
  const result = { employeeId, posUserId, templateId: template.id, template: template.name };
  const plan = WRITE_PLANS.setEmployeePermission();
  const ids = posUserId === null ? { employeeId } : { employeeId, posUserId };
  await ctx.reportStep({ step: 'resolveEmployee', done: [], remaining: plan, ...ids });

  if (holdsTemplate(before, template)) {
    return { ...result, warnings: [`Employee ${employeeId} already has the permissions of template '${template.name}'; nothing was changed.`] };
  }
  await applyAndConfirmPermissions(ctx, employeeId, template, before, before);
  await ctx.reportStep({ step: 'applyPermissions', done: plan, remaining: [], ...ids });
  return { ...result, warnings: [] };
}
