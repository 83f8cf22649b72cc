import type { DataApiResource, ResourceCoverage } from '../dataapi/types.js';
import type { ReportCoverage, ReportScope } from '../reports/types.js';

// The operator's numbers (README, "The operator's numbers"): each defined once, per site and per LOCAL day (each
// site's zone from `wh_sites`); callers roll site-days up with `sumSiteDays` and derive ratios with `kpiFigures`, so
// a week, a month, a region and the chain divide sums, never average averages. Money is integer cents.

/** Local days `from`..`to` inclusive of resolved site codes, as the reports take them. */
export type KpiScope = ReportScope;

/** What one site-day adds up: every count and sum a number divides, nothing derived. */
export interface KpiComponents {
  /** Every transaction and the sum of their totals (`wh_report_days`). */
  transactions: number;
  revenueCents: number;
  /** Sales and rewashes with a Wash line that is not voided; by kind, each car in exactly one. */
  cars: number;
  memberCars: number;
  planSaleCars: number;
  prepaidCars: number;
  fleetCars: number;
  retailCars: number;
  /** Retail cars whose ticket totals 0. */
  freeCars: number;
  retailRevenueCents: number;
  /** Tickets flagged `isRecurringRedemption`, and their totals (left out of sales). */
  redemptions: number;
  redemptionRevenueCents: number;
  /** Tickets flagged `isRecurringSale` by the transaction detail: new memberships (upgrades and switches are not). */
  newMemberships: number;
  newMembershipRevenueCents: number;
  /** Tickets flagged `isRecurringPayment` (monthly billings). */
  renewals: number;
  /** Totals of new memberships and renewals. */
  membershipRevenueCents: number;
  /** Clock entries clocked in on the day (site's clock): hours, cost (hours × rate, each shift to the cent). */
  shifts: number;
  regularHours: number;
  overtimeHours: number;
  laborCostCents: number;
  openShifts: number;
  modifiedPunches: number;
}

export interface KpiSiteDay extends KpiComponents {
  siteCode: string;
  day: string;
}

/** The numbers derived from summed components; a ratio is `null` when what it divides by is zero. */
export interface KpiFigures extends KpiComponents {
  eligibleCars: number;
  /** Every ticket's total except member redemptions'. */
  salesCents: number;
  salesTransactions: number;
  averageTicketCents: number | null;
  retailAverageWashCents: number | null;
  memberAverageWashCents: number | null;
  memberMix: number | null;
  conversion: number | null;
  renewalRevenueCents: number;
  laborHours: number;
  laborShareOfSales: number | null;
  laborCostPerCarCents: number | null;
  carsPerLaborHour: number | null;
}

/** One site's members over a month (or the part of it in the scope), on the billing-cycle definition. */
export interface ChurnRow {
  siteCode: string;
  /** The month's 1st, and the first and last local days of it in the scope. */
  month: string;
  from: string;
  to: string;
  /** Active at the start of `from`. */
  activeAtStart: number;
  /** Of those, how many left by `to`'s end: cancelled (voluntary), declined or suspended (involuntary). */
  voluntary: number;
  involuntary: number;
  /** Of those active at the start, still (or again) active at the end. */
  retained: number;
  /** Sign-ups in the period, and active at its end. */
  joined: number;
  activeAtEnd: number;
}

export interface ActiveMembersRow {
  siteCode: string;
  day: string;
  /** Memberships active at the end of the local day. */
  active: number;
}

export interface CohortRow {
  siteCode: string;
  /** The local month of sign-up (its 1st) and the plan as the warehouse holds it (`Unknown plan` when unread). */
  joinMonth: string;
  plan: string;
  members: number;
  /** For the join month and each later month to the scope's end: active at that month's end (or the scope's). */
  active: Array<{ month: string; active: number }>;
}

export interface MembershipKpis {
  activeByDay: ActiveMembersRow[];
  churn: ChurnRow[];
  cohorts: CohortRow[];
}

export interface AdvisorRow {
  siteCode: string;
  employeeId: string;
  employeeName: string;
  offers: number;
  conversions: number;
}

export interface LiabilityRow {
  siteCode: string;
  /** Gift cards as of their last sync: cards, face value, used, outstanding. */
  giftCards: number;
  giftCardValueCents: number;
  giftCardOutstandingCents: number;
  /** In the scope's days, from the transactions: gift cards sold (net of the GiftCard lines) and redeemed (Giftcard tenders). */
  giftCardSoldCents: number;
  giftCardRedeemedCents: number;
  /** sold − redeemed. */
  giftCardChangeCents: number;
  /** Washbooks as of their last sync: books not cancelled with a limited balance, and the washes they still hold. */
  washbooks: number;
  washbookWashesOutstanding: number;
  /** In the scope's days: books sold (WashBook units) and washes redeemed from books (Washbook tenders); change = sold × washes a book holds is unknown here, so both are given. */
  washbooksSold: number;
  washbookWashesRedeemed: number;
}

/** What a number reads: the transactions warehouse or one of the resources. */
export type KpiSource = 'transactions' | DataApiResource;

export interface KpiCoverage {
  complete: boolean;
  /** The transactions' site-days, when read. */
  transactions: ReportCoverage | null;
  /** Each resource read, over the UTC days the scope's local days span. */
  resources: ResourceCoverage[];
  /** The oldest sync among the parts, `null` when nothing is synced. */
  syncedAt: Date | null;
}

export interface KpiQueries {
  coverage(scope: KpiScope, sources: readonly KpiSource[]): Promise<KpiCoverage>;
  /** Every site × day of the scope (zeros where nothing happened). */
  siteDays(scope: KpiScope): Promise<KpiSiteDay[]>;
  memberships(scope: KpiScope): Promise<MembershipKpis>;
  advisors(scope: KpiScope): Promise<AdvisorRow[]>;
  liability(scope: KpiScope): Promise<LiabilityRow[]>;
}
