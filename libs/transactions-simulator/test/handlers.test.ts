/**
 * The resource handlers over a hand-made world (test/fixture-world.ts), called directly: exact wire shapes with and
 * without the live quirks, for records whose every value is known. The black-box suite covers the same endpoints over
 * HTTP on the seeded world.
 */
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { SITES } from '../src/chain.js';
import { resolveRealism } from '../src/envelopes.js';
import type { Ctx, Handler, SimState } from '../src/handlers/context.js';
import { customerGet, customerList } from '../src/handlers/customers.js';
import { clockEntries, employeeGet, employeeList } from '../src/handlers/employees.js';
import { giftCardList } from '../src/handlers/gift-cards.js';
import { itemList } from '../src/handlers/items.js';
import { recurringGet, recurringList, recurringModifications, recurringStatusList } from '../src/handlers/recurring.js';
import { salesOutcomeList } from '../src/handlers/sales-outcomes.js';
import { washbookGet, washbookList } from '../src/handlers/washbooks.js';
import type { Endpoint } from '../src/http.js';
import { LruCache } from '../src/lru.js';
import type { RealismOption } from '../src/types.js';
import { FIXTURE_NOW, fixtureSites, fixtureWorld } from './fixture-world.js';

function state(realism: RealismOption = true, nullTotalsShare = 0): SimState {
  return {
    seed: 'fixture',
    environment: 'production',
    clock: new VirtualClock(FIXTURE_NOW),
    settings: { timeScale: 1, latencyMs: 0, jobDurationMs: 0, realism: resolveRealism(realism), envelope: 'flat' },
    world: fixtureWorld,
    responseCache: new LruCache(10),
    rowsMemo: new LruCache(10),
    nullTotalsShare,
  } as unknown as SimState; // the transaction store, jobs and faults are not read by these handlers
}

function run(handler: Handler, endpoint: Endpoint, s: SimState, query: Record<string, string> = {}, params: Record<string, string> = {}) {
  const ctx: Ctx = { caller: { credential: { apiId: 'demo', apiKey: 'k' }, allowed: SITES, visible: SITES }, query, params, endpoint };
  const reply = handler(s, ctx);
  return { status: reply.status, body: JSON.parse(reply.body) };
}

const NOV_1 = String(Date.UTC(2026, 10, 1) / 1000);
const OCT_1 = String(Date.UTC(2026, 9, 1) / 1000);

