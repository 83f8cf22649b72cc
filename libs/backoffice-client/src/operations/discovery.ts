import { NotFoundError } from '@washops/shared-errors';
import { parseInput, type ClientContext } from '../internal/context.js';
import {
  listEmployeesOptionsSchema,
  listPermissionsOptionsSchema,
  refreshOptionsSchema,
  type Department,
  type EmployeeSummary,
  type ListEmployeesOptions,
  type ListPermissionsOptions,
  type Permission,
  type RefreshOptions,
  type Site,
} from '../schemas.js';

export async function listSites(ctx: ClientContext, options: RefreshOptions = {}): Promise<Site[]> {
  const { refresh } = parseInput(refreshOptionsSchema, options);
  const form = await ctx.createForm.get({ refresh });
  const regions = new Map(form.tree.regions.map((r) => [r.id, r.name]));
  const districts = new Map(form.tree.districts.map((d) => [d.id, d.name]));
  return form.sites.map((site) => ({
    id: site.id,
    name: site.name,
    code: site.code,
    regionId: site.regionId,
    regionName: site.regionId === null ? null : (regions.get(site.regionId) ?? null),
    districtId: site.districtId,
    districtName: site.districtId === null ? null : (districts.get(site.districtId) ?? null),
  }));
}

export async function listDepartments(ctx: ClientContext, options: RefreshOptions = {}): Promise<Department[]> {
  const { refresh } = parseInput(refreshOptionsSchema, options);
  const form = await ctx.createForm.get({ refresh });
  return form.departments.map((d) => ({ ...d }));
}

/**
 * POS templates (with their grant and override sets) and Back Office templates (names only).
 * With `scope: 'all'` a tenant without any Back Office user simply lists no Back Office templates.
 */
export async function listPermissions(ctx: ClientContext, options: ListPermissionsOptions = {}): Promise<Permission[]> {
  const { refresh, scope } = parseInput(listPermissionsOptionsSchema, options);
  const [pos, backoffice] = await Promise.all([
    scope === 'backoffice' ? undefined : ctx.posPermissions.get({ refresh }),
    scope === 'pos'
      ? undefined
      : ctx.backofficeTemplates.get({ refresh }).catch((error: unknown) => {
          if (scope === 'all' && error instanceof NotFoundError) return [];
          throw error;
        }),
  ]);
  return [
    ...(pos?.templates ?? []).map((t): Permission => ({ scope: 'pos', id: t.id, name: t.name, grants: [...t.grants], overrides: [...t.overrides] })),
    ...(backoffice ?? []).map((t): Permission => ({ scope: 'backoffice', id: t.id, name: t.name })),
  ];
}

export async function listEmployees(ctx: ClientContext, options: ListEmployeesOptions = {}): Promise<EmployeeSummary[]> {
  const { refresh, active } = parseInput(listEmployeesOptionsSchema, options);
  const index = await ctx.index.get({ refresh });
  return index.rows
    .filter((row) => active === 'all' || row.active === (active === 'active'))
    .map((row) => ({
      employeeId: row.employeeId,
      firstName: row.firstName,
      lastName: row.lastName,
      posUserId: row.posUserId,
      phone: row.phone,
      siteCodes: [...row.siteCodes],
      departments: [...row.departments],
      access: row.access,
      wageType: row.wageType,
      active: row.active,
    }));
}
