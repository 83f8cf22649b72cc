/**
 * Warehouse sync benchmark (`npm run bench`): a backfill of at least 2,000 requests' worth of site-days
 * against the transactions simulator (rate limit on, time scaled), worked by 1, 2 and 4 worker
 * processes on one database and one shared budget (ceiling 20: no portal beside it). Printed per run:
 * the span from the first to the last request the simulator saw ÷ the floor for that many requests,
 * the 429s it answered, requests per 100 records, and the workers' peak memory.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { addDays, openStore, type SiteDayKey, type Store } from '@washops/store';
import { startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';
import pg from 'pg';
import { openWarehouseSync } from '../src/index.js';
import { localDayOf, siteDayWindows } from '../src/warehouse/plan.js';

const TIME_SCALE = 0.1;
const LIMIT = 20;
const WINDOW_MS = 15_000 * TIME_SCALE;
const MIN_REQUESTS = 2_000;
const ZONE = 'America/Chicago';
/** `SYNC_BENCH_WORKERS=4` runs one case only; `SYNC_BENCH_LOG=<file>` keeps each run's request log (JSON) for study. */
const WORKER_COUNTS = (process.env['SYNC_BENCH_WORKERS'] ?? '1,2,4').split(',').map(Number);
const requestLogFile = process.env['SYNC_BENCH_LOG'];
const fixture = fileURLToPath(new URL('../test/fixtures/sync-worker.ts', import.meta.url));
const databaseUrl = process.env['WASHOPS_TEST_DATABASE_URL'];

/** The earliest moment a budget of LIMIT per window, starting empty, lets the `requests`-th request go. */
const floorMs = (requests: number) => (Math.ceil(requests / LIMIT) - 1) * WINDOW_MS;

export interface Location {
  location: { dataDir: string } | { databaseUrl: string };
  drop(): Promise<void>;
}

