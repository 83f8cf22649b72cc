import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BackofficeClient } from '@washops/backoffice-client';
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { backofficeConnectionOf, openKpis, openReports, openWarehouseSync, type WarehouseSync } from '@washops/operations';
import { openStore, type Store } from '@washops/store';
import { pinnedClock, startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createMcpLogger } from '../src/log.js';
import { createServer } from '../src/server.js';
import type { ToolServices } from '../src/services.js';
import type { comparePeriods } from '../src/tools/compare-periods.js';
import { kpiSummary } from '../src/tools/kpi-summary.js';
import type { salesReport } from '../src/tools/sales-report.js';
import { textOf } from './mcp-harness.js';

// The report tools over a warehouse the real sync filled from the Data API simulator, with the real
// reports service: the figures are checked against the simulator's own sums, not the report code.

const BOT = { username: 'bot', password: 'bot-password-rep0rts' };
const TIME_SCALE = 0.01;
const DAY = '2026-11-18';
/** Today two days after DAY, for the simulator and the sync: the Data API's look-back never leaves DAY behind. */
const clock = pinnedClock();
const SLOW_MS = 240_000;

let transactionsSim: TransactionsSimulator;
let backofficeSim: BackofficeSimulator;
let backoffice: BackofficeClient;
let dataDir: string;
let store: Store;
let sync: WarehouseSync;
let services: ToolServices;
let sites: Array<{ code: string; timezone: string }>;

/** The UTC instant a local day starts at in `timeZone` (none of the days used is a DST change). */
function localMidnightMs(day: string, timeZone: string): number {
  const noon = new Date(`${day}T12:00:00Z`);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(noon).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const [, sign = '+', hours = '0', minutes = '0'] = /GMT([+-])(\d{2}):(\d{2})/.exec(offset) ?? [];
  const offsetMs = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
  return Date.parse(`${day}T00:00:00Z`) - offsetMs;
}

/** The simulator's own count and sum of a site's local day. */
function simulatorDay(site: { code: string; timezone: string }, day: string) {
  const startMs = localMidnightMs(day, site.timezone);
  return transactionsSim.control.summary({ siteCode: site.code, startMs, endMs: startMs + 86_400_000 - 1 });
}

beforeAll(async () => {
  transactionsSim = await startTransactionsSimulator({ port: 0, timeScale: TIME_SCALE, clock });
  backofficeSim = await startBackofficeSimulator({ port: 0, users: [BOT] });
  backoffice = new BackofficeClient({ subdomain: 'demo', ...BOT, baseUrl: backofficeSim.url });
  dataDir = await mkdtemp(join(tmpdir(), 'washops-mcp-reports-'));
  store = await openStore({ dataDir });
  sync = await openWarehouseSync({ store, dataApi: { apiId: 'demo', apiKey: 'demo-key', baseUrl: transactionsSim.url, timeScale: TIME_SCALE }, clock });
  sites = transactionsSim.control.sites().slice(0, 2);
  await sync.backfill({ from: DAY, to: DAY, siteCodes: sites.map((site) => site.code) }, { channel: 'cli', name: 'report-tools-test' });
  await (await sync.startWorker({ exitWhenIdle: true, schedule: false })).done;
  const reads = backofficeConnectionOf(backoffice).reads;
  services = { reports: openReports({ store, backoffice: reads }), kpis: openKpis({ store, backoffice: reads }), warehouse: { queries: store.warehouse, status: (query) => sync.status(query) } };
}, SLOW_MS);

afterAll(async () => {
  await sync?.close();
  await store?.close();
  await backoffice?.close();
  await Promise.allSettled([transactionsSim?.close(), backofficeSim?.close()]);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'reports-warehouse-test', version: '1' });
  await Promise.all([createServer({ services, logger: createMcpLogger(new Writable({ write: (_c, _e, done) => done() })) }).connect(serverSide), client.connect(clientSide)]);
  try {
    return (await client.callTool({ name, arguments: args })) as CallToolResult;
  } finally {
    await client.close();
  }
}

