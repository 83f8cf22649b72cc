/**
 * Explorer benchmark: one week of every site of the demo chain (23 sites), as the portal's explorer shows it — the
 * first page and the total — from the warehouse, beside the same week from the live Data API on the simulator (every
 * page, rate limit on, time scaled by TIME_SCALE). At real scale the live side cannot beat the rate floor (its
 * requests ÷ 20 × 15 s), which the ratio at real scale uses; the measured time on the scaled simulator also holds
 * the simulator's and the client's own work on this machine. The warehouse is filled with the very transactions the live run read
 * (their ids, numbers, totals and times; one tender and one item each), site-day by site-day through
 * `replaceSiteDay`, so both sides answer the same question; the totals are compared.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store, type WarehouseTransaction } from '@washops/store';
import { TransactionsClient, type TransactionListItem } from '@washops/transactions-client';
import { startTransactionsSimulator } from '@washops/transactions-simulator';

const TIME_SCALE = 0.01;
const WINDOW_MS = 15_000;
const DAYS = 7;
const QUERIES = 40;
const PAGE_ROWS = 100;
const TARGET_P95_MS = 1_000;
const API = { apiId: 'bench', apiKey: 'bench-key' };
const DAY_MS = 86_400_000;

/** The week: seven whole UTC days ending nine days ago (the simulator has every day before today). */
const start = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - (DAYS + 9) * DAY_MS);
const end = new Date(start.getTime() + DAYS * DAY_MS - 1000);

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (value: number) => (value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(1)} ms`);

/** The live explorer's week: every page of the list, all sites, under the API's rate limit. */
async function liveWeek(client: TransactionsClient): Promise<{ items: TransactionListItem[]; ms: number }> {
  const began = performance.now();
  const items: TransactionListItem[] = [];
  for await (const item of client.listStream({ startDate: start.toISOString(), endDate: end.toISOString() })) items.push(item);
  return { items, ms: performance.now() - began };
}

/** A list item as a stored transaction, under its site's local day. */
function stored(item: TransactionListItem, siteCode: string, timeZone: string, dayOf: (date: Date) => string): WarehouseTransaction {
  const completedAt = new Date(item.date);
  const cents = Math.round(item.total * 100);
  return {
    ...{ id: item.transId, number: item.transNumber, siteCode, day: dayOf(completedAt), timeZone, completedAt, type: 'Sale', salesDeviceName: 'Lane 1', totalCents: cents },
    ...{ customerName: null, customerId: null, vehicleLicensePlate: null, employeeCashier: 'Bench', employeeGreeter: null },
    ...{ isRecurringPayment: false, isRecurringRedemption: false, isRecurringSale: false, isPrepaidRedemption: false, isPrepaidSale: false },
    ...{ isRecurringPlanSale: null, isRecurringPlanRedemption: null, transactionStatus: null },
    tenders: [{ tender: 'Credit Card', tenderSubType: 'Visa', amountCents: cents, changeCents: 0, totalCents: cents, referenceNumber: null, cardLastFour: '4242' }],
    items: [{ name: 'Best Wash', sku: null, department: 'Wash', quantity: 1, grossCents: cents, netCents: cents, discountCents: 0, taxCents: 0, additionalFeeCents: 0, isVoided: false }],
    discounts: [],
  };
}

/** Writes the live run's transactions into the warehouse, one site-day per transaction; returns how long it took. */
async function fill(
  store: Store,
  items: readonly TransactionListItem[],
  zones: Map<string, string>,
  codeById: Map<string, string>,
): Promise<{ siteDays: number; ms: number }> {
  const formats = new Map([...zones].map(([code, zone]) => [code, new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })]));
  const bySiteDay = new Map<string, WarehouseTransaction[]>();
  for (const item of items) {
    // An id is `<record>:<site id>`; the warehouse keys sites by code.
    const site = codeById.get(item.transId.split(':')[1] ?? '') ?? '';
    const format = formats.get(site);
    const transaction = stored(item, site, zones.get(site) ?? 'UTC', (date) => (format ? format.format(date) : date.toISOString().slice(0, 10)));
    const key = `${transaction.siteCode}|${transaction.day}`;
    bySiteDay.set(key, [...(bySiteDay.get(key) ?? []), transaction]);
  }
  const began = performance.now();
  for (const transactions of bySiteDay.values()) {
    const { siteCode, day, timeZone } = transactions[0]!;
    await store.warehouse.ensureUnits([{ siteCode, day }]);
    await store.warehouse.replaceSiteDay({ siteCode, day, timeZone, vendorTotal: transactions.length, transactions });
  }
  return { siteDays: bySiteDay.size, ms: performance.now() - began };
}

/** The warehouse explorer's answer, as the portal asks it: coverage (for "synced at"), then the first page and the total. */
async function warehouseQuery(store: Store): Promise<{ total: number; ms: number }> {
  const began = performance.now();
  const coverage = await store.warehouse.coverage({ from: start, to: end });
  if (!coverage.complete) throw new Error(`The warehouse misses ${coverage.missingCount} site-days of the week.`);
  const page = await store.warehouse.listTransactions({ from: start, to: end, limit: PAGE_ROWS });
  return { total: page.total, ms: performance.now() - began };
}

const sim = await startTransactionsSimulator({ port: 0, seed: 'demo', credentials: [API], timeScale: TIME_SCALE });
const client = new TransactionsClient({ ...API, baseUrl: sim.url, rateLimit: { requests: 20, windowMs: WINDOW_MS * TIME_SCALE } });
const dataDir = await mkdtemp(join(tmpdir(), 'washops-explorer-bench-'));
const store = await openStore({ dataDir });
try {
  const sites = await client.listSites();
  const zones = new Map(sites.flatMap((site) => (site.code ? [[site.code, site.timezone || 'UTC'] as const] : [])));
  const codeById = new Map(sites.flatMap((site) => (site.code ? [[String(site.siteId), site.code] as const] : [])));
  // The warehouse knows a site (and its zone) once the sync has listed it.
  await store.warehouse.upsertSites(sites.flatMap((site) => (site.code ? [{ siteCode: site.code, siteId: site.siteId, name: site.name, timeZone: site.timezone || 'UTC', regionCode: null }] : [])));
  sim.control.clearRequests();
  const live = await liveWeek(client);
  console.log(`live week read: ${live.items.length} transactions in ${ms(live.ms)}; filling the warehouse…`);
  const requests = sim.control.requests();
  const throttled = requests.filter((request) => request.status === 429).length;
  const filled = await fill(store, live.items, zones, codeById);
  await warehouseQuery(store); // warm: the first query plans and caches
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < QUERIES; i++) {
    const answer = await warehouseQuery(store);
    times.push(answer.ms);
    total = answer.total;
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const floorMs = (requests.length / 20) * WINDOW_MS;
  const realScaleLiveMs = Math.max(floorMs, live.ms);
  const lines: [string, string][] = [
    [`week ${start.toISOString().slice(0, 10)}..${end.toISOString().slice(0, 10)}, all ${zones.size} sites`, `${live.items.length} transactions`],
    [`live: every page, rate limit on, time scale ${TIME_SCALE}`, `${ms(live.ms)}, ${requests.length} requests, ${throttled} × 429`],
    ['live at real scale: at least the rate floor', `${requests.length} ÷ 20 × 15 s = ${(floorMs / 60_000).toFixed(1)} min`],
    ['warehouse fill through replaceSiteDay', `${filled.siteDays} site-days in ${ms(filled.ms)} (${Math.round(live.items.length / (filled.ms / 1000))} records/s), PGlite in a folder`],
    [`warehouse: coverage + first ${PAGE_ROWS} rows + total, ${QUERIES} runs`, `p50 ${ms(p50)}, p95 ${ms(p95)} (target p95 < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'MISSED'})`],
    ['same answer', `warehouse total ${total} vs live ${live.items.length}: ${total === live.items.length ? 'equal' : 'DIFFERENT'}`],
    ['live ÷ warehouse p50 (measured, scaled simulator)', `${Math.round(live.ms / p50)}×`],
    ['live ÷ warehouse p50 at real scale (at least)', `${Math.round(realScaleLiveMs / p50).toLocaleString('en-US')}×`],
  ];
  const width = Math.max(...lines.map(([label]) => label.length));
  console.log('\nExplorer: one week of every site, from the warehouse vs from the live Data API\n');
  for (const [label, value] of lines) console.log(`${label.padEnd(width)}  ${value}`);
  if (total !== live.items.length) process.exitCode = 1;
} finally {
  await Promise.allSettled([client.close(), store.close()]);
  await sim.close();
  await rm(dataDir, { recursive: true, force: true });
}
