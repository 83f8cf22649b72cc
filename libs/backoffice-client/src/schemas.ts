import { z } from 'zod';
import { EMAIL_PATTERN, phoneDigits } from './normalize.js';

/** Backoffice usernames: a letter, then 2–63 letters, digits or underscores (the server's own pattern). */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{2,63}$/;

const MAX_MONEY_CENTS = 99_999_999_999; // the form's max="999999999.99"

/**
 * Control, line-separator and bidirectional characters read differently from what is stored; lone
 * surrogates cannot be sent as UTF-8 (they would arrive as U+FFFD).
 */
const UNPRINTABLE = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** A string without control or bidirectional characters. */
const plainText = (field: string, typeError = `${field} must be a string`) =>
  z.string({ error: typeError }).refine((value) => !UNPRINTABLE.test(value), `${field} must not contain control or bidirectional characters`);

const trimmedName = (field: string, max: number) =>
  plainText(field, `${field} is required`)
    .trim()
    .min(1, `${field} must not be empty`)
    .max(max, `${field} must be at most ${max} characters`);

export const phoneSchema = z
  .string({ error: 'phone must be a string' })
  .transform((value) => phoneDigits(value))
  .refine((digits) => digits.length === 9 || digits.length === 10, 'phone must have 9 or 10 digits once symbols are stripped');

export const emailSchema = plainText('email')
  .trim()
  .regex(EMAIL_PATTERN, 'email must look like name@domain.tld');

export const posUserIdSchema = z
  .number({ error: 'posUserId must be a number' })
  .int('posUserId must be a whole number')
  .min(1, 'posUserId must be at least 1')
  .max(2_147_483_647, 'posUserId is too large');

/** Money in dollars (a number or a decimal string) → integer cents; never a float after this. */
export const moneySchema = z
  .union([z.number(), z.string().trim()], { error: 'must be a number of dollars' })
  .transform((value, ctx) => {
    const cents = toCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'must be a non-negative amount of dollars with at most two decimals' });
      return z.NEVER;
    }
    if (cents > MAX_MONEY_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'must be at most 999999999.99' });
      return z.NEVER;
    }
    return cents;
  });

function toCents(value: number | string): number | null {
  // A number is read through its shortest decimal spelling (140627613.39 → "140627613.39"), so a
  // two-decimal amount is exact at any size; multiplying by 100 would drift at large magnitudes.
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

// The form takes a four-digit year; JavaScript reads years below 100 as 19xx, so a day before 1900 is refused rather than shifted.
const MIN_YEAR = 1900;
const MAX_YEAR = 2999;

/** A calendar day from 1900 to 2999: a `Date` (its UTC day) or an ISO date / date-time string (its date part). */
export const calendarDateSchema = z.union([z.date(), z.string().trim()], { error: 'must be a Date or an ISO date' }).transform((value, ctx) => {
  let year: number, month: number, day: number;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'is an invalid Date' });
      return z.NEVER;
    }
    [year, month, day] = [value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate()];
  } else {
    const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: 'must be an ISO date (YYYY-MM-DD)' });
      return z.NEVER;
    }
    [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const check = new Date(Date.UTC(year, month - 1, day));
    if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
      ctx.addIssue({ code: 'custom', message: 'is not a real calendar date' });
      return z.NEVER;
    }
  }
  if (year < MIN_YEAR || year > MAX_YEAR) {
    ctx.addIssue({ code: 'custom', message: `must be a date from ${MIN_YEAR} to ${MAX_YEAR}` });
    return z.NEVER;
  }
  return { year, month, day };
});

export const siteSelectionSchema = z.union(
  [z.literal('all'), z.array(trimmedName('site name', 200)).min(1, 'availableSites must name at least one site (or be "all")')],
  { error: 'availableSites must be "all" or a list of site names' },
);

export const backofficePasswordSchema = z
  .string({ error: 'password must be a string' })
  .min(8, 'password must have at least 8 characters')
  .max(4096, 'password must be at most 4096 characters')
  // A lone surrogate cannot be sent as UTF-8: the stored password would differ from the one returned.
  .refine((value) => !/\p{Cs}/u.test(value), 'password must not contain lone surrogate characters');