describe('the report tools over a synced warehouse', () => {
  it('sales_report: each site\'s revenue and count are the simulator\'s own for the day, in cents and dollars, whole', async () => {
    const result = await call('sales_report', { from: DAY, to: DAY, sites: sites.map((site) => site.code.toLowerCase()) });
    expect(result.isError, textOf(result)).toBeFalsy();
    const out = result.structuredContent as z.output<typeof salesReport.outputSchema>;
    expect(out).toMatchObject({ partial: false, coverage: { siteDays: 2, synced: 2, complete: true }, scope: { siteCodes: sites.map((site) => site.code) } });
    for (const site of sites) {
      const expected = simulatorDay(site, DAY);
      expect(expected.count).toBeGreaterThan(0);
      const group = out.groups.find((row) => row.group === site.code);
      expect(group, site.code).toMatchObject({ transactions: expected.count, revenue: { cents: expected.totalCents } });
    }
    const all = sites.map((site) => simulatorDay(site, DAY));
    expect(out.totals.revenue.cents).toBe(all.reduce((sum, day) => sum + day.totalCents, 0));
    expect(out.totals.transactions).toBe(all.reduce((sum, day) => sum + day.count, 0));
    expect(textOf(result)).toContain(`Coverage: all 2 site-days of ${DAY} to ${DAY} are synced`);
  }, SLOW_MS);

  it('every other report answers the same synced day, its counts adding up to the simulator\'s', async () => {
    const expectedCount = sites.reduce((sum, site) => sum + simulatorDay(site, DAY).count, 0);
    for (const name of ['mix_report', 'membership_report', 'tender_report', 'hourly_report', 'staff_report']) {
      const result = await call(name, { from: DAY, to: DAY, sites: sites.map((site) => site.code), groupBy: 'chain' });
      expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ partial: false });
    }
    const hours = (await call('hourly_report', { from: DAY, to: DAY, sites: sites.map((site) => site.code) })).structuredContent as { cells: Array<{ transactions: number }> };
    expect(hours.cells.reduce((sum, cell) => sum + cell.transactions, 0)).toBe(expectedCount);
  }, SLOW_MS);

  it('refuses a day never synced, naming it and pointing at sync_status; answers it partial when allowed', async () => {
    const refused = await call('sales_report', { from: '2026-11-17', to: DAY, sites: [sites[0]!.code] });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(new RegExp(`^RANGE_NOT_SYNCED: .*${sites[0]!.code} 2026-11-17.*Call sync_status with the same from, to and sites.*allowPartial: true`, 's'));
    const partial = await call('sales_report', { from: '2026-11-17', to: DAY, sites: [sites[0]!.code], allowPartial: true });
    expect(partial.structuredContent).toMatchObject({ partial: true, coverage: { siteDays: 2, synced: 1, missingCount: 1 } });
    expect(textOf(partial)).toContain('PARTIAL: only 1 of 2 site-days');
  }, SLOW_MS);

  it('compare_periods: the day against itself changes nothing', async () => {
    const result = await call('compare_periods', { current: { from: DAY, to: DAY }, previous: { from: DAY, to: DAY }, sites: sites.map((site) => site.code) });
    expect(result.isError, textOf(result)).toBeFalsy();
    const out = result.structuredContent as z.output<typeof comparePeriods.outputSchema>;
    expect(out.totals).toEqual({ revenueChange: 0, transactionsChange: 0, averageTicketChange: 0 });
    expect(out.current.totals).toEqual(out.previous.totals);
  }, SLOW_MS);
});

describe("the tools of the operator's numbers over the same warehouse, with the real service", () => {
  it('refuses the synced day while the resources they read are not synced, naming the resources backfill; answers it partial when allowed', async () => {
    const codes = sites.map((site) => site.code);
    const refused = await call('kpi_summary', { from: DAY, to: DAY, sites: codes });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^RANGE_NOT_SYNCED: .*washops sync resources --from 2026-11-18 --to 2026-11-19 --resources employees,clock-entries.*allowPartial: true/s);
    const partial = await call('kpi_summary', { from: DAY, to: DAY, sites: codes, allowPartial: true });
    expect(partial.isError, textOf(partial)).toBeFalsy();
    const out = kpiSummary.outputSchema.parse(partial.structuredContent);
    expect(out).toMatchObject({ partial: true, coverage: { complete: false, transactions: { siteDays: 2, synced: 2, complete: true } }, scope: { siteCodes: codes, groupBy: 'site' } });
    expect(out.rows.map((row) => row.group).sort()).toEqual([...codes].sort());
    expect(out.totals.cars).toBe(out.rows.reduce((sum, row) => sum + row.cars, 0));
    expect(textOf(partial)).toMatch(/^Partial: .*\nPARTIAL: the warehouse does not hold all of 2026-11-18 to 2026-11-18 \(/s);
    for (const name of ['membership_churn', 'cohort_retention', 'labor_report']) {
      const result = await call(name, { from: DAY, to: DAY, sites: codes, groupBy: 'chain', allowPartial: true });
      expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ partial: true, scope: { groupBy: 'chain' } });
    }
  }, SLOW_MS);
});
