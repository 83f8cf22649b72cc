import { openStore, type Store } from '@washops/store';
import { DataApiClient } from '@washops/transactions-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openResourceReads, type LiveReadProgress } from '../src/index.js';

// The live answers: a store that holds nothing of these resources, and a DataApiClient over a fake Data API that
// answers as the live one does (numbers as strings, `""` for unset, snake_case status changes, `lastFourCC`).

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const page = (key: string, rows: unknown[], url: URL) => json({ data: { [key]: rows, offset: Number(url.searchParams.get('offset') ?? 1), limit: Number(url.searchParams.get('limit') ?? 100), total: rows.length } });

const customerRow = { customerId: '5012:1001', firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '3125550101', customerNumber: '5012', isActive: true, createdDate: '2025-01-15 22:03:29', modifiedDate: null };
const customerDetail = {
  id: '5012:1001', number: '5012', firstName: 'Ada', lastName: 'Lovelace', companyName: null, loyaltyNumber: null,
  address: { address1: '1 Main St', address2: '', city: 'Joliet', state: 'IL', country: 'US', postalCode: '60431' },
  phone: '3125550101', email: 'ada@example.com', birthDate: null, isActive: true, allowSms: false, recurringSmsSignupDate: null, loyaltySmsSignupDate: null, modifyDate: '2025-03-01 10:00:00',
};
const accountRow = { id: '701:1001', name: 'Gold Plan', balance: null, signUpDate: '2025-12-01 08:45:00', cancelDate: null, billingSiteId: '1001', customerId: '5012:1001', status: '1', statusName: 'Active', billingSiteCode: 'JOLIET' };
const accountDetail = {
  id: '701:1001', isOnTrial: false, trialAmount: '5.00', billingSiteCode: 'JOLIET', creationSiteCode: 'JOLIET', nextBillDate: '2026-02-01', tags: [{ id: '9:1001', number: '9870654032190', enabled: true }],
  vehicles: [{ id: '3:1001', plate: '' }], lastBillDate: null, billingAmount: '29.99', isSuspended: false, suspendedUntil: null, currentRecurringStatusName: 'Active', planName: 'Gold Plan',
  customer: { id: '5012:1001', number: null, firstName: 'Ada', lastName: 'Lovelace' }, recurringStatuses: [{ status: 'Active', date: '2025-12-01T08:45:00.000Z' }],
  recurringBillings: [{ amountCharged: '29.99', date: '2026-01-01T06:00:00.000Z', lastFourCC: 'XXXXXXXXXXXX0572', creditCardExpirationDate: '2027-05' }], additionalTagPrice: null,
};
const giftCard = (n: number, siteCode: string, value: number, used: string) => ({ siteCode, completeDate: null, number: String(253425 + n), value, amountUsed: used, giftcardId: `${900 + n}:1001` });
const entry = (day: string, clockOut: string | null = `${day}T21:00:00.000Z`) => ({
  clockIn: `${day}T13:00:00.000Z`, clockOut, regularRate: '15.00', regularHours: 8, overtimeEligible: true, overtimeRate: 22.5, overtimeHours: clockOut ? 0.5 : 0,
  wasModified: false, modificationTimestamp: null, wasCreatedInBackOffice: false, siteCode: 'JOLIET',
});
const outcome = (n: number, employeeId: string, converted: boolean) => ({
  timestamp: String(Date.parse('2026-03-02T10:00:00Z') / 1000 + n * 60), employeeId, adpId: '', employeeName: `Employee ${employeeId}`, siteId: '1001', site: '100 - Joliet',
  isConverted: converted ? 'yes' : 'no', itemId: converted ? '1:999' : '', itemName: converted ? 'Gold Plan' : '', itemPrice: converted ? '15.00' : '', terminalName: 'POS1',
});

