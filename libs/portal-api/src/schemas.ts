// Input schemas shared by the procedures and the portal's forms. Browser-safe: zod, the account
// rules (their node:crypto import serves only generatePassword, which bundlers drop), the
// transactions client's browser-safe schema entry and the operations' (re-exported below for the
// portal, which loads the operations library itself only at run time).
import {
  DateInputSchema,
  LoadJobOptionsSchema,
  TransactionListParamsSchema,
  TransactionTypeSchema,
} from '@washops/transactions-client/schemas';
import { withoutUndefined } from '@washops/client-core';
import {
  BULK_KINDS,
  BULK_LIMITS,
  backofficeUserKeySchema,
  daysInRange,
  employeeChangesSchema,
  employeeKeySchema,
  localDaySchema,
  regionSchema,
  setWageInputSchema,
  siteCodeSchema,
  templateNameSchema,
} from '@washops/operations/schemas';
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, newPasswordSchema, portalRoleSchema, portalUsernameSchema } from './auth/account-rules.js';
import { checkedBy } from './validated-input.js';

export const signInInput = z.object({
  username: z.string().trim().min(1, 'Enter your username').max(64),
  password: z.string().min(1, 'Enter your password').max(MAX_PASSWORD_LENGTH),
});

/* ---- Portal users (the Users page) and one's own password. ---- */

/** A new user; without `password` one is generated and shown once. */
export const portalUserAddInput = z.strictObject({
  username: portalUsernameSchema,
  role: portalRoleSchema,
  password: newPasswordSchema.optional(),
});
export type PortalUserAddInput = z.input<typeof portalUserAddInput>;

export const portalUserRoleInput = z.strictObject({ username: portalUsernameSchema, role: portalRoleSchema });

/** A reset; without `password` one is generated and shown once. */
export const portalUserResetInput = z.strictObject({ username: portalUsernameSchema, password: newPasswordSchema.optional() });

export const portalUsernameInput = z.strictObject({ username: portalUsernameSchema });

/** The current password is only checked, so any length goes; the new one follows the account rules. */
export const changePasswordInput = z
  .strictObject({
    currentPassword: z.string().min(1, 'Enter your current password').max(MAX_PASSWORD_LENGTH),
    newPassword: newPasswordSchema,
  })
  .refine((input) => input.newPassword !== input.currentPassword, { path: ['newPassword'], message: 'Choose a password other than the current one.' });
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

/* ---- Transactions: thin wrappers around the transactions client's own schemas. ---- */

/**
 * A list: the client's list params (dates, site, region; at most 31 days), the API version and,
 * for v1, an optional item type. The date rules and their messages are the client's.
 */
export const transactionListInput = z
  .object({
    version: z.enum(['v1', 'v2']).default('v1'),
    type: TransactionTypeSchema.optional(),
    startDate: DateInputSchema.optional(),
    endDate: DateInputSchema.optional(),
    site: z.string().optional(),
    region: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    const { version, type, ...params } = value;
    checkedBy(TransactionListParamsSchema)(withoutUndefined(params), ctx);
    if (version === 'v2' && type !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: 'The type filter applies to v1 lists only; v2 lists every type.' });
    }
  });
export type TransactionListInput = z.input<typeof transactionListInput>;

/** An export: one site and at most 24 hours, checked with the client's `loadJob` rules. */
export const exportStartInput = z
  .strictObject({ site: z.string(), startDate: DateInputSchema, endDate: DateInputSchema })
  .superRefine(checkedBy(LoadJobOptionsSchema));
export type ExportStartInput = z.input<typeof exportStartInput>;

export const exportIdInput = z.object({ id: z.uuid('expected an export id') });

/* ---- The employee's life and Back Office users: one key and what to do to it, each part the client's own schema. ---- */

/** `employees.update`: which employee, and only the fields that change. */
export const employeeUpdateInput = z.strictObject({ key: employeeKeySchema, changes: employeeChangesSchema });
export type EmployeeUpdateInput = z.input<typeof employeeUpdateInput>;

