import type {
  BackofficeUserCreated,
  Department,
  EmployeeCreated,
  EmployeeDisabled,
  EmployeeSummary,
  Permission,
  Site,
} from '@washops/operations/schemas';
import { z } from 'zod';

/* What the model sees; `satisfies` keeps each schema in step with the client's result types. */

export const siteSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('long name, as create_employee accepts it'),
  code: z.string().nullable().describe('short code, as the roster shows it'),
  regionId: z.number().int().nullable(),
  regionName: z.string().nullable(),
  districtId: z.number().int().nullable(),
  districtName: z.string().nullable(),
}) satisfies z.ZodType<Site>;

export const departmentSchema = z.object({ id: z.number().int(), name: z.string() }) satisfies z.ZodType<Department>;

export const permissionSchema = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('pos'), id: z.number().int(), name: z.string(), grants: z.array(z.number().int()), overrides: z.array(z.number().int()) }),
  z.object({ scope: z.literal('backoffice'), id: z.number().int(), name: z.string() }),
]) satisfies z.ZodType<Permission>;

export const employeeSummarySchema = z.object({
  employeeId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  posUserId: z.number().int().nullable(),
  phone: z.string(),
  siteCodes: z.array(z.string()),
  departments: z.array(z.string()),
  access: z.string().describe('POS template name, Custom or None'),
  wageType: z.string(),
  active: z.boolean(),
}) satisfies z.ZodType<EmployeeSummary>;

export const employeeCreatedSchema = z.object({
  employeeId: z.number().int(),
  posUserId: z.number().int(),
  posPin: z.number().int().describe('the POS PIN; give it to the employee'),
  permission: z.string(),
  wageSite: z.string(),
  backofficeUser: z
    .object({ userId: z.number().int(), username: z.string(), generatedPassword: z.string().optional() })
    .optional(),
  warnings: z.array(z.string()),
}) satisfies z.ZodType<EmployeeCreated>;

export const employeeDisabledSchema = z.object({
  employeeId: z.number().int(),
  posUserId: z.number().int().optional(),
  email: z.string().optional(),
  disabledAt: z.string(),
  warnings: z.array(z.string()),
}) satisfies z.ZodType<EmployeeDisabled>;

export const backofficeUserCreatedSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  mode: z.enum(['linked', 'standalone']),
  employeeId: z.number().int().optional(),
  permission: z.string(),
  availableSites: z.union([z.literal('all'), z.array(z.string())]),
  templateApplied: z.boolean().describe('true once the permission template and sites were applied and read back'),
  generatedPassword: z.string().optional(),
  warnings: z.array(z.string()),
}) satisfies z.ZodType<BackofficeUserCreated>;

export const refreshField = z.boolean().default(false).describe('true to re-read the Back Office instead of the cached answer');