/** The fake Data API: one answer per path, each request recorded with its query. */
function fakeDataApi() {
  const requests: Array<{ path: string; query: Record<string, string> }> = [];
  const fetchImpl = async (input: string | URL | Request): Promise<Response> => {
    const url = new URL(String(input));
    const path = decodeURIComponent(url.pathname.replace(/^\/v1/, ''));
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path, query });
    // A common name: full pages without a total, as the live customer list answers (its pages never count).
    if (path === '/customer' && query['lastName'] === 'Smith') {
      const from = (Number(query['offset']) - 1) * 100;
      const rows = Array.from({ length: 100 }, (_, n) => ({ ...customerRow, customerId: `${from + n + 1}:1001`, lastName: 'Smith' }));
      return json({ data: { customers: rows, offset: Number(query['offset']), limit: 100, total: null } });
    }
    if (path === '/customer') return page('customers', query['phoneNumber'] === '3125550101' || query['lastName'] === 'Lovelace' ? [customerRow] : [], url);
    if (path === '/customer/5012:1001') return json({ data: customerDetail });
    if (path.startsWith('/customer/')) return json({ message: 'Not found' }, 404);
    if (path === '/recurring/account/list' && !query['customerId']) {
      // The whole chain, answered now and then without a total (contract §3): full pages, 400 of them.
      const rows = Array.from({ length: 100 }, (_, n) => ({ ...accountRow, id: `${(Number(query['offset']) - 1) * 100 + n + 1}:1001` }));
      return json({ data: { accounts: rows, offset: Number(query['offset']), limit: 100, total: null } });
    }
    if (path === '/recurring/account/list') return page('accounts', [accountRow], url);
    if (path === '/recurring/account/701:1001/detail') return json({ data: accountDetail });
    if (path === '/washbook/account/list') return page('accounts', [], url);
    if (path === '/giftcard-liablilty') return page('giftcards', [giftCard(1, 'JOLIET', 25, '7.99'), giftCard(2, 'JOLIET', 50, '0'), giftCard(3, 'NILES', 20, '20.00')], url);
    if (path === '/employee') return page('employees', [{ firstName: 'Mary', lastName: 'Jones', employeeId: 7 }, { firstName: 'Ralph', lastName: 'Edwards', employeeId: 8 }], url);
    if (/^\/employee\/\d+\/clock-entries$/.test(path)) {
      const id = Number(path.split('/')[2]);
      const start = query['startDate'] ?? '';
      // Each employee worked the first day of every chunk asked for; Mary's last chunk is still open.
      const open = id === 7 && start === '2026-03-15';
      return json({ data: { weeks: [{ week: `${start} - ${query['endDate']}`, clockEntries: [entry(start, open ? null : `${start}T21:00:00.000Z`)] }] } });
    }
    if (path === '/sales-outcome/list') return page('sales', [outcome(1, '7', true), outcome(2, '7', false), outcome(3, '8', false)], url);
    return json({ message: `no fake for ${path}` }, 500);
  };
  return { fetch: fetchImpl as typeof fetch, requests };
}

