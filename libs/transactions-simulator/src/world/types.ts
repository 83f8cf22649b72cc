/**
 * CONTRACT: the simulator's one consistent world beyond the transactions: customers, memberships (recurring
 * accounts), washbooks, gift cards, staff and their clock entries, sales outcomes and the item catalogue. Records are
 * the simulator's own canonical form (integer cents, ms since epoch, codes); the endpoint handlers render them in the
 * vendor's wire shapes and quirks. The day generator draws member sign-ups, renewals, redemptions, gift-card and
 * washbook sales and redemptions from this world, so transactions and resources agree by construction.
 */
import type { ChainSite } from '../chain.js';

/** Known, configurable rates the world is generated with (the operator's numbers are checked against them). */
export interface WorldRates {
  /** New memberships ÷ eligible washes (retail washes that are not free). */
  conversion: number;
  /** Share of active members who cancel in a billing month (voluntary churn). */
  voluntaryChurn: number;
  /** Share of active members lost in a billing month to declined billing or suspension (involuntary churn). */
  involuntaryChurn: number;
  /** Clocked labor hours per car washed, per site-day. */
  laborHoursPerCar: number;
}

/** The vendor's recurring status names, 1–15 (`recurringAccountStatus`). */
export const RECURRING_STATUS_NAMES = [
  'Active',
  'Payment Failed',
  'Payment CC Expired',
  'Payment Retries Exceeded',
  'Suspended',
  'Expired',
  'Cancelled',
  'Declined',
  'Authorizer Error',
  'Cleared Tokens',
  'Changed Authorizer',
  'Payment CC Update Started',
  'Payment CC Update Declined',
  'Authorizer communication error',
  'Unknown error error',
] as const;

export interface CustomerRecord {
  /** `<number>:<siteId>`, the id transactions carry in `customerId`. */
  customerId: string;
  siteId: number;
  number: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  address: { address1: string; address2: string | null; city: string; state: string; country: string; postalCode: string } | null;
  birthDate: string | null;
  isActive: boolean;
  allowSms: boolean;
  createdMs: number;
  /** Null when never modified. */
  modifiedMs: number | null;
}

export interface StatusEvent {
  /** 1–15, an index into RECURRING_STATUS_NAMES plus one. */
  status: number;
  atMs: number;
  /** Who changed it at the site, or null for the billing system. */
  employeeName: string | null;
  siteCode: string;
}

export interface BillingRecord {
  atMs: number;
  amountCents: number;
  /** Last four digits only. */
  cardLastFour: string;
  /** `YYYY-MM`. */
  cardExpiry: string | null;
  /** False when the charge was declined (involuntary churn starts here). */
  approved: boolean;
}

export interface ModificationRecord {
  /** One of the nine vendor names, e.g. `Tag Added`. */
  name: string;
  atMs: number;
  comment: string | null;
}

export interface MembershipRecord {
  /** `<record>:<siteId>`. */
  id: string;
  customerId: string;
  /** Creation and billing site (a member signs up and bills at one site). */
  siteId: number;
  planIndex: number;
  planName: string;
  /** The plan's monthly price in cents. */
  priceCents: number;
  signUpMs: number;
  /** When the account stopped being active (cancelled or terminated after declines), or null. */
  endMs: number | null;
  /** Why it ended. */
  endReason: 'voluntary' | 'involuntary' | null;
  /** Every status the account went through, oldest first; the first is Active at sign-up. */
  statuses: StatusEvent[];
  billings: BillingRecord[];
  modifications: ModificationRecord[];
  tags: Array<{ id: string; number: string; enabled: boolean }>;
  vehicles: Array<{ id: string; plate: string | null }>;
  isOnTrial: boolean;
  trialAmountCents: number | null;
}

export interface WashbookRecord {
  id: string;
  customerId: string;
  siteId: number;
  name: string;
  /** Washes left as of the query's `asOfMs`; 999 for unlimited books. */
  balanceAt(asOfMs: number): number;
  signUpMs: number;
  cancelMs: number | null;
}

export interface GiftCardRecord {
  giftcardId: string;
  siteId: number;
  /** The card's printed number (also the `referenceNumber` of the tenders that redeem it). */
  number: string;
  valueCents: number;
  soldMs: number;
  /** Sum of the gift-card tenders that redeemed it up to `asOfMs`. */
  usedCentsAt(asOfMs: number): number;
}

