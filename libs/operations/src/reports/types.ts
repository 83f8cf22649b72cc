import type {
  DepartmentRow,
  DiscountRow,
  MixCategory,
  MembershipRow,
  ReportCoverage,
  ReportPeriod,
  SalesFigures,
  StaffRole,
  Store,
  TenderRow,
  TopItemRow,
} from '@washops/store';
import type { BackofficeReads } from '../connection.js';

// Reports for every channel (README, "Reports"): the portal's Reports page, the MCP report tools and
// `washops report`. One service turns a request into a result; each channel only presents it.

export const REPORT_KINDS = ['sales', 'mix', 'memberships', 'tenders', 'hours', 'staff', 'discounts'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** How per-site rows are summed: kept per site, summed per BackOffice region, or into one chain-wide row. */
export const REPORT_GROUPINGS = ['site', 'region', 'chain'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** The longest range one report covers (local days, inclusive). */
export const MAX_REPORT_DAYS = 366;

/** A report's request, as validated by `reportRequestSchema` (`@washops/operations/schemas`). */
export interface ReportRequest {
  kind: ReportKind;
  /** Local days, inclusive, `YYYY-MM-DD`. */
  from: string;
  to: string;
  /** Site codes (any case), or a BackOffice region (name or id); neither: every site. Not both. */
  sites?: string[] | undefined;
  region?: string | undefined;
  /** The sales report's period; the others ignore it. Default `day`. */
  period?: ReportPeriod | undefined;
  /** Default `site`. */
  groupBy?: ReportGrouping | undefined;
  /** Present a range the warehouse holds only partly (marked partial); default false: `RangeNotSyncedError`. */
  allowPartial?: boolean | undefined;
}

/** Two ranges of the same sites side by side; `previous` defaults to the same number of days just before `current`. */
export interface CompareRequest {
  current: { from: string; to: string };
  previous?: { from: string; to: string } | undefined;
  sites?: string[] | undefined;
  region?: string | undefined;
  groupBy?: ReportGrouping | undefined;
}

/** What a report read, after sites and region were resolved. */
export interface ResolvedScope {
  from: string;
  to: string;
  siteCodes: string[];
  region: string | null;
  period: ReportPeriod;
  groupBy: ReportGrouping;
}

/** A column of a report's table; `money` values are integer cents, `percent` values fractions (0.25 = 25 %). */
export interface ReportColumn {
  key: string;
  label: string;
  kind: 'text' | 'day' | 'count' | 'money' | 'percent';
}

/** The report as one flat table: the portal's "table" view, the CSV download, `washops report --format csv`. */
export interface ReportTable {
  columns: ReportColumn[];
  rows: Array<Record<string, string | number | null>>;
}

/** `group` is a site code, a region's name or `All sites`, by the request's `groupBy`. */
export interface SalesGroupRow extends SalesFigures {
  group: string;
  period: string;
  averageTicketCents: number | null;
}
export interface SalesGroupTotals extends SalesFigures {
  group: string;
  averageTicketCents: number | null;
  /** The previous period's figures for the group (same length, just before), `null` when not wholly synced. */
  previous: (SalesFigures & { averageTicketCents: number | null }) | null;
  /** Fractions: (current − previous) ÷ previous; `null` when there is no previous or it is zero. */
  revenueChange: number | null;
  transactionsChange: number | null;
}
export interface SalesReportData {
  rows: SalesGroupRow[];
  groups: SalesGroupTotals[];
  totals: SalesGroupTotals;
  /**
   * The range compared against and whether it is wholly synced. No comparison (`groups[].previous` and the
   * changes `null`) when it is not, or when this range itself is partial (`currentPartial`).
   */
  previous: { from: string; to: string; complete: boolean; currentPartial: boolean };
}

export interface MixReportData {
  categories: Array<SalesFigures & { group: string; category: MixCategory }>;
  departments: Array<Omit<DepartmentRow, 'siteCode'> & { group: string }>;
  topItems: TopItemRow[];
}

export type MembershipGroupRow = Omit<MembershipRow, 'siteCode'> & {
  group: string;
  /** memberWashes ÷ washes, `null` with no washes. */
  memberShare: number | null;
};
export interface MembershipReportData {
  rows: MembershipGroupRow[];
  totals: MembershipGroupRow;
}

export interface TenderReportData {
  rows: Array<Omit<TenderRow, 'siteCode'> & { group: string; share: number | null }>;
}

export interface HourReportData {
  /** Summed over the scope's sites: one cell per ISO day of week (1–7) × local hour (0–23) that had transactions. */
  cells: Array<SalesFigures & { dayOfWeek: number; hour: number }>;
  /**
   * How many times each ISO day of week (index 0 Monday … 6 Sunday) falls in the range: a range that is not
   * whole weeks has more of some, so "busiest" compares averages per such day, not totals.
   */
  weekdays: number[];
}

export interface StaffReportData {
  rows: Array<SalesFigures & { group: string; employee: string; role: StaffRole; membershipSales: number; averageTicketCents: number | null }>;
}

export interface DiscountReportData {
  rows: Array<Omit<DiscountRow, 'siteCode'> & { group: string }>;
}

export interface ReportDataByKind {
  sales: SalesReportData;
  mix: MixReportData;
  memberships: MembershipReportData;
  tenders: TenderReportData;
  hours: HourReportData;
  staff: StaffReportData;
  discounts: DiscountReportData;
}

export interface ReportResult<K extends ReportKind = ReportKind> {
  kind: K;
  /** `Sales by day, 2026-11-16 – 2026-11-22, region ILLINOIS (4 sites)`. */
  title: string;
  scope: ResolvedScope;
  coverage: ReportCoverage;
  /** Whole (`coverage.complete`), or partial and marked so everywhere it is shown. */
  partial: boolean;
  data: ReportDataByKind[K];
  table: ReportTable;
  /** One to three sentences with the headline figures, in dollars, a model can quote as they are. */
  summary: string;
}

export interface CompareResult {
  title: string;
  current: ReportResult<'sales'>;
  previous: ReportResult<'sales'>;
  /** Per group and for all: both ranges' figures and the changes, as fractions. */
  table: ReportTable;
  summary: string;
}

export interface ReportsDeps {
  store: Store;
  /** Sites and regions are resolved against the BackOffice's site tree (it shares the Data API's codes): its only read. */
  backoffice: Pick<BackofficeReads, 'listSites'>;
  /** The Data API's own site list, for codes the tree lacks (an online store). */
  dataApiSites?: () => Promise<ReadonlyArray<{ code: string | null }>>;
}

export interface Reports {
  /** Validates, resolves sites, checks coverage (`RangeNotSyncedError` unless `allowPartial`), reads, groups, summarises. */
  run<K extends ReportKind>(request: ReportRequest & { kind: K }, options?: { signal?: AbortSignal }): Promise<ReportResult<K>>;
  compare(request: CompareRequest, options?: { signal?: AbortSignal }): Promise<CompareResult>;
}
