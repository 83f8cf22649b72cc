import { isoDate, parseEmployeeCompensationPage } from '../pages/employee-compensation.js';
import { parseEmployeeEditPage, type EmployeeEditForm } from '../pages/employee-edit.js';
import { parseEmployeePermissionsPage } from '../pages/employee-permissions.js';
import { requireWholeForm, unexpectedValue } from '../pages/page.js';
import type { Employee, EmployeeKey, EmployeeProfile } from '../schemas.js';
import type { OperationContext } from './context.js';
import { describeEmployeePermission } from './employee-permission.js';
import { resolveEmployee } from './employee-key.js';

/** Profile (edit page), wage history (compensation page) and POS permission (permissions page), read together. */
export async function getEmployee(ctx: OperationContext, raw: EmployeeKey): Promise<Employee> {
  const { employeeId } = await resolveEmployee(ctx, raw);
  const [edit, compensation, permissions] = await Promise.all([
    ctx.getPage(`/employee/edit/${employeeId}`).then(parseEmployeeEditPage),
    ctx.getPage(`/employee/compensation/${employeeId}`).then(parseEmployeeCompensationPage),
    ctx.getPage(`/employee/permissions/${employeeId}`).then(parseEmployeePermissionsPage),
  ]);
  return { ...profileOf(edit), compensation: compensation.history, permission: describeEmployeePermission(permissions) };
}

/**
 * What the edit page stores, in the library's terms; the POS PIN on the page is left out on purpose. A page
 * cut short is refused: its missing fields would read as blank.
 */
export function profileOf(edit: EmployeeEditForm): EmployeeProfile {
  requireWholeForm('employee-edit', edit.gaps);
  const departmentName = new Map(edit.departmentOptions.map((d) => [d.id, d.name]));
  const startDate = edit.startDate === '' ? null : isoDate(edit.startDate);
  if (startDate === null && edit.startDate !== '') throw unexpectedValue('employee-edit', 'start date', edit.startDate);
  const stored = edit.storedSites;
  return {
    employeeId: edit.employeeId,
    posUserId: edit.posUserId,
    firstName: edit.firstName,
    lastName: edit.lastName,
    phone: edit.phone,
    email: edit.email,
    departments: edit.departmentIds.map((id) => departmentName.get(id) ?? `Department ${id}`),
    startDate,
    active: edit.isActive,
    availableSites: stored === 'all' ? 'all' : edit.tree.sites.filter((site) => stored.includes(site.id)).map((site) => site.name),
    emergencyContactName: edit.emergencyContactName,
    emergencyContactPhone: edit.emergencyContactPhone,
    payrollEmployeeId: edit.payrollEmployeeId,
  };
}
