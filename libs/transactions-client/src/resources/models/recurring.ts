import { z } from 'zod';
import { looseBoolean, looseInt, looseNumber, optionalString } from '../../internal/coerce.js';
import type {
  RecurringAccount,
  RecurringAccountDetail,
  RecurringAccountModifications,
  RecurringBilling,
  RecurringModification,
  RecurringStatusChange,
  RecurringStatusEntry,
} from '../types.js';
import {
  AccountCustomerSchema,
  AccountTagSchema,
  AccountVehicleSchema,
  idString,
  listOf,
  nullable,
  renameKeys,
  vendorDate,
  vendorDateTime,
} from './common.js';

/** The vendor's `recurringAccountStatus` codes and their names (the document's enum; 15 is "Unknown error"). */
export const RECURRING_STATUS_NAMES = {
  1: 'Active',
  2: 'Payment Failed',
  3: 'Payment CC Expired',
  4: 'Payment Retries Exceeded',
  5: 'Suspended',
  6: 'Expired',
  7: 'Cancelled',
  8: 'Declined',
  9: 'Authorizer Error',
  10: 'Cleared Tokens',
  11: 'Changed Authorizer',
  12: 'Payment CC Update Started',
  13: 'Payment CC Update Declined',
  14: 'Authorizer communication error',
  15: 'Unknown error',
} as const satisfies Record<number, string>;

/** The modification types of `/recurring/account/modifications` (the request enum accepts 1–7 of them). */
export const RECURRING_MODIFICATION_NAMES = {
  1: 'Tag Added',
  2: 'Tags Removed',
  3: 'Billing Amount Change',
  4: 'Vehicle Plate Changed',
  5: 'Tag Enabled',
  6: 'Tag Disabled',
  7: 'Account Status Changed',
} as const satisfies Record<number, string>;

function statusName(code: number): string {
  return (RECURRING_STATUS_NAMES as Record<number, string>)[code] ?? `Status ${code}`;
}

/** One row of `GET /recurring/account/list`; `balance` (always null for recurring accounts) is dropped. */
export const RecurringAccountSchema = z
  .object({
    id: idString,
    name: optionalString,
    signUpDate: vendorDateTime,
    cancelDate: nullable(vendorDateTime),
    billingSiteId: looseInt,
    billingSiteCode: optionalString,
    customerId: nullable(idString),
    status: looseInt,
    statusName: optionalString,
  })
  .transform((row) => ({ ...row, statusName: row.statusName ?? statusName(row.status) })) satisfies z.ZodType<RecurringAccount>;

/**
 * Only the last four digits of a card. The API sends `lastFourCC` as `XXXXXXXXXXXX0572`; whatever it sends, no more
 * than four digits ever reach a model (and the field cannot fail, so the value never reaches a parse error either).
 */
const cardLastFour = z.unknown().transform((value): string | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const digits = String(value).replace(/\D/g, '');
  return digits === '' ? null : digits.slice(-4);
});

const RecurringBillingSchema = z.preprocess(
  renameKeys({ lastFourCC: 'cardLastFour' }),
  z.object({
    amountCharged: looseNumber,
    date: vendorDateTime,
    cardLastFour,
    creditCardExpirationDate: optionalString,
  }),
) satisfies z.ZodType<RecurringBilling>;

const RecurringStatusEntrySchema = z.object({
  status: z.string(),
  date: vendorDateTime,
}) satisfies z.ZodType<RecurringStatusEntry>;

const recurringDetailShape = {
  id: idString,
  isOnTrial: looseBoolean,
  trialAmount: nullable(looseNumber),
  billingSiteCode: optionalString,
  creationSiteCode: optionalString,
  nextBillDate: nullable(vendorDate),
  tags: listOf(AccountTagSchema),
  vehicles: listOf(AccountVehicleSchema),
  lastBillDate: nullable(vendorDate),
  billingAmount: nullable(looseNumber),
  isSuspended: looseBoolean,
  suspendedUntil: nullable(vendorDate),
  currentRecurringStatusName: z.string(),
  planName: z.string(),
  customer: AccountCustomerSchema,
  recurringStatuses: listOf(RecurringStatusEntrySchema),
  recurringBillings: listOf(RecurringBillingSchema),
  additionalTagPrice: nullable(looseNumber),
};

/** `GET /recurring/account/{id}/detail` and each row of `GET /recurring/account/details/list`. */
export const RecurringAccountDetailSchema = z.object(recurringDetailShape) satisfies z.ZodType<RecurringAccountDetail>;

/** A modification entry: live keys `name`, `date`, `comment`; the document's `modificationType/Date/Comment` also read. */
export const RecurringModificationSchema = z.preprocess(
  renameKeys({ name: 'type', modificationType: 'type', modificationDate: 'date', modificationComment: 'comment' }),
  z.object({
    type: z.string(),
    date: vendorDateTime,
    comment: optionalString,
  }),
) satisfies z.ZodType<RecurringModification>;

/** One row of `GET /recurring/account/modifications`: a recurring detail plus its modifications. */
export const RecurringAccountModificationsSchema = z.object({
  ...recurringDetailShape,
  modifications: listOf(RecurringModificationSchema),
}) satisfies z.ZodType<RecurringAccountModifications>;

/** One row of `GET /recurring/account/status-list`: snake_case on the wire (camelCase also read). */
export const RecurringStatusChangeSchema = z.preprocess(
  renameKeys({
    washbook_account_id: 'washbookAccountId',
    recurring_id: 'recurringId',
    old_status: 'oldStatus',
    new_status: 'newStatus',
    status_date: 'statusDate',
    employee_name: 'employeeName',
    site_code: 'siteCode',
  }),
  z.object({
    washbookAccountId: idString,
    recurringId: idString,
    oldStatus: optionalString,
    newStatus: z.string(),
    statusDate: vendorDateTime,
    employeeName: optionalString,
    siteCode: optionalString,
  }),
) satisfies z.ZodType<RecurringStatusChange>;

export const RecurringAccountDetailResponseSchema = z.object({ data: RecurringAccountDetailSchema });
