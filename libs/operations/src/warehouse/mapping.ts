import { toCents } from '@washops/client-core';
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
    throw new APIError(`Transaction ${item.id} has an unreadable completeDate`, { details: { transactionId: item.id } });
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
