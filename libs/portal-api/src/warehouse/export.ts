import type { WarehouseSite, WarehouseTransaction, Store } from '@washops/store';
import type { BackofficeReads } from '@washops/operations';
import { jobItemOfWarehouse } from '@washops/operations/warehouse-mapping';
import { stringify } from 'csv-stringify/sync';
import { MAX_SYNC_RANGE_DAYS, syncRangeInput } from '../schemas.js';
import { EXPORT_CSV_COLUMNS, exportRowOf } from '../transactions/export-csv.js';
import { resolveSiteCodes } from './sites.js';
import { daysOf, localMidnightUtc, nextDay } from './zones.js';

/** The longest range one warehouse export takes (days × any number of sites). */
export const MAX_WAREHOUSE_EXPORT_DAYS = MAX_SYNC_RANGE_DAYS;

/** Transactions read from the database at once: memory stays flat whatever the range. */
const EXPORT_BATCH = 1000;

export type WarehouseExport =
  | { ok: true; filename: string; csv: AsyncIterable<string> }
  | { ok: false; status: 400 | 409; message: string };

const refused = (status: 400 | 409, message: string): WarehouseExport => ({ ok: false, status, message });

/** The query string's range: `from`, `to` (local days), `sites` (comma-separated codes) or `region`. */
function rangeOf(params: URLSearchParams) {
  const sites = params.get('sites');
  return syncRangeInput.safeParse({
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    ...(sites ? { sites: sites.split(',').filter((code) => code.trim() !== '') } : {}),
    ...(params.get('region') ? { region: params.get('region') } : {}),
  });
}

/** Each site's transactions of the local days `from`..`to`, site by site, a batch at a time. */
async function* exportCsv(store: Store, sites: readonly WarehouseSite[], from: string, to: string): AsyncIterable<string> {
  yield stringify([[...EXPORT_CSV_COLUMNS]], { record_delimiter: 'windows' });
  for (const site of sites) {
    const query = {
      from: localMidnightUtc(from, site.timeZone),
      to: new Date(localMidnightUtc(nextDay(to), site.timeZone).getTime() - 1),
      siteCodes: [site.siteCode],
    };
    for await (const batch of store.warehouse.streamTransactions(query, EXPORT_BATCH)) {
      yield stringify(
        batch.map((t: WarehouseTransaction) => exportRowOf(jobItemOfWarehouse(t))),
        { record_delimiter: 'windows' },
      );
    }
  }
}

/**
 * A CSV of the warehouse's transactions for local days × sites (or a region's, or every site),
 * refused with what is missing when a site-day of the range is not synced: the page links to
 * Data sync. Read as it streams; the CSV's cells are the live export's (formula-safe).
 */
export async function warehouseExport(store: Store, backoffice: BackofficeReads, params: URLSearchParams, signal?: AbortSignal): Promise<WarehouseExport> {
  const parsed = rangeOf(params);
  if (!parsed.success) {
    return refused(400, `The export's range is not valid. ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'range'}: ${issue.message}`).join('; ')}`);
  }
  const { from, to } = parsed.data;
  const known = await store.warehouse.listSites();
  const codes = await resolveSiteCodes(backoffice, parsed.data, signal, async () => known.map((site) => ({ code: site.siteCode })));
  const sites = codes ? known.filter((site) => codes.includes(site.siteCode)) : known;
  const unsyncedSites = codes ? codes.filter((code) => !known.some((site) => site.siteCode === code)) : [];
  if (sites.length === 0 && unsyncedSites.length === 0) return refused(409, 'Nothing has been synced yet: start a backfill on the Data sync page.');
  const days = daysOf(from, to);
  // A site-day synced once holds a whole version, also while its re-sync waits (as the explorer's coverage says).
  const done = (await store.warehouse.units({ from, to, siteCodes: sites.map((site) => site.siteCode) })).filter((unit) => unit.syncedAt !== null);
  const doneKeys = new Set(done.map((unit) => `${unit.siteCode}|${unit.day}`));
  const missing = [
    ...unsyncedSites.flatMap((code) => days.map((day) => ({ siteCode: code, day }))),
    ...sites.flatMap((site) => days.filter((day) => !doneKeys.has(`${site.siteCode}|${day}`)).map((day) => ({ siteCode: site.siteCode, day }))),
  ];
  if (missing.length > 0) {
    const examples = missing.slice(0, 5).map((key) => `${key.siteCode} ${key.day}`).join(', ');
    const total = (sites.length + unsyncedSites.length) * days.length;
    return refused(
      409,
      `${missing.length} of ${total} site-days of this range are not synced (${examples}${missing.length > 5 ? ', …' : ''}). Sync them on the Data sync page (/sync), or export one site-day at a time from the Data API.`,
    );
  }
  return { ok: true, filename: `washops-transactions-${from}-to-${to}.csv`, csv: exportCsv(store, sites, from, to) };
}
