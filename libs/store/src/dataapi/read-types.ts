import type {
  AccountTagRecord,
  AccountVehicleRecord,
  CatalogItemRecord,
  ClockEntryRecord,
  EmployeeRecord,
  GiftCardRecord,
  MembershipBilling,
  MembershipModification,
  MembershipStatusEntry,
  StatusChangeRecord,
  StoredCustomer,
  StoredMembership,
  WashbookRecord,
} from './types.js';

/** A membership with its lists, as a customer's page shows it. */
export interface MembershipProfile extends StoredMembership {
  statuses: MembershipStatusEntry[];
  billings: MembershipBilling[];
  tags: AccountTagRecord[];
  vehicles: AccountVehicleRecord[];
  modifications: Omit<MembershipModification, 'membershipId'>[];
  statusChanges: Omit<StatusChangeRecord, 'membershipId'>[];
}

export interface CustomerProfile {
  customer: StoredCustomer;
  memberships: MembershipProfile[];
  washbooks: WashbookRecord[];
}

export interface CustomerSearch {
  /** A name (each word matches a first or last name) or a phone number (digits only count; 4 or more). */
  query: string;
  /** 1–100, default 20. */
  limit?: number;
}

export interface StatusChangeQuery {
  /** Inclusive UTC bounds. */
  from: Date;
  to: Date;
  siteCode?: string;
}

export interface ClockEntryQuery {
  /** Shifts clocked in within these inclusive UTC bounds (open shifts without a clock-in are left out). */
  from: Date;
  to: Date;
  employeeId?: number;
  siteCode?: string;
}

export interface ClockShift extends ClockEntryRecord {
  employeeName: string | null;
  /** No clock-out yet. */
  open: boolean;
}

export interface ClockEntryResult {
  shifts: ClockShift[];
  openShifts: number;
  regularHours: number;
  overtimeHours: number;
}

export interface GiftCardLiability {
  siteCode: string | null;
  cards: number;
  valueCents: number;
  usedCents: number;
  /** Value not yet used: what the chain owes its card holders. */
  outstandingCents: number;
}

export interface SalesOutcomeQuery {
  from: Date;
  to: Date;
  siteId?: number;
}

export interface EmployeeSalesOutcomes {
  employeeId: string;
  employeeName: string;
  offers: number;
  converted: number;
}

export type { CatalogItemRecord, EmployeeRecord, GiftCardRecord };