export const createEmployeeInputSchema = z
  .object({
    firstName: trimmedName('firstName', 64),
    lastName: trimmedName('lastName', 64),
    phone: phoneSchema,
    email: emailSchema,
    posUserId: posUserIdSchema,
    wageRate: moneySchema,
    startDate: calendarDateSchema,
    availableSites: siteSelectionSchema,
    permission: trimmedName('permission', 200),
    posPin: z
      .number({ error: 'posPin must be a number' })
      .int('posPin must be a whole number')
      .min(10_000, 'posPin must be a 5-digit number (10000-99999)')
      .max(99_999, 'posPin must be a 5-digit number (10000-99999)')
      .optional(),
    overtimeWageRate: moneySchema.optional(),
    departments: z
      .array(trimmedName('department name', 200), { error: 'departments must be a list of department names' })
      .min(1, 'Choose at least one department'),
    payrollEmployeeId: plainText('payrollEmployeeId').trim().max(32, 'payrollEmployeeId must be at most 32 characters').optional(),
    emergencyContactName: plainText('emergencyContactName').trim().max(100, 'emergencyContactName must be at most 100 characters').optional(),
    emergencyContactPhone: phoneSchema.optional(),
    requiresBackoffice: z.boolean().default(false),
    backofficeUsername: z.string().trim().regex(USERNAME_PATTERN, 'backofficeUsername must start with a letter and have 3-64 letters, digits or underscores').optional(),
    backofficePassword: backofficePasswordSchema.optional(),
    /** The linked user's Back Office template; omitted: the one named like `permission` if the tenant has it, else none. */
    backofficePermission: trimmedName('backofficePermission', 200).optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.requiresBackoffice && !input.backofficeUsername) {
      ctx.addIssue({ code: 'custom', path: ['backofficeUsername'], message: 'backofficeUsername is required when requiresBackoffice is true' });
    }
  });

export type CreateEmployeeInput = z.input<typeof createEmployeeInputSchema>;
export type CreateEmployeeParsed = z.output<typeof createEmployeeInputSchema>;

export const disableEmployeeInputSchema = z
  .object({
    posUserId: posUserIdSchema.optional(),
    email: emailSchema.optional(),
  })
  .strict()
  .refine((input) => (input.posUserId === undefined) !== (input.email === undefined), {
    message: 'give exactly one of posUserId and email',
  });

export type DisableEmployeeInput = z.input<typeof disableEmployeeInputSchema>;

export const createBackofficeUserInputSchema = z
  .object({
    username: z.string().trim().regex(USERNAME_PATTERN, 'username must start with a letter and have 3-64 letters, digits or underscores'),
    email: emailSchema,
    permission: trimmedName('permission', 200),
    password: backofficePasswordSchema.optional(),
    linkToEmployeePosUserId: posUserIdSchema.optional(),
    linkToEmployeeEmail: emailSchema.optional(),
    firstName: trimmedName('firstName', 64).optional(),
    lastName: trimmedName('lastName', 64).optional(),
    /** Omitted: a linked user gets its employee's sites, a standalone user every site. */
    availableSites: siteSelectionSchema.optional(),
    /** Apply the `permission` template and the sites to the new user (default true); false leaves it to be done by hand. */
    applyTemplate: z.boolean({ error: 'applyTemplate must be true or false' }).default(true),
  })
  .strict()
  .superRefine((input, ctx) => {
    const links = [input.linkToEmployeePosUserId, input.linkToEmployeeEmail].filter((v) => v !== undefined).length;
    const named = input.firstName !== undefined || input.lastName !== undefined;
    if (links > 1) {
      ctx.addIssue({ code: 'custom', message: 'give only one of linkToEmployeePosUserId and linkToEmployeeEmail' });
    } else if (links === 1 && named) {
      ctx.addIssue({ code: 'custom', message: 'give either a link field (linked mode) or firstName and lastName (standalone mode), not both' });
    } else if (links === 0 && (input.firstName === undefined || input.lastName === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'give a link field (linkToEmployeePosUserId or linkToEmployeeEmail) for a linked user, or firstName and lastName for a standalone user',
      });
    }
  });

export type CreateBackofficeUserInput = z.input<typeof createBackofficeUserInputSchema>;

/* ------------------------------------------------------- the employee's life */

const employeeIdSchema = z
  .number({ error: 'employeeId must be a number' })
  .int('employeeId must be a whole number')
  .min(1, 'employeeId must be at least 1')
  .max(2_147_483_647, 'employeeId is too large');

