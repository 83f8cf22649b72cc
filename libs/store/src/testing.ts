import type { WarehouseTransaction } from './warehouse/types.js';

// Builders for tests across the packages (exported as `@washops/store/testing`): one place that knows every field
// of a stored transaction, so a test names only what it is about.

/** A stored one-wash sale paid by card; `fields` set the site-day, the amount and whatever the test is about. */
export function warehouseSale(fields: Pick<WarehouseTransaction, 'siteCode' | 'day' | 'timeZone' | 'number' | 'totalCents'> & Partial<WarehouseTransaction>): WarehouseTransaction {
  const { totalCents } = fields;
  return {
    id: `${fields.day}-${fields.number}:${fields.siteCode}`,
    completedAt: new Date(`${fields.day}T18:00:00Z`),
    type: 'Sale',
    salesDeviceName: 'POS1',
    customerName: null,
    customerId: null,
    vehicleLicensePlate: null,
    employeeCashier: null,
    employeeGreeter: null,
    isRecurringPayment: false,
    isRecurringRedemption: false,
    isRecurringSale: false,
    isPrepaidRedemption: false,
    isPrepaidSale: false,
    isRecurringPlanSale: null,
    isRecurringPlanRedemption: null,
    transactionStatus: null,
    tenders: [{ tender: 'Credit', tenderSubType: 'Visa', amountCents: totalCents, changeCents: 0, totalCents, referenceNumber: null, cardLastFour: null }],
    items: [{ name: 'Wash', sku: null, department: 'Wash', quantity: 1, grossCents: totalCents, netCents: totalCents, discountCents: 0, taxCents: 0, additionalFeeCents: 0, isVoided: false }],
    discounts: [],
    ...fields,
  };
}
