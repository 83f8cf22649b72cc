import { fromCents } from '@washops/client-core';
import { DateRangeError } from '@washops/shared-errors';
import type { WarehouseTransaction } from '@washops/store';
import { z } from 'zod';

/** The longest range one call reads: a year. */
export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

export const localDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day written YYYY-MM-DD')
  // Date.parse first: an impossible day (2026-13-45) is NaN, and toISOString of it would throw.
  .refine((day) => {
    const at = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
  }, 'a day that exists');

export const siteCodesInput = z
  .array(z.string().min(1))
  .min(1)
  .max(200)
  .optional()
  .describe('Site codes from list_transaction_sites, e.g. ["NILES"]; omitted: every site');

/** Checks a range of days before anything is read: in order, at most a year. */
export function checkDayRange(from: string, to: string): void {
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days < 1) throw new DateRangeError(`"to" (${to}) is before "from" (${from}).`);
  if (days > MAX_RANGE_DAYS) throw new DateRangeError(`The range has ${days} days; at most ${MAX_RANGE_DAYS} at a time.`);
}

/** `YYYY-MM-DD` (a whole UTC day), an ISO date-time (no offset means UTC) or Unix seconds as digits. */
export const instantInput = z
  .string()
  .min(1)
  .describe('A day "2026-11-20" (whole UTC day), an ISO date-time with an offset for a site\'s local time ("2026-11-20T00:00:00-06:00"), or Unix seconds as digits');

/** An instant of the range: a bare day starts at its UTC midnight (`start`) or ends at its last millisecond (`end`). */
export function instantOf(value: string, edge: 'start' | 'end'): Date {
  const text = value.trim();
  let at: Date;
  if (/^\d+$/.test(text)) at = new Date(Number(text) * 1000);
  else if (/^\d{4}-\d{2}-\d{2}$/.test(text)) at = new Date(Date.parse(`${text}T00:00:00Z`) + (edge === 'end' ? DAY_MS - 1 : 0));
  else at = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? text : `${text}Z`);
  if (Number.isNaN(at.getTime())) throw new DateRangeError(`"${text.slice(0, 40)}" is not a date: write 2026-11-20, 2026-11-20T06:00:00-06:00 or Unix seconds.`);
  return at;
}


export const warehouseRowSchema = z.object({
  id: z.string().describe('the vendor transaction id, <record>:<site>; get_transaction reads it live'),
  number: z.number().int(),
  siteCode: z.string(),
  day: z.string().describe("the site's local day"),
  completedAt: z.string().describe('UTC ISO 8601'),
  type: z.string(),
  salesDeviceName: z.string(),
  total: z.number().describe('dollars'),
  customerName: z.string().nullable(),
  employeeCashier: z.string().nullable(),
  isRecurringSale: z.boolean(),
  isRecurringRedemption: z.boolean(),
  isPrepaidSale: z.boolean(),
  isPrepaidRedemption: z.boolean(),
  isRecurringPlanSale: z.boolean().nullable().describe('v2 field: null when the vendor left it out of the job'),
  transactionStatus: z.string().nullable().describe('v2 field: null when the vendor left it out of the job'),
  tenders: z.array(z.object({ tender: z.string(), tenderSubType: z.string().nullable(), total: z.number(), cardLastFour: z.string().nullable() })),
  items: z.array(z.object({ name: z.string(), department: z.string(), quantity: z.number(), net: z.number(), isVoided: z.boolean() })),
  discounts: z.array(z.object({ discountName: z.string(), amount: z.number() })),
});

/** One stored transaction as the model reads it: dollars, UTC ISO times, card data only as its last four digits. */
export function warehouseRow(t: WarehouseTransaction): z.input<typeof warehouseRowSchema> {
  return {
    id: t.id,
    number: t.number,
    siteCode: t.siteCode,
    day: t.day,
    completedAt: t.completedAt.toISOString(),
    type: t.type,
    salesDeviceName: t.salesDeviceName,
    total: fromCents(t.totalCents),
    customerName: t.customerName,
    employeeCashier: t.employeeCashier,
    isRecurringSale: t.isRecurringSale,
    isRecurringRedemption: t.isRecurringRedemption,
    isPrepaidSale: t.isPrepaidSale,
    isPrepaidRedemption: t.isPrepaidRedemption,
    isRecurringPlanSale: t.isRecurringPlanSale,
    transactionStatus: t.transactionStatus,
    tenders: t.tenders.map((tender) => ({
      tender: tender.tender,
      tenderSubType: tender.tenderSubType,
      total: fromCents(tender.totalCents),
      // The store keeps four digits at most; the last four are all that may ever leave it.
      cardLastFour: tender.cardLastFour === null ? null : tender.cardLastFour.slice(-4),
    })),
    items: t.items.map((item) => ({ name: item.name, department: item.department, quantity: item.quantity, net: fromCents(item.netCents), isVoided: item.isVoided })),
    discounts: t.discounts.map((discount) => ({ discountName: discount.discountName, amount: fromCents(discount.amountCents) })),
  };
}
