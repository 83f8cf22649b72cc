import type { BackofficeReads } from '@washops/operations';
import type { WarehouseTransaction } from '@washops/store';
import { TransactionsClient } from '@washops/transactions-client';
import { pinnedClock, startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_CSV_COLUMNS, warehouseExport, type PortalDeps, type TransactionListChunk } from '../src/index.js';
import { localMidnightUtc, nextDay } from '../src/warehouse/zones.js';
import { callerAs, makeDeps, parseCsv } from './helpers.js';

// The explorer, the detail and the CSV export over a real (in-memory) warehouse and the Data API
// simulator: the warehouse answers a range wholly synced and says when; anything else goes live
// and says why.

const TIME_SCALE = 0.02;
const SITE = 'FIESTA';
const ZONE = 'America/Chicago';
/** A local day of the site five days back (the Data API serves six months), and the one after it. */
const clock = pinnedClock();
const DAY = new Date(clock.now() - 5 * 86_400_000).toISOString().slice(0, 10);
const NEXT = nextDay(DAY);
const DAY_START = localMidnightUtc(DAY, ZONE).getTime() / 1000;
const NEXT_START = localMidnightUtc(NEXT, ZONE).getTime() / 1000;
const SYNCED_AT = new Date(NEXT_START * 1000 + 8 * 3_600_000);
/** `hours` after the day's local midnight, as the API writes a date. */
const onDay = (hours: number) => new Date((DAY_START + hours * 3600) * 1000).toISOString();

let sim: TransactionsSimulator;
let deps: PortalDeps;

function stored(id: string, completedAt: string, totalCents: number, customerName: string | null): WarehouseTransaction {
  return {
    id,
    number: Number(id.split(':')[0]),
    siteCode: SITE,
    day: DAY,
    timeZone: ZONE,
    completedAt: new Date(completedAt),
    type: 'Sale',
    salesDeviceName: 'Lane 1',
    totalCents,
    customerName,
    customerId: null,
    vehicleLicensePlate: null,
    employeeCashier: 'Pat',
    employeeGreeter: null,
    isRecurringPayment: false,
    isRecurringRedemption: true,
    isRecurringSale: false,
    isPrepaidRedemption: false,
    isPrepaidSale: false,
    isRecurringPlanSale: null,
    isRecurringPlanRedemption: null,
    transactionStatus: null,
    tenders: [{ tender: 'Credit', tenderSubType: 'Visa', amountCents: totalCents, changeCents: 0, totalCents, referenceNumber: null, cardLastFour: '4242' }],
    items: [{ name: 'Wash', sku: null, department: 'Wash', quantity: 1, grossCents: totalCents, netCents: totalCents, discountCents: 0, taxCents: 0, additionalFeeCents: 0, isVoided: false }],
    discounts: [],
  };
}

const RECORDS = [stored('900001:1001', onDay(9), 1299, 'Ann'), stored('900002:1001', onDay(14.5), 2050, '=HYPERLINK("x")')];

/** Only the site tree is read by the export's site check. */
const siteTree = {
  listSites: async () => [{ id: 1, name: 'WashU Fiesta', code: SITE, regionId: 2, regionName: 'Illinois', districtId: null, districtName: null }],
} as unknown as BackofficeReads;

beforeAll(async () => {
  sim = await startTransactionsSimulator({ port: 0, seed: 'demo', timeScale: TIME_SCALE, clock });
  const base = await makeDeps();
  const transactions = new TransactionsClient({ apiId: 'demo', apiKey: 'demo-key', baseUrl: sim.url, clock, rateLimit: { requests: 20, windowMs: 15_000 * TIME_SCALE } });
  deps = { ...base, transactions };
  await deps.store.warehouse.upsertSites([{ siteCode: SITE, siteId: 1001, name: 'WashU Fiesta', timeZone: ZONE, regionCode: 'ILLINOIS' }]);
  await deps.store.warehouse.replaceSiteDay({ siteCode: SITE, day: DAY, timeZone: ZONE, vendorTotal: 2, transactions: RECORDS }, SYNCED_AT);
});

afterAll(async () => {
  await deps?.transactions.close();
  await sim?.close();
});

async function listed(input: Parameters<ReturnType<typeof callerAs>['transactions']['list']>[0]): Promise<TransactionListChunk[]> {
  const chunks: TransactionListChunk[] = [];
  for await (const chunk of await callerAs(deps, 'viewer').transactions.list(input)) chunks.push(chunk);
  return chunks;
}

