import type { ChurnRow, KpiCoverage, KpiFigures } from '@washops/store';
import type { ReportsDeps } from '../reports/types.js';
import type { KpiGrouping, KpiRequest } from './schemas.js';

// The operator's numbers for every channel (README, "The operator's numbers"): one read service, each answer with
// the coverage of its range and, when asked for over a partly synced range, marked partial.

/** What the numbers read: the reports' dependencies (the store, and the BackOffice's site tree for regions). */
export type KpisDeps = ReportsDeps;

export interface KpiScopeView {
  from: string;
  to: string;
  siteCodes: string[];
  region: string | null;
  groupBy: KpiGrouping;
}

/** Every answer: the scope as resolved, its coverage, whether partial, the figures and a sentence a person or a model can quote. */
export interface KpiAnswer<Data> {
  scope: KpiScopeView;
  coverage: KpiCoverage;
  partial: boolean;
  data: Data;
  summary: string;
}

/** `group`: a day, a week's Monday or a month's 1st (by period), or a site, a region or `All sites`. */
export interface KpiSummaryRow extends KpiFigures {
  group: string;
}

export interface ActiveMembersPoint {
  group: string;
  day: string;
  active: number;
}

/** A group's members over a month (the store's `ChurnRow`, summed over the group's sites), with the rates. */
export interface ChurnPoint extends Omit<ChurnRow, 'siteCode'> {
  group: string;
  /** Of those active at the start: cancelled, declined or suspended, either, still active at the end; `null` with none at the start. */
  voluntaryChurn: number | null;
  involuntaryChurn: number | null;
  churn: number | null;
  retention: number | null;
}

export interface CohortPoint {
  group: string;
  joinMonth: string;
  plan: string;
  members: number;
  /** Each month from the join month to the range's end: active at its end, and that share of the cohort. */
  months: Array<{ month: string; active: number; share: number | null }>;
}

export interface MembershipAnswer {
  active: ActiveMembersPoint[];
  churn: ChurnPoint[];
  cohorts: CohortPoint[];
}

export interface AdvisorPoint {
  group: string;
  employeeId: string;
  employeeName: string;
  offers: number;
  conversions: number;
  conversionRate: number | null;
}

export interface LiabilityPoint {
  group: string;
  giftCards: number;
  giftCardOutstandingCents: number;
  giftCardSoldCents: number;
  giftCardRedeemedCents: number;
  giftCardChangeCents: number;
  washbooks: number;
  washbookWashesOutstanding: number;
  washbooksSold: number;
  washbookWashesRedeemed: number;
}

export interface Kpis {
  /** Cars, sales, memberships sold and labor, by `groupBy` (default `site`). */
  summary(request: KpiRequest, options?: { signal?: AbortSignal }): Promise<KpiAnswer<KpiSummaryRow[]>>;
  /** Active members per day, churn per month and the cohort grid, per site, region or chain (`groupBy` by period sums the chain). */
  memberships(request: KpiRequest, options?: { signal?: AbortSignal }): Promise<KpiAnswer<MembershipAnswer>>;
  /** Offers and conversions per employee, per group. */
  advisors(request: KpiRequest, options?: { signal?: AbortSignal }): Promise<KpiAnswer<AdvisorPoint[]>>;
  /** Gift-card and washbook liability per group. */
  liability(request: KpiRequest, options?: { signal?: AbortSignal }): Promise<KpiAnswer<LiabilityPoint[]>>;
}