export async function freshDatabase(): Promise<Location> {
  if (!databaseUrl) {
    const dataDir = await mkdtemp(join(tmpdir(), 'washops-sync-bench-'));
    return { location: { dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `washops_sync_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return { location: { databaseUrl: url.toString() }, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Site-days, busiest sites first, until their pages (two requests each) pass MIN_REQUESTS. */
function pickSiteDays(sim: TransactionsSimulator): { keys: SiteDayKey[]; records: number; minimumRequests: number } {
  const today = localDayOf(Math.floor(Date.now() / 1000), ZONE);
  const keys: SiteDayKey[] = [];
  let requests = 0;
  let records = 0;
  for (let back = 2; requests < MIN_REQUESTS; back++) {
    const day = addDays(today, -back);
    for (const site of sim.control.sites()) {
      if (requests >= MIN_REQUESTS) break;
      const windows = siteDayWindows(day, ZONE);
      const { count } = sim.control.summary({
        siteCode: site.code,
        startMs: (windows[0]?.startSeconds ?? 0) * 1000,
        endMs: (windows[windows.length - 1]?.endSeconds ?? 0) * 1000,
      });
      keys.push({ siteCode: site.code, day });
      requests += 2 * Math.max(1, Math.ceil(count / 100));
      records += count;
    }
  }
  return { keys, records, minimumRequests: requests };
}

function runWorker(args: Record<string, unknown>): Promise<{ code: number | null; peakRss: number; startRss: number }> {
  const child = spawn(process.execPath, ['--conditions=@washops/source', '--import', 'tsx', fixture, JSON.stringify(args)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let memory = { peakRss: 0, startRss: 0 };
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as { finished?: boolean; peakRss?: number; startRss?: number };
    if (message.finished) memory = { peakRss: message.peakRss ?? 0, startRss: message.startRss ?? 0 };
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, ...memory })));
}

interface RunResult {
  workers: number;
  siteDays: number;
  records: number;
  requests: number;
  /** Two per page (submit and one poll), each site-day's last page partly filled: no client can do with fewer. */
  minimumRequests: number;
  spanMs: number;
  wallMs: number;
  throttled: number;
  peakRss: number;
  startRss: number;
  exact: boolean;
}

async function runBackfill(sim: TransactionsSimulator, workers: number): Promise<RunResult> {
  sim.control.reset();
  const { location, drop } = await freshDatabase();
  let store: Store | undefined;
  try {
    store = await openStore('dataDir' in location ? { dataDir: location.dataDir } : { databaseUrl: location.databaseUrl, maxConnections: 4 });
    const sync = await openWarehouseSync({ store, dataApi: { apiId: 'demo', apiKey: 'demo-key', baseUrl: sim.url, timeScale: TIME_SCALE }, settings: { budgetCeiling: LIMIT } });
    const { keys, records, minimumRequests } = pickSiteDays(sim);
    const days = keys.map((k) => k.day).sort();
    const siteCodes = [...new Set(keys.map((k) => k.siteCode))];
    // One backfill per day, each naming the sites picked for it.
    for (const day of new Set(days)) await sync.backfill({ from: day, to: day, siteCodes: keys.filter((k) => k.day === day).map((k) => k.siteCode) }, { channel: 'cli', name: 'bench' });
    sim.control.clearRequests();
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: workers }, () => runWorker({ location, baseUrl: sim.url, timeScale: TIME_SCALE, ceiling: LIMIT, concurrency: 4 })),
    );
    const wallMs = performance.now() - started;
    const log = sim.control.requests();
    if (requestLogFile) await writeFile(`${requestLogFile}.${workers}`, JSON.stringify(log));
    const times = log.map((r) => r.at);
    const status = await sync.status({ from: days[0] ?? '', to: days[days.length - 1] ?? '', siteCodes });
    await sync.close();
    return {
      workers,
      siteDays: keys.length,
      records,
      requests: log.length,
      minimumRequests,
      spanMs: Math.max(...times) - Math.min(...times),
      wallMs,
      throttled: log.filter((r) => r.status === 429).length,
      peakRss: Math.max(...results.map((r) => r.peakRss)),
      startRss: Math.max(...results.map((r) => r.startRss)),
      exact: results.every((r) => r.code === 0) && status.counts.done === keys.length && status.counts.records === records,
    };
  } finally {
    await store?.close();
    await drop();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export async function runSyncBench(): Promise<boolean> {
  const sim = await startTransactionsSimulator({ timeScale: TIME_SCALE, realism: true });
  const runs: RunResult[] = [];
  try {
    for (const workers of WORKER_COUNTS) runs.push(await runBackfill(sim, workers));
  } finally {
    await sim.close();
  }
  console.log(
    `\nWarehouse backfill, transactions simulator (time scale ${TIME_SCALE}: ${LIMIT} requests per ${WINDOW_MS} ms), ` +
      `${databaseUrl ? 'PostgreSQL' : 'embedded PGlite (data folder)'}, worker processes of 4 slots on one shared budget (ceiling ${LIMIT})\n`,
  );
  const header = ['workers', 'site-days', 'records', 'requests', 'span ms', 'floor ms', 'span ÷ floor', '429s', 'req / 100 rec', 'req ÷ minimum', 'worker RSS start → peak', 'exact'];
  const rows = runs.map((r) => [
    String(r.workers),
    String(r.siteDays),
    String(r.records),
    String(r.requests),
    r.spanMs.toFixed(0),
    floorMs(r.requests).toFixed(0),
    `${(r.spanMs / floorMs(r.requests)).toFixed(3)}×`,
    String(r.throttled),
    ((r.requests / r.records) * 100).toFixed(3),
    `${(r.requests / r.minimumRequests).toFixed(3)}× of ${r.minimumRequests}`,
    `${mb(r.startRss)} → ${mb(r.peakRss)}`,
    r.exact ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
  console.log('targets: span ÷ floor ≤ 1.05×, 0 × 429, ≤ 2.05 requests per 100 records; span = first to last request the simulator saw');
  console.log(
    'minimum: two requests per page of 100 (submit, one poll) with each site-day\'s last page partly filled; where that minimum\n' +
      'itself is above 2.05 per 100 records (site-days of about 1,800), requests at the minimum are the best any client can do',
  );
  for (const r of runs) console.log(`  ${r.workers} worker process(es): ${(r.wallMs / 1000).toFixed(1)} s from spawning to the last exit (process start-up included)`);
  const lean = (r: RunResult) => (r.requests / r.records) * 100 <= 2.05 || r.requests === r.minimumRequests;
  return runs.every((r) => r.exact && r.throttled === 0 && r.spanMs / floorMs(r.requests) <= 1.05 && lean(r));
}
