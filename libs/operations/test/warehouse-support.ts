import { randomBytes } from 'node:crypto';
import type { Clock } from '@washops/client-core';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type SiteDayKey, type Store } from '@washops/store';
import { startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';
import pg from 'pg';
import { openWarehouseSync, type WarehouseSync } from '../src/index.js';
import { siteDayWindows } from '../src/warehouse/plan.js';

/** A PostgreSQL server to run the same suites against; without it those suites say they are skipped. */
export const testDatabaseUrl = process.env['WASHOPS_TEST_DATABASE_URL'];

export interface WarehouseBackend {
  name: string;
  skip: boolean;
  /** Where a store (and a worker process) opens the same database. */
  create(): Promise<{ location: { dataDir: string } | { databaseUrl: string }; drop(): Promise<void> }>;
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The job queue needs a socket: the embedded store on a temporary data folder, and PostgreSQL when one is given. */
export const warehouseBackends: WarehouseBackend[] = [
  {
    name: 'PGlite (data folder)',
    skip: false,
    async create() {
      const dataDir = await mkdtemp(join(tmpdir(), 'washops-warehouse-'));
      return { location: { dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'PostgreSQL',
    skip: !testDatabaseUrl,
    async create() {
      const name = `washops_warehouse_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      await admin(`create database ${name}`);
      const url = new URL(testDatabaseUrl as string);
      url.pathname = `/${name}`;
      return { location: { databaseUrl: url.toString() }, drop: () => admin(`drop database if exists ${name} with (force)`) };
    },
  },
];

if (!testDatabaseUrl) console.info('warehouse tests: WASHOPS_TEST_DATABASE_URL is not set, the PostgreSQL runs are skipped');

/** The crash test runs once (minutes of waiting for dead workers' jobs): on PostgreSQL when one is given, else embedded. */
export const crashBackend: WarehouseBackend = (testDatabaseUrl ? warehouseBackends[1] : warehouseBackends[0]) as WarehouseBackend;

export function openAt(location: { dataDir: string } | { databaseUrl: string }): Promise<Store> {
  return openStore('dataDir' in location ? { dataDir: location.dataDir } : { databaseUrl: location.databaseUrl, maxConnections: 4 });
}

/** Count and sum per site-day as the simulator computes them from its own data (not through the engine or a client). */
export function expectedSummaries(sim: TransactionsSimulator, keys: readonly SiteDayKey[], timeZone = 'America/Chicago') {
  return keys.map((key) => {
    const windows = siteDayWindows(key.day, timeZone);
    const startMs = (windows[0]?.startSeconds ?? 0) * 1000;
    const endMs = (windows[windows.length - 1]?.endSeconds ?? 0) * 1000;
    const { count, totalCents } = sim.control.summary({ siteCode: key.siteCode, startMs, endMs });
    return { siteCode: key.siteCode, day: key.day, count, totalCents };
  });
}

/** The warehouse's own count and sum per site-day, in the same order. */
export async function storedSummaries(store: Store, keys: readonly SiteDayKey[]) {
  const days = keys.map((k) => k.day).sort();
  const rows = await store.warehouse.siteDaySummaries({
    from: days[0] ?? '1970-01-01',
    to: days[days.length - 1] ?? '1970-01-01',
    siteCodes: [...new Set(keys.map((k) => k.siteCode))],
  });
  const byKey = new Map(rows.map((r) => [`${r.siteCode}:${r.day}`, r]));
  return keys.map((key) => {
    const row = byKey.get(`${key.siteCode}:${key.day}`);
    return { siteCode: key.siteCode, day: key.day, count: row?.count ?? 0, totalCents: row?.totalCents ?? 0 };
  });
}

export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A warehouse sync on `backend` against a realistic simulator, both on `clock`; `close` stops and drops all of it. */
export interface SimulatedWarehouse {
  sim: TransactionsSimulator;
  store: Store;
  sync: WarehouseSync;
  close(): Promise<void>;
}

export async function openSimulatedWarehouse(
  backend: WarehouseBackend,
  options: { timeScale: number; clock: Clock; retryLimit: number; sites?: readonly string[] },
): Promise<SimulatedWarehouse> {
  const sim = await startTransactionsSimulator({ timeScale: options.timeScale, realism: true, clock: options.clock, ...(options.sites ? { sites: options.sites } : {}) });
  const created = await backend.create();
  const store = await openAt(created.location);
  const sync = await openWarehouseSync({
    store,
    dataApi: { apiId: 'demo', apiKey: 'demo-key', baseUrl: sim.url, timeScale: options.timeScale },
    settings: { retryLimit: options.retryLimit, workerConcurrency: 3 },
    clock: options.clock,
  });
  return {
    sim,
    store,
    sync,
    async close() {
      await sync.close();
      await store.close();
      await sim.close();
      await created.drop();
    },
  };
}
