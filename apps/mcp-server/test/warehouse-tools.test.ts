import { describe, expect, it } from 'vitest';
import type { ToolServices } from '../src/services.js';
import { fakeWarehouse, storedTransaction, syncStatusOf, unit } from './fake-warehouse.js';
import { call, clientOver, structured, textOf } from './mcp-harness.js';


interface QueryOut {
  complete: boolean;
  syncedAt: string | null;
  missingSiteDays: number;
  missing: { siteCode: string; day: string }[];
  total: number;
  returned: number;
  totalAmount: number;
  nextCursor: string | null;
  transactions: { id: string; total: number; completedAt: string; tenders: { cardLastFour: string | null; total: number }[] }[];
  note: string;
}

describe('the warehouse tools are there only with a warehouse', () => {
  it('registers sync_status and query_transactions, read-only and closed-world, in read-only mode too; without a warehouse, neither', async () => {
    const withWarehouse = await clientOver({ warehouse: fakeWarehouse().services }, true);
    const { tools } = await withWarehouse.listTools();
    await withWarehouse.close();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['query_transactions', 'sync_status']);
    for (const tool of tools) expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    const without = await clientOver({ audit: { list: async () => ({ events: [], nextCursor: null }) } as unknown as ToolServices['audit'] });
    expect((await without.listTools()).tools.map((tool) => tool.name)).not.toContain('query_transactions');
    await without.close();
  });
});

describe('query_transactions', () => {
  const rows = Array.from({ length: 250 }, (_, index) => storedTransaction(index));

  it('answers a synced range from the warehouse in dollars, saying when it was synced, a page at a time with a cursor', async () => {
    const { services, calls } = fakeWarehouse({ rows });
    const client = await clientOver({ warehouse: services });
    const first = await call(client, 'query_transactions', { from: '2026-11-20', to: '2026-11-20', sites: ['NILES'], limit: 200 });
    const page = structured<QueryOut>(first);
    expect(page).toMatchObject({ complete: true, syncedAt: '2026-11-21T05:00:00.000Z', missingSiteDays: 0, total: 250, returned: 200 });
    expect(page.transactions[0]).toMatchObject({ id: '1000:NILES', total: 12.99, completedAt: '2026-11-20T14:00:00.000Z' });
    expect(page.totalAmount).toBe(rows.slice(0, 200).reduce((sum, row) => sum + row.totalCents, 0) / 100);
    expect(page.note).toContain('synced at 2026-11-21T05:00:00.000Z');
    expect(textOf(first)).toContain('Synced at 2026-11-21T05:00:00.000Z');
    // A bare day is the whole UTC day; the sites are passed through.
    expect(calls.list[0]).toMatchObject({ from: new Date('2026-11-20T00:00:00.000Z'), to: new Date('2026-11-20T23:59:59.999Z'), siteCodes: ['NILES'], limit: 200 });

    const second = structured<QueryOut>(await call(client, 'query_transactions', { from: '2026-11-20', to: '2026-11-20', sites: ['NILES'], limit: 200, cursor: page.nextCursor }));
    await client.close();
    expect(second.returned).toBe(50);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...page.transactions, ...second.transactions].map((row) => row.id)).size).toBe(250);
  });

  it('lets no card number out: a tender shows at most its last four digits', async () => {
    const leaky = storedTransaction(0, { tenders: [{ ...storedTransaction(0).tenders[0]!, cardLastFour: '4111111111111111' }] });
    const client = await clientOver({ warehouse: fakeWarehouse({ rows: [leaky] }).services });
    const result = await call(client, 'query_transactions', { from: '2026-11-20T00:00:00-06:00', to: '2026-11-21T00:00:00-06:00' });
    await client.close();
    expect(structured<QueryOut>(result).transactions[0]!.tenders[0]!.cardLastFour).toBe('1111');
    expect(JSON.stringify(result)).not.toContain('4111111111111111');
  });

  it('answers a range not wholly synced with no rows, the missing count, and where to go: sync_status or the live tools', async () => {
    const missing = Array.from({ length: 23 }, (_, index) => ({ siteCode: `S${index}`, day: '2026-11-20' }));
    const { services, calls } = fakeWarehouse({ rows, missing });
    const client = await clientOver({ warehouse: services });
    const result = await call(client, 'query_transactions', { from: '2026-11-20', to: '2026-11-20' });
    await client.close();
    const out = structured<QueryOut>(result);
    expect(out).toMatchObject({ complete: false, syncedAt: null, missingSiteDays: 23, returned: 0, total: 0, transactions: [] });
    expect(out.missing).toHaveLength(20);
    for (const words of ['23 site-days are not synced', 'sync_status', 'list_transactions', 'load_transaction_job', 'washops sync backfill']) expect(out.note).toContain(words);
    expect(textOf(result)).toContain('Missing: S0 2026-11-20');
    expect(calls.list).toHaveLength(0);
  });

  it('says so when the warehouse knows none of the sites yet (nothing synced), rather than "0 missing"', async () => {
    const { services } = fakeWarehouse({ rows });
    services.queries.coverage = async () => ({ complete: false, syncedAt: null, missing: [], missingCount: 0 });
    const client = await clientOver({ warehouse: services });
    const out = structured<QueryOut>(await call(client, 'query_transactions', { from: '2026-11-20', to: '2026-11-20', sites: ['NEWSITE'] }));
    await client.close();
    expect(out).toMatchObject({ complete: false, missingSiteDays: 0, returned: 0 });
    expect(out.note).toContain('the warehouse knows none of these sites yet');
    expect(out.note).toContain('sync_status');
  });

  it('refuses a reversed range or one that is not a date, before reading anything', async () => {
    const { services, calls } = fakeWarehouse({ rows });
    const client = await clientOver({ warehouse: services });
    const reversed = await call(client, 'query_transactions', { from: '2026-11-21', to: '2026-11-20' });
    const nonsense = await call(client, 'query_transactions', { from: 'yesterday', to: '2026-11-20' });
    const tooMany = await call(client, 'query_transactions', { from: '2026-11-20', to: '2026-11-20', limit: 501 });
    await client.close();
    expect(textOf(reversed)).toMatch(/^DATE_RANGE_ERROR: "to" is before "from"/);
    expect(textOf(nonsense)).toMatch(/^DATE_RANGE_ERROR: "yesterday" is not a date/);
    expect(tooMany.isError).toBe(true);
    expect(calls.list).toHaveLength(0);
  });
});

