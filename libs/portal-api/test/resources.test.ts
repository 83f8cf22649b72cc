import type { ClockEntryRecord, ResourceWindowKey, Store } from '@washops/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCaller, createPortalContext, type PortalDeps } from '../src/index.js';
import { browserRequest, callerAs, errorOf, makeDeps } from './helpers.js';

// The Customers, Items, Time clock and Gift cards procedures over a warehouse filled the way the sync fills it: what
// a viewer and an admin see, the masking and the audited reveal, and the refusals (input, role, a range not synced).

const SYNCED = new Date('2026-03-31T06:00:00Z');
const at = (iso: string) => new Date(iso);
const windowOf = (resource: ResourceWindowKey['resource'], windowStart: string, windowEnd: string, scope = ''): ResourceWindowKey => ({ resource, scope, windowStart, windowEnd });

const shift = (employeeId: number, clockIn: string, clockOut: string | null, siteCode: string): ClockEntryRecord => ({
  employeeId,
  week: '2026-03-06 - 2026-03-12',
  clockIn: at(clockIn),
  clockOut: clockOut ? at(clockOut) : null,
  regularRateCents: 1500,
  regularHours: clockOut ? 8 : 0,
  overtimeEligible: true,
  overtimeRateCents: 2250,
  overtimeHours: clockOut ? 1.25 : 0,
  wasModified: false,
  modifiedAt: null,
  createdInBackOffice: false,
  siteCode,
});

async function fill(store: Store): Promise<void> {
  const r = store.resources;
  await r.completeWindow(windowOf('customers', '2026-01-01', '2026-03-31'), {
    vendorTotal: 2,
    customers: [
      { customerId: '4100:1001', number: '4100', firstName: 'Grace', lastName: 'Hopper', phone: '(608) 555-0199', isActive: true, createdAt: at('2026-01-03T10:00:00Z'), modifiedAt: null },
      { customerId: '4101:1001', number: '4101', firstName: 'Alan', lastName: 'Turing', phone: '(608) 555-0142', isActive: false, createdAt: at('2026-01-04T10:00:00Z'), modifiedAt: null },
    ],
    customerContacts: [
      { customerId: '4100:1001', email: 'grace@example.com', companyName: null, address1: '7 Navy Way', address2: null, city: 'Madison', state: 'WI', country: 'US', postalCode: '53703', birthDate: '1986-12-09', allowSms: true, isActive: true },
    ],
  }, SYNCED);
  await r.completeWindow(windowOf('memberships', '2026-01-01', '2026-01-31'), {
    vendorTotal: 1,
    memberships: [{ id: '880:1001', customerId: '4100:1001', name: 'Grace H', signUpAt: at('2026-01-03T10:00:00Z'), cancelAt: null, billingSiteId: 1001, billingSiteCode: 'MAD', status: 1, statusName: 'Active' }],
    membershipDetails: [
      {
        id: '880:1001',
        customerId: '4100:1001',
        planName: 'Best Wash Unlimited',
        statusName: 'Active',
        billingSiteCode: 'MAD',
        creationSiteCode: 'MAD',
        isOnTrial: false,
        trialAmountCents: null,
        billingAmountCents: 2999,
        additionalTagPriceCents: null,
        nextBillAt: at('2026-04-03T00:00:00Z'),
        lastBillAt: at('2026-03-03T00:00:00Z'),
        isSuspended: false,
        suspendedUntil: null,
        statuses: [
          { status: 'Active', at: at('2026-01-03T10:00:00Z') },
          { status: 'Payment Failed', at: at('2026-02-03T08:00:00Z') },
          { status: 'Active', at: at('2026-02-05T09:00:00Z') },
        ],
        billings: [{ amountCents: 2999, at: at('2026-03-03T08:00:00Z'), cardLastFour: '0572', cardExpiry: '2029-01' }],
        tags: [{ tagId: 'T9', number: '004455', enabled: true }],
        vehicles: [{ vehicleId: 'V9', plate: 'COBOL1' }],
      },
    ],
  }, SYNCED);
  await r.completeWindow(windowOf('items', '2026-03-31', '2026-03-31'), {
    vendorTotal: 3,
    items: [
      { sku: 'W1', siteLocation: '', name: 'Best Wash', departmentName: 'Washes', priceCents: 1500, costCents: null, isPromptForPrice: false },
      { sku: 'W2', siteLocation: '', name: 'Basic Wash', departmentName: 'Washes', priceCents: 800, costCents: null, isPromptForPrice: false },
      { sku: 'A1', siteLocation: 'MAD', name: 'Air freshener', departmentName: 'Add-ons', priceCents: 300, costCents: 90, isPromptForPrice: false },
    ],
  }, SYNCED);
  await r.completeWindow(windowOf('gift-cards', '2026-01-01', '2026-03-31'), {
    vendorTotal: 3,
    giftCards: [
      { giftcardId: 'G1', siteCode: 'MAD', soldAt: at('2026-02-01T10:00:00Z'), number: '700001', valueCents: 5000, usedCents: 1250 },
      { giftcardId: 'G2', siteCode: 'MAD', soldAt: at('2026-02-02T10:00:00Z'), number: '700002', valueCents: 2500, usedCents: 0 },
      { giftcardId: 'G3', siteCode: 'MKE', soldAt: at('2026-02-03T10:00:00Z'), number: '700003', valueCents: 10000, usedCents: 10000 },
    ],
  }, SYNCED);
  await r.completeWindow(windowOf('employees', '2026-03-31', '2026-03-31'), {
    vendorTotal: 1,
    employees: [{ employeeId: 21, firstName: 'Rita', lastName: 'Rinse', active: true, startDate: null, phone: null, email: null }],
  }, SYNCED);
  await r.completeWindow(windowOf('clock-entries', '2026-03-06', '2026-03-12', '21'), {
    vendorTotal: null,
    clockEntries: [shift(21, '2026-03-06T13:00:00Z', '2026-03-06T22:15:00Z', 'MAD'), shift(21, '2026-03-07T13:00:00Z', null, 'MKE')],
  }, SYNCED);
}

