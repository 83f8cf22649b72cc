/**
 * The models the `DataApiClient` resources return, after the zod schemas in `./models/` have absorbed the live API's
 * quirks (contract §6, §9): numbers as numbers, `""` as `null`, camelCase keys, ISO dates, card numbers cut to their
 * last four digits. Money is in dollars, as the API sends it (like the transaction models).
 */

/** One page of any Data API list, as the client fetched it. */
export interface DataApiPage<T> {
  /** The page number (the API's `offset`), from 1. */
  page: number;
  rows: T[];
  /** Rows the query matches, as the API reports it; `null` when it sends none. */
  total: number | null;
  /** Pages the query spans at this page size; `null` when `total` is. */
  pageCount: number | null;
  /** The page size the client asked for. */
  pageSize: number;
  last: boolean;
}

/** A calendar date as `YYYY-MM-DD`, or a `Date` (its UTC date). */
export type DateOnlyInput = string | Date;

// ---- Customers ----------------------------------------------------------------------------------------------------

export interface CustomerListItem {
  /** `<record>:<site>`, e.g. `5012:1001`. */
  customerId: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  customerNumber: string | null;
  isActive: boolean;
  /** ISO 8601 (see `vendorDateTime`). */
  createdDate: string;
  /** Null live for records never modified. */
  modifiedDate: string | null;
}

export interface CustomerAddress {
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  postalCode: string | null;
}

export interface Customer {
  id: string;
  number: string | null;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  loyaltyNumber: string | null;
  address: CustomerAddress;
  phone: string | null;
  email: string | null;
  birthDate: string | null;
  isActive: boolean;
  allowSms: boolean;
  recurringSmsSignupDate: string | null;
  loyaltySmsSignupDate: string | null;
  modifyDate: string | null;
}

export interface CustomerListParams {
  firstName?: string;
  lastName?: string;
  status?: 'active' | 'inactive';
  /** 10 or 11 digits (a leading 1 is tolerated); punctuation such as `(312) 555-0101` is stripped first. */
  phoneNumber?: string;
  /** Created on or after (`YYYY-MM-DD`, not after today). */
  startDate?: DateOnlyInput;
  /** Modified on or before (`YYYY-MM-DD`); records never modified are included. */
  endDate?: DateOnlyInput;
}

// ---- Recurring accounts (memberships) -----------------------------------------------------------------------------

/** `recurringAccountStatus` 1–15 (the vendor's enum; see `RECURRING_STATUS_NAMES`). */
export type RecurringStatusCode = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15;

export interface RecurringAccount {
  id: string;
  name: string | null;
  signUpDate: string;
  cancelDate: string | null;
  billingSiteId: number;
  billingSiteCode: string | null;
  customerId: string | null;
  status: number;
  statusName: string;
}

export interface AccountTag {
  id: string;
  number: string;
  enabled: boolean;
}

export interface AccountVehicle {
  id: string;
  plate: string | null;
}

export interface AccountCustomer {
  id: string | null;
  number: string | null;
  firstName: string | null;
  lastName: string | null;
}

export interface RecurringStatusEntry {
  status: 'Active' | 'Canceled' | 'Suspended' | (string & {});
  date: string;
}

export interface RecurringBilling {
  amountCharged: number;
  date: string;
  /** Only the last four digits of the card, e.g. `0572` (the API sends `XXXXXXXXXXXX0572` as `lastFourCC`). */
  cardLastFour: string | null;
  creditCardExpirationDate: string | null;
}

export interface RecurringAccountDetail {
  id: string;
  isOnTrial: boolean;
  trialAmount: number | null;
  billingSiteCode: string | null;
  creationSiteCode: string | null;
  nextBillDate: string | null;
  tags: AccountTag[];
  vehicles: AccountVehicle[];
  lastBillDate: string | null;
  billingAmount: number | null;
  isSuspended: boolean;
  suspendedUntil: string | null;
  currentRecurringStatusName: string;
  planName: string;
  customer: AccountCustomer;
  recurringStatuses: RecurringStatusEntry[];
  recurringBillings: RecurringBilling[];
  additionalTagPrice: number | null;
}

export interface RecurringStatusChange {
  washbookAccountId: string;
  recurringId: string;
  oldStatus: string | null;
  newStatus: string;
  statusDate: string;
  employeeName: string | null;
  siteCode: string | null;
}

export interface RecurringModification {
  /** Live key `name` (the document says `modificationType`). */
  type: string;
  /** Live key `date`. */
  date: string;
  /** Live key `comment`. */
  comment: string | null;
}

export interface RecurringAccountModifications extends RecurringAccountDetail {
  modifications: RecurringModification[];
}

interface UnixRange {
  /** Unix seconds, ISO date or `Date`, as for the transaction lists. */
  startDate?: string | number | Date;
  endDate?: string | number | Date;
}

