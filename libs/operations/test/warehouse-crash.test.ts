/**
 * Crash test: a worker process is killed (SIGKILL) at ten random moments of a backfill and started again
 * after each kill; once the rest completes, the warehouse equals the simulator's data exactly (count and
 * sum per site-day), with no duplicate and no missing site-day.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { clockFrom } from '@washops/client-core';
import { addDays, type Store } from '@washops/store';
import { startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';
import { afterEach, describe, expect, it } from 'vitest';
import { openWarehouseSync, type WarehouseSync } from '../src/index.js';
import { localDayOf } from '../src/warehouse/plan.js';
import { crashBackend, expectedSummaries, openAt, storedSummaries } from './warehouse-support.js';

const fixture = fileURLToPath(new URL('./fixtures/sync-worker.ts', import.meta.url));
const TIME_SCALE = 0.01;
const KILLS = 10;
/** Today for the simulator, this process's sync and every worker process: the outcome never depends on the calendar. */
const PRETEND_NOW = Date.parse('2026-11-10T18:00:00Z');
const SITES = ['ECOM', 'DKSN', 'FRVW', 'NOLO'];
const ACTOR = { channel: 'cli', name: 'crash-test' } as const;

interface WorkerProcess {
  child: ChildProcess;
  /** Resolves on the line `{ ready: true }`. */
  ready: Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  lines: Array<Record<string, unknown>>;
}

export function startWorkerProcess(args: Record<string, unknown>): WorkerProcess {
  const child = spawn(process.execPath, ['--conditions=@washops/source', '--import', 'tsx', fixture, JSON.stringify(args)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Array<Record<string, unknown>> = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const message = JSON.parse(line) as Record<string, unknown>;
      lines.push(message);
      if (message['ready']) resolve();
    });
    void exited.then(() => reject(new Error('the worker exited before it was ready')));
  });
  ready.catch(() => undefined);
  return { child, ready, exited, lines };
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

for (const backend of [crashBackend]) {
  describe.skipIf(backend.skip)(`warehouse crash test on ${backend.name}`, () => {
    it(`SIGKILL of a worker at ${KILLS} random moments leaves the warehouse equal to the simulator: 0 duplicates, 0 missing`, { timeout: 300_000 }, async () => {
      let sim: TransactionsSimulator | undefined;
      let store: Store | undefined;
      let sync: WarehouseSync | undefined;
      const created = await backend.create();
      try {
        sim = await startTransactionsSimulator({ timeScale: TIME_SCALE, realism: true, clock: clockFrom(PRETEND_NOW) });
        // This process holds the store first: on a data folder it hosts the database the workers reach.
        store = await openAt(created.location);
        sync = await openWarehouseSync({ store, dataApi: { apiId: 'demo', apiKey: 'demo-key', baseUrl: sim.url, timeScale: TIME_SCALE }, clock: clockFrom(PRETEND_NOW) });
        const today = localDayOf(Math.floor(PRETEND_NOW / 1000), 'America/Chicago');
        const from = addDays(today, -4);
        const to = addDays(today, -2);
        const planned = await sync.backfill({ from, to, siteCodes: SITES }, ACTOR);
        expect(planned.queued).toBe(SITES.length * 3);

        const args = { location: created.location, baseUrl: sim.url, timeScale: TIME_SCALE, ceiling: 20, now: PRETEND_NOW };
        const moments: number[] = [];
        for (let kill = 0; kill < KILLS; kill++) {
          const worker = startWorkerProcess(args);
          children.push(worker.child);
          await worker.ready;
          const moment = 200 + Math.floor(Math.random() * 1500);
          moments.push(moment);
          await new Promise((resolve) => setTimeout(resolve, moment));
          worker.child.kill('SIGKILL');
          expect((await worker.exited).signal).toBe('SIGKILL');
        }
        const last = startWorkerProcess(args);
        children.push(last.child);
        expect((await last.exited).code).toBe(0);
        expect(last.lines.at(-1)).toMatchObject({ finished: true });

        const status = await sync.status({ from, to, siteCodes: SITES });
        expect(status.counts).toMatchObject({ done: SITES.length * 3, pending: 0, running: 0, failed: 0 });
        const keys = status.units.map((u) => ({ siteCode: u.siteCode, day: u.day }));
        expect(keys).toHaveLength(SITES.length * 3);
        const expected = expectedSummaries(sim, keys);
        expect(await storedSummaries(store, keys)).toEqual(expected);
        const records = expected.reduce((sum, s) => sum + s.count, 0);
        expect(status.counts.records).toBe(records);
        console.info(`crash test (${backend.name}): killed after ${moments.join(', ')} ms; ${keys.length} site-days, ${records} records, exact`);
      } finally {
        await sync?.close();
        await store?.close();
        await sim?.close();
        await created.drop();
      }
    });
  });
}