interface StatusOut {
  siteDays: number;
  counts: Record<string, number>;
  sites: { siteCode: string; done: number; failed: number; notRequested: number; records: number; lastSyncedAt: string | null }[];
  failed: { siteCode: string; day: string; errorCode: string | null }[];
  paused: boolean;
  budget: { inUse: number; requests: number; windowSeconds: number };
  nextStep: string;
}

describe('sync_status', () => {
  it('counts the range per state and per site, lists the failed, shows the budget, and says what to do next', async () => {
    const units = [unit('NILES', '2026-11-19', 'done'), unit('NILES', '2026-11-20', 'failed'), unit('LOMBARD', '2026-11-19', 'pending')];
    const { services, calls } = fakeWarehouse({ status: syncStatusOf(units, { paused: true }) });
    const client = await clientOver({ warehouse: services });
    const result = await call(client, 'sync_status', { from: '2026-11-19', to: '2026-11-20', sites: ['NILES', 'LOMBARD'] });
    await client.close();
    const out = structured<StatusOut>(result);
    expect(calls.status).toEqual([{ from: '2026-11-19', to: '2026-11-20', siteCodes: ['NILES', 'LOMBARD'] }]);
    expect(out.siteDays).toBe(4);
    expect(out.counts).toEqual({ done: 1, running: 0, pending: 1, failed: 1, notRequested: 1, records: 10 });
    expect(out.sites[0]).toMatchObject({ siteCode: 'NILES', done: 1, failed: 1, notRequested: 0, records: 10, lastSyncedAt: '2026-11-21T05:00:00.000Z' });
    expect(out.sites[1]).toMatchObject({ siteCode: 'LOMBARD', done: 0, notRequested: 1, lastSyncedAt: null });
    expect(out.failed).toEqual([{ siteCode: 'NILES', day: '2026-11-20', errorCode: 'API_ERROR', error: 'The Data API answered 500', attempts: 1 }]);
    expect(out.budget).toEqual({ inUse: 3, requests: 20, windowSeconds: 15, pausedUntil: null });
    for (const words of ['PAUSED', 'washops sync resume', 'washops sync retry --from 2026-11-19 --to 2026-11-20', '1 site-day(s) were never asked for', 'list_transactions']) {
      expect(out.nextStep).toContain(words);
    }
    expect(textOf(result)).toContain('1 of 4 site-days synced');
  });

  it('says a wholly synced range can be queried', async () => {
    const units = ['NILES', 'LOMBARD'].flatMap((site) => ['2026-11-19', '2026-11-20'].map((day) => unit(site, day, 'done')));
    const client = await clientOver({ warehouse: fakeWarehouse({ status: syncStatusOf(units) }).services });
    const out = structured<StatusOut>(await call(client, 'sync_status', { from: '2026-11-19', to: '2026-11-20' }));
    await client.close();
    expect(out.nextStep).toBe('Every site-day of the range is synced (4): query_transactions answers it from the warehouse.');
  });

  it('says the warehouse knows no sites yet when nothing was ever synced, rather than "all synced"', async () => {
    const client = await clientOver({ warehouse: fakeWarehouse({ status: syncStatusOf([], { siteCodes: [] }) }).services });
    const out = structured<StatusOut>(await call(client, 'sync_status', { from: '2026-11-19', to: '2026-11-20' }));
    await client.close();
    expect(out.siteDays).toBe(0);
    expect(out.nextStep).toContain('The warehouse knows no sites yet');
    expect(out.nextStep).toContain('washops sync backfill --from 2026-11-19 --to 2026-11-20');
  });

  it('refuses a day that does not exist or a reversed range without asking the sync', async () => {
    const { services, calls } = fakeWarehouse();
    const client = await clientOver({ warehouse: services });
    const badDay = await call(client, 'sync_status', { from: '2026-02-30', to: '2026-03-01' });
    const reversed = await call(client, 'sync_status', { from: '2026-03-02', to: '2026-03-01' });
    await client.close();
    expect(badDay.isError).toBe(true);
    expect(textOf(reversed)).toMatch(/^DATE_RANGE_ERROR: "to" \(2026-03-01\) is before "from"/);
    expect(calls.status).toHaveLength(0);
  });
});
