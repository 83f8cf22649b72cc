import type { SyncUnitState } from '../constants.js';

// The Data API's other resources as the warehouse keeps them. The store knows no client: the operations layer maps the
// client's models to these. Money is integer cents; times are UTC `Date`s; windows are inclusive UTC days.

/** Every resource the sync keeps, each with its own ledger rows. */
export const DATA_API_RESOURCES = [
  'sites',
  'customers',
  'memberships',
  'membership-modifications',
  'status-changes',
  'washbooks',
  'gift-cards',
  'items',
  'employees',
  'clock-entries',
  'sales-outcomes',
] as const;
export type DataApiResource = (typeof DATA_API_RESOURCES)[number];

/** Resources replaced whole on each sync: their ledger's window is the day the refresh ran. */
export const FULL_REFRESH_RESOURCES: readonly DataApiResource[] = ['sites', 'items', 'employees'];

export interface CustomerRecord {
  customerId: string;
  number: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  isActive: boolean;
  createdAt: Date | null;
  modifiedAt: Date | null;
}

/** The customer's own record: contact details the list does not carry. */
export interface CustomerContact {
  customerId: string;
  email: string | null;
  companyName: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  postalCode: string | null;
  birthDate: string | null;
  allowSms: boolean;
  isActive: boolean;
}

export interface StoredCustomer extends CustomerRecord, Omit<CustomerContact, 'customerId' | 'allowSms' | 'isActive'> {
  allowSms: boolean | null;
  /** When the contact details were last read; null: never. */
  detailSyncedAt: Date | null;
  syncedAt: Date;
}

/** A recurring account as the account list gives it. */
export interface MembershipSummary {
  id: string;
  customerId: string | null;
  name: string | null;
  signUpAt: Date;
  cancelAt: Date | null;
  billingSiteId: number;
  billingSiteCode: string | null;
  status: number;
  statusName: string;
}

export interface MembershipStatusEntry {
  status: string;
  at: Date;
}

export interface MembershipBilling {
  amountCents: number;
  at: Date;
  /** Only ever the last four digits. */
  cardLastFour: string | null;
  cardExpiry: string | null;
}

export interface AccountTagRecord {
  tagId: string;
  number: string;
  enabled: boolean;
}

export interface AccountVehicleRecord {
  vehicleId: string;
  plate: string | null;
}

/** A recurring account as its detail gives it (details list, modifications list). */
export interface MembershipDetail {
  id: string;
  customerId: string | null;
  planName: string;
  statusName: string;
  billingSiteCode: string | null;
  creationSiteCode: string | null;
  isOnTrial: boolean;
  trialAmountCents: number | null;
  billingAmountCents: number | null;
  additionalTagPriceCents: number | null;
  nextBillAt: Date | null;
  lastBillAt: Date | null;
  isSuspended: boolean;
  suspendedUntil: Date | null;
  statuses: MembershipStatusEntry[];
  billings: MembershipBilling[];
  tags: AccountTagRecord[];
  vehicles: AccountVehicleRecord[];
}

export interface MembershipModification {
  membershipId: string;
  type: string;
  at: Date;
  comment: string | null;
}

export interface StatusChangeRecord {
  membershipId: string;
  washbookAccountId: string | null;
  oldStatus: string | null;
  newStatus: string;
  at: Date;
  employeeName: string | null;
  siteCode: string | null;
}

/** A membership with everything the warehouse knows of it; summary or detail fields are null until that source was read. */
export interface StoredMembership {
  id: string;
  customerId: string | null;
  name: string | null;
  planName: string | null;
  status: number | null;
  statusName: string | null;
  signUpAt: Date | null;
  cancelAt: Date | null;
  billingSiteId: number | null;
  billingSiteCode: string | null;
  creationSiteCode: string | null;
  isOnTrial: boolean | null;
  trialAmountCents: number | null;
  billingAmountCents: number | null;
  additionalTagPriceCents: number | null;
  nextBillAt: Date | null;
  lastBillAt: Date | null;
  isSuspended: boolean | null;
  suspendedUntil: Date | null;
  detailSyncedAt: Date | null;
  syncedAt: Date;
}

