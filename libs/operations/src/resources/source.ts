import type {
  CatalogItemRecord,
  ClockEntryResult,
  CustomerRecord,
  EmployeeSalesOutcomes,
  GiftCardLiability,
  GiftCardRecord,
  MembershipProfile,
  SalesOutcomeRecord,
  StatusChangeRecord,
  StoredCustomer,
  StoredMembership,
  WashbookRecord,
} from '@washops/store';

// Where the rows of an answer come from: the warehouse, or the Data API now. Both hand over the warehouse's records,
// so paging, masking and rendering are written once (resource-reads.ts).

/** One page of rows and the count of all; `null` when a live read stopped before it could count them. */
export interface SourcePage<T> {
  rows: T[];
  total: number | null;
}

export interface RowWindow {
  offset: number;
  limit: number;
}

export interface CustomerProfileRecords {
  customer: Omit<StoredCustomer, 'syncedAt' | 'detailSyncedAt'>;
  memberships: MembershipProfile[];
  washbooks: WashbookRecord[];
}

export interface ResourceRowSource {
  /** At most `cap` customers matching a name or phone digits. */
  searchCustomers(query: string, cap: number): Promise<CustomerRecord[]>;
  customerProfile(customerId: string): Promise<CustomerProfileRecords | null>;
  memberships(filter: { customerId?: string; status?: string; siteCode?: string }, window: RowWindow): Promise<SourcePage<StoredMembership>>;
  membership(membershipId: string): Promise<MembershipProfile | null>;
  statusChanges(range: { from: Date; to: Date }, siteCode: string | undefined): Promise<StatusChangeRecord[]>;
  washbooks(customerId: string | undefined): Promise<WashbookRecord[]>;
  giftCards(siteCode: string | undefined, window: RowWindow): Promise<SourcePage<GiftCardRecord> & { liability: GiftCardLiability[] }>;
  items(department: string | undefined): Promise<CatalogItemRecord[]>;
  clockShifts(query: { from: Date; to: Date; employeeId?: number; siteCode?: string }): Promise<ClockEntryResult>;
  salesOutcomes(
    query: { from: Date; to: Date; siteId?: number; employeeId?: string },
    window: RowWindow,
  ): Promise<SourcePage<SalesOutcomeRecord> & { byEmployee: EmployeeSalesOutcomes[] }>;
}

/** A page of rows already in memory. */
export function pageOf<T>(rows: readonly T[], window: RowWindow): SourcePage<T> {
  return { rows: rows.slice(window.offset, window.offset + window.limit), total: rows.length };
}