describe('resource handlers render the world in the vendor shapes', () => {
  it('customers: list item and detail, with modifiedDate and companyName null live (§9.7)', () => {
    const list = run(customerList, 'customerList', state()).body.data;
    expect(list).toMatchObject({ offset: 1, limit: 100, total: 2 });
    expect(list.customers[0]).toEqual({
      customerId: '5001:1001', firstName: 'Maria', lastName: 'Lopez', phoneNumber: '13125550101', customerNumber: '000501',
      isActive: true, createdDate: '2025-03-01 10:00:00', modifiedDate: null,
    });
    expect(run(customerList, 'customerList', state(false)).body.data.customers[0].modifiedDate).toBe('2025-03-01 10:00:00');
    expect(run(customerList, 'customerList', state(), { phoneNumber: '3125550101' }).body.data.total).toBe(1);
    expect(run(customerList, 'customerList', state(), { status: 'inactive' }).body.data.customers[0].customerId).toBe('5002:1007');
    const detail = run(customerGet, 'customerGet', state(false), {}, { customer_id: '5002:1007' }).body.data;
    expect(detail).toEqual({
      id: '5002:1007', number: '000502', firstName: 'John', lastName: 'Smith', companyName: '', loyaltyNumber: '000502',
      address: { address1: null, address2: null, city: null, state: null, country: null, postalCode: null },
      phone: null, email: null, birthDate: null, isActive: false, allowSms: false, recurringSmsSignupDate: null,
      loyaltySmsSignupDate: null, modifyDate: '2026-11-01T08:00:00.000Z',
    });
    // Unset contact strings are "" live, as the transactions' optional strings.
    expect(run(customerGet, 'customerGet', state(), {}, { customer_id: '5002:1007' }).body.data).toMatchObject({ phone: '', email: '' });
    expect(run(customerList, 'customerList', state(), { status: 'inactive' }).body.data.customers[0].phoneNumber).toBe('');
  });

  it('recurring: list status as of the range end, detail with masked card and only successful billings', () => {
    const inOctober = run(recurringList, 'recurringList', state(), { startDate: OCT_1, endDate: NOV_1 }).body.data.accounts;
    expect(inOctober).toEqual([
      {
        id: '700001:1001', name: 'Deluxe Club', balance: null, signUpDate: '2026-10-10 15:00:00', cancelDate: null,
        billingSiteId: 1001, customerId: '5001:1001', status: 1, statusName: 'Active', billingSiteCode: 'FIESTA',
      },
    ]);
    const now = run(recurringList, 'recurringList', state(), { startDate: OCT_1 }).body.data.accounts[0];
    expect(now).toMatchObject({ status: 7, statusName: 'Cancelled', cancelDate: '2026-11-12 09:00:00' });
    const detail = run(recurringGet, 'recurringGet', state(), {}, { account_id: '700001:1001' }).body.data;
    expect(detail.recurringBillings).toEqual([{ amountCharged: '29.99', date: '2026-10-10T15:00:00.000Z', lastFourCC: 'XXXXXXXXXXXX0572', creditCardExpirationDate: '2028-03' }]);
    expect(detail.recurringStatuses).toEqual([
      { status: 'Active', date: '2026-10-10T15:00:00.000Z' },
      { status: 'Canceled', date: '2026-11-12T09:00:00.000Z' },
    ]);
    expect(detail).toMatchObject({ trialAmount: '0.00', billingAmount: '29.99', currentRecurringStatusName: 'Cancelled', customer: { id: '5001:1001', firstName: 'Maria' } });
    const plain = run(recurringGet, 'recurringGet', state(false), {}, { account_id: '700001:1001' }).body.data;
    expect(plain).toMatchObject({ trialAmount: 0, billingAmount: 29.99, recurringBillings: [{ amountCharged: 29.99 }] });
  });

  it('status changes in snake_case; modifications with the live keys or the spec\'s', () => {
    const changes = run(recurringStatusList, 'recurringStatusList', state(), { startDate: NOV_1 }).body.data;
    expect(changes.limit).toBe(100);
    expect(changes.accounts).toEqual([
      {
        washbook_account_id: '700001:1001', recurring_id: '700002:1001', old_status: 'Active', new_status: 'Cancelled',
        status_date: '2026-11-12T09:00:00.000Z', employee_name: 'Recurring Billing Service', site_code: 'FIESTA',
      },
    ]);
    const live = run(recurringModifications, 'recurringModifications', state(), { startDate: OCT_1 }).body.data.accounts[0];
    expect(live.modifications).toEqual([{ name: 'Tag Added', date: '2026-10-20 12:00:00', comment: null }]);
    const spec = run(recurringModifications, 'recurringModifications', state(false), { startDate: OCT_1 }).body.data.accounts[0];
    expect(spec.modifications).toEqual([{ modificationType: 'Tag Added', modificationDate: '2026-10-20 12:00:00', modificationComment: null }]);
    expect(run(recurringModifications, 'recurringModifications', state(), { startDate: OCT_1, modifications: '2' }).body.data.total).toBe(0);
  });

  it('washbooks: balance a string in the list ("999" unlimited), a number or "7.00" in the detail', () => {
    const list = run(washbookList, 'washbookList', state(), { startDate: OCT_1 }).body.data.accounts;
    expect(list.map((w: { balance: string }) => w.balance)).toEqual(['7', '999']);
    expect(list[0]).toEqual({
      id: '800001:1007', name: '10 Deluxe Wash Book', balance: '7', signUpDate: '2026-10-06 12:00:00', cancelDate: null,
      billingSiteId: 1007, customerId: '5002:1007', status: 'Active',
    });
    expect(run(washbookGet, 'washbookGet', state(), {}, { account_id: '800001:1007' }).body.data.balance).toBe('7.00');
    expect(run(washbookGet, 'washbookGet', state(false), {}, { account_id: '800001:1007' }).body.data.balance).toBe(7);
  });

  it('gift cards, items, employees, clock entries and sales outcomes', () => {
    const cards = run(giftCardList, 'giftCardList', state(false), { startDate: String(Date.UTC(2026, 10, 19) / 1000) }).body.data.giftcards;
    expect(cards).toEqual([{ siteCode: 'FIESTA', completeDate: '2026-11-19 16:00:00', number: 'GC1001', value: 50, amountUsed: 12.5, giftcardId: '900001:1001' }]);
    const items = run(itemList, 'itemList', state(), { departmentName: 'Recurring_Plan' }).body.data;
    expect(items.total).toBe(SITES.length);
    expect(items.items[0]).toEqual({ sku: '200102', name: 'Deluxe Club', departmentName: 'Recurring Plan', priceAtSite: '29.99', costPerItem: '3.50', isPromptForPrice: false, siteLocation: 'FIESTA' });
    expect(run(employeeList, 'employeeList', state()).body.data.employees).toEqual([
      { firstName: 'Ann', lastName: 'Lee', employeeId: 11 },
      { firstName: 'Bo', lastName: 'Kim', employeeId: 12 },
    ]);
    expect(run(employeeGet, 'employeeGet', state(false), {}, { employee_id: '12' }).body.data).toEqual({
      employeeId: 12, firstName: 'Bo', lastName: 'Kim', active: true, startDate: '2025-01-15', startDateChange: '2025-01-15', phone: '6305550100', email: null,
    });
    const weeks = run(clockEntries, 'clockEntries', state(), { startDate: '2026-11-09', endDate: '2026-11-20' }, { employee_id: '11' }).body.data.weeks;
    expect(weeks.map((w: { week: string }) => w.week)).toEqual(['2026-11-16 - 2026-11-20']);
    expect(weeks[0].weekTotalRegularHours).toBe(15.5);
    expect(weeks[0].clockEntries[1]).toMatchObject({ clockIn: '2026-11-20T14:00:00.000Z', clockOut: null, regularRate: 16.5, siteCode: 'FIESTA' });
    const sales = run(salesOutcomeList, 'salesOutcomeList', state(), { startDate: '2026-11-20', endDate: '2026-11-20' }).body.data;
    expect(sales).toMatchObject({ offset: 1, limit: 500, total: 2 });
    expect(sales.sales[0]).toEqual({
      timestamp: String(Date.UTC(2026, 10, 20, 15) / 1000), employeeId: '11', adpId: 'FZ000000000B', employeeName: 'Ann Lee', siteId: '1001',
      site: '1001 - WashU Fiesta', isConverted: 'yes', itemId: '200102:1001', itemName: 'Deluxe Club', itemPrice: '29.99', terminalName: 'POS1',
    });
  });

  it('answers total: null on every page of a list when its criteria draw it', () => {
    const all = state(true, 1);
    for (const offset of ['1', '2']) expect(run(customerList, 'customerList', all, { offset }).body.data.total).toBeNull();
    expect(run(customerList, 'customerList', state(false, 1)).body.data.total).toBe(2);
    expect(fixtureSites).toHaveLength(2);
  });
});
