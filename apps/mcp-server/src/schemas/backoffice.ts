import {
  employeeChangesSchema,
  type BackofficeTemplateApplied,
  type BackofficeUser,
  type BackofficeUserCreated,
  type Department,
  type Employee,
  type EmployeeCreated,
  type EmployeeDisabled,
  type EmployeePermission,
  type EmployeePermissionSet,
  type EmployeeReactivated,
  type EmployeeSummary,
  type EmployeeUpdated,
  type Permission,
  type Site,
  type WageRecord,
  type WageSet,
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

const isoDate = z.string().describe('YYYY-MM-DD');
const siteNames = z.union([z.literal('all'), z.array(z.string())]).describe('"all", or long site names');

export const wageRecordSchema = z.object({
  wageType: z.enum(['hourly', 'salary']),
  regularRateCents: z.number().int().describe('per hour for hourly wages, in cents'),
  overtimeEligible: z.boolean(),
  overtimeRateCents: z.number().int().nullable().describe('in cents; null when the history shows none'),
  effectiveDate: isoDate,
  endDate: isoDate.nullable().describe('null for the current record'),
}) satisfies z.ZodType<WageRecord>;

export const employeePermissionSchema = z.object({
  custom: z.boolean().describe('true when the grants match no template exactly'),
  templateId: z.number().int().nullable(),
  template: z.string().describe('the POS template whose grants match exactly, or "custom"'),
  grants: z.array(z.number().int()).describe('POS permission ids granted'),
  overrides: z.array(z.number().int()),
}) satisfies z.ZodType<EmployeePermission>;

export const employeeSchema = z.object({
  employeeId: z.number().int(),
  posUserId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().describe('as stored'),
  email: z.string(),
  departments: z.array(z.string()),
  startDate: isoDate.nullable(),
  active: z.boolean(),
  availableSites: siteNames,
  emergencyContactName: z.string(),
  emergencyContactPhone: z.string(),
  payrollEmployeeId: z.string(),
  compensation: z.array(wageRecordSchema).describe('newest first; the current record has no end date'),
  permission: employeePermissionSchema,
}) satisfies z.ZodType<Employee>;

const changeField = employeeChangesSchema.keyof();

export const employeeUpdatedSchema = z.object({
  employeeId: z.number().int(),
  posUserId: z.number().int().nullable(),
  changed: z.array(changeField).describe('fields whose stored value changed, each read back; a PIN is named, never shown'),
  unchanged: z.array(changeField).describe('fields given with the value they already had'),
  warnings: z.array(z.string()),
}) satisfies z.ZodType<EmployeeUpdated>;

export const employeeReactivatedSchema = z.object({
  employeeId: z.number().int(),
  posUserId: z.number().int().nullable(),
  reactivatedAt: z.string().describe('UTC ISO timestamp'),
  warnings: z.array(z.string()),
}) satisfies z.ZodType<EmployeeReactivated>;

export const wageSetSchema = z.object({
  employeeId: z.number().int(),
  posUserId: z.number().int().nullable(),
  wage: wageRecordSchema.describe('the new record as read back from the history'),
  warnings: z.array(z.string()),
}) satisfies z.ZodType<WageSet>;

export const employeePermissionSetSchema = z.object({
  employeeId: z.number().int(),
  posUserId: z.number().int().nullable(),
  templateId: z.number().int(),
  template: z.string(),
  warnings: z.array(z.string()),
}) satisfies z.ZodType<EmployeePermissionSet>;

export const backofficeUserSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  active: z.boolean(),
}) satisfies z.ZodType<BackofficeUser>;

export const backofficeTemplateAppliedSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  templateId: z.number().int(),
  template: z.string(),
  accessibleSites: siteNames.describe('kept as they were: "all", or long site names'),
  warnings: z.array(z.string()),
}) satisfies z.ZodType<BackofficeTemplateApplied>;

export const refreshField = z.boolean().default(false).describe('true to re-read the Back Office instead of the cached answer');
