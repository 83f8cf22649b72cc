import type {
  DataApiSite,
  Transaction,
  TransactionJobItem,
  TransactionListItem,
  TransactionV2ListItem,
} from '@washops/transactions-client';
import { TRANSACTION_TYPES, TransactionIdSchema } from '@washops/transactions-client';
import { z } from 'zod';

/*
 * What the model sees. The client's models parse the wire format (with transforms JSON Schema cannot
 * express); these describe the parsed values, and `satisfies` keeps them in step with the client's types.
 */

const nullableString = z.string().nullable();

export const listItemSchema = z.object({
  transNumber: z.number().int(),
  transId: TransactionIdSchema,
  total: z.number(),
  date: z.string().describe('UTC ISO 8601'),
}) satisfies z.ZodType<TransactionListItem>;

export const v2ListItemSchema = listItemSchema.extend({
  customerId: nullableString,
  isRecurringPlanSale: z.boolean(),
  isRecurringPlanRedemption: z.boolean(),
  transactionStatus: z.string(),
}) satisfies z.ZodType<TransactionV2ListItem>;

const tenderSchema = z.object({
  tender: z.string(),
  tenderSubType: nullableString,
  amount: z.number(),
  change: z.number(),
  total: z.number(),
  referenceNumber: nullableString,
  creditCardLastFour: nullableString,
  creditCardExpirationDate: nullableString,
});

const itemSchema = z.object({
  name: z.string(),
  sku: nullableString,
  department: z.string(),
  quantity: z.number().int(),
  gross: z.number(),
  net: z.number(),
  discount: z.number(),
  tax: z.number(),
  additionalFee: z.number(),
  isVoided: z.boolean(),
});

const discountSchema = z.object({
  discountName: z.string(),
  discountSku: nullableString,
  appliedToItemName: nullableString,
  discountAmount: z.number(),
  discountCode: nullableString,
});

const transactionShape = {
  id: TransactionIdSchema,
  number: z.number().int(),
  type: z.string().describe('Sale, Return or Rewash'),
  completeDate: z.string(),
  locationCode: z.string().describe('site code'),
  salesDeviceName: z.string(),
  total: z.number(),
  tenders: z.array(tenderSchema),
  items: z.array(itemSchema),
  customerName: nullableString,
  customerId: nullableString,
  vehicleLicensePlate: nullableString,
  employeeCashier: nullableString,
  employeeGreeter: nullableString,
  discounts: z.array(discountSchema),
  isRecurringPayment: z.boolean(),
  isRecurringRedemption: z.boolean(),
  isRecurringSale: z.boolean(),
  isPrepaidRedemption: z.boolean(),
  isPrepaidSale: z.boolean(),
};

export const transactionSchema = z.object(transactionShape) satisfies z.ZodType<Transaction>;

export const jobItemSchema = z.object({
  ...transactionShape,
  isRecurringPlanSale: z.boolean().nullable(),
  isRecurringPlanRedemption: z.boolean().nullable(),
  transactionStatus: z.string().nullable(),
}) satisfies z.ZodType<TransactionJobItem>;

export const dataApiSiteSchema = z.object({
  siteId: z.number().int(),
  code: nullableString,
  name: z.string(),
  timezone: nullableString,
}) satisfies z.ZodType<DataApiSite>;

/** One JSON type per field (portable to every model provider); digits-only means Unix seconds. */
export const dateInput = z
  .string()
  .min(1)
  .describe('ISO 8601 date or date-time (no offset means UTC), e.g. "2026-11-01" or "2026-11-01T06:00:00-06:00"; or Unix seconds as digits');

/** Unix seconds arrive as a digits-only string; the client takes them as a number. */
export function toDateParam(value: string): string | number {
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** The list tools' filters as the client's list params (dates converted, absent filters dropped). */
export function toListParams(filters: { startDate: string; endDate: string; site?: string | undefined; region?: string | undefined }) {
  return {
    startDate: toDateParam(filters.startDate),
    endDate: toDateParam(filters.endDate),
    ...(filters.site === undefined ? {} : { site: filters.site }),
    ...(filters.region === undefined ? {} : { region: filters.region }),
  };
}

/** The filters every list tool takes. The client validates them fully (dates, the 31-day limit). */
export const listFilterShape = {
  startDate: dateInput.describe('Start of the range. ' + dateInput.description),
  endDate: dateInput.describe('End of the range, at most 31 days after startDate. ' + dateInput.description),
  site: z.string().min(1).optional().describe('Site code from list_transaction_sites, e.g. "NILES"'),
  region: z.string().min(1).optional().describe('Region code; ignored by the API when site is given'),
  maxResults: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(100)
    .describe('Stop after this many rows (default 100, at most 1000). Narrow the dates or pick a site for complete results.'),
};

export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);

export function listOutputSchema<T extends z.ZodType>(row: T) {
  return z.object({
    transactions: z.array(row),
    returned: z.number().int(),
    truncated: z.boolean().describe('true when more rows matched than maxResults'),
    totalAmount: z.number().describe('sum of `total` over the returned rows'),
    note: z.string().optional(),
  });
}
