import { z } from 'zod';
import { looseBoolean, looseInt, looseNumber, optionalString } from '../../internal/coerce.js';
import type { WashbookAccount, WashbookAccountDetail } from '../types.js';
import { AccountCustomerSchema, AccountTagSchema, AccountVehicleSchema, idString, listOf, nullable, vendorDate, vendorDateTime } from './common.js';

/** A washbook balance of this many washes or more means "unlimited" (the document: "in the 900 range"; 999 in examples). */
export const UNLIMITED_WASHBOOK_BALANCE = 900;

/** The balance arrives as a string (`"5"`, `"5.00"`); 900+ becomes `{ balance: null, unlimited: true }`. */
function withUnlimited<T extends { balance: number | null }>(row: T): T & { unlimited: boolean } {
  const unlimited = row.balance !== null && row.balance >= UNLIMITED_WASHBOOK_BALANCE;
  return { ...row, balance: unlimited ? null : row.balance, unlimited };
}

/** One row of `GET /washbook/account/list`. */
export const WashbookAccountSchema = z
  .object({
    id: idString,
    name: optionalString,
    balance: nullable(looseNumber),
    signUpDate: vendorDateTime,
    cancelDate: nullable(vendorDateTime),
    billingSiteId: looseInt,
    customerId: nullable(idString),
    status: z.string(),
  })
  .transform(withUnlimited) satisfies z.ZodType<WashbookAccount>;

const RecurringInfoSchema = z.object({
  currentBillableAmount: nullable(looseNumber),
  nextBillDate: nullable(vendorDate),
  lastBillDate: nullable(vendorDate),
  isOnTrial: looseBoolean,
  remainingTrialPeriods: nullable(looseInt),
});

/** `GET /washbook/account/{id}/detail`; `recurringInfo` is null for a washbook that is not recurring. */
export const WashbookAccountDetailSchema = z
  .object({
    id: idString,
    name: optionalString,
    balance: nullable(looseNumber),
    customer: AccountCustomerSchema,
    status: z.string(),
    recurringInfo: RecurringInfoSchema.nullish().transform((v) => v ?? null),
    tags: listOf(AccountTagSchema),
    vehicles: listOf(AccountVehicleSchema),
  })
  .transform(withUnlimited) satisfies z.ZodType<WashbookAccountDetail>;

export const WashbookAccountDetailResponseSchema = z.object({ data: WashbookAccountDetailSchema });
