import type { ClockEntryRecord, MembershipDetail, ResourceWindowKey, Store, WarehouseTransaction } from '@washops/store';
import { expect, it } from 'vitest';
import { openResourceReads } from '../src/index.js';
import { describeEachBackend } from './support.js';

// The resource reads over a store filled the way the sync fills it (`completeWindow`), without a Data API: what the
// warehouse holds is answered with its freshness, what it does not is refused saying what to sync.

const at = (iso: string) => new Date(iso);
const SYNCED = at('2026-03-31T06:00:00Z');
const window = (resource: ResourceWindowKey['resource'], windowStart: string, windowEnd: string, scope = ''): ResourceWindowKey => ({ resource, scope, windowStart, windowEnd });

const detail = (id: string): MembershipDetail => ({
  id,
  customerId: '5012:1001',
  planName: 'Ultimate Unlimited',
  statusName: 'Active',
  billingSiteCode: 'S01',
  creationSiteCode: 'S01',
  isOnTrial: false,
  trialAmountCents: null,
  billingAmountCents: 3999,
  additionalTagPriceCents: null,
  nextBillAt: at('2026-04-05T00:00:00Z'),
  lastBillAt: at('2026-03-05T00:00:00Z'),
  isSuspended: false,
  suspendedUntil: null,
  statuses: [{ status: 'Active', at: at('2026-01-05T10:00:00Z') }],
  billings: [{ amountCents: 3999, at: at('2026-03-05T08:00:00Z'), cardLastFour: '0572', cardExpiry: '2028-04' }],
  tags: [{ tagId: 'T1', number: '000123', enabled: true }],
  vehicles: [{ vehicleId: 'V1', plate: 'ABC123' }],
});

const shift = (employeeId: number, clockIn: string, clockOut: string | null, siteCode = 'S01'): ClockEntryRecord => ({
  employeeId,
  week: '2026-03-06 - 2026-03-12',
  clockIn: at(clockIn),
  clockOut: clockOut ? at(clockOut) : null,
  regularRateCents: 1650,
  regularHours: 8,
  overtimeEligible: true,
  overtimeRateCents: 2475,
  overtimeHours: clockOut ? 0.5 : 0,
  wasModified: false,
  modifiedAt: null,
  createdInBackOffice: false,
  siteCode,
});

const wash = (id: string, completedAt: string, customerId: string | null): WarehouseTransaction => ({
  id,
  number: Number(id.replace(/\D/g, '')),
  siteCode: 'S01',
  day: completedAt.slice(0, 10),
  timeZone: 'UTC',
  completedAt: at(completedAt),
  type: 'Sale',
  salesDeviceName: 'Lane 1',
  totalCents: 0,
  customerName: null,
  customerId,
  vehicleLicensePlate: 'ABC123',
  employeeCashier: null,
  employeeGreeter: null,
  isRecurringPayment: false,
  isRecurringRedemption: true,
  isRecurringSale: false,
  isPrepaidRedemption: false,
  isPrepaidSale: false,
  isRecurringPlanSale: null,
  isRecurringPlanRedemption: null,
  transactionStatus: null,
  tenders: [],
  items: [],
  discounts: [],
});

