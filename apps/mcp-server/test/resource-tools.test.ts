import { openResourceReads } from '@washops/operations';
import { openStore, type ResourceWindowKey, type Store } from '@washops/store';
import { DataApiClient } from '@washops/transactions-client';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolServices } from '../src/services.js';
import { call, clientOver, structured, textOf } from './mcp-harness.js';

// The resource tools over a real store filled the way the sync fills it, through the SDK's client, as a model calls them.

const at = (iso: string) => new Date(iso);
const SYNCED = at('2026-03-31T06:00:00Z');
const RESOURCE_TOOLS = [
  'get_customer',
  'get_membership',
  'list_clock_entries',
  'list_customers',
  'list_gift_cards',
  'list_items',
  'list_membership_status_changes',
  'list_memberships',
  'list_sales_outcomes',
  'list_washbooks',
];

const window = (resource: ResourceWindowKey['resource'], windowStart: string, windowEnd: string, scope = ''): ResourceWindowKey => ({ resource, scope, windowStart, windowEnd });

async function fill(store: Store): Promise<void> {
  const r = store.resources;
  await r.completeWindow(window('customers', '2026-01-01', '2026-03-31'), {
    vendorTotal: 1,
    customers: [{ customerId: '5012:1001', number: '5012', firstName: 'Ada', lastName: 'Lovelace', phone: '(312) 555-0101', isActive: true, createdAt: at('2026-01-05T10:00:00Z'), modifiedAt: null }],
    customerContacts: [
      { customerId: '5012:1001', email: 'ada@example.com', companyName: null, address1: '1 Main St', address2: null, city: 'Chicago', state: 'IL', country: 'US', postalCode: '60601', birthDate: '1990-12-10', allowSms: true, isActive: true },
    ],
  }, SYNCED);
  await r.completeWindow(window('memberships', '2026-01-01', '2026-03-31'), {
    vendorTotal: 1,
    memberships: [{ id: '77:1001', customerId: '5012:1001', name: 'Ada L', signUpAt: at('2026-01-05T10:00:00Z'), cancelAt: null, billingSiteId: 1001, billingSiteCode: 'S01', status: 1, statusName: 'Active' }],
    membershipDetails: [
      {
        id: '77:1001', customerId: '5012:1001', planName: 'Ultimate Unlimited', statusName: 'Active', billingSiteCode: 'S01', creationSiteCode: 'S01', isOnTrial: false, trialAmountCents: null,
        billingAmountCents: 3999, additionalTagPriceCents: null, nextBillAt: at('2026-04-05T00:00:00Z'), lastBillAt: at('2026-03-05T00:00:00Z'), isSuspended: false, suspendedUntil: null,
        statuses: [{ status: 'Active', at: at('2026-01-05T10:00:00Z') }],
        billings: [{ amountCents: 3999, at: at('2026-03-05T08:00:00Z'), cardLastFour: '0572', cardExpiry: '2028-04' }],
        tags: [{ tagId: 'T1', number: '000123', enabled: true }],
        vehicles: [{ vehicleId: 'V1', plate: 'ABC123' }],
      },
    ],
  }, SYNCED);
  await r.completeWindow(window('gift-cards', '2026-01-01', '2026-03-31'), {
    vendorTotal: 2,
    giftCards: [
      { giftcardId: 'G1', siteCode: 'S01', soldAt: at('2026-02-01T10:00:00Z'), number: '900001', valueCents: 5000, usedCents: 1500 },
      { giftcardId: 'G3', siteCode: 'S02', soldAt: at('2026-02-03T10:00:00Z'), number: '900003', valueCents: 10000, usedCents: 0 },
    ],
  }, SYNCED);
  await r.completeWindow(window('employees', '2026-03-31', '2026-03-31'), {
    vendorTotal: 1,
    employees: [{ employeeId: 11, firstName: 'Sam', lastName: 'Cashier', active: true, startDate: null, phone: null, email: null }],
  }, SYNCED);
  const shift = (clockIn: string, clockOut: string | null) => ({
    employeeId: 11, week: '2026-03-06 - 2026-03-12', clockIn: at(clockIn), clockOut: clockOut ? at(clockOut) : null, regularRateCents: 1650, regularHours: 8, overtimeEligible: true,
    overtimeRateCents: 2475, overtimeHours: 0.5, wasModified: false, modifiedAt: null, createdInBackOffice: false, siteCode: 'S01',
  });
  await r.completeWindow(window('clock-entries', '2026-03-06', '2026-03-12', '11'), {
    vendorTotal: null,
    clockEntries: [shift('2026-03-06T08:00:00Z', '2026-03-06T16:30:00Z'), shift('2026-03-07T08:00:00Z', null)],
  }, SYNCED);
}