/** `employees.setWage`: a new compensation record for the employee. */
export const employeeSetWageInput = z.strictObject({ key: employeeKeySchema, wage: setWageInputSchema });
export type EmployeeSetWageInput = z.input<typeof employeeSetWageInput>;

/** `employees.setPermission`: a POS permission template by name. */
export const employeeSetPermissionInput = z.strictObject({ key: employeeKeySchema, template: templateNameSchema });
export type EmployeeSetPermissionInput = z.input<typeof employeeSetPermissionInput>;

/** `backofficeUsers.applyTemplate`: a Back Office permission template by name. */
export const backofficeTemplateInput = z.strictObject({ key: backofficeUserKeySchema, template: templateNameSchema });
export type BackofficeTemplateInput = z.input<typeof backofficeTemplateInput>;

/* ---- The BackOffice inputs and the audit log's rules, from the operations' browser-safe entry. ---- */

export {
  AUDIT_CHANNELS,
  AUDIT_OPERATIONS,
  AUDIT_STATES,
  BULK_KINDS,
  BULK_LIMITS,
  auditFilterSchema,
  currentWage,
  createBackofficeUserInputSchema,
  createEmployeeInputSchema,
  earliestEffectiveDate,
  emailSchema,
  employeeChangesSchema,
  employeeKeySchema,
  findEmployeesQuerySchema,
  phoneSchema,
  posUserIdSchema,
  setWageInputSchema,
  type CreateBackofficeUserInput,
  type CreateEmployeeInput,
  type EmployeeChanges,
  type EmployeeKey,
} from '@washops/operations/schemas';

/* ---- Bulk changes: an uploaded CSV file, a run. ---- */

/**
 * The largest upload the procedures parse: ten times the file limit, so that an oversized file (the issue's
 * 10 MB one) still reaches the engine and gets its message with the size and the limit; beyond that, this.
 */
const MAX_UPLOAD_BYTES = 12 * 1_048_576;
const MAX_UPLOAD_BASE64 = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const bulkKindInput = z.enum(BULK_KINDS);

export const bulkTemplateInput = z.strictObject({ kind: bulkKindInput });

/**
 * A file as the page uploads it: its bytes in base64, so that line breaks (refused in any other text
 * input) and bytes that are not UTF-8 reach the engine as they are in the file (its hash, its binary check).
 */
export const bulkFileInput = z.strictObject({
  kind: bulkKindInput,
  fileName: z.string().trim().min(1, 'The file needs a name').max(255),
  contentBase64: z
    .string()
    .max(MAX_UPLOAD_BASE64, `The file is over ${BULK_LIMITS.maxFileBytes / 1_048_576} MiB, the limit: split it into smaller files.`)
    .regex(BASE64, 'The file content must be base64'),
});
export type BulkFileInput = z.input<typeof bulkFileInput>;

export const bulkRunIdInput = z.strictObject({ runId: z.uuid('expected a bulk run id') });

/* ---- The transactions warehouse: a range of site-days (the Data sync page, warehouse exports). ---- */

/** The longest range the Data sync page, a backfill, a retry and a warehouse export take at once. */
export const MAX_SYNC_RANGE_DAYS = 31;

/**
 * Local days `from`..`to` (inclusive) for the sites named, the sites of a BackOffice region, or
 * (neither) every site. At most `MAX_SYNC_RANGE_DAYS` days.
 */
export const syncRangeInput = z
  .strictObject({
    from: localDaySchema,
    to: localDaySchema,
    sites: z.array(siteCodeSchema).min(1, 'name at least one site').max(500).optional(),
    region: regionSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const days = daysInRange(value.from, value.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day comes before the first.' });
    if (days > MAX_SYNC_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `A range is at most ${MAX_SYNC_RANGE_DAYS} days; this one has ${days}.` });
    }
    if (value.sites && value.region) ctx.addIssue({ code: 'custom', path: ['region'], message: 'Name sites or a region, not both.' });
  });
export type SyncRangeInput = z.input<typeof syncRangeInput>;