describe('resource reads live from the Data API where the warehouse has not synced', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ inMemory: true });
  }, 60_000);
  afterAll(async () => {
    await store.close();
  });

  const open = (options: { showPersonalData?: boolean } = {}) => {
    const api = fakeDataApi();
    const dataApi = new DataApiClient({ apiId: 'demo', apiKey: 'demo-key', baseUrl: 'http://api.test/v1', fetch: api.fetch, maxRetries: 0, rateLimit: { requests: 1000, windowMs: 1000 } });
    const reads = openResourceReads({ store, dataApi, now: () => new Date('2026-03-31T12:00:00Z'), ...options });
    return { reads, requests: api.requests, close: () => dataApi.close() };
  };

  it("finds a customer by the whole phone number live and opens their profile: masked contact, membership with card last four, and says it is live", async () => {
    const { reads, requests, close } = open();
    const found = await reads.searchCustomers({ query: '(312) 555-0101' });
    expect(found.rows).toEqual([expect.objectContaining({ customerId: '5012:1001', phone: '(•••) •••-0101' })]);
    expect(found.freshness).toMatchObject({ source: 'live', fetchedAt: '2026-03-31T12:00:00.000Z', note: 'Live from the Data API: the warehouse has not synced customers.' });
    expect(requests[0]).toMatchObject({ path: '/customer', query: { phoneNumber: '3125550101' } });
    await expect(reads.searchCustomers({ query: '0101' })).rejects.toThrow(/give all 10 digits/);

    const progress: LiveReadProgress[] = [];
    const profile = await reads.getCustomer('5012:1001', {
      onProgress: (p) => {
        progress.push(p);
        throw new Error('a progress display that fails does not fail the read');
      },
    });
    expect(progress.map((p) => `${p.done}/${p.total ?? '?'} ${p.message}`)).toEqual([
      '1/? customer',
      '2/2 memberships: page 1 of 1',
      '3/3 membership 1 of 1 in full',
      '4/4 washbooks: none',
    ]);
    expect(profile.freshness.source).toBe('live');
    expect(profile.customer.contact).toMatchObject({ phone: '(•••) •••-0101', email: 'a•••@example.com', address1: null, city: 'Joliet', masked: true });
    expect(profile.memberships).toEqual([
      expect.objectContaining({ id: '701:1001', planName: 'Gold Plan', statusName: 'Active', billingAmountCents: 2999, billings: [{ amountCents: 2999, at: '2026-01-01T06:00:00.000Z', cardLastFour: '0572' }] }),
    ]);
    expect(JSON.stringify(profile)).not.toMatch(/XXXX|2027-05|ada@example|1 Main St/);
    await expect(reads.getCustomer('1:1')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await close();
  });

  it('lists without a total live read only the pages the answer needs: a common name, the chain\'s memberships', async () => {
    const { reads, requests, close } = open();
    const found = await reads.searchCustomers({ query: 'Smith', pageSize: 10 });
    const progress: LiveReadProgress[] = [];
    const memberships = await reads.listMemberships({ pageSize: 5, page: 2 }, { onProgress: (p) => progress.push(p) });
    await close();
    expect(found.rows).toHaveLength(10);
    expect(found.total).toBeNull();
    // One page holds the cap (100): neither a second page nor the first-name ask is read.
    expect(requests.filter((r) => r.path === '/customer').map((r) => `${r.query['lastName'] ?? r.query['firstName']} p${r.query['offset']}`)).toEqual(['Smith p1']);
    expect(memberships.rows.map((m) => m.id)).toEqual(['6:1001', '7:1001', '8:1001', '9:1001', '10:1001']);
    expect(memberships.total).toBeNull();
    expect(requests.filter((r) => r.path === '/recurring/account/list').map((r) => r.query['offset'])).toEqual(['1']);
    // Without a total the page count is unknown, and so is how many reads the answer takes.
    expect(progress).toEqual([{ done: 1, total: null, message: 'memberships: page 1' }]);
  });

  it('gift cards live: one site asked for, the liability summed in cents from the dollars the API sends; the whole chain is refused', async () => {
    const { reads, requests, close } = open();
    await expect(reads.listGiftCards({})).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/give a site, or sync gift cards first/) });
    expect(requests.filter((r) => r.path === '/giftcard-liablilty')).toEqual([]);
    const progress: LiveReadProgress[] = [];
    const cards = await reads.listGiftCards({ siteCode: 'JOLIET' }, { onProgress: (p) => progress.push(p) });
    await close();
    expect(progress).toEqual([{ done: 1, total: 1, message: 'gift cards of JOLIET: page 1 of 1' }]);
    expect(requests.filter((r) => r.path === '/giftcard-liablilty').map((r) => r.query['site'])).toEqual(['JOLIET']);
    // The fake answers every site's cards: the per-site sums are still each site's own.
    expect(cards.liability).toEqual([
      { siteCode: 'JOLIET', cards: 2, valueCents: 7500, usedCents: 799, outstandingCents: 6701 },
      { siteCode: 'NILES', cards: 1, valueCents: 2000, usedCents: 2000, outstandingCents: 0 },
    ]);
    expect(cards).toMatchObject({ total: 3, totalOutstandingCents: 6701, freshness: { source: 'live' } });
  });

  it('clock entries live: one employee asked in chunks of at most 14 days, the open shift flagged', async () => {
    const { reads, requests, close } = open();
    const progress: LiveReadProgress[] = [];
    const shifts = await reads.listClockEntries({ from: '2026-03-01', to: '2026-03-20', employeeId: 7 }, { onProgress: (p) => progress.push(p) });
    expect(progress).toEqual([
      { done: 1, total: 1, message: 'employees: page 1 of 1' },
      { done: 2, total: 2, message: 'clock entries of employee 7' },
    ]);
    const chunks = requests.filter((r) => r.path.endsWith('/clock-entries')).map((r) => `${r.path.split('/')[2]} ${r.query['startDate']}..${r.query['endDate']}`);
    expect(chunks).toEqual(['7 2026-03-01..2026-03-14', '7 2026-03-15..2026-03-20']);
    expect(shifts.rows.length).toBeGreaterThan(0);
    expect(shifts.rows.every((s) => s.employeeId === 7)).toBe(true);
    expect(shifts.rows.find((s) => s.open)).toMatchObject({ employeeId: 7, employeeName: 'Mary Jones', clockIn: '2026-03-15T13:00:00.000Z', clockOut: null });
    expect(shifts.freshness.missingDays).toHaveLength(20);
    // The whole chain live would be a request per employee: refused, naming the way out, before any clock request.
    const before = requests.length;
    await expect(reads.listClockEntries({ from: '2026-03-01', to: '2026-03-20' })).rejects.toThrow(/give an employee, or sync clock entries/);
    expect(requests.slice(before).filter((r) => r.path.endsWith('/clock-entries'))).toEqual([]);
    await close();
  });

  it('sales outcomes live: offers and conversions per employee', async () => {
    const { reads, close } = open();
    const outcomes = await reads.listSalesOutcomes({ from: '2026-03-01', to: '2026-03-10' });
    await close();
    expect(outcomes.byEmployee).toEqual([
      { employeeId: '7', employeeName: 'Employee 7', offers: 2, conversions: 1, conversionRate: 0.5 },
      { employeeId: '8', employeeName: 'Employee 8', offers: 1, conversions: 0, conversionRate: 0 },
    ]);
    expect(outcomes.rows[0]).toMatchObject({ isConverted: true, itemName: 'Gold Plan', itemPriceCents: 1500 });
  });
});
