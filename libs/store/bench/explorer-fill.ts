import type { SiteDayData, Store, WarehouseSite } from '../src/index.js';
import { makeTransaction, seeded } from '../test/fixtures/warehouse-data.js';

/** Four US zones and their June offsets from UTC (hours): the fill's days are all in summer time. */
const ZONES: [string, number][] = [
  ['America/New_York', -4],
  ['America/Chicago', -5],
  ['America/Denver', -6],
  ['America/Los_Angeles', -7],
];

export interface ExplorerFillOptions {
  sites?: number;
  days?: number;
  /** Transactions per site-day, on average (±10 %). */
  perSiteDay?: number;
  /** The first local day (`YYYY-MM-DD`), in June so every zone is on summer time. */
  firstDay?: string;
  /** The first record number (ids are `<record>:<site>`): a later fill of more days starts past the earlier one's. */
  firstRecord?: number;
  /** Called after each site-day is written, with the records so far. */
  onSiteDay?: (recordsSoFar: number) => void;
}

export interface ExplorerFill {
  sites: WarehouseSite[];
  days: string[];
  records: number;
  /** A UTC range inside every site's filled local days, so the warehouse covers it completely. */
  from: Date;
  to: Date;
  /** Wall time spent in `replaceSiteDay`. */
  writeMs: number;
  /** The record number after the last one written. */
  nextRecord: number;
}

/**
 * Fills the warehouse as the sync would: 23 sites × 7 local days × about 1,565 transactions
 * (≈ 252,000, 1–3 items, 1–2 tenders, some discounts), each site-day written whole by
 * `replaceSiteDay`. One site-day is in memory at a time.
 */
export async function fillExplorerWarehouse(store: Store, options: ExplorerFillOptions = {}): Promise<ExplorerFill> {
  const siteCount = options.sites ?? 23;
  const dayCount = options.days ?? 7;
  const perSiteDay = options.perSiteDay ?? 1_565;
  const firstDay = options.firstDay ?? '2026-06-01';
  const zoneOf = (i: number) => ZONES[i % ZONES.length] as [string, number];
  const sites: WarehouseSite[] = Array.from({ length: siteCount }, (_, i) => ({
    siteCode: `B${String(i + 1).padStart(2, '0')}`,
    siteId: 9_000 + i,
    name: `Bench site ${i + 1}`,
    timeZone: zoneOf(i)[0],
    regionCode: `R${(i % 3) + 1}`,
  }));
  await store.warehouse.upsertSites(sites);
  const days = Array.from({ length: dayCount }, (_, d) => new Date(Date.parse(`${firstDay}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10));
  const random = seeded(252_000);
  let records = 0;
  let writeMs = 0;
  let record = options.firstRecord ?? 1;
  for (const [s, site] of sites.entries()) {
    const offsetHours = zoneOf(s)[1];
    for (const day of days) {
      const localMidnight = Date.parse(`${day}T00:00:00Z`) - offsetHours * 3_600_000;
      const count = Math.round(perSiteDay * (0.9 + random() * 0.2));
      // Open 07:00–20:00 local.
      const transactions = Array.from({ length: count }, (_, i) =>
        makeTransaction({ siteCode: site.siteCode, day, timeZone: site.timeZone, record: record + i, random, completedAt: new Date(localMidnight + 7 * 3_600_000 + Math.floor((i / count) * 13 * 3_600_000)) }),
      );
      record += count;
      const data: SiteDayData = { siteCode: site.siteCode, day, timeZone: site.timeZone, vendorTotal: count, transactions };
      const started = performance.now();
      await store.warehouse.replaceSiteDay(data);
      writeMs += performance.now() - started;
      records += count;
      options.onSiteDay?.(records);
    }
  }
  const westOffset = Math.min(...sites.map((_, i) => zoneOf(i)[1]));
  const eastOffset = Math.max(...sites.map((_, i) => zoneOf(i)[1]));
  // The instants inside every site's seven local days: the westmost site's first midnight to the eastmost site's last.
  const from = new Date(Date.parse(`${days[0]}T00:00:00Z`) - westOffset * 3_600_000);
  const to = new Date(Date.parse(`${days.at(-1)}T00:00:00Z`) + 86_400_000 - 1_000 - eastOffset * 3_600_000);
  return { sites, days, records, from, to, writeMs, nextRecord: record };
}
