import { APIError } from '@washops/shared-errors';
import type { DataApiResource, ResourceWindowData, ResourceWindowKey, WarehouseSite } from '@washops/store';
import type { DataApiClient, DataApiPage } from '@washops/transactions-client';
import {
  toCatalogItem,
  toClockEntry,
  toCustomerContact,
  toCustomerRecord,
  toEmployee,
  toGiftCard,
  toMembershipDetail,
  toMembershipSummary,
  toModifications,
  toSalesOutcome,
  toStatusChange,
  toWashbook,
} from './mapping.js';
import { toWarehouseSites } from '../warehouse/site-day.js';

/** What one endpoint answered for a window: the sync's own count, for the bench's minimum. */
export interface EndpointRead {
  endpoint: string;
  /** The vendor's `total` on the first page; `null` when it sent none. */
  total: number | null;
  rows: number;
}

export interface FetchedWindow {
  data: ResourceWindowData;
  reads: EndpointRead[];
  /** The site list, for the transactions warehouse's `wh_sites` (the `sites` resource only). */
  sites?: WarehouseSite[];
}

/** The resources a window reads (the transactions client's sites too): a `DataApiClient`, or a stand-in in tests. */
export type ResourceSource = Pick<DataApiClient, 'customers' | 'recurring' | 'washbooks' | 'giftCards' | 'items' | 'employees' | 'salesOutcomes' | 'sites'>;

export interface WindowFetchOptions {
  signal?: AbortSignal;
  /**
   * Read each listed customer's own record for its contact details (one request each). Default false: a month of the
   * demo chain's new customers is some 7,000 of them, an hour and a half of the rate budget; the reads fetch one
   * customer's details when their profile is opened instead.
   */
  customerContacts?: boolean;
  /** Read each employee's own record (active, start date, contact; one request each). Default true. */
  employeeDetails?: boolean;
}

/**
 * Every row of a list, page by page. A list that hands back fewer rows than its own `total` is an `APIError` (worth a
 * retry): a short window is never stored as whole.
 */
async function readAll<T>(endpoint: string, pages: AsyncIterable<DataApiPage<T>>, reads: EndpointRead[]): Promise<T[]> {
  const rows: T[] = [];
  let total: number | null = null;
  let first = true;
  for await (const page of pages) {
    if (first) total = page.total;
    first = false;
    rows.push(...page.rows);
  }
  if (total !== null && rows.length < total) {
    throw new APIError(`The Data API's ${endpoint} gave ${rows.length} of the ${total} records it counted`, { details: { endpoint, records: rows.length, total } });
  }
  reads.push({ endpoint, total, rows: rows.length });
  return rows;
}

/** Unix bounds of whole UTC days: the first second of `from` to the last of `to`. */
function unixWindow(key: ResourceWindowKey): { startDate: number; endDate: number } {
  return { startDate: Date.parse(`${key.windowStart}T00:00:00Z`) / 1000, endDate: Date.parse(`${key.windowEnd}T23:59:59Z`) / 1000 };
}

/** Runs `work` on each item, a few at a time (the shared budget paces them; this only keeps requests in flight). */
async function eachLimited<T, R>(items: readonly T[], work: (item: T) => Promise<R>, atOnce = 4): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, lane));
  return out;
}

/** Reads one ledger window of a resource from the Data API and maps it for the warehouse. */
export async function fetchWindow(client: ResourceSource, key: ResourceWindowKey, options: WindowFetchOptions = {}): Promise<FetchedWindow> {
  const reads: EndpointRead[] = [];
  const o = options.signal ? { signal: options.signal } : {};
  const range = unixWindow(key);
  const resource: DataApiResource = key.resource;
  switch (resource) {
    case 'sites': {
      const sites = await client.sites.list(o);
      reads.push({ endpoint: '/site/list', total: sites.length, rows: sites.length });
      return { data: { vendorTotal: sites.length }, reads, sites: toWarehouseSites(sites) };
    }
    case 'customers': {
      const list = await readAll('/customer', client.customers.listPages({ startDate: key.windowStart }, o), reads);
      const customers = list.map(toCustomerRecord);
      const contacts = options.customerContacts !== true ? undefined : await eachLimited(list, async (c) => toCustomerContact(await client.customers.get(c.customerId, o)));
      if (contacts) reads.push({ endpoint: '/customer/{id}', total: contacts.length, rows: contacts.length });
      return { data: { vendorTotal: reads[0]?.total ?? null, customers, ...(contacts ? { customerContacts: contacts } : {}) }, reads };
    }
    case 'memberships': {
      const accounts = await readAll('/recurring/account/list', client.recurring.listPages(range, o), reads);
      const details = await readAll('/recurring/account/details/list', client.recurring.listDetailsPages(range, o), reads);
      return { data: { vendorTotal: reads[0]?.total ?? null, memberships: accounts.map(toMembershipSummary), membershipDetails: details.map(toMembershipDetail) }, reads };
    }
    case 'membership-modifications': {
      const accounts = await readAll('/recurring/account/modifications', client.recurring.listModificationsPages(range, o), reads);
      return { data: { vendorTotal: reads[0]?.total ?? null, membershipDetails: accounts.map(toMembershipDetail), modifications: accounts.flatMap(toModifications) }, reads };
    }
    case 'status-changes': {
      const changes = await readAll('/recurring/account/status-list', client.recurring.listStatusChangesPages(range, o), reads);
      return { data: { vendorTotal: reads[0]?.total ?? null, statusChanges: changes.map(toStatusChange) }, reads };
    }
    case 'washbooks': {
      const books = await readAll('/washbook/account/list', client.washbooks.listPages(range, o), reads);
      return { data: { vendorTotal: reads[0]?.total ?? null, washbooks: books.map(toWashbook) }, reads };
    }
    case 'gift-cards': {
      const cards = await readAll('/giftcard-liablilty', client.giftCards.listPages(range, o), reads);
      return { data: { vendorTotal: reads[0]?.total ?? null, giftCards: cards.map(toGiftCard) }, reads };
    }
    case 'items': {
      const items = await readAll('/item', client.items.listPages({}, o), reads);
      return { data: { vendorTotal: reads[0]?.total ?? null, items: items.map(toCatalogItem) }, reads };
    }
    case 'employees': {
      const list = await readAll('/employee', client.employees.listPages({}, o), reads);
      const details = options.employeeDetails === false ? undefined : await eachLimited(list, (e) => client.employees.get(e.employeeId, o));
      if (details) reads.push({ endpoint: '/employee/{id}', total: details.length, rows: details.length });
      return { data: { vendorTotal: reads[0]?.total ?? null, employees: list.map((e, i) => toEmployee(e, details?.[i])) }, reads };
    }
    case 'clock-entries': {
      const entries = await client.employees.clockEntries(key.scope ?? '', { startDate: key.windowStart, endDate: key.windowEnd }, o);
      reads.push({ endpoint: '/employee/{id}/clock-entries', total: null, rows: entries.length });
      return { data: { vendorTotal: null, clockEntries: entries.map(toClockEntry) }, reads };
    }
    case 'sales-outcomes': {
      const sales = await readAll('/sales-outcome/list', client.salesOutcomes.listPages({ startDate: key.windowStart, endDate: key.windowEnd }, o), reads);
      return { data: { vendorTotal: reads[0]?.total ?? null, salesOutcomes: sales.map(toSalesOutcome) }, reads };
    }
  }
}