export interface RecurringAccountListParams extends UnixRange {
  status?: RecurringStatusCode;
  customerId?: string;
  itemId?: string;
}

export interface RecurringDetailsListParams extends UnixRange {
  status?: RecurringStatusCode;
}

export interface RecurringStatusChangeParams extends UnixRange {
  status?: RecurringStatusCode;
  /** 100–1000 (the endpoint's own range); default 1000. */
  pageSize?: number;
}

export interface RecurringModificationParams extends UnixRange {
  /** 1–7 (the document's enum). */
  modification?: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  /** Site codes (sent comma-separated as `sites`). */
  sites?: string[];
}

// ---- Washbooks, gift cards, items ---------------------------------------------------------------------------------

export interface WashbookAccount {
  id: string;
  name: string | null;
  /** Washes left; `null` when `unlimited`. */
  balance: number | null;
  /** The API's balance of 900 or more means unlimited. */
  unlimited: boolean;
  signUpDate: string;
  cancelDate: string | null;
  billingSiteId: number;
  customerId: string | null;
  status: 'Active' | 'Inactive' | (string & {});
}

export interface WashbookAccountDetail {
  id: string;
  name: string | null;
  balance: number | null;
  unlimited: boolean;
  customer: AccountCustomer;
  status: string;
  recurringInfo: {
    currentBillableAmount: number | null;
    nextBillDate: string | null;
    lastBillDate: string | null;
    isOnTrial: boolean;
    remainingTrialPeriods: number | null;
  } | null;
  tags: AccountTag[];
  vehicles: AccountVehicle[];
}

export interface WashbookListParams extends UnixRange {
  status?: 'active' | 'inactive';
  customerId?: string;
  itemId?: string;
}

export interface GiftCard {
  giftcardId: string;
  siteCode: string | null;
  /** When it was sold; null live on some cards. */
  completeDate: string | null;
  /** The card's number (a prepaid number, not payment-card data). */
  number: string;
  value: number;
  amountUsed: number;
}

export interface GiftCardListParams extends UnixRange {
  prepaidNumber?: string;
  site?: string;
}

export interface Item {
  sku: string;
  name: string;
  /** As the response spells it (`Recurring Plan`, `Add On`, `Promotion/Coupon`…). */
  departmentName: string;
  priceAtSite: number;
  costPerItem: number | null;
  isPromptForPrice: boolean;
  siteLocation: string | null;
}

/** The request enum of `departmentName` (spelled differently from the response's). */
export type ItemDepartmentFilter =
  | 'Wash' | 'Detail' | 'Service' | 'Merchandise' | 'Discount' | 'GiftCard' | 'WashBook' | 'Recurring_Plan' | 'Add_On'
  | 'Vacuum_sales' | 'Prepaid_Wash' | 'Prepaid_vacuum' | 'food' | 'beverage' | 'recipe';

export interface ItemListParams {
  departmentName?: ItemDepartmentFilter;
}

// ---- Employees and the time clock ---------------------------------------------------------------------------------

export interface EmployeeListItem {
  employeeId: number;
  firstName: string;
  lastName: string;
}

export interface Employee {
  employeeId: number;
  firstName: string;
  lastName: string;
  active: boolean;
  startDate: string | null;
  startDateChange: string | null;
  phone: string | null;
  email: string | null;
}

export interface ClockEntry {
  employeeId: number;
  /** The vendor's week label, e.g. `2021-01-08 - 2021-01-14`. */
  week: string;
  clockIn: string | null;
  /** Null while the shift is open. */
  clockOut: string | null;
  regularRate: number;
  regularHours: number;
  overtimeEligible: boolean;
  overtimeRate: number;
  overtimeHours: number;
  wasModified: boolean;
  modificationTimestamp: string | null;
  wasCreatedInBackOffice: boolean;
  siteCode: string | null;
}

export interface ClockEntryParams {
  /** Inclusive calendar dates; any length: the client asks in chunks of at most 14 days. */
  startDate: DateOnlyInput;
  endDate: DateOnlyInput;
  /** Keep only entries of this site (the header may not filter clock entries, so the client filters too). */
  siteCode?: string;
}

// ---- Sales outcomes -----------------------------------------------------------------------------------------------

export interface SalesOutcome {
  /** ISO 8601 (the API sends Unix seconds as a string). */
  timestamp: string;
  employeeId: string;
  adpId: string | null;
  employeeName: string;
  siteId: number;
  site: string;
  isConverted: boolean;
  itemId: string | null;
  itemName: string | null;
  itemPrice: number | null;
  terminalName: string | null;
}

export interface SalesOutcomeParams {
  startDate: DateOnlyInput;
  endDate: DateOnlyInput;
  /** 1–500; default 500. */
  pageSize?: number;
}
