import type { TransactionJobItem } from '@washops/transactions-client';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/helpers.js';
import { EXPORT_CSV_COLUMNS, isoDate, transactionsCsv } from './export-csv.js';

function record(overrides: Partial<TransactionJobItem> = {}): TransactionJobItem {
  return {
    id: '876:1001',
    number: 5001,
    type: 'Sale',
    completeDate: '2026-11-21T14:03:09.000Z',
    locationCode: 'FIESTA',
    salesDeviceName: 'POS1',
    total: 21.4,
    tenders: [{ tender: 'Credit', tenderSubType: 'Visa', amount: 21.4, change: 0, total: 21.4, referenceNumber: null, creditCardLastFour: '4242', creditCardExpirationDate: null }],
    items: [
      { name: 'Ultimate, "Shine" Wash', sku: null, department: 'Wash', quantity: 1, gross: 20, net: 18, discount: 2, tax: 1.4, additionalFee: 0, isVoided: false },
      { name: 'Air Freshener', sku: null, department: 'Merch', quantity: 2, gross: 5.98, net: 5.98, discount: 0, tax: 0, additionalFee: 0, isVoided: true },
    ],
    customerName: '=HYPERLINK("http://evil")',
    customerId: null,
    vehicleLicensePlate: null,
    employeeCashier: 'Ann Lee',
    employeeGreeter: null,
    discounts: [{ discountName: '$2 Off', discountSku: null, appliedToItemName: null, discountAmount: 2, discountCode: null }],
    isRecurringPayment: false,
    isRecurringRedemption: false,
    isRecurringSale: false,
    isPrepaidRedemption: false,
    isPrepaidSale: false,
    isRecurringPlanSale: null,
    isRecurringPlanRedemption: null,
    transactionStatus: null,
    ...overrides,
  };
}

describe('the export CSV', () => {
  it('writes one row per transaction with money as two-decimal numbers and ISO dates, quoted where needed', () => {
    const rows = parseCsv(transactionsCsv([record(), record({ id: '877:1001', total: 0.1 + 0.2 })]));
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0]!)).toEqual([...EXPORT_CSV_COLUMNS]);
    expect(rows[0]).toMatchObject({
      transaction_id: '876:1001',
      total: '21.40',
      complete_date: '2026-11-21T14:03:09.000Z',
      tenders: 'Credit/Visa 21.40',
      items: '1 x Ultimate, "Shine" Wash 18.00; 2 x Air Freshener 5.98 (voided)',
      item_count: '3',
      discount_total: '2.00',
      cashier: 'Ann Lee',
    });
    expect(rows[1]!['total']).toBe('0.30');
  });

  it('defuses cells a spreadsheet would run as formulas, but not money', () => {
    const rows = parseCsv(transactionsCsv([record({ total: -5 })]));
    expect(rows[0]!['customer_name']).toBe(`'=HYPERLINK("http://evil")`);
    expect(rows[0]!['total']).toBe('-5.00');
  });

  it('formats edge values', () => {
    const totalCell = (total: number) => parseCsv(transactionsCsv([record({ total })]))[0]!['total'];
    expect(totalCell(1.005)).toBe('1.01');
    expect(totalCell(-0.001)).toBe('0.00');
    expect(isoDate('2026-11-21 08:00:00-06:00')).toBe('2026-11-21T14:00:00.000Z');
    expect(isoDate('not a date')).toBe('not a date');
  });
});
