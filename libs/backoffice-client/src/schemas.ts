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
    availableSites: siteSelectionSchema.default('all'),
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

/* ---------------------------------------------------------------- results */

export interface Site {
  id: number;
  /** Long name, as the site tree shows it. */
  name: string;
  /** Short code, as the roster shows it; null when the tenant's form does not list one. */
  code: string | null;
  regionId: number | null;
  regionName: string | null;
  districtId: number | null;
  districtName: string | null;
}

export interface Department {
  id: number;
  name: string;
}

export interface PosPermissionTemplate {
  scope: 'pos';
  id: number;
  name: string;
  /** POS permission ids the template grants. */
  grants: number[];
  /** POS permission ids that require a manager's approval. */
  overrides: number[];
}

export interface BackofficePermissionTemplate {
  scope: 'backoffice';
  id: number;
  name: string;
}

export type Permission = PosPermissionTemplate | BackofficePermissionTemplate;

export interface EmployeeSummary {
  employeeId: number;
  firstName: string;
  lastName: string;
  posUserId: number | null;
  phone: string;
  siteCodes: string[];
  departments: string[];
  access: string;
  wageType: string;
  active: boolean;
}

export interface EmployeeCreated {
  employeeId: number;
  posUserId: number;
  posPin: number;
  /** The POS template applied (after a fallback, `General User`). */
  permission: string;
  /** Long name of the wage attribution site. */
  wageSite: string;
  backofficeUser?: { userId: number; username: string; generatedPassword?: string };
  warnings: string[];
}

export interface EmployeeDisabled {
  employeeId: number;
  posUserId?: number;
  email?: string;
  /** UTC ISO timestamp. */
  disabledAt: string;
  warnings: string[];
}

export interface BackofficeUserCreated {
  userId: number;
  username: string;
  email: string;
  mode: 'linked' | 'standalone';
  employeeId?: number;
  permission: string;
  availableSites: 'all' | string[];
  generatedPassword?: string;
  warnings: string[];
}
