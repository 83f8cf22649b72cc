import type { TransactionJobItem } from '@washops/transactions-client';
import { csvSafeText, formatCents, toCents } from '@washops/client-core';
import { stringify } from 'csv-stringify/sync';

/** One row per transaction (live or from the warehouse), parts summarised per cell ("Credit/Visa 12.00; Cash 5.00"), so rows = records and `total` sums. */
export const EXPORT_CSV_COLUMNS = [
  'transaction_id',
  'number',
  'site',
  'complete_date',
  'kind',
  'status',
  'device',
  'total',
  'tenders',
  'items',
  'item_count',
  'discount_total',
  'discounts',
  'customer_name',
  'customer_id',
  'license_plate',
  'cashier',
  'greeter',
  'recurring_sale',
  'recurring_redemption',
  'prepaid_sale',
  'prepaid_redemption',
] as const;

/** Money as a decimal with two places, whatever its float noise. */
const money = (amount: number): string => formatCents(toCents(amount));

/** Dates as ISO 8601 in UTC; a value the API sent that does not parse is kept as sent. */
export function isoDate(value: string): string {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

export function exportRowOf(t: TransactionJobItem): Array<string | number> {
  const tenders = t.tenders
    .map((tender) => `${tender.tenderSubType ? `${tender.tender}/${tender.tenderSubType}` : tender.tender} ${money(tender.total)}`)
    .join('; ');
  const items = t.items
    .map((item) => `${item.quantity} x ${item.name} ${money(item.net)}${item.isVoided ? ' (voided)' : ''}`)
    .join('; ');
  const discountTotal = t.discounts.reduce((sum, d) => sum + d.discountAmount, 0);
  const discounts = t.discounts.map((d) => `${d.discountName} ${money(d.discountAmount)}`).join('; ');
  return [
    t.id,
    t.number,
    t.locationCode,
    isoDate(t.completeDate),
    t.type,
    t.transactionStatus ?? '',
    csvSafeText(t.salesDeviceName),
    money(t.total),
    csvSafeText(tenders),
    csvSafeText(items),
    t.items.reduce((sum, item) => sum + item.quantity, 0),
    money(discountTotal),
    csvSafeText(discounts),
    csvSafeText(t.customerName),
    t.customerId ?? '',
    csvSafeText(t.vehicleLicensePlate),
    csvSafeText(t.employeeCashier),
    csvSafeText(t.employeeGreeter),
    String(t.isRecurringSale),
    String(t.isRecurringRedemption),
    String(t.isPrepaidSale),
    String(t.isPrepaidRedemption),
  ];
}

/** The export's CSV: a header row, then one row per transaction (RFC 4180 quoting by csv-stringify). */
export function transactionsCsv(records: readonly TransactionJobItem[]): string {
  return stringify([[...EXPORT_CSV_COLUMNS], ...records.map(exportRowOf)], { record_delimiter: 'windows' });
}
