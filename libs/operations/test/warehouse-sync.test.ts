import { clockFrom } from '@washops/client-core';
import { DateRangeError, ValidationError } from '@washops/shared-errors';
import { addDays, type Store } from '@washops/store';
import { SMALL_CHAIN_ACROSS_UTC_SITES, type TransactionsSimulator } from '@washops/transactions-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncUnitEvent, WarehouseSync } from '../src/index.js';
import { localDayOf } from '../src/warehouse/plan.js';
import { expectedSummaries, openSimulatedWarehouse, storedSummaries, waitFor, warehouseBackends, type SimulatedWarehouse } from './warehouse-support.js';

const ACTOR = { channel: 'cli', name: 'warehouse-test' } as const;
const TIME_SCALE = 0.01;
const ZONE = 'America/Chicago';
/** The simulator and the sync both run on a clock set to this moment, so the DST day is always inside the look-back. */
const PRETEND_NOW = Date.parse('2026-11-10T18:00:00Z');

const loadJobs = (sim: TransactionsSimulator) => sim.control.requests().filter((r) => r.endpoint === 'loadJob');

for (const backend of warehouseBackends) {
  describe.skipIf(backend.skip)(`warehouse sync on ${backend.name}`, () => {
    const clock = clockFrom(PRETEND_NOW);
    const today = localDayOf(Math.floor(PRETEND_NOW / 1000), ZONE);
    let sim: TransactionsSimulator;
    let store: Store;
    let sync: WarehouseSync;
    let warehouse: SimulatedWarehouse | undefined;

    beforeAll(async () => {
      // The small chain with a site east of UTC: the recent sync's days are each site's own.
      warehouse = await openSimulatedWarehouse(backend, { timeScale: TIME_SCALE, clock, retryLimit: 1, sites: SMALL_CHAIN_ACROSS_UTC_SITES });
      ({ sim, store, sync } = warehouse);
    });
    afterAll(async () => {
      await warehouse?.close();
    });

    const runUntilIdle = async (onUnit?: (event: SyncUnitEvent) => void) => {
      const worker = await sync.startWorker({ exitWhenIdle: true, schedule: false, ...(onUnit ? { onUnit } : {}) });
      await worker.done;
    };

    it('a backfill of 3 sites × 2 days equals the simulator: count and sum per site-day, every unit done', async () => {
      const from = addDays(today, -3);
      const to = addDays(today, -2);
      const result = await sync.backfill({ from, to, siteCodes: ['BERWYN', 'ECOM', 'DKSN'] }, ACTOR);
      expect(result).toMatchObject({ siteCodes: ['BERWYN', 'ECOM', 'DKSN'], days: [from, to], units: 6, queued: 6 });
      expect(await sync.backfill({ from, to, siteCodes: ['BERWYN', 'ECOM', 'DKSN'] }, ACTOR)).toMatchObject({ units: 6, queued: 0 });

      const events: SyncUnitEvent[] = [];
      await runUntilIdle((e) => events.push(e));
      expect(events.filter((e) => e.kind === 'done')).toHaveLength(6);

      const status = await sync.status({ from, to, siteCodes: ['BERWYN', 'ECOM', 'DKSN'] });
      expect(status.counts).toMatchObject({ pending: 0, running: 0, failed: 0, done: 6 });
      expect(status.queue).toEqual({ queued: 0, active: 0 });
      expect(status.nightly).toEqual({ cron: '30 10 * * *', timeZone: 'UTC', resyncDays: 3 });
      const keys = status.units.map((u) => ({ siteCode: u.siteCode, day: u.day }));
      expect(await storedSummaries(store, keys)).toEqual(expectedSummaries(sim, keys));
      expect(status.counts.records).toBe(expectedSummaries(sim, keys).reduce((sum, s) => sum + s.count, 0));
      // The ledger keeps the vendor's own count beside what was stored (null where an answer left it out).
      for (const unit of status.units) expect(unit.vendorTotal === null || unit.vendorTotal === unit.records).toBe(true);
      expect(status.units.some((unit) => unit.vendorTotal !== null)).toBe(true);
      const sites = await store.warehouse.listSites();
      expect(sites.find((s) => s.siteCode === 'BERWYN')).toMatchObject({ timeZone: ZONE });
    });

    it('a re-sync re-fetches done site-days and replaces them: same rows, 0 duplicates, a newer synced-at', async () => {
      const day = addDays(today, -2);
      const keys = ['ECOM', 'DKSN'].map((siteCode) => ({ siteCode, day }));
      const before = (await sync.status({ from: day, to: day, siteCodes: ['ECOM'] })).units[0];
      expect(before?.state).toBe('done');
      sim.control.clearRequests();
      expect(await sync.backfill({ from: day, to: day, siteCodes: ['ECOM', 'DKSN'], resync: true }, ACTOR)).toMatchObject({ units: 2, queued: 2 });
      await runUntilIdle();
      expect(loadJobs(sim).length).toBeGreaterThanOrEqual(2);
      const after = (await sync.status({ from: day, to: day, siteCodes: ['ECOM'] })).units[0];
      expect(after?.state).toBe('done');
      expect(after?.syncedAt?.getTime()).toBeGreaterThan(before?.syncedAt?.getTime() ?? 0);
      expect(await storedSummaries(store, keys)).toEqual(expectedSummaries(sim, keys));
      const page = await store.warehouse.listTransactions({ from: new Date(clock.now() - 20 * 86_400_000), to: new Date(clock.now()), siteCodes: ['ECOM'], limit: 1000 });
      expect(new Set(page.rows.map((r) => r.id)).size).toBe(page.rows.length);
    });

    it('paused, a worker takes nothing and the units stay pending; resumed, it finishes them', async () => {
      const day = addDays(today, -6);
      await sync.pause(ACTOR);
      sim.control.clearRequests();
      expect(await sync.backfill({ from: day, to: day, siteCodes: ['ECOM', 'DKSN'] }, ACTOR)).toMatchObject({ queued: 2 });
      let done = 0;
      const worker = await sync.startWorker({ schedule: false, onUnit: (e) => (done += e.kind === 'done' ? 1 : 0) });
      try {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        const paused = await sync.status({ from: day, to: day, siteCodes: ['ECOM', 'DKSN'] });
        expect(paused.paused).toBe(true);
        expect(paused.counts).toMatchObject({ pending: 2, running: 0, done: 0 });
        expect(paused.queue.queued).toBe(2);
        expect(loadJobs(sim)).toHaveLength(0);

        await sync.resume(ACTOR);
        await waitFor(() => done === 2, 30_000, 'the resumed units');
      } finally {
        await worker.stop();
      }
      expect((await sync.status({ from: day, to: day, siteCodes: ['ECOM', 'DKSN'] })).counts).toMatchObject({ done: 2, pending: 0 });
      const keys = ['ECOM', 'DKSN'].map((siteCode) => ({ siteCode, day }));
      expect(await storedSummaries(store, keys)).toEqual(expectedSummaries(sim, keys));
    });

    it('a site-day whose jobs fail is retried, then failed with its error; retryFailed completes it', async () => {
      const day = addDays(today, -7);
      const fault = sim.control.inject({ endpoint: 'loadJob', kind: 'jobFail' });
      await sync.backfill({ from: day, to: day, siteCodes: ['ECOM'] }, ACTOR);
      const events: SyncUnitEvent[] = [];
      const times: number[] = [];
      await runUntilIdle((e) => events.push(e) && times.push(performance.now()));
      expect(events.map((e) => (e.kind === 'failed' ? [e.kind, e.code, e.willRetry] : [e.kind]))).toEqual([
        ['failed', 'API_ERROR', true],
        ['failed', 'API_ERROR', false],
      ]);
      // Sooner, the API would hand back the same failed job (it keeps a criteria's job for 20 minutes).
      expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(20 * 60_000 * TIME_SCALE);
      const [failed] = (await sync.status({ from: day, to: day, siteCodes: ['ECOM'] })).units;
      expect(failed).toMatchObject({ state: 'failed', errorCode: 'API_ERROR', error: 'Batch job failed', attempts: 2 });
      expect(JSON.stringify(failed)).not.toContain('demo-key');

      fault.remove();
      // The API answers the same criteria with the same (failed) job for 20 minutes (scaled): start afresh.
      sim.control.reset();
      expect(await sync.retryFailed({ from: day, to: day }, ACTOR)).toBe(1);
      await runUntilIdle();
      const [retried] = (await sync.status({ from: day, to: day, siteCodes: ['ECOM'] })).units;
      expect(retried).toMatchObject({ state: 'done', error: null, errorCode: null });
      expect(await storedSummaries(store, [{ siteCode: 'ECOM', day }])).toEqual(expectedSummaries(sim, [{ siteCode: 'ECOM', day }]));
    });

    it('stopped while it holds a site-day, a worker hands it back at once: pending and queued again, then synced whole', async () => {
      const day = addDays(today, -9);
      const fault = sim.control.inject({ endpoint: 'loadJob', kind: 'jobNeverFinishes' });
      await sync.backfill({ from: day, to: day, siteCodes: ['DKSN'] }, ACTOR);
      const events: SyncUnitEvent[] = [];
      const worker = await sync.startWorker({ schedule: false, onUnit: (e) => events.push(e) });
      await waitFor(async () => (await sync.status({ from: day, to: day, siteCodes: ['DKSN'] })).counts.running === 1, 30_000, 'the unit in hand');
      const stopping = performance.now();
      await worker.stop();
      // The job's page would keep polling until its time-out (minutes at this scale) without the hand-back.
      expect(performance.now() - stopping).toBeLessThan(5_000);
      expect(events).toEqual([{ kind: 'released', siteCode: 'DKSN', day }]);
      const released = await sync.status({ from: day, to: day, siteCodes: ['DKSN'] });
      expect(released.counts).toMatchObject({ pending: 1, running: 0, failed: 0 });
      expect(released.queue.queued).toBe(1);

      fault.remove();
      sim.control.reset();
      await runUntilIdle();
      const keys = [{ siteCode: 'DKSN', day }];
      expect((await sync.status({ from: day, to: day, siteCodes: ['DKSN'] })).counts).toMatchObject({ done: 1 });
      expect(await storedSummaries(store, keys)).toEqual(expectedSummaries(sim, keys));
    });

    it('the 25-hour fall-back day is fetched as two load-job windows and holds the whole day', async () => {
      const day = '2026-11-01';
      sim.control.clearRequests();
      await sync.backfill({ from: day, to: day, siteCodes: ['ECOM'] }, ACTOR);
      await runUntilIdle();
      const firstPages = loadJobs(sim).filter((r) => (r.query['offset'] ?? '1') === '1');
      expect(firstPages.map((r) => [new Date(Number(r.query['startDate']) * 1000).toISOString(), new Date(Number(r.query['endDate']) * 1000).toISOString()])).toEqual([
        ['2026-11-01T05:00:00.000Z', '2026-11-01T17:29:59.000Z'],
        ['2026-11-01T17:30:00.000Z', '2026-11-02T05:59:59.000Z'],
      ]);
      const keys = [{ siteCode: 'ECOM', day }];
      expect(await storedSummaries(store, keys)).toEqual(expectedSummaries(sim, keys));
    });

    it('a range the Data API would refuse, or an unknown site, is a typed error that queues nothing', async () => {
      sim.control.clearRequests();
      const before = await sync.status({ from: addDays(today, -1), to: addDays(today, 5) });
      await expect(sync.backfill({ from: today, to: today }, ACTOR)).rejects.toThrow(DateRangeError);
      await expect(sync.backfill({ from: addDays(today, 2), to: addDays(today, 3) }, ACTOR)).rejects.toThrow(/can sync days from/);
      await expect(sync.backfill({ from: '2026-01-01', to: '2026-01-02' }, ACTOR)).rejects.toThrow(DateRangeError);
      await expect(sync.backfill({ from: addDays(today, -2), to: addDays(today, -3) }, ACTOR)).rejects.toThrow(ValidationError);
      await expect(sync.backfill({ from: addDays(today, -2), to: addDays(today, -2), siteCodes: ['NOPE'] }, ACTOR)).rejects.toThrow(/no site NOPE/);
      const after = await sync.status({ from: addDays(today, -1), to: addDays(today, 5) });
      expect(after.units).toEqual(before.units);
      expect(after.queue).toEqual({ queued: 0, active: 0 });
      expect(loadJobs(sim)).toHaveLength(0);
    });

    it('the recent sync asks for yesterday and the re-sync days before it, for every site in its own zone', async () => {
      const result = await sync.syncRecent(ACTOR);
      const yesterday = addDays(today, -1);
      expect(result.days).toEqual([addDays(yesterday, -3), addDays(yesterday, -2), addDays(yesterday, -1), yesterday]);
      expect(result.siteCodes).toEqual(sim.control.sites().map((s) => s.code));
      expect(result.units).toBe(result.siteCodes.length * 4);
      const status = await sync.status({ from: result.days[0] ?? '', to: yesterday });
      // Done site-days of the range (from the first test) are asked for again too.
      expect(status.counts).toMatchObject({ pending: result.units, done: 0 });
      expect(status.queue.queued).toBe(result.units);
    });
  });
}