export interface WashbookRecord {
  id: string;
  customerId: string | null;
  name: string | null;
  /** Washes left; null when `unlimited`. */
  balance: number | null;
  unlimited: boolean;
  signUpAt: Date;
  cancelAt: Date | null;
  billingSiteId: number;
  status: string;
}

export interface GiftCardRecord {
  giftcardId: string;
  siteCode: string | null;
  soldAt: Date | null;
  number: string;
  valueCents: number;
  usedCents: number;
}

export interface CatalogItemRecord {
  sku: string;
  /** `''` when the vendor names no site. */
  siteLocation: string;
  name: string;
  departmentName: string;
  priceCents: number;
  costCents: number | null;
  isPromptForPrice: boolean;
}

export interface EmployeeRecord {
  employeeId: number;
  firstName: string;
  lastName: string;
  /** From the employee's own record; null when it was not read. */
  active: boolean | null;
  startDate: string | null;
  phone: string | null;
  email: string | null;
}

export interface ClockEntryRecord {
  employeeId: number;
  week: string;
  clockIn: Date | null;
  /** Null while the shift is open. */
  clockOut: Date | null;
  regularRateCents: number;
  regularHours: number;
  overtimeEligible: boolean;
  overtimeRateCents: number;
  overtimeHours: number;
  wasModified: boolean;
  modifiedAt: Date | null;
  createdInBackOffice: boolean;
  siteCode: string | null;
}

export interface SalesOutcomeRecord {
  at: Date;
  employeeId: string;
  adpId: string | null;
  employeeName: string;
  siteId: number;
  site: string;
  isConverted: boolean;
  itemId: string | null;
  itemName: string | null;
  itemPriceCents: number | null;
  terminalName: string;
}

/** One ledger row's key. */
export interface ResourceWindowKey {
  resource: DataApiResource;
  /** An employee's id for clock entries; `''` (or omitted) otherwise. */
  scope?: string;
  /** Inclusive UTC days, `YYYY-MM-DD`. */
  windowStart: string;
  windowEnd: string;
}

/**
 * Everything one window's sync fetched, written with its ledger row in one database transaction. Each part present is
 * applied: lists are upserted by key; `items` and `employees` replace their tables whole; clock entries replace the
 * employee's window; sales outcomes replace the window's days.
 */
export interface ResourceWindowData {
  vendorTotal: number | null;
  customers?: CustomerRecord[];
  customerContacts?: CustomerContact[];
  memberships?: MembershipSummary[];
  membershipDetails?: MembershipDetail[];
  modifications?: MembershipModification[];
  statusChanges?: StatusChangeRecord[];
  washbooks?: WashbookRecord[];
  giftCards?: GiftCardRecord[];
  items?: CatalogItemRecord[];
  employees?: EmployeeRecord[];
  clockEntries?: ClockEntryRecord[];
  salesOutcomes?: SalesOutcomeRecord[];
}

export interface ResourceWindow extends Required<ResourceWindowKey> {
  state: SyncUnitState;
  records: number | null;
  vendorTotal: number | null;
  syncedAt: Date | null;
  attempts: number;
  error: string | null;
  errorCode: string | null;
  updatedAt: Date;
}

export interface ResourceWindowFilter {
  resource?: DataApiResource;
  /** Windows overlapping these inclusive days. */
  from?: string;
  to?: string;
  states?: readonly SyncUnitState[];
}

/** How much of a range of days the warehouse holds for a resource. */
export interface ResourceCoverage {
  resource: DataApiResource;
  /** Every day of the range (for every employee, for clock entries) lies in a window synced whole. */
  complete: boolean;
  /** The oldest `syncedAt` of the windows covering the range (the newest refresh for a full-refresh resource); null when not complete. */
  syncedAt: Date | null;
  /** Days of the range no synced window covers (for any scope), at most 200. */
  missingDays: string[];
}
