import { z } from 'zod';
import { isRecord, looseBoolean, looseInt, looseNumber, openEnum, optionalString, orNull } from './internal/coerce.js';

/**
 * Response models. The wire format is camelCase like ours; these schemas absorb the live API's quirks
 * (reference/data-api-contract.md §9): `""` for unset strings, numbers sent as strings, the discount
 * array under `discount` or `discounts`, job items without the v2 fields, `siteID`.
 */

/** `transId`, `customerId`: `<record>:<site>`. */
export const EntityIdentifierSchema = z.string().regex(/^\d+:\d+$/, 'expected an id such as 876:1001');

export const TRANSACTION_STATUSES = ['Incomplete', 'In-Progress', 'Completed', 'Suspended', 'Voided', 'Recalled', 'Pre-Sell', 'N/A'] as const;
export const TENDERS = ['Cash', 'Credit', 'Debit', 'Void', 'Alt-Currency', 'Check', 'Prepaid', 'Coupon', 'Paid On Account', 'Prepaid 3rd Party', 'Fleet', 'Prepaid Wash'] as const;
export const TENDER_SUB_TYPES = ['Visa', 'MasterCard', 'Discover', 'Amex', 'Giftcard', 'Washbook', 'Washbook Recurring', 'RFID', 'RFID Recurring', 'XpressWash', 'Code', 'Hamilton Fleet', 'Hamilton Value', '3rd Party Interface', 'House Account Card', 'Voyager', 'Other', 'P-Card', 'House Account RFID', 'LPR', 'Debit'] as const;
export const TRANSACTION_KINDS = ['Sale', 'Return', 'Rewash'] as const;

/** One row of `GET /transaction` and `GET /transaction/type/{type}`. */
export const TransactionListItemSchema = z.object({
  transNumber: looseInt,
  transId: EntityIdentifierSchema,
  total: looseNumber,
  date: z.string(),
});
export type TransactionListItem = z.output<typeof TransactionListItemSchema>;

/** One row of `GET /transaction/version-2`. */
export const TransactionV2ListItemSchema = TransactionListItemSchema.extend({
  customerId: optionalString,
  isRecurringPlanSale: looseBoolean,
  isRecurringPlanRedemption: looseBoolean,
  transactionStatus: openEnum(TRANSACTION_STATUSES),
});
export type TransactionV2ListItem = z.output<typeof TransactionV2ListItemSchema>;

export const TransactionTenderSchema = z.object({
  tender: openEnum(TENDERS),
  tenderSubType: orNull(openEnum(TENDER_SUB_TYPES)),
  amount: looseNumber,
  change: looseNumber,
  total: looseNumber,
  referenceNumber: optionalString,
  creditCardLastFour: optionalString,
  creditCardExpirationDate: optionalString,
});
export type TransactionTender = z.output<typeof TransactionTenderSchema>;

export const TransactionItemSchema = z.object({
  name: z.string(),
  sku: optionalString,
  department: z.string(),
  quantity: looseInt,
  gross: looseNumber,
  net: looseNumber,
  discount: looseNumber,
  tax: looseNumber,
  additionalFee: looseNumber,
  isVoided: looseBoolean,
});
export type TransactionItem = z.output<typeof TransactionItemSchema>;

/** The amount is `discountAmount` live and `discount` in the vendor's document; exposed as `discountAmount`. */
export const TransactionDiscountSchema = z.preprocess(
  (v) => (isRecord(v) && v['discountAmount'] === undefined && v['discount'] !== undefined ? { ...v, discountAmount: v['discount'] } : v),
  z.object({
    discountName: z.string(),
    discountSku: optionalString,
    appliedToItemName: optionalString,
    discountAmount: looseNumber,
    discountCode: optionalString,
  }),
);
export type TransactionDiscount = z.output<typeof TransactionDiscountSchema>;

const transactionShape = {
  id: EntityIdentifierSchema,
  number: looseInt,
  type: openEnum(TRANSACTION_KINDS),
  completeDate: z.string(),
  locationCode: z.string(),
  salesDeviceName: z.string(),
  total: looseNumber,
  tenders: z.array(TransactionTenderSchema),
  items: z.array(TransactionItemSchema),
  customerName: optionalString,
  customerId: optionalString,
  vehicleLicensePlate: optionalString,
  employeeCashier: optionalString,
  employeeGreeter: optionalString,
  discounts: z.array(TransactionDiscountSchema),
  isRecurringPayment: looseBoolean,
  isRecurringRedemption: looseBoolean,
  isRecurringSale: looseBoolean,
  isPrepaidRedemption: looseBoolean,
  isPrepaidSale: looseBoolean,
};

/** The live key is `discount`; an early document said `discounts`. Either becomes `discounts` (missing: none). */
function normalizeDiscounts(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const { discount, discounts, ...rest } = value;
  return { ...rest, discounts: discounts ?? discount ?? [] };
}

/** `GET /transaction/{id}`. */
export const TransactionSchema = z.preprocess(normalizeDiscounts, z.object(transactionShape));
export type Transaction = z.output<typeof TransactionSchema>;

/** One record of a batch job (`get-job-data`): a transaction plus the v2 fields, which the live API omits (then `null`). */
export const TransactionJobItemSchema = z.preprocess(
  normalizeDiscounts,
  z.object({
    ...transactionShape,
    isRecurringPlanSale: orNull(looseBoolean),
    isRecurringPlanRedemption: orNull(looseBoolean),
    transactionStatus: orNull(openEnum(TRANSACTION_STATUSES)),
  }),
);
export type TransactionJobItem = z.output<typeof TransactionJobItemSchema>;

/** `GET /site/list`: `siteID` on the wire becomes `siteId`; `code` and `timezone` may be `""` or null. */
export const DataApiSiteSchema = z.preprocess(
  (v) => (isRecord(v) && v['siteId'] === undefined && v['siteID'] !== undefined ? { ...v, siteId: v['siteID'] } : v),
  z.object({
    siteId: looseInt,
    code: optionalString,
    name: z.string(),
    timezone: optionalString,
  }),
);
export type DataApiSite = z.output<typeof DataApiSiteSchema>;

// ---- Envelopes: every 200 body is `{ data: ... }`. ----

const nullableCount = z.preprocess((v) => (v === undefined || v === '' ? null : v), looseInt.nullable());

/** A list page: items under `itemsKey` plus `offset`, `limit`, `total` (each may be null). */
export function listPageSchema<T extends z.ZodType>(itemsKey: string, item: T) {
  return z.object({
    data: z.object({
      [itemsKey]: z.array(item),
      offset: nullableCount,
      limit: nullableCount,
      total: nullableCount,
    }),
  });
}

export const LoadJobResponseSchema = z.object({
  data: z.object({ hash: z.string().min(1), total: nullableCount.optional() }),
});

/** `get-job-data`: an empty day comes back as `pass` with `data: []` and null paging fields. */
export const JobDataResponseSchema = z.object({
  data: z.object({
    hash: z.string().optional(),
    status: z.string(),
    data: z.preprocess((v) => v ?? [], z.array(z.unknown())),
    offset: nullableCount.optional(),
    limit: nullableCount.optional(),
    total: nullableCount.optional(),
  }),
});

export const SiteListResponseSchema = z.object({ data: z.object({ sites: z.array(DataApiSiteSchema) }) });
export const TransactionResponseSchema = z.object({ data: TransactionSchema });
