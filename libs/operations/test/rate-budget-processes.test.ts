/**
 * Three separate processes, each with its own TransactionsClient paced by `store.rateBudget` on one
 * database, hammer the simulator's Data API together: the database's budget keeps all of them under
 * the server's 20 per window (no 429), while using most of it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openStore, type Store } from '@washops/store';
import { startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./fixtures/budget-process.ts', import.meta.url));
const testDatabaseUrl = process.env['WASHOPS_TEST_DATABASE_URL'];
const TIME_SCALE = 0.05;
const WINDOW_MS = 15_000 * TIME_SCALE;
const PROCESSES = 3;
const REQUESTS_EACH = 60;

if (!testDatabaseUrl) console.log('PostgreSQL half of the shared-budget process test skipped: WASHOPS_TEST_DATABASE_URL is not set.');

interface ChildReport {
  requests: number;
  rateLimited: number;
  failed: number;
  elapsedMs: number;
}

function lines(child: ChildProcess): AsyncIterator<string> {
  return createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
}

async function nextMessage(reader: AsyncIterator<string>): Promise<Record<string, unknown>> {
  const { value, done } = await reader.next();
  if (done) throw new Error('the child process ended without reporting');
  return JSON.parse(value as string) as Record<string, unknown>;
}

async function hammer(where: string, sim: TransactionsSimulator): Promise<ChildReport[]> {
  const children = Array.from({ length: PROCESSES }, () =>
    spawn(process.execPath, ['--conditions=@washops/source', '--import', 'tsx', fixture, where, sim.url, String(REQUESTS_EACH), String(WINDOW_MS)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  try {
    const readers = children.map(lines);
    for (const reader of readers) expect(await nextMessage(reader)).toEqual({ ready: true });
    sim.control.clearRequests();
    for (const child of children) child.stdin?.write('go\n');
    return (await Promise.all(readers.map(nextMessage))) as unknown as ChildReport[];
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  }
}

function expectWithinLimit(sim: TransactionsSimulator, reports: ChildReport[]): void {
  const log = sim.control.requests();
  expect(reports.map((r) => [r.requests, r.rateLimited, r.failed])).toEqual(Array.from({ length: PROCESSES }, () => [REQUESTS_EACH, 0, 0]));
  expect(log).toHaveLength(PROCESSES * REQUESTS_EACH);
  expect(log.filter((entry) => entry.status === 429)).toEqual([]);
  expect(log.every((entry) => entry.status === 200)).toBe(true);
  const spanMs = (log.at(-1)?.at ?? 0) - (log[0]?.at ?? 0);
  const perWindow = (log.length / spanMs) * WINDOW_MS;
  console.log(`${PROCESSES} processes together: ${perWindow.toFixed(1)} requests per ${WINDOW_MS} ms window (limit 20).`);
  // The sliding log gives up about one response time per window; the rest is used.
  expect(perWindow).toBeGreaterThan(12);
  expect(perWindow).toBeLessThanOrEqual(20 * 1.05 + 20 / (log.length / 20));
}

describe('one rate budget across processes', () => {
  it('on an embedded data folder: three processes never draw a 429 and use most of the budget', { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'washops-budget-'));
    const sim = await startTransactionsSimulator({ timeScale: TIME_SCALE });
    let host: Store | undefined;
    try {
      // This process hosts the folder; the three children reach it through its socket.
      host = await openStore({ dataDir });
      const reports = await hammer(dataDir, sim);
      expectWithinLimit(sim, reports);
      expect((await host.rateBudget('demo', { requests: 20, windowMs: WINDOW_MS }).usage()).inUse).toBeLessThanOrEqual(20);
    } finally {
      await host?.close();
      await sim.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it.skipIf(!testDatabaseUrl)('on PostgreSQL: three processes never draw a 429 and use most of the budget', { timeout: 180_000 }, async () => {
    const name = `washops_budget_test_${process.pid}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      await client.query(statement).finally(() => client.end());
    };
    await admin(`create database ${name}`);
    const url = new URL(testDatabaseUrl as string);
    url.pathname = `/${name}`;
    const sim = await startTransactionsSimulator({ timeScale: TIME_SCALE });
    try {
      // Migrated once before the children start, so they do not race to create the schema.
      await (await openStore({ databaseUrl: url.toString(), maxConnections: 1 })).close();
      expectWithinLimit(sim, await hammer(url.toString(), sim));
    } finally {
      await sim.close();
      await admin(`drop database if exists ${name} with (force)`);
    }
  });
});
