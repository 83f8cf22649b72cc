import type { DataApiResource, Store } from '@washops/store';
import type { DataApiClient } from '@washops/transactions-client';
import type { Actor } from '../actor.js';
import type { OperationsLogger } from '../audited-write.js';
import type { LiveReadProgressListener } from './live-progress.js';
import type { CustomerContactView } from './masking.js';
import type {
  ListClockEntriesInput,
  ListGiftCardsInput,
  ListItemsInput,
  ListMembershipsInput,
  ListSalesOutcomesInput,
  ListStatusChangesInput,
  ListWashbooksInput,
  SearchCustomersInput,
} from './schemas.js';

// What the resource reads answer: JSON-safe (times as UTC ISO strings, money in integer cents), the same for the
// portal and the MCP tools.

/** Where an answer comes from: the warehouse (and how fresh it is) or the Data API now (and why). */
export interface Freshness {
  source: 'warehouse' | 'live';
  resource: DataApiResource;
  /** Warehouse: the oldest sync of what the answer covers; null from the live API. */
  syncedAt: string | null;
  /** Live: when it was fetched; null from the warehouse. */
  fetchedAt: string | null;
  /** The days asked about, for a dated read; for a warehouse read without one, the days its synced windows span (gift cards sold, customers created, …). */
  range: { from: string; to: string } | null;
  /** Days of the range the warehouse has not synced (why the answer is live), at most 200. */
  missingDays: string[];
  /** One sentence to quote with the answer: "From the warehouse, synced at …" or "Live from the Data API: … not synced". */
  note: string;
}

/** A page of rows with the count of all. */
export interface ResourcePage<T> {
  rows: T[];
  page: number;
  pageSize: number;
  /** Rows matching (all pages); null when not known (the Data API sent none, or a search stopped at its cap). */
  total: number | null;
  pageCount: number | null;
  freshness: Freshness;
}

export interface CustomerSummary {
  customerId: string;
  number: string | null;
  firstName: string | null;
  lastName: string | null;
  /** Masked unless personal data is allowed. */
  phone: string | null;
  isActive: boolean;
  createdAt: string | null;
  modifiedAt: string | null;
}

export interface MembershipStatusView {
  status: string;
  at: string;
}

export interface MembershipView {
  id: string;
  customerId: string | null;
  name: string | null;
  planName: string | null;
  statusName: string | null;
  signUpAt: string | null;
  cancelAt: string | null;
  billingSiteCode: string | null;
  creationSiteCode: string | null;
  billingAmountCents: number | null;
  isOnTrial: boolean | null;
  isSuspended: boolean | null;
  nextBillAt: string | null;
  lastBillAt: string | null;
}

export interface MembershipProfileView extends MembershipView {
  statuses: MembershipStatusView[];
  /** Each charge with the card's last four digits only. */
  billings: Array<{ amountCents: number; at: string; cardLastFour: string | null }>;
  tags: Array<{ number: string; enabled: boolean }>;
  vehicles: Array<{ plate: string | null }>;
  statusChanges: Array<{ oldStatus: string | null; newStatus: string; at: string; employeeName: string | null; siteCode: string | null }>;
  modifications: Array<{ type: string; at: string; comment: string | null }>;
}

export interface WashbookView {
  id: string;
  customerId: string | null;
  name: string | null;
  /** Washes left; null when unlimited. */
  balance: number | null;
  unlimited: boolean;
  status: string;
  signUpAt: string;
  cancelAt: string | null;
  billingSiteId: number;
}

export interface CustomerTransactionView {
  id: string;
  number: number;
  siteCode: string;
  completedAt: string;
  type: string;
  totalCents: number;
  vehicleLicensePlate: string | null;
  recurringRedemption: boolean;
}

export interface CustomerProfileView {
  customer: CustomerSummary & { contact: CustomerContactView; companyName: string | null; allowSms: boolean | null };
  memberships: MembershipProfileView[];
  washbooks: WashbookView[];
  /** Newest first, from the transactions warehouse (empty when it holds none of theirs). */
  lastTransactions: CustomerTransactionView[];
  freshness: Freshness;
}

export interface StatusChangeView {
  membershipId: string;
  washbookAccountId: string | null;
  oldStatus: string | null;
  newStatus: string;
  at: string;
  employeeName: string | null;
  siteCode: string | null;
}

