import type { Store, SiteDayKey, WarehouseSite, WarehouseTransaction } from '@washops/store';
import { APIError, ValidationError } from '@washops/shared-errors';
import type { DataApiSite, TransactionsClient } from '@washops/transactions-client';
import { toWarehouseTransaction } from './mapping.js';
import { siteDayWindows, zoneOrUtc } from './plan.js';

/** The Data API's sites as the warehouse keeps them (a site without a code cannot be asked for and is left out). */
export function toWarehouseSites(sites: readonly DataApiSite[]): WarehouseSite[] {
  return sites
    .filter((site): site is DataApiSite & { code: string } => site.code !== null && site.code.trim() !== '')
    .map((site) => ({ siteCode: site.code.trim(), siteId: site.siteId, name: site.name, timeZone: zoneOrUtc(site.timezone), regionCode: null }));
}

/** Site codes and their zones: from `wh_sites`, refreshed from the Data API's site list when a code is missing. */
export class SiteDirectory {
  #zones: Map<string, string> | undefined;

  constructor(
    private readonly store: Store,
    private readonly client: TransactionsClient,
  ) {}

  /** Reads the Data API's site list and keeps it in `wh_sites`. */
  async refresh(signal?: AbortSignal): Promise<WarehouseSite[]> {
    const sites = toWarehouseSites(await this.client.listSites({ signal }));
    await this.store.warehouse.upsertSites(sites);
    this.#zones = new Map(sites.map((s) => [s.siteCode, s.timeZone]));
    return sites;
  }

  async zoneOf(siteCode: string): Promise<string> {
    if (!this.#zones) this.#zones = new Map((await this.store.warehouse.listSites()).map((s) => [s.siteCode, s.timeZone]));
    if (!this.#zones.has(siteCode)) await this.refresh();
    const zone = this.#zones.get(siteCode);
    if (zone === undefined) throw new ValidationError(`The Data API has no site ${siteCode}`, { details: { siteCode } });
    return zone;
  }
}

export interface SiteDayFetch {
  client: TransactionsClient;
  pollIntervalMs: number;
  /** Per job page, as the client's `timeoutMs`. */
  jobTimeoutMs: number;
  signal?: AbortSignal;
}

/** A site-day as fetched: its records, and the vendor's `total` (summed over its windows; `null` when a window sent none). */
export interface FetchedSiteDay {
  transactions: WarehouseTransaction[];
  vendorTotal: number | null;
}

/**
 * Fetches one site-day (one load-job per window, two on a 25-hour day) and maps it for the warehouse.
 * A job that hands back fewer records than its own `total` is an `APIError` (worth a retry): a short
 * site-day is never stored as whole.
 */
export async function fetchSiteDay(key: SiteDayKey, timeZone: string, options: SiteDayFetch): Promise<FetchedSiteDay> {
  const byId = new Map<string, WarehouseTransaction>();
  let vendorTotal: number | null = 0;
  for (const window of siteDayWindows(key.day, timeZone)) {
    let total: number | null = null;
    const items = await options.client.loadJob({
      site: key.siteCode,
      startDate: window.startSeconds,
      endDate: window.endSeconds,
      pollIntervalMs: options.pollIntervalMs,
      timeoutMs: options.jobTimeoutMs,
      onProgress: (progress) => (total = progress.total),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (total !== null && items.length < total) {
      throw new APIError(`The Data API's job for ${key.siteCode} on ${key.day} gave ${items.length} of the ${total} records it counted`, {
        details: { siteCode: key.siteCode, day: key.day, records: items.length, total },
      });
    }
    vendorTotal = total === null || vendorTotal === null ? null : vendorTotal + total;
    for (const item of items) byId.set(item.id, toWarehouseTransaction(item, key, timeZone));
  }
  return { transactions: [...byId.values()], vendorTotal };
}
