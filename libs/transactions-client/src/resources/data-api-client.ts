/**
 * The whole Data API, one resource object per area. `transactions` is the seed's `TransactionsClient`, unchanged; every
 * other resource shares its transport, limiter, retries, error mapping, pagination and lifetime, so one API id has one
 * rate budget across every resource.
 */
import type { RequestOptions } from '../params.js';
import { TransactionsClient, type TransactionsClientOptions } from '../client.js';
import { REQUESTER } from '../internal/requester.js';
import { itemsResource, salesOutcomesResource, sitesResource } from './catalog.js';
import { customersResource } from './customers.js';
import { employeesResource } from './employees.js';
import { recurringResource } from './recurring.js';
import { giftCardsResource, washbooksResource } from './washbooks.js';
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
  GiftCard,
  GiftCardListParams,
  Item,
  ItemListParams,
  RecurringAccount,
  RecurringAccountDetail,
  RecurringAccountListParams,
  RecurringAccountModifications,
  RecurringDetailsListParams,
  RecurringModificationParams,
  RecurringStatusChange,
  RecurringStatusChangeParams,
  SalesOutcome,
  SalesOutcomeParams,
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

export class DataApiClient implements AsyncDisposable {
  /** The seed's transaction client; its budget (`transactions.budget`) is the one every resource waits for. */
  readonly transactions: TransactionsClient;
  readonly customers: CustomersResource;
  readonly recurring: RecurringResource;
  readonly washbooks: WashbooksResource;
  readonly giftCards: ListResource<GiftCardListParams, GiftCard>;
  readonly items: ListResource<ItemListParams, Item>;
  readonly employees: EmployeesResource;
  readonly salesOutcomes: ListResource<SalesOutcomeParams, SalesOutcome>;
  readonly sites: SitesResource;

  /** The same options as `TransactionsClient` (a `RateLimiter` or `RequestBudget` there is shared here too). */
  constructor(options: TransactionsClientOptions) {
    this.transactions = new TransactionsClient(options);
    const requester = this.transactions[REQUESTER];
    this.customers = customersResource(requester);
    this.recurring = recurringResource(requester);
    this.washbooks = washbooksResource(requester);
    this.giftCards = giftCardsResource(requester);
    this.items = itemsResource(requester);
    this.employees = employeesResource(requester);
    this.salesOutcomes = salesOutcomesResource(requester);
    this.sites = sitesResource(this.transactions);
  }

  /** Aborts everything in flight on every resource (it rejects with an `APIError`) and refuses new calls. */
  async close(): Promise<void> {
    await this.transactions.close();
  }

  get closed(): boolean {
    return this.transactions.closed;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}