export interface GiftCardView {
  giftcardId: string;
  siteCode: string | null;
  soldAt: string | null;
  number: string;
  valueCents: number;
  usedCents: number;
  outstandingCents: number;
}

export interface GiftCardLiabilityView {
  siteCode: string | null;
  cards: number;
  valueCents: number;
  usedCents: number;
  outstandingCents: number;
}

export interface GiftCardPage extends ResourcePage<GiftCardView> {
  /** Per site, over every card (not only this page). */
  liability: GiftCardLiabilityView[];
  totalOutstandingCents: number;
}

export interface ItemView {
  sku: string;
  name: string;
  departmentName: string;
  siteLocation: string | null;
  priceCents: number;
  costCents: number | null;
  isPromptForPrice: boolean;
}

export interface ShiftView {
  employeeId: number;
  employeeName: string | null;
  siteCode: string | null;
  clockIn: string | null;
  clockOut: string | null;
  /** No clock-out yet. */
  open: boolean;
  regularHours: number;
  overtimeHours: number;
  regularRateCents: number;
  overtimeRateCents: number;
  wasModified: boolean;
}

export interface ClockEntryPage extends ResourcePage<ShiftView> {
  /** Over every shift of the range (not only this page). */
  openShifts: number;
  regularHours: number;
  overtimeHours: number;
}

export interface SalesOutcomeView {
  at: string;
  employeeId: string;
  employeeName: string;
  siteId: number;
  site: string;
  isConverted: boolean;
  itemName: string | null;
  itemPriceCents: number | null;
  terminalName: string;
}

export interface EmployeeOutcomesView {
  employeeId: string;
  employeeName: string;
  offers: number;
  conversions: number;
  /** conversions ÷ offers; null with no offer. */
  conversionRate: number | null;
}

export interface SalesOutcomePage extends ResourcePage<SalesOutcomeView> {
  /** Per employee, over the whole range. */
  byEmployee: EmployeeOutcomesView[];
}

export interface ResourceReadOptions {
  signal?: AbortSignal;
  /** Told after each Data API read (a page, a record) of a live answer; never for an answer from the warehouse. */
  onProgress?: LiveReadProgressListener;
}

export interface ResourceReadsDeps {
  store: Store;
  /** The live Data API for what the warehouse has not synced; without it such a read is refused, saying what to sync. */
  dataApi?: DataApiClient | undefined;
  /** Contact details unmasked in every answer (the MCP server's `--allow-personal-data`); default masked. */
  showPersonalData?: boolean;
  logger?: OperationsLogger | undefined;
  now?: () => Date;
}

/** The reads of the Data API's resources the portal and the MCP server share (README, "Resource reads"). */
export interface ResourceReads {
  searchCustomers(input: SearchCustomersInput, options?: ResourceReadOptions): Promise<ResourcePage<CustomerSummary>>;
  getCustomer(customerId: string, options?: ResourceReadOptions): Promise<CustomerProfileView>;
  listMemberships(input: ListMembershipsInput, options?: ResourceReadOptions): Promise<ResourcePage<MembershipView>>;
  getMembership(membershipId: string, options?: ResourceReadOptions): Promise<MembershipProfileView & { freshness: Freshness }>;
  listMembershipStatusChanges(input: ListStatusChangesInput, options?: ResourceReadOptions): Promise<ResourcePage<StatusChangeView>>;
  listWashbooks(input: ListWashbooksInput, options?: ResourceReadOptions): Promise<ResourcePage<WashbookView>>;
  listGiftCards(input: ListGiftCardsInput, options?: ResourceReadOptions): Promise<GiftCardPage>;
  listItems(input: ListItemsInput, options?: ResourceReadOptions): Promise<ResourcePage<ItemView>>;
  listClockEntries(input: ListClockEntriesInput, options?: ResourceReadOptions): Promise<ClockEntryPage>;
  listSalesOutcomes(input: ListSalesOutcomesInput, options?: ResourceReadOptions): Promise<SalesOutcomePage>;
  /** A customer's contact details unmasked, recorded in the audit log as `customer.reveal_contact` (who, which customer; never the values). */
  revealCustomerContact(actor: Actor, customerId: string, options?: ResourceReadOptions): Promise<CustomerContactView>;
}