describe('the resource pages’ procedures', () => {
  let deps: PortalDeps;

  beforeAll(async () => {
    deps = await makeDeps();
    await fill(deps.store);
  });

  it('finds a customer by phone with the phone masked to its last four digits, saying when it was synced', async () => {
    const found = await callerAs(deps, 'viewer').customers.search({ query: '608 555 0199' });
    expect(found.rows).toEqual([expect.objectContaining({ customerId: '4100:1001', firstName: 'Grace', phone: '(•••) •••-0199' })]);
    expect(found.freshness).toMatchObject({ source: 'warehouse', syncedAt: SYNCED.toISOString() });
    expect((await callerAs(deps, 'viewer').customers.search({ query: 'turing' })).rows.map((c) => c.customerId)).toEqual(['4101:1001']);
    const tooShort = await errorOf(callerAs(deps, 'viewer').customers.search({ query: '019' }));
    expect(tooShort.code).toBe('BAD_REQUEST');
  });

  it('shows a viewer the customer’s profile and membership with contact details masked and only the card’s last four', async () => {
    const viewer = callerAs(deps, 'viewer');
    const profile = await viewer.customers.get({ customerId: '4100:1001' });
    expect(profile.customer.contact).toMatchObject({ phone: '(•••) •••-0199', email: 'g•••@example.com', address1: null, postalCode: null, city: 'Madison', masked: true });
    expect(profile.memberships.map((m) => m.planName)).toEqual(['Best Wash Unlimited']);
    const membership = await viewer.customers.membership({ membershipId: '880:1001' });
    expect(membership.statuses.map((s) => s.status)).toEqual(['Active', 'Payment Failed', 'Active']);
    expect(membership.billings).toEqual([{ amountCents: 2999, at: '2026-03-03T08:00:00.000Z', cardLastFour: '0572' }]);
    expect(JSON.stringify([profile, membership])).not.toMatch(/555-0199|grace@example|7 Navy Way|53703|2029-01/);
    expect((await errorOf(viewer.customers.get({ customerId: '9999:1001' }))).code).toBe('NOT_FOUND');
  });

  it('lets an admin reveal one customer’s contact details, recorded in the audit log without the values; a viewer may not', async () => {
    const refused = await errorOf(callerAs(deps, 'viewer').customers.revealContact({ customerId: '4100:1001' }));
    expect(refused.code).toBe('FORBIDDEN');
    const before = (await deps.store.audit.list({ operation: 'customer.reveal_contact' })).events.length;
    expect(before).toBe(0);

    const revealed = await callerAs(deps, 'admin').customers.revealContact({ customerId: '4100:1001' });
    expect(revealed).toMatchObject({ phone: '(608) 555-0199', email: 'grace@example.com', address1: '7 Navy Way', postalCode: '53703', masked: false });
    const events = (await deps.store.audit.list({ operation: 'customer.reveal_contact' })).events;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor: 'admin', channel: 'portal', state: 'succeeded', target: { customerId: '4100:1001' } });
    expect(JSON.stringify(events[0])).not.toMatch(/555-0199|grace@example|7 Navy Way|53703/);
    // The next page view is masked again: a reveal is for that moment only.
    expect((await callerAs(deps, 'admin').customers.get({ customerId: '4100:1001' })).customer.contact.masked).toBe(true);
  });

  it('lists items by department and names every department once', async () => {
    const viewer = callerAs(deps, 'viewer');
    expect(await viewer.items.departments()).toEqual(['Add-ons', 'Washes']);
    const washes = await viewer.items.list({ department: 'Washes' });
    expect(washes.rows.map((item) => item.name).sort()).toEqual(['Basic Wash', 'Best Wash']);
    expect((await viewer.items.list({})).total).toBe(3);
    expect((await errorOf(viewer.items.list({ pageSize: 101 }))).code).toBe('BAD_REQUEST');
  });

  it('lists shifts with the open one flagged and the range’s regular and overtime hours; a range not synced is refused', async () => {
    const viewer = callerAs(deps, 'viewer');
    const week = await viewer.timeClock.list({ from: '2026-03-06', to: '2026-03-12' });
    expect(week.rows.map((s) => [s.siteCode, s.open])).toEqual([
      ['MAD', false],
      ['MKE', true],
    ]);
    expect(week).toMatchObject({ openShifts: 1, regularHours: 8, overtimeHours: 1.25 });
    expect((await viewer.timeClock.list({ from: '2026-03-06', to: '2026-03-12', siteCode: 'MKE' })).rows).toHaveLength(1);
    expect((await errorOf(viewer.timeClock.list({ from: '2026-02-01', to: '2026-02-07' }))).code).toBe('PRECONDITION_FAILED');
    expect((await errorOf(viewer.timeClock.list({ from: '2026-03-12', to: '2026-03-06' }))).code).toBe('BAD_REQUEST');
  });

  it('sums the gift-card liability per site over every card', async () => {
    const cards = await callerAs(deps, 'viewer').giftCards.list({ pageSize: 1 });
    expect(cards.liability).toEqual([
      { siteCode: 'MAD', cards: 2, valueCents: 7500, usedCents: 1250, outstandingCents: 6250 },
      { siteCode: 'MKE', cards: 1, valueCents: 10000, usedCents: 10000, outstandingCents: 0 },
    ]);
    expect(cards.totalOutstandingCents).toBe(6250);
  });

  it('answers no one signed out', async () => {
    const anonymous = createCaller(() => createPortalContext(deps, browserRequest()));
    expect((await errorOf(anonymous.customers.search({ query: 'Grace' }))).code).toBe('UNAUTHORIZED');
    expect((await errorOf(anonymous.giftCards.list({}))).code).toBe('UNAUTHORIZED');
  });
});
