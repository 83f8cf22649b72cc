import type { MixCategory, ReportPeriod, StaffRole } from '../constants.js';
import type { SiteDayKey } from '../warehouse/types.js';

// Reports over the transactions warehouse (README, "Reports"). Every figure is read from rollups the
// sync writes in the same database transaction as the site-day's rows, so a report over a month of a
// chain reads a few thousand rollup rows, not a million transactions. Days are each site's local
// days; money is integer cents; returns count negative, as the vendor reports them.

// The value sets live in constants.ts, so browser bundles reach them without the store's code.
export { MIX_CATEGORIES, REPORT_PERIODS, STAFF_ROLES } from '../constants.js';
export type { MixCategory, ReportPeriod, StaffRole } from '../constants.js';

/** What a report reads: local days `from`..`to` inclusive (`YYYY-MM-DD`) of the sites named (resolved codes, at least one). */
export interface ReportScope {
  from: string;
  to: string;
  siteCodes: readonly string[];
}

/** How much of a scope the warehouse holds: a report over a partial scope says so and is never shown as whole. */
export interface ReportCoverage {
  /** Site-days in the scope (sites × days). */
  siteDays: number;
  /** Of them, those holding a whole synced version (`syncedAt` set). */
  synced: number;
  complete: boolean;
  /** The oldest `syncedAt` of the synced site-days, `null` when none is. */
  syncedAt: Date | null;
  /** Site-days never synced whole, at most 200 listed (`missingCount` has them all). */
  missing: SiteDayKey[];
  missingCount: number;
}

/** Count and money of a set of transactions. `revenueCents` is the sum of the transactions' totals. */
export interface SalesFigures {
  transactions: number;
  revenueCents: number;
}

export interface SalesRow extends SalesFigures {
  siteCode: string;
  /** The period's first local day: the day, the week's Monday, the month's 1st. */
  period: string;
}

export interface MixRow extends SalesFigures {
  siteCode: string;
  category: MixCategory;
}

export interface DepartmentRow {
  siteCode: string;
  department: string;
  /** Units sold (voided lines excluded), and transactions with at least one such line. */
  quantity: number;
  transactions: number;
  netCents: number;
}

export interface TopItemRow {
  name: string;
  department: string;
  quantity: number;
  netCents: number;
}

export interface MixRows {
  categories: MixRow[];
  departments: DepartmentRow[];
  /** Across the scope's sites, by units sold, at most `topItems` (default 20). */
  topItems: TopItemRow[];
}

/** Memberships per site: the v1 flags always; the v2 plan flags only where the vendor sent them (`v2Known`). */
export interface MembershipRow {
  siteCode: string;
  recurringSales: number;
  recurringPayments: number;
  recurringRedemptions: number;
  prepaidSales: number;
  prepaidRedemptions: number;
  /** v2 `isRecurringPlanSale` / `isRecurringPlanRedemption` true; `v2Known` transactions carried the fields. */
  planSales: number;
  planRedemptions: number;
  v2Known: number;
  /** Transactions in the `wash` list, and of them member redemptions (recurring or prepaid). */
  washes: number;
  memberWashes: number;
  /** Revenue of recurring sales and payments. */
  membershipRevenueCents: number;
}

export interface TenderRow {
  siteCode: string;
  tender: string;
  tenderSubType: string | null;
  count: number;
  amountCents: number;
  changeCents: number;
}

/** Transactions by the site's local hour and ISO day of week (1 Monday … 7 Sunday). */
export interface HourRow extends SalesFigures {
  siteCode: string;
  dayOfWeek: number;
  hour: number;
}

export interface StaffRow extends SalesFigures {
  siteCode: string;
  employee: string;
  role: StaffRole;
  /** Transactions with a recurring or prepaid sale (v1 flags) or a v2 plan sale. */
  membershipSales: number;
}

export interface DiscountRow {
  siteCode: string;
  discountName: string;
  uses: number;
  amountCents: number;
}

/** One query module for every channel (portal, MCP, command line). Rows are per site; callers sum sites into regions or the chain. */
export interface ReportQueries {
  coverage(scope: ReportScope): Promise<ReportCoverage>;
  sales(scope: ReportScope, period: ReportPeriod): Promise<SalesRow[]>;
  mix(scope: ReportScope, options?: { topItems?: number }): Promise<MixRows>;
  memberships(scope: ReportScope): Promise<MembershipRow[]>;
  tenders(scope: ReportScope): Promise<TenderRow[]>;
  hours(scope: ReportScope): Promise<HourRow[]>;
  staff(scope: ReportScope): Promise<StaffRow[]>;
  discounts(scope: ReportScope): Promise<DiscountRow[]>;
}
