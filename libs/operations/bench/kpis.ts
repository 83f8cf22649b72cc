/**
 * The operator's numbers benchmark (`npm run bench -- operations`, or this file alone): a year of the demo chain
 * (bench/kpis-seed.ts) on the embedded PGlite (a data folder, through its socket server) and on PostgreSQL when
 * `WASHOPS_TEST_DATABASE_URL` names a server (a scratch database, dropped after). Each number is asked as the
 * channels ask it, `openKpis(...)` with its coverage check, over one month and over the year × every site, and
 * p50/p95 of `KPI_RUNS` runs are printed against the targets (p95 under 200 ms a month, 1 s a year).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openStore, type OpenStoreOptions } from '@washops/store';
import pg from 'pg';
import { openKpis, type Kpis, type KpiRequest } from '../src/index.js';
import { SEED, seedKpiYear, type SeedEndpoint } from './kpis-seed.js';

const KPI_RUNS = Number(process.env['KPI_BENCH_RUNS'] ?? 20);
/** `KPI_BENCH_BACKENDS=postgres` (or `pglite`) runs one backend only. */
const BACKENDS = (process.env['KPI_BENCH_BACKENDS'] ?? 'pglite,postgres').split(',');
const MONTH = { from: '2026-06-01', to: '2026-06-30', targetMs: 200 };
const YEAR = { from: SEED.firstDay, to: SEED.lastDay, targetMs: 1_000 };

interface Target {
  name: string;
  options: OpenStoreOptions;
  endpoint: SeedEndpoint;
  drop(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), 'washops-kpi-bench-'));
  return { name: 'PGlite (data folder, socket)', options: { dataDir }, endpoint: { host: dataDir, port: 5432, user: 'postgres', database: 'postgres' }, drop: () => rm(dataDir, { recursive: true, force: true }) };
}

async function postgresTarget(serverUrl: string): Promise<Target> {
  const name = `washops_kpi_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name: 'PostgreSQL', options: { databaseUrl: url.toString(), maxConnections: 4 }, endpoint: { connectionString: url.toString() }, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Each number as a channel asks for it, over `range` and every site. */
function numbers(kpis: Kpis, range: { from: string; to: string }): Array<[string, () => Promise<unknown>]> {
  const ask = (groupBy: KpiRequest['groupBy']): KpiRequest => ({ from: range.from, to: range.to, groupBy });
  return [
    ['summary by site', () => kpis.summary(ask('site'))],
    ['summary by day', () => kpis.summary(ask('day'))],
    ['summary by month', () => kpis.summary(ask('month'))],
    ['memberships', () => kpis.memberships(ask('site'))],
    ['advisors', () => kpis.advisors(ask('site'))],
    ['liability', () => kpis.liability(ask('site'))],
  ];
}

export interface KpiBenchRow {
  backend: string;
  range: string;
  name: string;
  p50: number;
  p95: number;
  targetMs: number;
}

async function benchOne(target: Target): Promise<KpiBenchRow[]> {
  console.log(`\n${target.name}`);
  const store = await openStore(target.options);
  const rows: KpiBenchRow[] = [];
  try {
    const started = performance.now();
    const seeded = await seedKpiYear(target.endpoint);
    // The seed writes rows by SQL, not through completeWindow: the resources' rollups are built from them by the
    // store's own rebuild, the statements the sync runs per window.
    const rolled = performance.now();
    await store.resources.rebuildKpiRollups();
    const rollupSeconds = (performance.now() - rolled) / 1_000;
    const counted = seeded.filter((s) => s.name.startsWith('wh_')).map((s) => `${s.name} ${s.rows.toLocaleString('en-US')}`);
    console.log(`  seeded ${SEED.firstDay} … ${SEED.lastDay} × ${SEED.sites} sites in ${((performance.now() - started) / 1_000).toFixed(0)} s (the resources' rollups ${rollupSeconds.toFixed(0)} s): ${counted.join(', ')}`);
    // A chain-wide ask by site or period never reads the site tree.
    const kpis = openKpis({ store, backoffice: { listSites: async () => [] } });
    for (const range of [MONTH, YEAR]) {
      for (const [name, run] of numbers(kpis, range)) {
        await run();
        const times: number[] = [];
        for (let i = 0; i < KPI_RUNS; i++) {
          const at = performance.now();
          await run();
          times.push(performance.now() - at);
        }
        times.sort((a, b) => a - b);
        rows.push({ backend: target.name, range: `${range.from} … ${range.to}`, name, p50: percentile(times, 50), p95: percentile(times, 95), targetMs: range.targetMs });
      }
    }
  } finally {
    await store.close();
    await target.drop();
  }
  printRows(rows);
  return rows;
}

function printRows(rows: readonly KpiBenchRow[]): void {
  const header = ['range × all sites', 'number', 'p50 ms', 'p95 ms', 'target p95', 'pass'];
  const cells = rows.map((r) => [r.range, r.name, r.p50.toFixed(0), r.p95.toFixed(0), `< ${r.targetMs} ms`, r.p95 < r.targetMs ? 'yes' : 'NO']);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => (row[i] ?? '').length)));
  for (const row of [header, ...cells]) console.log(`  ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')}`);
}

/** Both backends (PostgreSQL when configured); true when every number met its target. */
export async function runKpiBench(): Promise<boolean> {
  console.log(`\nThe operator's numbers through openKpis (coverage check included), ${KPI_RUNS} runs each after one warm-up.`);
  const rows = BACKENDS.includes('pglite') ? await benchOne(await pgliteTarget()) : [];
  const serverUrl = process.env['WASHOPS_TEST_DATABASE_URL'] ?? process.env['DATABASE_URL'];
  if (!BACKENDS.includes('postgres')) return rows.every((r) => r.p95 < r.targetMs);
  if (serverUrl) rows.push(...(await benchOne(await postgresTarget(serverUrl))));
  else console.log('\nPostgreSQL skipped: set WASHOPS_TEST_DATABASE_URL (or DATABASE_URL) to a server where a scratch database may be created.');
  return rows.every((r) => r.p95 < r.targetMs);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!(await runKpiBench())) process.exitCode = 1;
}
