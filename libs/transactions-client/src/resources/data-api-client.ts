/**
 * The whole Data API, one resource object per area. `transactions` is the seed's `TransactionsClient`, unchanged; every
 * other resource shares its transport, limiter, retries, error mapping, pagination and lifetime, so one API id has one
 * rate budget across every resource.
 */
import { TransactionsClient, type TransactionsClientOptions } from '../client.js';
import { REQUESTER } from '../internal/requester.js';
import { itemsResource, salesOutcomesResource, sitesResource } from './catalog.js';
import { customersResource } from './customers.js';
import { employeesResource } from './employees.js';
import { recurringResource } from './recurring.js';
import { giftCardsResource, washbooksResource } from './washbooks.js';
import type { CustomersResource, EmployeesResource, ListResource, RecurringResource, SitesResource, WashbooksResource } from './resource-objects.js';
import type { GiftCard, GiftCardListParams, Item, ItemListParams, SalesOutcome, SalesOutcomeParams } from './types.js';

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
