import type { Store } from '@washops/store';
import { clockFrom } from '@washops/client-core';
import { startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openKpis, openWarehouseSync, type Kpis, type WarehouseSync } from '../src/index.js';
import { api } from './report-correctness-source.js';
import { openAt, warehouseBackends } from './warehouse-support.js';

// Members' numbers over the membership warehouse synced from the simulator (accounts signed up from August, their
// details and every status change since) equal those worked out here from the simulator's own records: the accounts
// its account list names (plain fetch) as its world holds them (sign-up, end and why). Then the configured voluntary
// and involuntary churn are recovered for October within sampling error.

const ACTOR = { channel: 'cli', name: 'kpi-members' } as const;
const TIME_SCALE = 0.01;
const PRETEND_NOW = Date.parse('2026-11-10T18:00:00Z');
const SITES = ['BERWYN', 'DKSN', 'EVERG2'];
const SYNC_FROM = '2026-08-01';
const SYNC_TO = '2026-11-09';
const FROM = '2026-08-01';
const TO = '2026-10-31';
const ZONE = 'America/Chicago';
const MONTHS = ['2026-08-01', '2026-09-01', '2026-10-01'];

const localDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));
/** Local midnight of a Chicago day, found by stepping from the UTC one (−5 or −6 hours). */
function midnight(day: string): number {
  for (const hours of [5, 6]) {
    const at = Date.parse(`${day}T00:00:00Z`) + hours * 3_600_000;
    if (localDay(at) === day && localDay(at - 1) !== day) return at;
  }
  throw new Error(`no midnight for ${day}`);
}
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const lastOfMonth = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

interface Truth {
  site: string;
  plan: string;
  /** The vendor gives sign-ups to the second. */
  signUpMs: number;
  endMs: number | null;
  endReason: 'voluntary' | 'involuntary' | null;
}
const activeAt = (m: Truth, at: number) => m.signUpMs <= at && (m.endMs === null || m.endMs > at);