async function fill(store: Store): Promise<void> {
  const r = store.resources;
  const customers = Array.from({ length: 30 }, (_, i) => ({
    customerId: `${6000 + i}:1001`,
    number: String(6000 + i),
    firstName: 'Pat',
    lastName: `Member${String(i).padStart(2, '0')}`,
    phone: `(773) 555-${String(2000 + i)}`,
    isActive: true,
    createdAt: at('2026-01-02T10:00:00Z'),
    modifiedAt: null,
  }));
  await r.completeWindow(window('customers', '2026-01-01', '2026-03-31'), {
    vendorTotal: 31,
    customers: [{ customerId: '5012:1001', number: '5012', firstName: 'Ada', lastName: 'Lovelace', phone: '(312) 555-0101', isActive: true, createdAt: at('2026-01-05T10:00:00Z'), modifiedAt: null }, ...customers],
    customerContacts: [
      { customerId: '5012:1001', email: 'ada@example.com', companyName: null, address1: '1 Main St', address2: null, city: 'Chicago', state: 'IL', country: 'US', postalCode: '60601', birthDate: '1990-12-10', allowSms: true, isActive: true },
    ],
  }, SYNCED);
  await r.completeWindow(window('memberships', '2026-01-01', '2026-03-31'), {
    vendorTotal: 1,
    memberships: [{ id: '77:1001', customerId: '5012:1001', name: 'Ada L', signUpAt: at('2026-01-05T10:00:00Z'), cancelAt: null, billingSiteId: 1001, billingSiteCode: 'S01', status: 1, statusName: 'Active' }],
    membershipDetails: [detail('77:1001')],
  }, SYNCED);
  await r.completeWindow(window('status-changes', '2026-03-01', '2026-03-20'), {
    vendorTotal: 1,
    statusChanges: [{ membershipId: '77:1001', washbookAccountId: null, oldStatus: 'Payment Failed', newStatus: 'Active', at: at('2026-03-06T12:00:00Z'), employeeName: 'Sam Cashier', siteCode: 'S01' }],
  }, SYNCED);
  await r.completeWindow(window('gift-cards', '2026-01-01', '2026-03-31'), {
    vendorTotal: 3,
    giftCards: [
      { giftcardId: 'G1', siteCode: 'S01', soldAt: at('2026-02-01T10:00:00Z'), number: '900001', valueCents: 5000, usedCents: 1500 },
      { giftcardId: 'G2', siteCode: 'S01', soldAt: at('2026-02-02T10:00:00Z'), number: '900002', valueCents: 2500, usedCents: 2500 },
      { giftcardId: 'G3', siteCode: 'S02', soldAt: at('2026-02-03T10:00:00Z'), number: '900003', valueCents: 10000, usedCents: 0 },
    ],
  }, SYNCED);
  await r.completeWindow(window('employees', '2026-03-31', '2026-03-31'), {
    vendorTotal: 2,
    employees: [
      { employeeId: 11, firstName: 'Sam', lastName: 'Cashier', active: true, startDate: null, phone: null, email: null },
      { employeeId: 12, firstName: 'Gia', lastName: 'Greeter', active: true, startDate: null, phone: null, email: null },
    ],
  }, SYNCED);
  for (const id of [11, 12]) {
    await r.completeWindow(window('clock-entries', '2026-03-06', '2026-03-12', String(id)), {
      vendorTotal: null,
      clockEntries: id === 11 ? [shift(11, '2026-03-06T08:00:00Z', '2026-03-06T16:30:00Z'), shift(11, '2026-03-07T08:00:00Z', null)] : [shift(12, '2026-03-06T09:00:00Z', '2026-03-06T17:30:00Z', 'S02')],
    }, SYNCED);
  }
  const outcome = (employeeId: string, iso: string, isConverted: boolean) => ({
    at: at(iso), employeeId, adpId: null, employeeName: `Employee ${employeeId}`, siteId: 1001, site: 'S01', isConverted, itemId: isConverted ? 'PLAN1' : null, itemName: isConverted ? 'Ultimate Unlimited' : null, itemPriceCents: isConverted ? 3999 : null, terminalName: 'Lane 1',
  });
  await r.completeWindow(window('sales-outcomes', '2026-03-01', '2026-03-10'), {
    vendorTotal: 3,
    salesOutcomes: [outcome('11', '2026-03-02T10:00:00Z', true), outcome('11', '2026-03-02T11:00:00Z', false), outcome('12', '2026-03-03T10:00:00Z', false)],
  }, SYNCED);
  await store.warehouse.replaceSiteDay({ siteCode: 'S01', day: '2026-03-06', timeZone: 'UTC', vendorTotal: 3, transactions: [wash('T1', '2026-03-06T10:00:00Z', '5012:1001'), wash('T2', '2026-03-06T11:00:00Z', '5012:1001'), wash('T3', '2026-03-06T12:00:00Z', null)] });
}

