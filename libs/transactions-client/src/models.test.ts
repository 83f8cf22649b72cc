import { describe, expect, it } from 'vitest';
import { jobItem, transaction } from '../test/support/fake-fetch.js';
import {
  DataApiSiteSchema,
  TransactionJobItemSchema,
  TransactionListItemSchema,
  TransactionSchema,
  TransactionV2ListItemSchema,
} from './models.js';

describe('models tolerate the live API quirks', () => {
  it('reads "" as null on the nullable strings', () => {
    const tx = TransactionSchema.parse(transaction('1:2', { customerName: '', customerId: '', vehicleLicensePlate: '', employeeCashier: '', employeeGreeter: '' }));
    expect(tx).toMatchObject({ customerName: null, customerId: null, vehicleLicensePlate: null, employeeCashier: null, employeeGreeter: null });
  });

  it('accepts numbers sent as strings', () => {
    expect(TransactionListItemSchema.parse({ transNumber: '42', transId: '42:1', total: '7.99', date: 'd' })).toEqual({ transNumber: 42, transId: '42:1', total: 7.99, date: 'd' });
    const tx = TransactionSchema.parse(transaction('1:2', { total: '-3.50', number: '7' }));
    expect(tx.total).toBe(-3.5);
    expect(tx.number).toBe(7);
    expect(() => TransactionListItemSchema.parse({ transNumber: 'forty', transId: '42:1', total: 1, date: 'd' })).toThrow();
  });

  it('exposes the discount array as `discounts`, from `discount` or `discounts`, and the amount from either key', () => {
    const row = { discountName: 'Promo', discountSku: '1', appliedToItemName: 'Wash', discountCode: 'X' };
    const fromLive = TransactionSchema.parse(transaction('1:2', { discount: [{ ...row, discountAmount: '2.00' }] }));
    const { discount: _omit, ...rest } = transaction('1:2');
    const fromPlural = TransactionSchema.parse({ ...rest, discounts: [{ ...row, discount: 2 }] });
    expect(fromLive.discounts).toEqual([{ ...row, discountAmount: 2 }]);
    expect(fromPlural.discounts).toEqual(fromLive.discounts);
    expect(TransactionSchema.parse(rest).discounts).toEqual([]);
  });

  it('gives job items without the v2 fields null there, and keeps them when sent', () => {
    expect(TransactionJobItemSchema.parse(jobItem(5))).toMatchObject({ isRecurringPlanSale: null, isRecurringPlanRedemption: null, transactionStatus: null });
    expect(
      TransactionJobItemSchema.parse({ ...jobItem(5), isRecurringPlanSale: true, isRecurringPlanRedemption: false, transactionStatus: 'Voided' }),
    ).toMatchObject({ isRecurringPlanSale: true, isRecurringPlanRedemption: false, transactionStatus: 'Voided' });
  });

  it('keeps enum values the vendor adds later rather than failing the whole page', () => {
    const row = { transNumber: 1, transId: '1:1', total: 1, date: 'd', customerId: '1:234', isRecurringPlanSale: 'true', isRecurringPlanRedemption: false, transactionStatus: 'Archived' };
    expect(TransactionV2ListItemSchema.parse(row)).toMatchObject({ transactionStatus: 'Archived', isRecurringPlanSale: true, customerId: '1:234' });
  });

  it('renames siteID to siteId', () => {
    expect(DataApiSiteSchema.parse({ siteID: 3, code: 'NILES', name: 'Niles', timezone: '' })).toEqual({ siteId: 3, code: 'NILES', name: 'Niles', timezone: null });
    expect(DataApiSiteSchema.parse({ siteId: 3, code: null, name: 'Niles', timezone: 'America/Chicago' }).siteId).toBe(3);
  });
});
