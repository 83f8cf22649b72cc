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
  StoredPage,
  WashbookRecord,
} from '@washops/store';

// Where the rows of an answer come from: the warehouse, or the Data API now. Both hand over the warehouse's records,
// so paging, masking and rendering are written once (resource-reads.ts).

export interface RowWindow {
  offset: number;
  limit: number;
}

export interface CustomerProfileRecords {
  customer: Omit<StoredCustomer, 'syncedAt' | 'detailSyncedAt'>;
  memberships: MembershipProfile[];
  washbooks: WashbookRecord[];
}

export interface ResourceSource {
  /** At most `cap` customers matching a name or phone digits. */
  searchCustomers(query: string, cap: number): Promise<CustomerRecord[]>;
  customerProfile(customerId: string): Promise<CustomerProfileRecords | null>;
  memberships(filter: { customerId?: string; status?: string; siteCode?: string }, window: RowWindow): Promise<StoredPage<StoredMembership>>;
  membership(membershipId: string): Promise<MembershipProfile | null>;
  statusChanges(range: { from: Date; to: Date }, siteCode: string | undefined): Promise<StatusChangeRecord[]>;
  washbooks(customerId: string | undefined): Promise<WashbookRecord[]>;
  giftCards(siteCode: string | undefined, window: RowWindow): Promise<StoredPage<GiftCardRecord> & { liability: GiftCardLiability[] }>;
  items(department: string | undefined): Promise<CatalogItemRecord[]>;
  clockShifts(query: { from: Date; to: Date; employeeId?: number; siteCode?: string }): Promise<ClockEntryResult>;
  salesOutcomes(
    query: { from: Date; to: Date; siteId?: number; employeeId?: string },
    window: RowWindow,
  ): Promise<StoredPage<SalesOutcomeRecord> & { byEmployee: EmployeeSalesOutcomes[] }>;
}

/** A page of rows already in memory. */
export function pageOf<T>(rows: readonly T[], window: RowWindow): StoredPage<T> {
  return { rows: rows.slice(window.offset, window.offset + window.limit), total: rows.length };
}