describeEachBackend('resource reads over the warehouse', (store) => {
  let filled = false;
  const reads = async (options: { showPersonalData?: boolean } = {}) => {
    if (!filled) {
      await fill(store());
      filled = true;
    }
    return openResourceReads({ store: store(), ...options });
  };

  it('finds a customer by phone and by name with the phone masked, saying when the warehouse synced them', async () => {
    const r = await reads();
    const byPhone = await r.searchCustomers({ query: '312-555-0101' });
    expect(byPhone.rows).toEqual([expect.objectContaining({ customerId: '5012:1001', lastName: 'Lovelace', phone: '(•••) •••-0101' })]);
    expect(byPhone.freshness).toMatchObject({ source: 'warehouse', syncedAt: SYNCED.toISOString(), note: `From the warehouse, synced at ${SYNCED.toISOString()}.` });
    expect((await r.searchCustomers({ query: 'ada love' })).rows.map((c) => c.customerId)).toEqual(['5012:1001']);
    const shown = await (await reads({ showPersonalData: true })).searchCustomers({ query: '0101' });
    expect(shown.rows[0]?.phone).toBe('(312) 555-0101');
  });

  it('pages a search: page 2 holds the next rows, with the total and page count', async () => {
    const r = await reads();
    const first = await r.searchCustomers({ query: 'Pat', pageSize: 12 });
    const second = await r.searchCustomers({ query: 'Pat', page: 3, pageSize: 12 });
    expect(first).toMatchObject({ total: 30, pageCount: 3, page: 1 });
    expect(first.rows.map((c) => c.lastName)).toEqual(Array.from({ length: 12 }, (_, i) => `Member${String(i).padStart(2, '0')}`));
    expect(second.rows.map((c) => c.lastName)).toEqual(['Member24', 'Member25', 'Member26', 'Member27', 'Member28', 'Member29']);
    await expect(r.searchCustomers({ query: 'Pat', pageSize: 101 })).rejects.toThrow(/pageSize must be at most 100/);
    await expect(r.searchCustomers({ query: '12' })).rejects.toThrow(/at least 4 digits/);
  });

  it("a customer's profile: contact masked (city and state kept), membership with plan, status history, card last four, tag, vehicle; washes newest first", async () => {
    const r = await reads();
    const profile = await r.getCustomer('5012:1001');
    expect(profile.customer.contact).toEqual({ phone: '(•••) •••-0101', email: 'a•••@example.com', address1: null, address2: null, postalCode: null, city: 'Chicago', state: 'IL', country: 'US', birthDate: null, masked: true });
    const [membership] = profile.memberships;
    expect(membership).toMatchObject({ id: '77:1001', planName: 'Ultimate Unlimited', statusName: 'Active', billingAmountCents: 3999 });
    expect(membership?.billings).toEqual([{ amountCents: 3999, at: '2026-03-05T08:00:00.000Z', cardLastFour: '0572' }]);
    expect(membership?.statusChanges).toEqual([{ oldStatus: 'Payment Failed', newStatus: 'Active', at: '2026-03-06T12:00:00.000Z', employeeName: 'Sam Cashier', siteCode: 'S01' }]);
    expect(membership?.tags).toEqual([{ number: '000123', enabled: true }]);
    expect(membership?.vehicles).toEqual([{ plate: 'ABC123' }]);
    expect(profile.lastTransactions.map((t) => t.id)).toEqual(['T2', 'T1']);
    expect(profile.lastTransactions[0]).toMatchObject({ recurringRedemption: true, siteCode: 'S01' });
    expect(JSON.stringify(profile)).not.toMatch(/555-0101|ada@example|1 Main St|60601|2028-04/);
    const unmasked = await (await reads({ showPersonalData: true })).getCustomer('5012:1001');
    expect(unmasked.customer.contact).toMatchObject({ phone: '(312) 555-0101', email: 'ada@example.com', address1: '1 Main St', postalCode: '60601', masked: false });
    await expect(r.getCustomer('1:1')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('memberships list and one membership, with the warehouse freshness', async () => {
    const r = await reads();
    const list = await r.listMemberships({ status: 'active' });
    expect(list).toMatchObject({ total: 1, rows: [expect.objectContaining({ id: '77:1001', planName: 'Ultimate Unlimited' })] });
    expect((await r.listMemberships({ status: 'Cancelled' })).total).toBe(0);
    const one = await r.getMembership('77:1001');
    expect(one.freshness.source).toBe('warehouse');
    expect(one.statuses).toEqual([{ status: 'Active', at: '2026-01-05T10:00:00.000Z' }]);
    await expect(r.getMembership('nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('status changes: a synced range answers; a range not wholly synced is refused without a Data API, naming the days and what to do', async () => {
    const r = await reads();
    const synced = await r.listMembershipStatusChanges({ from: '2026-03-01', to: '2026-03-20' });
    expect(synced.rows).toEqual([expect.objectContaining({ membershipId: '77:1001', oldStatus: 'Payment Failed', newStatus: 'Active' })]);
    expect(synced.freshness).toMatchObject({ source: 'warehouse', range: { from: '2026-03-01', to: '2026-03-20' } });
    const refused = r.listMembershipStatusChanges({ from: '2026-03-19', to: '2026-03-22' });
    await expect(refused).rejects.toMatchObject({ code: 'RANGE_NOT_SYNCED', details: { missing: ['2026-03-21', '2026-03-22'] } });
    await expect(refused).rejects.toThrow(/membership status changes for 2026-03-21, 2026-03-22.*Data sync page/);
    await expect(r.listMembershipStatusChanges({ from: '2026-03-02', to: '2026-03-01' })).rejects.toThrow(/last day comes before the first/);
  });

  it('never-synced resources are refused, saying so', async () => {
    const r = await reads();
    await expect(r.listItems({})).rejects.toThrow(/has not synced items.*washops sync/);
    await expect(r.listWashbooks({})).rejects.toMatchObject({ code: 'RANGE_NOT_SYNCED' });
  });

  it('gift cards: the page of cards and the liability per site over every card', async () => {
    const r = await reads();
    const page = await r.listGiftCards({ pageSize: 1 });
    expect(page).toMatchObject({ total: 3, pageCount: 3, totalOutstandingCents: 3500 + 0 + 10000 });
    expect(page.rows).toHaveLength(1);
    expect(page.liability).toEqual([
      { siteCode: 'S01', cards: 2, valueCents: 7500, usedCents: 4000, outstandingCents: 3500 },
      { siteCode: 'S02', cards: 1, valueCents: 10000, usedCents: 0, outstandingCents: 10000 },
    ]);
  });

  it('clock entries: shifts with the open one flagged, regular and overtime hours over the range', async () => {
    const r = await reads();
    const week = await r.listClockEntries({ from: '2026-03-06', to: '2026-03-12' });
    expect(week).toMatchObject({ total: 3, openShifts: 1, regularHours: 24, overtimeHours: 1 });
    expect(week.rows.find((s) => s.open)).toMatchObject({ employeeId: 11, employeeName: 'Sam Cashier', clockOut: null });
    expect((await r.listClockEntries({ from: '2026-03-06', to: '2026-03-12', siteCode: 'S02' })).rows.map((s) => s.employeeName)).toEqual(['Gia Greeter']);
    await expect(r.listClockEntries({ from: '2026-03-01', to: '2026-03-12' })).rejects.toMatchObject({ code: 'RANGE_NOT_SYNCED' });
  });

  it('sales outcomes: offers and conversions per employee, and the rows', async () => {
    const r = await reads();
    const outcomes = await r.listSalesOutcomes({ from: '2026-03-01', to: '2026-03-10' });
    expect(outcomes.byEmployee).toEqual([
      { employeeId: '11', employeeName: 'Employee 11', offers: 2, conversions: 1, conversionRate: 0.5 },
      { employeeId: '12', employeeName: 'Employee 12', offers: 1, conversions: 0, conversionRate: 0 },
    ]);
    expect(outcomes.rows.map((o) => [o.employeeId, o.isConverted, o.itemName])).toEqual([['11', true, 'Ultimate Unlimited'], ['11', false, null], ['12', false, null]]);
  });

  it('a reveal returns the contact details and records who saw whose, never the values', async () => {
    const r = await reads();
    const contact = await r.revealCustomerContact({ channel: 'portal', name: 'alice' }, '5012:1001');
    expect(contact).toMatchObject({ phone: '(312) 555-0101', email: 'ada@example.com', address1: '1 Main St', masked: false });
    const { events } = await store().audit.list({ operation: 'customer.reveal_contact' });
    expect(events[0]).toMatchObject({ actor: 'alice', channel: 'portal', state: 'succeeded', target: { customerId: '5012:1001' }, input: { customerId: '5012:1001' } });
    expect(JSON.stringify(events[0])).not.toMatch(/555-0101|ada@example|Main St/);
    await expect(r.revealCustomerContact({ channel: 'portal', name: 'alice' }, '1:1')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