export interface EmployeeRecord {
  employeeId: number;
  firstName: string;
  lastName: string;
  /** The name as transactions carry it in `employeeCashier` / `employeeGreeter`. */
  displayName: string;
  siteId: number;
  /** True for staff who ring sales (named on transactions); false for tunnel crew. */
  ringsSales: boolean;
  active: boolean;
  startDate: string;
  phone: string | null;
  email: string | null;
  /** Hourly rate in cents. */
  rateCents: number;
}

export interface ClockEntryRecord {
  employeeId: number;
  siteId: number;
  clockInMs: number | null;
  /** Null while the shift is still open. */
  clockOutMs: number | null;
  regularHours: number;
  overtimeHours: number;
  regularRateCents: number;
  overtimeRateCents: number;
  overtimeEligible: boolean;
  wasModified: boolean;
  modifiedMs: number | null;
  createdInBackOffice: boolean;
}

export interface SalesOutcomeRecord {
  atMs: number;
  employeeId: number;
  employeeName: string;
  siteId: number;
  converted: boolean;
  /** The plan offered (sku), its name and price in cents. */
  itemSku: string;
  itemName: string;
  priceCents: number;
  terminalName: string;
}

export interface ItemRecord {
  sku: string;
  name: string;
  /** The department as the response spells it. */
  department: string;
  priceCents: number;
  costCents: number | null;
  promptForPrice: boolean;
}

/** What the endpoint handlers read. Every method is deterministic for a seed and rates. */
export interface World {
  readonly rates: WorldRates;
  /**
   * Customers created at or before `asOfMs`. Addition: `createdFromMs` may leave out customers created before it,
   * without drawing them (the caller still filters on the creation time).
   */
  customers(sites: readonly ChainSite[], asOfMs: number, createdFromMs?: number): CustomerRecord[];
  /** `asOfMs` (addition) defaults to the simulator's clock. */
  customer(customerId: string, asOfMs?: number): CustomerRecord | undefined;
  /**
   * Accounts of these sites signed up at or before `asOfMs`. Addition: `signedUp` keeps only accounts signed up within
   * its inclusive bounds, without building the others (accounts are held in sign-up order). A record's lists
   * (statuses, billings, modifications, tags, vehicles) are worked out when first read.
   */
  memberships(sites: readonly ChainSite[], asOfMs: number, signedUp?: { fromMs: number; toMs: number }): MembershipRecord[];
  /**
   * Addition: accounts signed up at or before `asOfMs` that may have a status change after sign-up (or, for
   * 'modification', any modification) within the inclusive bounds, without building the others. May include accounts
   * whose changes fall outside: their records decide.
   */
  membershipsChangedWithin(
    sites: readonly ChainSite[],
    asOfMs: number,
    between: { fromMs: number; toMs: number },
    change: 'status' | 'modification',
  ): MembershipRecord[];
  /** `asOfMs` (addition) defaults to the simulator's clock. */
  membership(id: string, asOfMs?: number): MembershipRecord | undefined;
  /** Books sold at or before `asOfMs`; addition: `soldBetween` keeps only those sold within its inclusive bounds. */
  washbooks(sites: readonly ChainSite[], asOfMs: number, soldBetween?: { fromMs: number; toMs: number }): WashbookRecord[];
  /** `asOfMs` (addition) defaults to the simulator's clock. */
  washbook(id: string, asOfMs?: number): WashbookRecord | undefined;
  /** Cards sold at these sites within the inclusive bounds. */
  giftCards(sites: readonly ChainSite[], fromMs: number, toMs: number): GiftCardRecord[];
  items(site: ChainSite): ItemRecord[];
  employees(sites: readonly ChainSite[]): EmployeeRecord[];
  employee(employeeId: number): EmployeeRecord | undefined;
  /** Shifts that started within the inclusive bounds, oldest first; a shift running at `asOfMs` is open. */
  clockEntries(employeeId: number, fromMs: number, toMs: number, asOfMs: number): ClockEntryRecord[];
  salesOutcomes(sites: readonly ChainSite[], fromMs: number, toMs: number): SalesOutcomeRecord[];
}
