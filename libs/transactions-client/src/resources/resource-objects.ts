/** What each resource object of `DataApiClient` offers (its own file, so the resources and the client both import it). */
import type { RequestOptions } from '../params.js';
import type { DataApiSite } from '../models.js';
import type {
  ClockEntry,
  ClockEntryParams,
  Customer,
  CustomerListItem,
  CustomerListParams,
  DataApiPage,
  Employee,
  EmployeeListItem,
  RecurringAccount,
  RecurringAccountDetail,
  RecurringAccountListParams,
  RecurringAccountModifications,
  RecurringDetailsListParams,
  RecurringModificationParams,
  RecurringStatusChange,
  RecurringStatusChangeParams,
  WashbookAccount,
  WashbookAccountDetail,
  WashbookListParams,
} from './types.js';

/** A paginated list: every row (`list`) or page by page (`listPages`); params are checked before any request. */
export interface ListResource<P, T> {
  list(params?: P, options?: RequestOptions): Promise<T[]>;
  listPages(params?: P, options?: RequestOptions): AsyncIterable<DataApiPage<T>>;
}

export interface CustomersResource extends ListResource<CustomerListParams, CustomerListItem> {
  /** `GET /customer/{id}`; `NotFoundError` when there is none. */
  get(customerId: string, options?: RequestOptions): Promise<Customer>;
}

export interface RecurringResource extends ListResource<RecurringAccountListParams, RecurringAccount> {
  get(accountId: string, options?: RequestOptions): Promise<RecurringAccountDetail>;
  listDetails(params?: RecurringDetailsListParams, options?: RequestOptions): Promise<RecurringAccountDetail[]>;
  listDetailsPages(params?: RecurringDetailsListParams, options?: RequestOptions): AsyncIterable<DataApiPage<RecurringAccountDetail>>;
  listStatusChanges(params?: RecurringStatusChangeParams, options?: RequestOptions): Promise<RecurringStatusChange[]>;
  listStatusChangesPages(params?: RecurringStatusChangeParams, options?: RequestOptions): AsyncIterable<DataApiPage<RecurringStatusChange>>;
  listModifications(params?: RecurringModificationParams, options?: RequestOptions): Promise<RecurringAccountModifications[]>;
  listModificationsPages(
    params?: RecurringModificationParams,
    options?: RequestOptions,
  ): AsyncIterable<DataApiPage<RecurringAccountModifications>>;
}

export interface WashbooksResource extends ListResource<WashbookListParams, WashbookAccount> {
  get(accountId: string, options?: RequestOptions): Promise<WashbookAccountDetail>;
}

export interface EmployeesResource extends ListResource<Record<string, never>, EmployeeListItem> {
  get(employeeId: number | string, options?: RequestOptions): Promise<Employee>;
  /** Every entry in the range, asked for in chunks of at most 14 days, weeks flattened, filtered by `siteCode`. */
  clockEntries(employeeId: number | string, params: ClockEntryParams, options?: RequestOptions): Promise<ClockEntry[]>;
}

export interface SitesResource {
  list(options?: RequestOptions): Promise<DataApiSite[]>;
}