interface Freshness {
  source: string;
  syncedAt: string | null;
  note: string;
}

describe('the resource tools', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ inMemory: true });
    await fill(store);
  }, 60_000);
  afterAll(async () => {
    await store.close();
  });

  it('are registered only with the resource reads, read-only, in read-only mode too', async () => {
    const client = await clientOver({ resources: openResourceReads({ store }) }, true);
    const { tools } = await client.listTools();
    await client.close();
    expect(tools.map((tool) => tool.name).sort()).toEqual(RESOURCE_TOOLS);
    for (const tool of tools) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      expect(tool.outputSchema).toBeDefined();
      expect(tool.description).toMatch(/freshness line/);
    }
    const without = await clientOver({ audit: { list: async () => ({ events: [], nextCursor: null }) } as unknown as ToolServices['audit'] });
    expect((await without.listTools()).tools.map((tool) => tool.name)).not.toContain('list_customers');
    await without.close();
  });

  it('list_customers finds by phone, masks the phone and says where and when the answer comes from', async () => {
    const client = await clientOver({ resources: openResourceReads({ store }) });
    const result = await call(client, 'list_customers', { query: '312-555-0101' });
    await client.close();
    const out = structured<{ customers: Array<{ customerId: string; phone: string }>; total: number; freshness: Freshness }>(result);
    expect(out.customers).toEqual([expect.objectContaining({ customerId: '5012:1001', phone: '(•••) •••-0101' })]);
    expect(out.freshness).toMatchObject({ source: 'warehouse', syncedAt: SYNCED.toISOString() });
    expect(textOf(result).split('\n')[0]).toBe(`From the warehouse: customers of 2026-01-01 to 2026-03-31 as synced, newest sync ${SYNCED.toISOString()}.`);
    expect(JSON.stringify(result)).not.toContain('555-0101"');
  });

  it('get_customer: masked contact, membership with plan, status history and card last four; unmasked only when the server allows personal data', async () => {
    const masked = await clientOver({ resources: openResourceReads({ store }) });
    const result = await call(masked, 'get_customer', { customerId: '5012:1001' });
    await masked.close();
    const out = structured<{ customer: { contact: Record<string, unknown> }; memberships: Array<{ planName: string; billings: Array<{ cardLastFour: string; amount: { dollars: string } }> }> }>(result);
    expect(out.customer.contact).toMatchObject({ phone: '(•••) •••-0101', email: 'a•••@example.com', address1: null, city: 'Chicago', masked: true });
    expect(out.memberships[0]).toMatchObject({ planName: 'Ultimate Unlimited', billings: [{ cardLastFour: '0572', amount: { dollars: '$39.99' } }] });
    const text = textOf(result);
    expect(text).toContain('77:1001: Ultimate Unlimited, Active, since 2026-01-05, $39.99 a billing; status history Active 2026-01-05');
    expect(text).toContain('(contact details masked)');
    expect(JSON.stringify(result)).not.toMatch(/ada@example|1 Main St|60601|2028-04/);

    const open = await clientOver({ resources: openResourceReads({ store, showPersonalData: true }) });
    const shown = structured<{ customer: { contact: Record<string, unknown> } }>(await call(open, 'get_customer', { customerId: '5012:1001' }));
    await open.close();
    expect(shown.customer.contact).toMatchObject({ phone: '(312) 555-0101', email: 'ada@example.com', address1: '1 Main St', masked: false });
  });

  it('list_gift_cards gives the outstanding liability per site; list_clock_entries flags the open shift', async () => {
    const client = await clientOver({ resources: openResourceReads({ store }) });
    const cards = await call(client, 'list_gift_cards', {});
    const shifts = await call(client, 'list_clock_entries', { from: '2026-03-06', to: '2026-03-12' });
    await client.close();
    expect(structured<{ totalOutstanding: { cents: number } }>(cards).totalOutstanding.cents).toBe(3500 + 10000);
    expect(textOf(cards)).toContain('Outstanding gift-card liability: $135.00.');
    expect(textOf(cards)).toContain('- S01: 1 card(s), sold $50.00, used $15.00, outstanding $35.00');
    expect(structured<{ openShifts: number; regularHours: number }>(shifts)).toMatchObject({ openShifts: 1, regularHours: 16 });
    expect(textOf(shifts)).toContain('Sam Cashier at S01: 2026-03-07T08:00:00.000Z to OPEN (not clocked out)');
  });

  it('a read the warehouse has not synced, with no Data API, is refused saying what to do; bad input is refused before any read', async () => {
    const client = await clientOver({ resources: openResourceReads({ store }) });
    const unsynced = await call(client, 'list_membership_status_changes', { from: '2026-03-01', to: '2026-03-05' });
    const tooLong = await call(client, 'list_clock_entries', { from: '2026-01-01', to: '2026-03-31' });
    const bigPage = await call(client, 'list_items', { pageSize: 500 });
    await client.close();
    expect(unsynced.isError).toBe(true);
    expect(textOf(unsynced)).toMatch(/^RANGE_NOT_SYNCED: The warehouse has not synced membership status changes for 2026-03-01.*Data sync page.*configure the Data API/);
    expect(tooLong.isError).toBe(true);
    expect(textOf(tooLong)).toMatch(/at most 62 days; this one has 90/);
    expect(textOf(bigPage)).toMatch(/pageSize/);
  });

  it('answers live through the Data API where the warehouse has not synced the range, and says so', async () => {
    const requests: string[] = [];
    const fetchImpl = async (input: string | URL | Request) => {
      const url = new URL(String(input));
      requests.push(url.pathname);
      const accounts = [
        { washbook_account_id: '', recurring_id: '77:1001', old_status: 'Active', new_status: 'Cancelled', status_date: '2026-03-02 15:04:05', employee_name: 'Sam Cashier', site_code: 'S01' },
      ];
      return new Response(JSON.stringify({ data: { accounts, offset: 1, limit: 1000, total: 1 } }), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const dataApi = new DataApiClient({ apiId: 'demo', apiKey: 'demo-key', baseUrl: 'http://api.test/v1', fetch: fetchImpl as typeof fetch, maxRetries: 0 });
    const client = await clientOver({ resources: openResourceReads({ store, dataApi, now: () => at('2026-03-31T12:00:00Z') }) });
    const result = await call(client, 'list_membership_status_changes', { from: '2026-03-01', to: '2026-03-05' });
    await client.close();
    await dataApi.close();
    const out = structured<{ changes: Array<Record<string, unknown>>; freshness: Freshness & { missingDays: string[] } }>(result);
    expect(requests).toEqual(['/v1/recurring/account/status-list']);
    expect(out.changes).toEqual([{ membershipId: '77:1001', washbookAccountId: null, oldStatus: 'Active', newStatus: 'Cancelled', at: '2026-03-02T15:04:05.000Z', employeeName: 'Sam Cashier', siteCode: 'S01' }]);
    expect(out.freshness).toMatchObject({ source: 'live', syncedAt: null, missingDays: ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'] });
    expect(textOf(result).split('\n')[0]).toBe('Live from the Data API: the warehouse has not synced membership status changes for 2026-03-01, 2026-03-02, 2026-03-03, 2026-03-04, 2026-03-05 of 2026-03-01 to 2026-03-05.');
  });

  it('a live read tells a caller who asked how far it is, page by page; without asking the answer is the same', async () => {
    // 2,001 status changes: pages of 1,000, so three requests.
    const fetchImpl = async (input: string | URL | Request) => {
      const offset = Number(new URL(String(input)).searchParams.get('offset'));
      const accounts = Array.from({ length: offset < 3 ? 1000 : 1 }, (_, n) => ({
        washbook_account_id: '', recurring_id: `${offset * 1000 + n}:1001`, old_status: 'Active', new_status: 'Cancelled', status_date: '2026-03-02 15:04:05', employee_name: 'Sam Cashier', site_code: 'S01',
      }));
      return new Response(JSON.stringify({ data: { accounts, offset, limit: 1000, total: 2001 } }), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const dataApi = new DataApiClient({ apiId: 'demo', apiKey: 'demo-key', baseUrl: 'http://api.test/v1', fetch: fetchImpl as typeof fetch, maxRetries: 0 });
    const client = await clientOver({ resources: openResourceReads({ store, dataApi, now: () => at('2026-03-31T12:00:00Z') }) });
    const progress: unknown[] = [];
    const range = { from: '2026-03-01', to: '2026-03-05', pageSize: 5 };
    const asked = await client.callTool({ name: 'list_membership_status_changes', arguments: range }, undefined, { onprogress: (p) => progress.push(p) });
    const notAsked = await client.callTool({ name: 'list_membership_status_changes', arguments: range });
    await client.close();
    await dataApi.close();
    expect(structured<{ total: number }>(asked as CallToolResult).total).toBe(2001);
    expect(structured<{ total: number }>(notAsked as CallToolResult).total).toBe(2001);
    expect(progress).toEqual([
      { progress: 1, total: 3, message: 'status changes: page 1 of 3' },
      { progress: 2, total: 3, message: 'status changes: page 2 of 3' },
      { progress: 3, total: 3, message: 'status changes: page 3 of 3' },
    ]);
  });
});
