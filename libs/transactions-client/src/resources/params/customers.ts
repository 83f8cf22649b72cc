import { DATE_RANGE_ISSUE } from '@washops/client-core';
import { z } from 'zod';
import { DateOnlySchema, todayUtc } from './dates.js';

const nameFilter = (what: string) => z.string().trim().min(1, `${what} must not be empty`).max(100, `${what} is at most 100 characters`);

/**
 * `phoneNumber`: 10 or 11 digits, the 11th a leading 1 (the API matches with or without it). Punctuation such as
 * `(312) 555-0101` or `+1 312.555.0101` is stripped first.
 */
export const PhoneNumberSchema = z
  .string({ error: 'phoneNumber must be a string' })
  .transform((v) => v.replace(/[\s().+-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d+$/, 'phoneNumber must contain only digits (and punctuation such as spaces, dashes and parentheses)')
      .regex(/^(?:\d{10}|1\d{10})$/, 'phoneNumber must have 10 digits, or 11 starting with 1'),
  );

/**
 * Params of `customers.list`. `startDate` (created on or after) must not be after today; `endDate` (modified on or
 * before; never-modified records are included) filters another date, so the two are not compared.
 */
export const CustomerListParamsSchema = z
  .strictObject({
    firstName: nameFilter('firstName').optional(),
    lastName: nameFilter('lastName').optional(),
    status: z.enum(['active', 'inactive']).optional(),
    phoneNumber: PhoneNumberSchema.optional(),
    startDate: DateOnlySchema.optional(),
    endDate: DateOnlySchema.optional(),
  })
  .superRefine((value, ctx) => {
    const today = todayUtc();
    if (value.startDate !== undefined && value.startDate > today) {
      ctx.addIssue({
        code: 'custom',
        path: ['startDate'],
        message: `startDate is ${value.startDate}; customers created after today (${today}) cannot be asked for`,
        params: { code: DATE_RANGE_ISSUE },
      });
    }
  });
