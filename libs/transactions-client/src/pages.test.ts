import { DateRangeError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { json, listItem, pagedList, v2Item } from '../test/support/fake-fetch.js';
import { fakeClient } from '../test/support/fake-client.js';
import { dayStart } from '../test/support/sim.js';
import type { TransactionPage } from './index.js';

const range = { startDate: dayStart(3), endDate: dayStart(2) };

async function pagesOf<T>(pages: AsyncIterable<TransactionPage<T>>): Promise<Array<TransactionPage<T>>> {
  const out: Array<TransactionPage<T>> = [];
  for await (const page of pages) out.push(page);
  return out;
}

describe('page iterators', () => {
  it('listPages yields each API page with its number, the total, the page count and the last mark', async () => {
    const { client, fake } = fakeClient(pagedList(250));
    const pages = await pagesOf(client.listPages(range));
    expect(pages.map(({ page, rows, total, pageCount, last }) => ({ page, rows: rows.length, total, pageCount, last }))).toEqual([
      { page: 1, rows: 100, total: 250, pageCount: 3, last: false },
      { page: 2, rows: 100, total: 250, pageCount: 3, last: false },
      { page: 3, rows: 50, total: 250, pageCount: 3, last: true },
    ]);
    expect(pages[2]?.rows.at(-1)).toEqual(listItem(250));
    expect(fake.calls.map((c) => c.query['offset'])).toEqual(['1', '2', '3']);
  });

  it('with total null, a full last page is followed by one empty request and the count stays unknown', async () => {
    const { client, fake } = fakeClient(pagedList(200, listItem, null));
    const pages = await pagesOf(client.listPages(range));
    expect(pages.map((p) => [p.page, p.rows.length, p.pageCount, p.last])).toEqual([
      [1, 100, null, false],
      [2, 100, null, false],
    ]);
    expect(fake.calls).toHaveLength(3);
  });

  it('listByTypePages and listV2Pages walk their own paths with the same query', async () => {
    const { client, fake } = fakeClient((request) => pagedList(120, request.path.endsWith('version-2') ? v2Item : listItem)(request));
    const byType = await pagesOf(client.listByTypePages('giftcard', { ...range, site: 'MAIN' }));
    const v2 = await pagesOf(client.listV2Pages({ ...range, site: 'MAIN' }));
    expect(byType.map((p) => p.rows.length)).toEqual([100, 20]);
    expect(v2[1]).toMatchObject({ page: 2, total: 120, pageCount: 2, last: true });
    expect(v2[0]?.rows[0]).toHaveProperty('transactionStatus', 'Completed');
    expect(fake.calls.map((c) => `${c.path}?${c.query['offset']}`)).toEqual([
      '/transaction/type/giftcard?1',
      '/transaction/type/giftcard?2',
      '/transaction/version-2?1',
      '/transaction/version-2?2',
    ]);
    expect(new Set(fake.calls.map((c) => `${c.query['startDate']}|${c.query['site']}|${c.query['limit']}`))).toEqual(
      new Set([`${range.startDate}|MAIN|100`]),
    );
  });

  it('checks params when called, and fetches a page only when the consumer asks for it', async () => {
    const { client, fake } = fakeClient(pagedList(500));
    expect(() => client.listPages({ startDate: range.endDate, endDate: range.startDate })).toThrow(DateRangeError);
    for await (const page of client.listPages(range)) {
      expect(page.page).toBe(1);
      break;
    }
    expect(fake.calls).toHaveLength(1);
  });

  it('an empty day yields no page after one request', async () => {
    const { client, fake } = fakeClient(() => json({ data: { transactions: [], offset: 1, limit: 100, total: 0 } }));
    expect(await pagesOf(client.listPages(range))).toEqual([]);
    expect(fake.calls).toHaveLength(1);
  });
});
