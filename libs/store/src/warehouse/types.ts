import type { SyncUnitState } from '../constants.js';

// The transactions warehouse's plain records. The store knows no client: the operations layer maps
// the Data API's models to these. Money is integer cents; times are UTC `Date`s; a site-day is the
// site's own local calendar day (`YYYY-MM-DD` in its time zone).

export interface WarehouseTender {
  tender: string;
  tenderSubType: string | null;
  amountCents: number;
  changeCents: number;
  totalCents: number;
  referenceNumber: string | null;
  /** Only ever the last four digits. */
  cardLastFour: string | null;
}

export interface WarehouseItem {
  name: string;
  sku: string | null;
  department: string;
  quantity: number;
  grossCents: number;
  netCents: number;
  discountCents: number;
  taxCents: number;
  additionalFeeCents: number;
  isVoided: boolean;
}

export interface WarehouseDiscount {
  discountName: string;
  discountSku: string | null;
  appliedToItemName: string | null;
  amountCents: number;
  discountCode: string | null;
}

/** One transaction with its full detail, keyed by the vendor's id (`<record>:<site>`). */
export interface WarehouseTransaction {
  id: string;
  number: number;
  siteCode: string;
  /** The site-day it belongs to (local to `timeZone`). */
  day: string;
  timeZone: string;
  completedAt: Date;
  /** The vendor's `type` (Sale, Return, Rewash, …). */
  type: string;
  salesDeviceName: string;
  totalCents: number;
  customerName: string | null;
  customerId: string | null;
  vehicleLicensePlate: string | null;
  employeeCashier: string | null;
  employeeGreeter: string | null;
  isRecurringPayment: boolean;
  isRecurringRedemption: boolean;
  isRecurringSale: boolean;
  isPrepaidRedemption: boolean;
  isPrepaidSale: boolean;
  /** The v2 fields: `null` when the vendor's job payload left them out (contract §9.5). */
  isRecurringPlanSale: boolean | null;
  isRecurringPlanRedemption: boolean | null;
  transactionStatus: string | null;
  tenders: WarehouseTender[];
  items: WarehouseItem[];
  discounts: WarehouseDiscount[];
}

/** A site of the Data API's site list, as the warehouse keeps it. */
export interface WarehouseSite {
  siteCode: string;
  siteId: number;
  name: string;
  /** IANA zone; `UTC` when the vendor gives none. */
  timeZone: string;
  /** The region the site belongs to, when known (README, "Transactions warehouse"). */
  regionCode: string | null;
}

export interface SiteDayKey {
  siteCode: string;
  /** `YYYY-MM-DD`, local to the site. */
  day: string;
}

/** Everything one sync of a site-day fetched: written whole in one database transaction. */
export interface SiteDayData extends SiteDayKey {
  timeZone: string;
  /** The vendor's `total` for the site-day's job(s), `null` when it sent none. */
  vendorTotal: number | null;
  transactions: WarehouseTransaction[];
}

/** One row of the sync ledger. */
export interface SyncUnit extends SiteDayKey {
  state: SyncUnitState;
  records: number | null;
  vendorTotal: number | null;
  syncedAt: Date | null;
  attempts: number;
  error: string | null;
  errorCode: string | null;
  updatedAt: Date;
}

export interface SyncUnitFilter {
  /** Inclusive local days. */
  from: string;
  to: string;
  siteCodes?: readonly string[];
  states?: readonly SyncUnitState[];
}

export type SyncUnitCounts = Record<SyncUnitState, number> & { records: number };

/** How much of a UTC range the warehouse holds for the given sites. */
export interface WarehouseCoverage {
  /** Every site-day overlapping the range holds a whole synced version (`syncedAt` set), even while a re-sync of it waits. */
  complete: boolean;
  /** The oldest `syncedAt` among the covering site-days (what "synced at …" shows), `null` when not complete. */
  syncedAt: Date | null;
  /** Site-days overlapping the range never synced whole (at most 200 listed). */
  missing: SiteDayKey[];
  missingCount: number;
}

export interface WarehouseListQuery {
  /** Inclusive UTC bounds on `completedAt`. */
  from: Date;
  to: Date;
  /** Omitted: every site. */
  siteCodes?: readonly string[];
  /** Opaque cursor from the previous page. */
  cursor?: string | null;
  /** Rows per page, 1–1000 (default 100). */
  limit?: number;
}

export interface WarehousePage {
  rows: WarehouseTransaction[];
  nextCursor: string | null;
  /** Rows matching the query (all pages). */
  total: number;
}

/** Per site-day count and sum, for checks against an independent source. */
export interface SiteDaySummary extends SiteDayKey {
  count: number;
  totalCents: number;
}

/** Whether workers take new site-days, set from any process. */
export interface SyncControl {
  paused: boolean;
  changedBy: string | null;
  changedAt: Date | null;
}

export interface WarehouseQueries {
  upsertSites(sites: readonly WarehouseSite[]): Promise<void>;
  listSites(): Promise<WarehouseSite[]>;

  /** Adds missing units as `pending`; `resync` also sets `done` and `failed` ones back to `pending`. Returns the keys now pending. */
  ensureUnits(keys: readonly SiteDayKey[], options?: { resync?: boolean }): Promise<SiteDayKey[]>;
  /** `pending`/`failed` (or `running` with no live claim) → `running`, counting an attempt; false when someone else holds it or it is `done`. */
  claimUnit(key: SiteDayKey): Promise<boolean>;
  /** Replaces the site-day's transactions and marks its unit `done`, all in one database transaction. */
  replaceSiteDay(data: SiteDayData, syncedAt?: Date): Promise<{ records: number }>;
  failUnit(key: SiteDayKey, error: { code: string; message: string }): Promise<void>;
  /** `running` → `pending` for units no worker holds any more (after a crash); returns how many. */
  releaseUnits(keys?: readonly SiteDayKey[]): Promise<number>;
  units(filter: SyncUnitFilter): Promise<SyncUnit[]>;
  unitCounts(filter: SyncUnitFilter): Promise<SyncUnitCounts>;
  control(): Promise<SyncControl>;
  setPaused(paused: boolean, by: string): Promise<SyncControl>;

  coverage(query: { from: Date; to: Date; siteCodes?: readonly string[] }): Promise<WarehouseCoverage>;
  listTransactions(query: WarehouseListQuery): Promise<WarehousePage>;
  getTransaction(id: string): Promise<WarehouseTransaction | null>;
  /** Every matching transaction in `completedAt` order, a batch at a time (exports): memory stays flat. */
  streamTransactions(query: Omit<WarehouseListQuery, 'cursor' | 'limit'>, batchSize?: number): AsyncIterable<WarehouseTransaction[]>;
  siteDaySummaries(filter: SyncUnitFilter): Promise<SiteDaySummary[]>;
}