for (const backend of warehouseBackends) {
  describe.skipIf(backend.skip)(`members' numbers equal the simulator's own on ${backend.name}`, () => {
    const clock = clockFrom(PRETEND_NOW);
    let sim: TransactionsSimulator;
    let store: Store;
    let sync: WarehouseSync;
    let kpis: Kpis;
    let drop: () => Promise<void>;
    const truth: Truth[] = [];

    beforeAll(async () => {
      // Only the sites checked are served (each as it is in the whole chain), so the sync reads no other site's accounts.
      sim = await startTransactionsSimulator({ timeScale: TIME_SCALE, realism: true, clock, sites: SITES });
      const created = await backend.create();
      drop = created.drop;
      store = await openAt(created.location);
      sync = await openWarehouseSync({
        store,
        dataApi: { apiId: 'demo', apiKey: 'demo-key', baseUrl: sim.url, timeScale: TIME_SCALE },
        settings: { retryLimit: 1, workerConcurrency: 3 },
        clock,
      });
      await sync.resources.backfill({ from: SYNC_FROM, to: SYNC_TO, resources: ['sites', 'memberships', 'status-changes'] }, ACTOR);
      const worker = await sync.startWorker({ exitWhenIdle: true, schedule: false });
      await worker.done;
      // The accounts the vendor lists for the synced sign-ups, and each as the world holds it.
      const range = { startDate: Date.parse(`${SYNC_FROM}T00:00:00Z`) / 1000, endDate: Date.parse(`${SYNC_TO}T23:59:59Z`) / 1000 };
      const world = sim.control.world();
      for (let page = 1, seen = 0; ; page += 1) {
        const data = (await api(sim, '/recurring/account/list', { ...range, limit: 100, offset: page })) as { accounts: Array<{ id: string; billingSiteCode: string }>; total: number };
        seen += data.accounts.length;
        for (const account of data.accounts) {
          if (!SITES.includes(account.billingSiteCode)) continue;
          const m = world.membership(account.id, clock.now());
          if (!m) throw new Error(`the world has no ${account.id}`);
          truth.push({ site: account.billingSiteCode, plan: m.planName, signUpMs: Math.floor(m.signUpMs / 1000) * 1000, endMs: m.endMs, endReason: m.endReason });
        }
        if (data.accounts.length === 0 || seen >= data.total) break;
      }
      kpis = openKpis({ store, backoffice: { listSites: async () => [] } });
    }, 1_800_000);
    afterAll(async () => {
      await sync?.close();
      await store?.close();
      await sim?.close();
      await drop?.();
    });

    it('active members per day, churn per month and the cohort grid equal the world\'s accounts', async () => {
      expect(truth.length).toBeGreaterThan(500);
      const kpiData = await store.kpis.memberships({ from: FROM, to: TO, siteCodes: SITES });
      const days: string[] = [];
      for (let day = FROM; day <= TO; day = nextDay(day)) days.push(day);
      const dayEnds = new Map(days.map((day) => [day, midnight(nextDay(day)) - 1]));
      const wantActive = SITES.flatMap((site) => days.map((day) => ({ siteCode: site, day, active: truth.filter((m) => m.site === site && activeAt(m, dayEnds.get(day) as number)).length })));
      expect(kpiData.activeByDay).toEqual(wantActive);
      const wantChurn = SITES.flatMap((site) =>
        MONTHS.map((month) => {
          const start = midnight(month);
          const end = midnight(nextDay(lastOfMonth(month)));
          const mine = truth.filter((m) => m.site === site);
          const atStart = mine.filter((m) => activeAt(m, start - 1));
          const leftBy = (reason: string) => atStart.filter((m) => m.endReason === reason && (m.endMs as number) >= start && (m.endMs as number) < end).length;
          return {
            siteCode: site,
            month,
            from: month,
            to: lastOfMonth(month),
            activeAtStart: atStart.length,
            voluntary: leftBy('voluntary'),
            involuntary: leftBy('involuntary'),
            retained: atStart.filter((m) => activeAt(m, end - 1)).length,
            joined: mine.filter((m) => m.signUpMs >= start && m.signUpMs < end).length,
            activeAtEnd: mine.filter((m) => activeAt(m, end - 1)).length,
          };
        }),
      );
      expect(kpiData.churn).toEqual(wantChurn);
      const wantCohorts = new Map<string, number[]>();
      for (const m of truth) {
        const joinMonth = `${localDay(m.signUpMs).slice(0, 8)}01`;
        // Cohorts of the range's months only.
        if (!MONTHS.includes(joinMonth)) continue;
        const later = MONTHS.filter((month) => month >= joinMonth);
        const key = `${m.site} ${joinMonth} ${m.plan}`;
        const row = wantCohorts.get(key) ?? [0, ...later.map(() => 0)];
        row[0] = (row[0] as number) + 1;
        for (const [i, month] of later.entries()) if (activeAt(m, dayEnds.get(lastOfMonth(month)) as number)) row[i + 1] = (row[i + 1] as number) + 1;
        wantCohorts.set(key, row);
      }
      expect(new Map(kpiData.cohorts.map((c) => [`${c.siteCode} ${c.joinMonth} ${c.plan}`, [c.members, ...c.active.map((a) => a.active)]]))).toEqual(wantCohorts);
    }, 300_000);

    it('the service states its coverage and recovers the configured churn for October', async () => {
      const answer = await kpis.memberships({ from: '2026-10-01', to: '2026-10-31', sites: SITES, groupBy: 'chain' });
      expect(answer.partial).toBe(false);
      expect(answer.coverage.resources.map((r) => [r.resource, r.complete])).toEqual([
        ['memberships', true],
        ['status-changes', true],
      ]);
      const [october] = answer.data.churn;
      const rates = sim.control.worldRates();
      const n = october?.activeAtStart ?? 0;
      expect(n).toBeGreaterThan(500);
      // Each member leaves in a billing month with the configured chance: binomial noise, 3.5 standard deviations.
      for (const [count, rate] of [
        [october?.voluntary ?? 0, rates.voluntaryChurn],
        [october?.involuntary ?? 0, rates.involuntaryChurn],
      ] as const) {
        expect(Math.abs(count - n * rate)).toBeLessThanOrEqual(3.5 * Math.sqrt(n * rate * (1 - rate)));
      }
    });
  });
}
