/** An employee's POS permissions: the grant and override matrix and its post. */
import { CHOSEN_MESSAGES } from '../form-validation.js';
import { parsePositiveInt } from '../form.js';
import { renderEmployeePermissionsPage } from '../pages/employee-permissions.js';
import { POS_PERMISSION_IDS } from '../tenant/catalog.js';
import { byId, fail, notFound, page, succeed, type Reply, type RequestContext, type Route } from './replies.js';

function permissionsPage(ctx: RequestContext, [id]: string[]): Reply {
  const employee = ctx.sim.store.employees.get(Number(id));
  if (!employee) return notFound();
  // The real page leaves pending flashes for the next page (the captures show them on the edit page).
  return page(renderEmployeePermissionsPage({ userName: ctx.session.displayName, flashes: [], employee }));
}

function permissionsUpdate(ctx: RequestContext): Reply {
  const { form } = ctx;
  const existing = byId(ctx.sim.store.employees, parsePositiveInt(form.value('employeeId')));
  if (!existing) return fail(ctx, '/employee', [CHOSEN_MESSAGES.employeeNotFound], false);
  // `templateId` is never applied; a post without any matrix field changes nothing (as the real minimal post).
  if (!form.pairs.some(([k]) => k.startsWith('permissions['))) return succeed(ctx, '/employee', null);
  existing.grants = POS_PERMISSION_IDS.filter((n) => form.has(`permissions[${n}][hasGrantAccess]`));
  existing.overrides = POS_PERMISSION_IDS.filter((n) => form.has(`permissions[${n}][requiresOverride]`));
  return succeed(ctx, '/employee', null);
}

export const permissionRoutes: Route[] = [
  { method: 'GET', path: /^\/employee\/permissions\/(\d+)$/, handle: permissionsPage },
  { method: 'POST', path: '/employee/permissions/update', handle: permissionsUpdate },
];
