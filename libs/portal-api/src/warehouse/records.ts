import type { Transaction, TransactionJobItem, TransactionListItem } from '@washops/transactions-client';
import type { WarehouseTransaction } from '@washops/store';

/** Cents back to the API's decimal amounts (exact: `toCents` of the result gives the cents again). */
const amount = (cents: number): number => cents / 100;

/**
 * A warehouse record in the Data API's job-item shape, so the pages and the CSV treat both sources
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
    total: amount(t.totalCents),
    tenders: t.tenders.map((tender) => ({
      tender: tender.tender,
      tenderSubType: tender.tenderSubType,
      amount: amount(tender.amountCents),
      change: amount(tender.changeCents),
      total: amount(tender.totalCents),
      referenceNumber: tender.referenceNumber,
      creditCardLastFour: tender.cardLastFour,
      creditCardExpirationDate: null,
    })),
    items: t.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      department: item.department,
      quantity: item.quantity,
      gross: amount(item.grossCents),
      net: amount(item.netCents),
      discount: amount(item.discountCents),
      tax: amount(item.taxCents),
      additionalFee: amount(item.additionalFeeCents),
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
      discountAmount: amount(d.amountCents),
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

/** The detail page's shape (`GET /transaction/{id}`): the job item without the v2 fields. */
export function detailOfWarehouse(t: WarehouseTransaction): Transaction {
  const { isRecurringPlanSale: _sale, isRecurringPlanRedemption: _redemption, transactionStatus: _status, ...detail } = jobItemOfWarehouse(t);
  return detail;
}

/** A row of the explorer's v1 list. */
export function listItemOfWarehouse(t: WarehouseTransaction): TransactionListItem {
  return { transNumber: t.number, transId: t.id, total: amount(t.totalCents), date: t.completedAt.toISOString() };
}
