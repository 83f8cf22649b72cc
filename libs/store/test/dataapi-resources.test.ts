import { expect, it } from 'vitest';
import type { ClockEntryRecord, MembershipDetail, ResourceWindowKey, SalesOutcomeRecord } from '../src/index.js';
import { describeEachBackend, useStoreAndSql } from './harness.js';

const at = (iso: string) => new Date(iso);

const customer = (id: string, first: string, last: string, phone: string | null) => ({
  customerId: id,
  number: id.split(':')[0] ?? null,
  firstName: first,
  lastName: last,
  phone,
  isActive: true,
  createdAt: at('2026-01-05T10:00:00Z'),
  modifiedAt: null,
});

const detail = (id: string, overrides: Partial<MembershipDetail> = {}): MembershipDetail => ({
  id,
  customerId: '5012:1001',
  planName: 'Ultimate Unlimited',
  statusName: 'Active',
  billingSiteCode: 'S01',
  creationSiteCode: 'S01',
  isOnTrial: false,
  trialAmountCents: null,
  billingAmountCents: 3999,
  additionalTagPriceCents: 1500,
  nextBillAt: at('2026-04-05T00:00:00Z'),
  lastBillAt: at('2026-03-05T00:00:00Z'),
  isSuspended: false,
  suspendedUntil: null,
  statuses: [{ status: 'Active', at: at('2026-01-05T10:00:00Z') }],
  billings: [
    { amountCents: 3999, at: at('2026-02-05T08:00:00Z'), cardLastFour: '0572', cardExpiry: '2028-04' },
    { amountCents: 3999, at: at('2026-03-05T08:00:00Z'), cardLastFour: '0572', cardExpiry: '2028-04' },
  ],
  tags: [{ tagId: 'T1', number: '000123', enabled: true }],
  vehicles: [{ vehicleId: 'V1', plate: 'ABC123' }],
  ...overrides,
});

const shift = (employeeId: number, clockIn: string | null, clockOut: string | null, siteCode = 'S01'): ClockEntryRecord => ({
  employeeId,
  week: '2026-03-06 - 2026-03-12',
  clockIn: clockIn ? at(clockIn) : null,
  clockOut: clockOut ? at(clockOut) : null,
  regularRateCents: 1650,
  regularHours: 8,
  overtimeEligible: true,
  overtimeRateCents: 2475,
  overtimeHours: 0.5,
  wasModified: false,
  modifiedAt: null,
  createdInBackOffice: false,
  siteCode,
});

const outcome = (employeeId: string, iso: string, isConverted: boolean): SalesOutcomeRecord => ({
  at: at(iso),
  employeeId,
  adpId: null,
  employeeName: `Employee ${employeeId}`,
  siteId: 1001,
  site: 'S01',
  isConverted,
  itemId: 'PLAN1',
  itemName: 'Ultimate Unlimited',
  itemPriceCents: 3999,
  terminalName: 'Lane 1',
});

const window = (resource: ResourceWindowKey['resource'], windowStart: string, windowEnd: string, scope = ''): ResourceWindowKey => ({ resource, scope, windowStart, windowEnd });

