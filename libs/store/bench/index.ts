/**
 * The warehouse benchmark (`npm run bench` at the root), on the embedded PGlite (a data folder, through
 * the store's socket server) and on PostgreSQL when `WASHOPS_TEST_DATABASE_URL` or `DATABASE_URL` names a
 * server (a scratch database is created on it and dropped after). It fills 23 sites × 7 days × about
 * 1,565 transactions through `replaceSiteDay` and prints: the ingest rate against the Data API's fastest
 * delivery, the process's RSS before and after, and p50/p95 of the explorer's first page (coverage +
 * `listTransactions`, limit 100, with total) over the seven days and every site. Then it fills the rest of
 * the month (23 sites × 30 days, about 1.08 million transactions) and times every report over the month and
 * every site (bench/reports.ts), with the plan of one report query.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openStore, type OpenStoreOptions, type Store } from '../src/index.js';
import { fillExplorerWarehouse } from './explorer-fill.js';
import { benchReports, type PlanEndpoint } from './reports.js';

export { fillExplorerWarehouse } from './explorer-fill.js';
export type { ExplorerFill, ExplorerFillOptions } from './explorer-fill.js';

/** The Data API's ceiling: 20 requests per 15 s, and a job page of 100 records costs 2 requests (load-job + data). */
const API_REQUESTS_PER_WINDOW = 20;
const API_WINDOW_S = 15;
const RECORDS_PER_PAGE = 100;
const REQUESTS_PER_PAGE = 2;
export const API_MAX_RECORDS_PER_SECOND = ((API_REQUESTS_PER_WINDOW / API_WINDOW_S) * RECORDS_PER_PAGE) / REQUESTS_PER_PAGE;

const EXPLORER_RUNS = 20;
/** The reports read a month: June, 30 days. */
const MONTH_DAYS = 30;
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

interface Target {
  name: string;
  options: OpenStoreOptions;
  /** Where `explain` connects: the server, or the embedded host's socket in the data folder. */
  plan: PlanEndpoint;
  drop(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), 'washops-bench-'));
  return { name: 'PGlite (data folder)', options: { dataDir }, plan: { host: dataDir, port: 5432, user: 'postgres', database: 'postgres' }, drop: () => rm(dataDir, { recursive: true, force: true }) };
}

async function postgresTarget(serverUrl: string): Promise<Target> {
  const name = `washops_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name: 'PostgreSQL', options: { databaseUrl: url.toString(), maxConnections: 4 }, plan: { connectionString: url.toString() }, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function explorerTimings(store: Store, from: Date, to: Date): Promise<{ p50: number; p95: number; total: number; complete: boolean }> {
  const times: number[] = [];
  let total = 0;
  let complete = false;
  for (let run = 0; run < EXPLORER_RUNS; run++) {
    const started = performance.now();
    const coverage = await store.warehouse.coverage({ from, to });
    const page = await store.warehouse.listTransactions({ from, to, limit: 100 });
    times.push(performance.now() - started);
    total = page.total;
    complete = coverage.complete;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), total, complete };
}

async function benchOne(target: Target): Promise<void> {
  console.log(`\n${target.name}`);
  const store = await openStore(target.options);
  try {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const fill = await fillExplorerWarehouse(store, { onSiteDay: () => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)) });
    const rssAfter = process.memoryUsage().rss;
    const perSecond = fill.records / (fill.writeMs / 1_000);
    console.log(`  ingest: ${fill.records.toLocaleString('en-US')} transactions in ${fill.sites.length * fill.days.length} site-days, ${(fill.writeMs / 1_000).toFixed(1)} s in replaceSiteDay`);
    console.log(`          ${perSecond.toFixed(0)} records/s = ${(perSecond / API_MAX_RECORDS_PER_SECOND).toFixed(0)}× the Data API's fastest delivery (${API_MAX_RECORDS_PER_SECOND.toFixed(1)} records/s; target ≥ 100×)`);
    console.log(`          RSS before ${mb(rssBefore)}, peak ${mb(rssPeak)}, after ${mb(rssAfter)}`);
    const explorer = await explorerTimings(store, fill.from, fill.to);
    console.log(
      `  explorer (coverage + first page of 100 with total, ${fill.days.length} days, all sites, ${EXPLORER_RUNS} runs): ` +
        `p50 ${explorer.p50.toFixed(0)} ms, p95 ${explorer.p95.toFixed(0)} ms (target p95 < 1000 ms); total ${explorer.total.toLocaleString('en-US')}, covered: ${explorer.complete}`,
    );
    // The rest of the month (23 more days), then every report over the month and every site.
    const rest = await fillExplorerWarehouse(store, { days: MONTH_DAYS - fill.days.length, firstDay: dayAfter(fill.days.at(-1) as string), firstRecord: fill.nextRecord });
    console.log(`  month fill: ${(fill.records + rest.records).toLocaleString('en-US')} transactions in ${fill.sites.length * MONTH_DAYS} site-days (${((fill.writeMs + rest.writeMs) / 1_000).toFixed(1)} s in replaceSiteDay, rollups included)`);
    await benchReports(store, { from: fill.days[0] as string, to: rest.days.at(-1) as string, siteCodes: fill.sites.map((s) => s.siteCode) }, target.plan);
  } finally {
    await store.close();
    await target.drop();
  }
}

async function main(): Promise<void> {
  console.log('Warehouse: ingest through replaceSiteDay and the explorer read, from the store alone.');
  await benchOne(await pgliteTarget());
  const serverUrl = process.env['WASHOPS_TEST_DATABASE_URL'] ?? process.env['DATABASE_URL'];
  if (serverUrl) await benchOne(await postgresTarget(serverUrl));
  else console.log('\nPostgreSQL skipped: set WASHOPS_TEST_DATABASE_URL (or DATABASE_URL) to a server where a scratch database may be created.');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