/** Which employee: the BackOffice's own id, or the POS user id people know them by. */
export const employeeKeySchema = z.union(
  [z.strictObject({ employeeId: employeeIdSchema }), z.strictObject({ posUserId: posUserIdSchema })],
  { error: 'give the employee as { employeeId } or { posUserId }' },
);
export type EmployeeKey = z.input<typeof employeeKeySchema>;

/** Which Back Office user: its id (7 digits on real tenants) or its username. */
export const backofficeUserKeySchema = z.union(
  [
    z.strictObject({ userId: z.number({ error: 'userId must be a number' }).int('userId must be a whole number').min(1, 'userId must be at least 1').max(2_147_483_647, 'userId is too large') }),
    z.strictObject({ username: z.string({ error: 'username must be a string' }).trim().regex(USERNAME_PATTERN, 'username must start with a letter and have 3-64 letters, digits or underscores') }),
  ],
  { error: 'give the Back Office user as { userId } or { username }' },
);
export type BackofficeUserKey = z.input<typeof backofficeUserKeySchema>;

export const posPinSchema = z
  .number({ error: 'posPin must be a number' })
  .int('posPin must be a whole number')
  .min(10_000, 'posPin must be a 5-digit number (10000-99999)')
  .max(99_999, 'posPin must be a 5-digit number (10000-99999)');

export const findEmployeesQuerySchema = z
  .strictObject({
    /** Case-insensitive prefix, as the roster's own filter matches. */
    firstName: trimmedName('firstName', 50).optional(),
    lastName: trimmedName('lastName', 100).optional(),
    /** Compared on digits (the last ten), after the roster's name filters. */
    phone: phoneSchema.optional(),
    active: z.enum(['active', 'inactive', 'all']).default('all'),
  })
  .refine((q) => q.firstName !== undefined || q.lastName !== undefined || q.phone !== undefined, {
    message: 'give at least one of firstName, lastName and phone',
  });
export type FindEmployeesQuery = z.input<typeof findEmployeesQuerySchema>;

/** What updateEmployee may change; a field left out stays exactly as it is. */
export const employeeChangesSchema = z
  .strictObject({
    firstName: trimmedName('firstName', 50).optional(),
    lastName: trimmedName('lastName', 100).optional(),
    phone: phoneSchema.optional(),
    email: emailSchema.optional(),
    departments: z
      .array(trimmedName('department name', 200), { error: 'departments must be a list of department names' })
      .min(1, 'Choose at least one department')
      .optional(),
    availableSites: siteSelectionSchema.optional(),
    startDate: calendarDateSchema.optional(),
    emergencyContactName: plainText('emergencyContactName').trim().max(100, 'emergencyContactName must be at most 100 characters').optional(),
    /** An empty string clears it. */
    emergencyContactPhone: z.union([z.literal(''), phoneSchema]).optional(),
    payrollEmployeeId: plainText('payrollEmployeeId').trim().max(32, 'payrollEmployeeId must be at most 32 characters').optional(),
    posPin: posPinSchema.optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), { message: 'give at least one field to change' });
export type EmployeeChanges = z.input<typeof employeeChangesSchema>;
export type EmployeeChangesParsed = z.output<typeof employeeChangesSchema>;
export type EmployeeChangeField = keyof EmployeeChangesParsed;

export const setWageInputSchema = z.strictObject({
  /** Dollars per hour, at least $0.01. */
  regularRate: moneySchema,
  /** Dollars per hour, not below the regular rate; default 1.5 × the regular rate (in cents, half-even), used only when the employee is overtime-eligible. */
  overtimeRate: moneySchema.optional(),
  /** Default: the server's today as its form shows it, or the day after the latest record's when that is later. */
  effectiveDate: calendarDateSchema.optional(),
});
export type SetWageInput = z.input<typeof setWageInputSchema>;

export const templateNameSchema = trimmedName('template', 200);

export const refreshOptionsSchema = z.object({ refresh: z.boolean().default(false) }).strict();
export type RefreshOptions = z.input<typeof refreshOptionsSchema>;

export const listPermissionsOptionsSchema = z
  .object({ refresh: z.boolean().default(false), scope: z.enum(['pos', 'backoffice', 'all']).default('all') })
  .strict();
export type ListPermissionsOptions = z.input<typeof listPermissionsOptionsSchema>;

export const listEmployeesOptionsSchema = z
  .object({ refresh: z.boolean().default(false), active: z.enum(['active', 'inactive', 'all']).default('all') })
  .strict();
export type ListEmployeesOptions = z.input<typeof listEmployeesOptionsSchema>;

export * from './results.js';