describeEachBackend('Data API resources in the warehouse', (backend) => {
  const { store, exec } = useStoreAndSql(backend);
  const count = async (table: string) => Number(((await exec(`select count(*) n from ${table}`)) as { rows: Array<{ n: string | number }> }).rows[0]?.n);

  it('customers: the list and the contact details each keep their columns; search finds them by phone or name; a re-run adds nothing', async () => {
    const r = store().resources;
    const key = window('customers', '2026-03-01', '2026-03-07');
    const list = [customer('5012:1001', 'Ada', 'Lovelace', '(312) 555-0101'), customer('5013:1001', 'Alan', 'Turing', '1-312-555-0199')];
    await r.completeWindow(key, { vendorTotal: 2, customers: list });
    await r.completeWindow(window('customers', '2026-03-08', '2026-03-08'), {
      vendorTotal: 1,
      customerContacts: [{ customerId: '5012:1001', email: 'ada@example.com', companyName: null, address1: '1 Main St', address2: null, city: 'Chicago', state: 'IL', country: 'US', postalCode: '60601', birthDate: '1990-12-10', allowSms: true, isActive: true }],
    });
    // The list read again (a re-sync) keeps the contact details.
    expect(await r.completeWindow(key, { vendorTotal: 2, customers: list })).toEqual({ records: 2 });
    expect(await count('wh_customers')).toBe(2);
    const [byPhone] = await r.searchCustomers({ query: '312 555 0101' });
    expect(byPhone).toMatchObject({ customerId: '5012:1001', email: 'ada@example.com', city: 'Chicago', phone: '(312) 555-0101' });
    expect((await r.searchCustomers({ query: '0199' })).map((c) => c.customerId)).toEqual(['5013:1001']);
    expect((await r.searchCustomers({ query: 'alan tur' })).map((c) => c.customerId)).toEqual(['5013:1001']);
    expect(await r.searchCustomers({ query: '100%' })).toEqual([]);
    await expect(r.searchCustomers({ query: '  ' })).rejects.toThrow(/name or at least 4 digits/);
  });

  it('a customer profile gathers memberships (plan, status history, billings with card last four, tags, vehicles, modifications, status changes) and washbooks', async () => {
    const r = store().resources;
    await r.completeWindow(window('customers', '2026-03-01', '2026-03-01'), { vendorTotal: 1, customers: [customer('5012:1001', 'Ada', 'Lovelace', null)] });
    await r.completeWindow(window('memberships', '2026-01-01', '2026-01-31'), {
      vendorTotal: 1,
      memberships: [{ id: '77:1001', customerId: '5012:1001', name: 'Ada L', signUpAt: at('2026-01-05T10:00:00Z'), cancelAt: null, billingSiteId: 1001, billingSiteCode: 'S01', status: 1, statusName: 'Active' }],
      membershipDetails: [detail('77:1001')],
    });
    await r.completeWindow(window('membership-modifications', '2026-03-01', '2026-03-31'), {
      vendorTotal: 1,
      membershipDetails: [detail('77:1001', { statusName: 'Cancelled', statuses: [{ status: 'Active', at: at('2026-01-05T10:00:00Z') }, { status: 'Canceled', at: at('2026-03-20T12:00:00Z') }], billings: [] })],
      modifications: [{ membershipId: '77:1001', type: 'Account Status Changed', at: at('2026-03-20T12:00:00Z'), comment: 'moved away' }],
    });
    await r.completeWindow(window('status-changes', '2026-03-20', '2026-03-20'), {
      vendorTotal: 1,
      statusChanges: [{ membershipId: '77:1001', washbookAccountId: null, oldStatus: 'Active', newStatus: 'Cancelled', at: at('2026-03-20T12:00:00Z'), employeeName: 'Sam Cashier', siteCode: 'S01' }],
    });
    await r.completeWindow(window('washbooks', '2026-01-01', '2026-03-31'), {
      vendorTotal: 1,
      washbooks: [{ id: 'W9:1001', customerId: '5012:1001', name: '10 washes', balance: null, unlimited: true, signUpAt: at('2026-02-01T09:00:00Z'), cancelAt: null, billingSiteId: 1001, status: 'Active' }],
    });
    const profile = await r.customerProfile('5012:1001');
    expect(profile?.customer.lastName).toBe('Lovelace');
    expect(profile?.washbooks).toEqual([expect.objectContaining({ id: 'W9:1001', unlimited: true, balance: null })]);
    const [membership] = profile?.memberships ?? [];
    // The summary's columns (sign-up, status code) survive the detail written after it; the detail's lists were replaced.
    expect(membership).toMatchObject({ id: '77:1001', planName: 'Ultimate Unlimited', status: 1, statusName: 'Cancelled', signUpAt: at('2026-01-05T10:00:00Z'), billingAmountCents: 3999 });
    expect(membership?.statuses.map((s) => s.status)).toEqual(['Active', 'Canceled']);
    expect(membership?.billings).toEqual([]);
    expect(membership?.tags).toEqual([{ tagId: 'T1', number: '000123', enabled: true }]);
    expect(membership?.vehicles).toEqual([{ vehicleId: 'V1', plate: 'ABC123' }]);
    expect(membership?.modifications).toEqual([{ type: 'Account Status Changed', at: at('2026-03-20T12:00:00Z'), comment: 'moved away' }]);
    expect(membership?.statusChanges).toMatchObject([{ oldStatus: 'Active', newStatus: 'Cancelled', employeeName: 'Sam Cashier' }]);
    expect(await r.listStatusChanges({ from: at('2026-03-01T00:00:00Z'), to: at('2026-03-31T23:59:59Z'), siteCode: 'S01' })).toHaveLength(1);
    expect(await r.customerProfile('1:1')).toBeNull();
  });

  it('a window whose write fails leaves no half write and its ledger row not done; failing it records the error', async () => {
    const r = store().resources;
    const key = window('memberships', '2026-02-01', '2026-02-28');
    expect(await r.claimWindow(key)).toBe(true);
    expect(await r.claimWindow(key)).toBe(false);
    // A whole card number is refused by the table itself: the membership rows written before it in the window go too.
    const bad = detail('88:1001', { billings: [{ amountCents: 100, at: at('2026-02-02T00:00:00Z'), cardLastFour: '4111111111111111', cardExpiry: null }] });
    const summary = { id: '88:1001', customerId: null, name: null, signUpAt: at('2026-02-02T00:00:00Z'), cancelAt: null, billingSiteId: 1001, billingSiteCode: 'S01', status: 1, statusName: 'Active' };
    await expect(r.completeWindow(key, { vendorTotal: 1, memberships: [summary], membershipDetails: [bad] })).rejects.toThrow();
    expect(await count('wh_memberships')).toBe(0);
    expect(await count('wh_membership_billings')).toBe(0);
    await r.failWindow(key, { code: 'INTERNAL', message: 'refused' });
    const [row] = await r.windows({ resource: 'memberships' });
    expect(row).toMatchObject({ state: 'failed', syncedAt: null, error: 'refused', attempts: 1 });
    expect((await r.coverage('memberships', { from: '2026-02-01', to: '2026-02-28' })).complete).toBe(false);
    // A failed window may be claimed again, and a done one only after a re-sync asks for it.
    expect(await r.claimWindow(key)).toBe(true);
    await r.completeWindow(key, { vendorTotal: 1, memberships: [summary] });
    expect(await r.claimWindow(key)).toBe(false);
    expect(await r.ensureWindows([key])).toEqual([]);
    expect(await r.ensureWindows([key], { resync: true })).toEqual([{ ...key }]);
  });

  it('the clock-entry windows of a month of 1,133 employees are ensured and resynced in one call each', async () => {
    const r = store().resources;
    const keys = Array.from({ length: 1_133 }, (_, i) => [window('clock-entries', '2026-10-01', '2026-10-14', String(i + 1)), window('clock-entries', '2026-10-15', '2026-10-28', String(i + 1))]).flat();
    expect(await r.ensureWindows(keys)).toHaveLength(keys.length);
    expect(await r.claimWindow(keys[2_000] as (typeof keys)[number])).toBe(true);
    expect(await r.releaseWindows(keys)).toBe(1);
    expect(await r.ensureWindows(keys, { resync: true })).toHaveLength(keys.length);
  });

  it('items and employees are replaced whole; clock entries per employee window, with open shifts and hours', async () => {
    const r = store().resources;
    const item = (sku: string, name: string) => ({ sku, siteLocation: '', name, departmentName: 'Wash', priceCents: 1200, costCents: null, isPromptForPrice: false });
    await r.completeWindow(window('items', '2026-03-01', '2026-03-01'), { vendorTotal: 2, items: [item('W1', 'Basic'), item('W2', 'Deluxe')] });
    await r.completeWindow(window('items', '2026-03-02', '2026-03-02'), { vendorTotal: 1, items: [item('W2', 'Deluxe II')] });
    expect((await r.listCatalogItems()).map((i) => `${i.sku} ${i.name}`)).toEqual(['W2 Deluxe II']);
    const employee = (employeeId: number, firstName: string) => ({ employeeId, firstName, lastName: 'Doe', active: true, startDate: '2025-01-01', phone: null, email: null });
    await r.completeWindow(window('employees', '2026-03-02', '2026-03-02'), { vendorTotal: 2, employees: [employee(7, 'Jo'), employee(8, 'Max')] });
    const jo = window('clock-entries', '2026-03-01', '2026-03-14', '7');
    await r.completeWindow(jo, { vendorTotal: null, clockEntries: [shift(7, '2026-03-02T14:00:00Z', '2026-03-02T22:30:00Z'), shift(7, '2026-03-03T14:00:00Z', null)] });
    await r.completeWindow(jo, { vendorTotal: null, clockEntries: [shift(7, '2026-03-02T14:00:00Z', '2026-03-02T22:30:00Z'), shift(7, '2026-03-03T14:00:00Z', '2026-03-03T22:00:00Z')] });
    await r.completeWindow(window('clock-entries', '2026-03-01', '2026-03-14', '8'), { vendorTotal: null, clockEntries: [shift(8, '2026-03-02T15:00:00Z', null, 'S02')] });
    // A shorter window inside it (the nightly's recent days) replaces only its own days' shifts.
    await r.completeWindow(window('clock-entries', '2026-03-03', '2026-03-06', '7'), { vendorTotal: null, clockEntries: [shift(7, '2026-03-03T14:00:00Z', '2026-03-03T22:00:00Z')] });
    const all = await r.clockEntries({ from: at('2026-03-01T00:00:00Z'), to: at('2026-03-14T23:59:59Z') });
    expect(all.shifts).toHaveLength(3);
    expect(all).toMatchObject({ openShifts: 1, regularHours: 24, overtimeHours: 1.5 });
    expect(all.shifts.find((s) => s.open)).toMatchObject({ employeeId: 8, employeeName: 'Max Doe', siteCode: 'S02' });
    expect((await r.clockEntries({ from: at('2026-03-01T00:00:00Z'), to: at('2026-03-14T23:59:59Z'), employeeId: 7, siteCode: 'S01' })).shifts).toHaveLength(2);
    // Coverage of clock entries counts every employee the warehouse knows.
    expect(await r.coverage('clock-entries', { from: '2026-03-01', to: '2026-03-14' })).toMatchObject({ complete: true, missingDays: [] });
    expect(await r.coverage('clock-entries', { from: '2026-03-10', to: '2026-03-15' })).toMatchObject({ complete: false, missingDays: ['2026-03-15'] });
    expect(await r.coverage('items', { from: '2026-01-01', to: '2026-12-31' })).toMatchObject({ complete: true, missingDays: [] });
    expect(await r.coverage('sites', { from: '2026-03-01', to: '2026-03-01' })).toMatchObject({ complete: false, syncedAt: null });
  });

  it('gift-card liability per site; sales outcomes per employee, a window re-read replacing its days', async () => {
    const r = store().resources;
    const card = (giftcardId: string, siteCode: string, valueCents: number, usedCents: number) => ({ giftcardId, siteCode, soldAt: at('2026-03-02T12:00:00Z'), number: `GC${giftcardId}`, valueCents, usedCents });
    await r.completeWindow(window('gift-cards', '2026-03-01', '2026-03-31'), { vendorTotal: 3, giftCards: [card('1', 'S01', 5000, 1200), card('2', 'S01', 2500, 2500), card('3', 'S02', 10000, 0)] });
    expect(await r.giftCardLiability()).toEqual([
      { siteCode: 'S01', cards: 2, valueCents: 7500, usedCents: 3700, outstandingCents: 3800 },
      { siteCode: 'S02', cards: 1, valueCents: 10000, usedCents: 0, outstandingCents: 10000 },
    ]);
    const key = window('sales-outcomes', '2026-03-01', '2026-03-02');
    await r.completeWindow(key, { vendorTotal: 3, salesOutcomes: [outcome('11', '2026-03-01T15:00:00Z', true), outcome('11', '2026-03-02T15:00:00Z', false), outcome('12', '2026-03-02T16:00:00Z', false)] });
    await r.completeWindow(window('sales-outcomes', '2026-03-03', '2026-03-03'), { vendorTotal: 1, salesOutcomes: [outcome('12', '2026-03-03T10:00:00Z', true)] });
    // The vendor no longer lists one of the first window's outcomes: re-read, the window holds what it now says.
    await r.completeWindow(key, { vendorTotal: 2, salesOutcomes: [outcome('11', '2026-03-01T15:00:00Z', true), outcome('12', '2026-03-02T16:00:00Z', false)] });
    expect(await r.salesOutcomesByEmployee({ from: at('2026-03-01T00:00:00Z'), to: at('2026-03-03T23:59:59Z') })).toEqual([
      { employeeId: '11', employeeName: 'Employee 11', offers: 1, converted: 1 },
      { employeeId: '12', employeeName: 'Employee 12', offers: 2, converted: 1 },
    ]);
    const windows = await r.windows({ resource: 'sales-outcomes', from: '2026-03-02', to: '2026-03-02' });
    expect(windows).toEqual([expect.objectContaining({ windowStart: '2026-03-01', windowEnd: '2026-03-02', state: 'done', records: 2, vendorTotal: 2 })]);
    const coverage = await r.coverage('sales-outcomes', { from: '2026-02-28', to: '2026-03-03' });
    expect(coverage).toMatchObject({ complete: false, syncedAt: null, missingDays: ['2026-02-28'] });
    expect((await r.coverage('sales-outcomes', { from: '2026-03-01', to: '2026-03-03' })).syncedAt).toBeInstanceOf(Date);
  });
});
