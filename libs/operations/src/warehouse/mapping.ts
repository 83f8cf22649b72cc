import { fromCents, toCents } from '@washops/client-core';
import { APIError } from '@washops/shared-errors';
import type { TransactionJobItem } from '@washops/transactions-client';
import type { SiteDayKey, WarehouseTransaction } from '@washops/store';

/** Only the last four digits of whatever the vendor sent as the card's last four: nothing more is ever stored. */
export function lastFourDigits(value: string | null): string | null {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits === '' ? null : digits.slice(-4);
}

/** A batch job's record as the warehouse keeps it: cents, UTC times, the v2 fields `null` when the job left them out. */
export function toWarehouseTransaction(item: TransactionJobItem, key: SiteDayKey, timeZone: string): WarehouseTransaction {
  const completedAt = new Date(item.completeDate);
  if (Number.isNaN(completedAt.getTime())) {
    throw new APIError(`Transaction ${item.id} has an unreadable completeDate`, {
      details: { transactionId: item.id, issues: [{ path: 'completeDate', message: 'not a date' }] },
    });
  }
  return {
    id: item.id,
    number: item.number,
    siteCode: key.siteCode,
    day: key.day,
    timeZone,
    completedAt,
    type: item.type,
    salesDeviceName: item.salesDeviceName,
    totalCents: toCents(item.total),
    customerName: item.customerName,
    customerId: item.customerId,
    vehicleLicensePlate: item.vehicleLicensePlate,
    employeeCashier: item.employeeCashier,
    employeeGreeter: item.employeeGreeter,
    isRecurringPayment: item.isRecurringPayment,
    isRecurringRedemption: item.isRecurringRedemption,
    isRecurringSale: item.isRecurringSale,
    isPrepaidRedemption: item.isPrepaidRedemption,
    isPrepaidSale: item.isPrepaidSale,
    isRecurringPlanSale: item.isRecurringPlanSale,
    isRecurringPlanRedemption: item.isRecurringPlanRedemption,
    transactionStatus: item.transactionStatus,
    tenders: item.tenders.map((t) => ({
      tender: t.tender,
      tenderSubType: t.tenderSubType,
      amountCents: toCents(t.amount),
      changeCents: toCents(t.change),
      totalCents: toCents(t.total),
      referenceNumber: t.referenceNumber,
      cardLastFour: lastFourDigits(t.creditCardLastFour),
    })),
    items: item.items.map((i) => ({
      name: i.name,
      sku: i.sku,
      department: i.department,
      quantity: i.quantity,
      grossCents: toCents(i.gross),
      netCents: toCents(i.net),
      discountCents: toCents(i.discount),
      taxCents: toCents(i.tax),
      additionalFeeCents: toCents(i.additionalFee),
      isVoided: i.isVoided,
    })),
    discounts: item.discounts.map((d) => ({
      discountName: d.discountName,
      discountSku: d.discountSku,
      appliedToItemName: d.appliedToItemName,
      amountCents: toCents(d.discountAmount),
      discountCode: d.discountCode,
    })),
  };
}

/**
 * The reverse of `toWarehouseTransaction`: a warehouse record in the Data API's job-item shape, so the pages and the CSV treat both sources
 * alike. The card's expiry is never kept (only the last four digits are), so it is `null`.
 */
export function jobItemOfWarehouse(t: WarehouseTransaction): TransactionJobItem {
  return {
    id: t.id,
    number: t.number,
    type: t.type,
    completeDate: t.completedAt.toISOString(),
    locationCode: t.siteCode,
    salesDeviceName: t.salesDeviceName,
    total: fromCents(t.totalCents),
    tenders: t.tenders.map((tender) => ({
      tender: tender.tender,
      tenderSubType: tender.tenderSubType,
      amount: fromCents(tender.amountCents),
      change: fromCents(tender.changeCents),
      total: fromCents(tender.totalCents),
      referenceNumber: tender.referenceNumber,
      creditCardLastFour: tender.cardLastFour,
      creditCardExpirationDate: null,
    })),
    items: t.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      department: item.department,
      quantity: item.quantity,
      gross: fromCents(item.grossCents),
      net: fromCents(item.netCents),
      discount: fromCents(item.discountCents),
      tax: fromCents(item.taxCents),
      additionalFee: fromCents(item.additionalFeeCents),
      isVoided: item.isVoided,
    })),
    customerName: t.customerName,
    customerId: t.customerId,
    vehicleLicensePlate: t.vehicleLicensePlate,
    employeeCashier: t.employeeCashier,
    employeeGreeter: t.employeeGreeter,
    discounts: t.discounts.map((d) => ({
      discountName: d.discountName,
      discountSku: d.discountSku,
      appliedToItemName: d.appliedToItemName,
      discountAmount: fromCents(d.amountCents),
      discountCode: d.discountCode,
    })),
    isRecurringPayment: t.isRecurringPayment,
    isRecurringRedemption: t.isRecurringRedemption,
    isRecurringSale: t.isRecurringSale,
    isPrepaidRedemption: t.isPrepaidRedemption,
    isPrepaidSale: t.isPrepaidSale,
    isRecurringPlanSale: t.isRecurringPlanSale,
    isRecurringPlanRedemption: t.isRecurringPlanRedemption,
    transactionStatus: t.transactionStatus,
  };
}
