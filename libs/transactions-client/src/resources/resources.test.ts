import { APIError, NotFoundError, ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { fakeDataApi, rejectionOf } from '../../test/support/fake-client.js';
import { json } from '../../test/support/fake-fetch.js';
import {
  customerDetail,
  customerRow,
  employeeRow,
  giftCardRow,
  itemRow,
  pagedRows,
  recurringDetail,
  recurringRow,
  salesOutcomeRow,
  statusChangeRow,
  washbookRow,
} from '../../test/support/resource-fixtures.js';
import type { DataApiPage } from './types.js';

async function pagesOf<T>(pages: AsyncIterable<DataApiPage<T>>): Promise<Array<DataApiPage<T>>> {
  const out: Array<DataApiPage<T>> = [];
  for await (const page of pages) out.push(page);
  return out;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;

describe('DataApiClient resources over an injected fetch', () => {
  it('customers.list sends its filters as the API names them, dates as YYYY-MM-DD, and pages of 100', async () => {
    const { client, fake } = fakeDataApi(pagedRows('customers', 130, customerRow));
    const rows = await client.customers.list({ lastName: 'Lovelace', status: 'active', phoneNumber: '(312) 555-0101', startDate: '2025-01-01', endDate: new Date('2026-01-31T12:00:00Z') });
    expect(rows).toHaveLength(130);
    expect(fake.calls.map((c) => c.query)).toEqual([
      { lastName: 'Lovelace', status: 'active', phoneNumber: '3125550101', startDate: '2025-01-01', endDate: '2026-01-31', limit: '100', offset: '1' },
      { lastName: 'Lovelace', status: 'active', phoneNumber: '3125550101', startDate: '2025-01-01', endDate: '2026-01-31', limit: '100', offset: '2' },
    ]);
    expect(fake.calls[0]?.path).toBe('/customer');
    expect(rows[0]).toEqual({
      customerId: '5001:1001',
      firstName: 'Ada',
      lastName: null,
      phoneNumber: '3125550101',
      customerNumber: null,
      isActive: true,
      createdDate: '2025-01-15T22:03:29.000Z',
      modifiedDate: null,
    });
  });

  it('customers.get reads one customer, its path id percent-encoded; 404 is a NotFoundError', async () => {
    const { client, fake } = fakeDataApi((request) =>
      request.path.endsWith('999%3A999') ? json({ type: 'EntityNotFoundError', message: 'not found' }, 404) : json({ data: customerDetail }),
    );
    const customer = await client.customers.get('5012:1001');
    expect(fake.calls[0]?.url.pathname).toBe('/v1/customer/5012%3A1001');
    expect(customer).toMatchObject({ companyName: null, loyaltyNumber: null, modifyDate: '2025-03-01T10:00:00.000Z', address: { address2: null, state: 'IL' } });
    expect(await rejectionOf(client.customers.get('999:999'))).toBeInstanceOf(NotFoundError);
    expect(await rejectionOf(client.customers.get('not-an-id'))).toBeInstanceOf(ValidationError);
    expect(fake.calls).toHaveLength(2);
  });

  it('recurring.list sends recurringAccountStatus, customerId and Unix-second dates', async () => {
    const { client, fake } = fakeDataApi(pagedRows('accounts', 3, recurringRow));
    const start = nowSeconds() - 60 * DAY;
    const rows = await client.recurring.list({ status: 1, customerId: '5012:1001', startDate: start, endDate: start + 30 * DAY });
    expect(fake.calls[0]?.path).toBe('/recurring/account/list');
    expect(fake.calls[0]?.query).toEqual({
      recurringAccountStatus: '1',
      customerId: '5012:1001',
      startDate: String(start),
      endDate: String(start + 30 * DAY),
      limit: '100',
      offset: '1',
    });
    expect(rows[0]).toEqual({
      id: '701:1001',
      name: 'Gold Plan',
      signUpDate: '2025-12-01T08:45:00.000Z',
      cancelDate: null,
      billingSiteId: 1001,
      billingSiteCode: 'JOLIET',
      customerId: '5012:1001',
      status: 1,
      statusName: 'Active',
    });
  });

  it('recurring.get and listDetails read the detail model; card numbers keep only their last four digits', async () => {
    const { client, fake } = fakeDataApi((request) =>
      request.path.endsWith('/detail') ? json({ data: recurringDetail }) : json({ data: { accounts: [recurringDetail], offset: 1, limit: 100, total: 1 } }),
    );
    const detail = await client.recurring.get('701:1001');
    const listed = await client.recurring.listDetails();
    expect(fake.calls.map((c) => c.path)).toEqual(['/recurring/account/701%3A1001/detail', '/recurring/account/details/list']);
    expect(listed).toEqual([detail]);
    expect(detail.recurringBillings).toEqual([{ amountCharged: 29.99, date: '2026-01-01T06:00:00.000Z', cardLastFour: '0572', creditCardExpirationDate: '2027-05' }]);
    expect(detail).toMatchObject({ trialAmount: 5, billingAmount: 29.99, nextBillDate: '2026-02-01', vehicles: [{ id: '3:1001', plate: null }] });
    expect(JSON.stringify(detail)).not.toMatch(/X{4}|\d{5,}0572/);
  });

  it('recurring.listStatusChanges asks for pages of 1000 (or the pageSize given) and reads the snake_case keys', async () => {
    const { client, fake } = fakeDataApi(pagedRows('accounts', 2500, statusChangeRow));
    const pages = await pagesOf(client.recurring.listStatusChangesPages({ status: 7 }));
    expect(pages.map((p) => [p.page, p.rows.length, p.pageSize, p.pageCount, p.last])).toEqual([
      [1, 1000, 1000, 3, false],
      [2, 1000, 1000, 3, false],
      [3, 500, 1000, 3, true],
    ]);
    expect(pages[0]?.rows[0]).toEqual({
      washbookAccountId: '701:1001',
      recurringId: '701:1001',
      oldStatus: 'Active',
      newStatus: 'Cancelled',
      statusDate: '2026-01-10T08:45:00.000Z',
      employeeName: 'Billing Service',
      siteCode: 'JOLIET',
    });
    expect(fake.calls[0]?.query).toEqual({ recurringAccountStatus: '7', limit: '1000', offset: '1' });
    await client.recurring.listStatusChanges({ pageSize: 250 });
    expect(fake.calls.at(-1)?.query['limit']).toBe('250');
  });

  it('recurring.listModifications reads the live keys name/date/comment and the documented ones alike', async () => {
    const modified = {
      ...recurringDetail,
      modifications: [
        { name: 'Tag Added', date: '2026-01-05 13:15:15', comment: '' },
        { modificationType: 'Billing Amount Change', modificationDate: '2026-01-06 09:00:00', modificationComment: 'Plan price was reduced' },
      ],
    };
    const { client, fake } = fakeDataApi(() => json({ data: { accounts: [modified], offset: 1, limit: 100, total: null } }));
    const [account] = await client.recurring.listModifications({ modification: 1, sites: ['JOLIET', 'NILES'] });
    expect(fake.calls[0]?.path).toBe('/recurring/account/modifications');
    expect(fake.calls[0]?.query).toMatchObject({ modifications: '1', sites: 'JOLIET,NILES' });
    expect(account?.modifications).toEqual([
      { type: 'Tag Added', date: '2026-01-05T13:15:15.000Z', comment: null },
      { type: 'Billing Amount Change', date: '2026-01-06T09:00:00.000Z', comment: 'Plan price was reduced' },
    ]);
  });

  it('washbooks: the balance string becomes a number, 900 and more is unlimited; status is sent as accountStatus', async () => {
    const balances = ['5', '899', '900', '999', null];
    const { client, fake } = fakeDataApi((request) =>
      request.path.endsWith('/detail')
        ? json({ data: { id: '801:1001', name: 'Unlimited', balance: '999.00', customer: null, status: 'Active', recurringInfo: null, tags: [], vehicles: [] } })
        : pagedRows('accounts', balances.length, (n) => washbookRow(n, balances[n - 1] ?? null))(request),
    );
    const rows = await client.washbooks.list({ status: 'active', itemId: '12:1001' });
    expect(rows.map((r) => [r.balance, r.unlimited])).toEqual([[5, false], [899, false], [null, true], [null, true], [null, false]]);
    expect(rows[0]?.customerId).toBeNull();
    expect(fake.calls[0]?.query).toEqual({ accountStatus: 'active', itemId: '12:1001', limit: '100', offset: '1' });
    const detail = await client.washbooks.get('801:1001');
    expect(fake.calls[1]?.path).toBe('/washbook/account/801%3A1001/detail');
    expect(detail).toMatchObject({ balance: null, unlimited: true, recurringInfo: null, customer: { id: null, firstName: null } });
  });

  it('giftCards.list walks the misspelled live path /giftcard-liablilty', async () => {
    const { client, fake } = fakeDataApi(pagedRows('giftcards', 2, giftCardRow));
    const cards = await client.giftCards.list({ site: 'JOLIET' });
    expect(fake.calls[0]?.path).toBe('/giftcard-liablilty');
    expect(fake.calls[0]?.query).toEqual({ site: 'JOLIET', limit: '100', offset: '1' });
    expect(cards[0]).toEqual({ giftcardId: '901:1001', siteCode: 'JOLIET', completeDate: null, number: '253426', value: 25, amountUsed: 7.99 });
  });

  it('items.list reads prices sent as strings and a null cost', async () => {
    const { client, fake } = fakeDataApi(pagedRows('items', 1, itemRow));
    const items = await client.items.list({ departmentName: 'Recurring_Plan' });
    expect(fake.calls[0]?.query).toEqual({ departmentName: 'Recurring_Plan', limit: '100', offset: '1' });
    expect(items).toEqual([
      { sku: '1001', name: 'Item 1', departmentName: 'Recurring Plan', priceAtSite: 5, costPerItem: null, isPromptForPrice: false, siteLocation: 'JOLIET' },
    ]);
  });

  it('employees.list pages /employee; employees.get reads one employee with startDateChange null', async () => {
    const { client, fake } = fakeDataApi((request) =>
      request.path === '/employee'
        ? pagedRows('employees', 3, employeeRow)(request)
        : json({ data: { employeeId: '7', firstName: 'Mary', lastName: 'Jones', active: true, startDate: '2020-03-01', startDateChange: null, phone: null, email: '' } }),
    );
    expect(await client.employees.list()).toHaveLength(3);
    expect(await client.employees.get(7)).toEqual({
      employeeId: 7, firstName: 'Mary', lastName: 'Jones', active: true, startDate: '2020-03-01', startDateChange: null, phone: null, email: null,
    });
    expect(fake.calls.map((c) => `${c.path}?${new URLSearchParams(c.query)}`)).toEqual(['/employee?limit=100&offset=1', '/employee/7?']);
    expect(await rejectionOf(client.employees.get('7/../1'))).toBeInstanceOf(ValidationError);
    expect(fake.calls).toHaveLength(2);
  });

  it('salesOutcomes.list asks for pages of 500 with YYYY-MM-DD dates and reads every string field', async () => {
    const { client, fake } = fakeDataApi(pagedRows('sales', 501, salesOutcomeRow, null));
    const rows = await client.salesOutcomes.list({ startDate: '2026-01-01', endDate: '2026-01-31' });
    expect(rows).toHaveLength(501);
    expect(fake.calls.map((c) => c.query)).toEqual([
      { startDate: '2026-01-01', endDate: '2026-01-31', limit: '500', offset: '1' },
      { startDate: '2026-01-01', endDate: '2026-01-31', limit: '500', offset: '2' },
    ]);
    expect(rows.slice(0, 2)).toEqual([
      { timestamp: '2026-01-15T00:00:01.000Z', employeeId: '7', adpId: null, employeeName: 'Ralph Edwards', siteId: 1001, site: '100 - Joliet', isConverted: false, itemId: '1:999', itemName: 'Gold Plan', itemPrice: 15, terminalName: 'POS1' },
      expect.objectContaining({ isConverted: true }),
    ]);
  });

  it('sites.list is /site/list, siteID read as siteId', async () => {
    const { client, fake } = fakeDataApi(() => json({ data: { sites: [{ siteID: 1001, code: '', name: 'Joliet', timezone: 'America/Chicago' }] } }));
    expect(await client.sites.list()).toEqual([{ siteId: 1001, code: null, name: 'Joliet', timezone: 'America/Chicago' }]);
    expect(fake.calls.map((c) => c.path)).toEqual(['/site/list']);
  });
});

describe('pagination of the resource lists', () => {
  it('with total null, a page short of the page size is the last; a full one is followed by one more request', async () => {
    const { client, fake } = fakeDataApi(pagedRows('items', 200, itemRow, null));
    const pages = await pagesOf(client.items.listPages());
    expect(pages.map((p) => [p.page, p.rows.length, p.total, p.pageCount, p.last])).toEqual([
      [1, 100, null, null, false],
      [2, 100, null, null, false],
    ]);
    expect(fake.calls).toHaveLength(3);
  });

  it('an empty first page yields no page after one request, with total 0 or null', async () => {
    for (const total of [0, null]) {
      const { client, fake } = fakeDataApi(() => json({ data: { customers: [], offset: 1, limit: 100, total } }));
      expect(await pagesOf(client.customers.listPages())).toEqual([]);
      expect(await client.customers.list()).toEqual([]);
      expect(fake.calls).toHaveLength(2);
    }
  });

  it('a body that does not fit the model is an APIError naming the field', async () => {
    const { client } = fakeDataApi(() => json({ data: { items: [{ ...itemRow(1), priceAtSite: 'five' }], offset: 1, limit: 100, total: 1 } }));
    const error = await rejectionOf(client.items.list());
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).message).toContain('priceAtSite');
  });

  it('a 422 from the server is a ValidationError and is not retried', async () => {
    const { client, fake } = fakeDataApi(() => json({ type: 'PayloadValidationError', messages: ['endDate: range too long'] }, 422));
    const error = await rejectionOf(client.washbooks.list());
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toContain('endDate: range too long');
    expect(fake.calls).toHaveLength(1);
  });
});

describe('a server that serves smaller pages than asked for', () => {
  it('is taken at its word (its limit): every row is read, not only the first page', async () => {
    const { client, fake } = fakeDataApi((request) => {
      const page = Number(request.query['offset']);
      const rows = Array.from({ length: Math.max(0, Math.min(50, 120 - (page - 1) * 50)) }, (_, i) => customerRow((page - 1) * 50 + i + 1));
      return json({ data: { customers: rows, offset: page, limit: 50, total: null } });
    });
    const rows = await client.customers.list();
    expect(rows).toHaveLength(120);
    expect(new Set(rows.map((r) => r.customerId)).size).toBe(120);
    expect(fake.calls.map((c) => c.query['limit'])).toEqual(['100', '100', '100']);
  });
});