describe('transactions.list with the warehouse', () => {
  it('answers a synced site-day from the warehouse, saying when it was synced, without a request to the Data API', async () => {
    sim.control.clearRequests();
    const chunks = await listed({ startDate: DAY_START, endDate: NEXT_START - 1, site: SITE });
    expect(chunks.every((chunk) => chunk.source.kind === 'warehouse')).toBe(true);
    expect(chunks[0]!.source).toEqual({ kind: 'warehouse', syncedAt: SYNCED_AT.toISOString() });
    expect(chunks.flatMap((chunk) => chunk.rows)).toEqual([
      { transNumber: 900001, transId: '900001:1001', total: 12.99, date: onDay(9) },
      { transNumber: 900002, transId: '900002:1001', total: 20.5, date: onDay(14.5) },
    ]);
    expect(chunks.at(-1)).toMatchObject({ done: true, truncated: false });
    expect(sim.control.requests()).toHaveLength(0);
  });

  it('goes live when a site-day of the range is not synced, naming it, with the rows the client lists', async () => {
    const range = { startDate: NEXT_START - 1800, endDate: NEXT_START + 1800, site: SITE };
    const chunks = await listed(range);
    expect(chunks[0]!.source).toEqual({ kind: 'live', reason: `1 site-day of this range is not synced (${SITE} ${NEXT})` });
    expect(chunks.flatMap((chunk) => chunk.rows)).toEqual(await deps.transactions.list(range));
  });

  it('goes live for v2 lists, the type filter and a site never synced, saying why', async () => {
    const day = { startDate: DAY_START, endDate: DAY_START + 3600 };
    expect((await listed({ ...day, site: SITE, version: 'v2' }))[0]!.source).toMatchObject({ kind: 'live', reason: expect.stringContaining('v2') });
    expect((await listed({ ...day, site: SITE, type: 'wash' }))[0]!.source).toMatchObject({ kind: 'live', reason: expect.stringContaining('type filter') });
    expect((await listed({ ...day, site: 'HOBART' }))[0]!.source).toEqual({ kind: 'live', reason: 'site HOBART has never been synced' });
  });
});

describe('transactions.get with the warehouse', () => {
  it('answers a stored transaction from the warehouse in the API detail shape, and any other live', async () => {
    const viewer = callerAs(deps, 'viewer');
    const detail = await viewer.transactions.get({ transId: '900001:1001' });
    expect(detail).toMatchObject({ id: '900001:1001', locationCode: SITE, total: 12.99, completeDate: onDay(9), isRecurringRedemption: true });
    expect(detail.tenders[0]).toMatchObject({ tender: 'Credit', amount: 12.99, creditCardLastFour: '4242', creditCardExpirationDate: null });
    expect(detail.source).toEqual({ kind: 'warehouse', syncedAt: SYNCED_AT.toISOString() });
    const [row] = await deps.transactions.list({ startDate: NEXT_START + 12 * 3600, endDate: NEXT_START + 13 * 3600, site: SITE });
    const live = await viewer.transactions.get({ transId: row!.transId });
    expect(live.source.kind).toBe('live');
  });
});

describe('the warehouse CSV export', () => {
  const params = (query: Record<string, string>) => new URLSearchParams(query);

  async function csvOf(csv: AsyncIterable<string>): Promise<string> {
    let text = '';
    for await (const chunk of csv) text += chunk;
    return text;
  }

  it('streams every transaction of the synced site-days with the live export columns, formula-safe', async () => {
    const planned = await warehouseExport(deps.store, siteTree, params({ from: DAY, to: DAY, sites: SITE.toLowerCase() }));
    if (!planned.ok) throw new Error(planned.message);
    expect(planned.filename).toBe(`washops-transactions-${DAY}-to-${DAY}.csv`);
    const text = await csvOf(planned.csv);
    expect(text.split('\r\n')[0]).toBe(EXPORT_CSV_COLUMNS.join(','));
    const rows = parseCsv(text);
    expect(rows.map((row) => [row['transaction_id'], row['total'], row['tenders']])).toEqual([
      ['900001:1001', '12.99', 'Credit/Visa 12.99'],
      ['900002:1001', '20.50', 'Credit/Visa 20.50'],
    ]);
    expect(rows[1]!['customer_name']).toBe(`'=HYPERLINK("x")`);
  });

  it('refuses a range not wholly synced with what is missing and where to sync it', async () => {
    const planned = await warehouseExport(deps.store, siteTree, params({ from: DAY, to: NEXT, sites: SITE }));
    expect(planned).toEqual({ ok: false, status: 409, message: expect.stringContaining(`1 of 2 site-days of this range are not synced (${SITE} ${NEXT})`) });
    expect(!planned.ok && planned.message).toContain('Data sync page (/sync)');
  });

  it('refuses a bad range with 400 and an unknown site by name, before reading anything', async () => {
    expect(await warehouseExport(deps.store, siteTree, params({ from: DAY, to: new Date(Date.parse(DAY) + 60 * 86_400_000).toISOString().slice(0, 10), sites: SITE }))).toMatchObject({ ok: false, status: 400, message: expect.stringContaining('at most 31 days') });
    await expect(warehouseExport(deps.store, siteTree, params({ from: DAY, to: DAY, sites: 'NOWHERE' }))).rejects.toThrow(/NOWHERE/);
  });
});
