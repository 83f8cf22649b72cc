import type { ActorOperations, BackofficeReads, BulkChanges, Kpis, Reports, ResourceReads, SyncStatus, SyncStatusQuery } from '@washops/operations';
import type { AuditQueries, WarehouseQueries } from '@washops/store';
import type { TransactionsClient } from '@washops/transactions-client';
import { InternalError } from '@washops/shared-errors';

/** What the audit tool reads: pages of events, newest first. */
export type AuditReads = Pick<AuditQueries, 'list'>;

/** The transactions warehouse: its reads, and the sync's status (ledger, switch, shared request budget). */
export interface WarehouseServices {
  queries: Pick<WarehouseQueries, 'coverage' | 'listTransactions'>;
  status(query: SyncStatusQuery): Promise<SyncStatus>;
}

/**
 * What the tools call. Each is present only when its area is configured (or in demo mode); tools of a
 * missing area are not registered at all.
 */
export interface ToolServices {
  /** The Back Office reads; its writes go through `operations` only. */
  backoffice?: BackofficeReads;
  /** The audited writes, bound to the caller: `stdio`, or the name of the HTTP request's token. */
  operations?: ActorOperations;
  audit?: AuditReads;
  transactions?: TransactionsClient;
  /** Bulk onboarding and offboarding; a run is recorded as `operations.actor` and writes through the audited operations. */
  bulk?: BulkChanges;
  /** The warehouse's tools: read-only, from the database the sync fills. */
  warehouse?: WarehouseServices;
  /** The reports over the warehouse: with the warehouse's tools and the Back Office's site tree (sites and regions). */
  reports?: Reports;
  /** The operator's numbers (cars, sales, memberships, churn, cohorts, labor) over the same warehouse, resolving sites as the reports do. */
  kpis?: Kpis;
  /** Customers, memberships, washbooks, gift cards, items, the time clock and sales outcomes: the warehouse's, or live where it has not synced. */
  resources?: ResourceReads;
}

function required<T>(service: T | undefined, what: string): T {
  if (!service) throw new InternalError(`The ${what} are not configured.`);
  return service;
}

export const backofficeOf = (services: ToolServices): BackofficeReads => required(services.backoffice, 'Back Office tools');
export const operationsOf = (services: ToolServices): ActorOperations => required(services.operations, 'Back Office write tools');
export const auditOf = (services: ToolServices): AuditReads => required(services.audit, 'audit tools');
export const transactionsOf = (services: ToolServices): TransactionsClient => required(services.transactions, 'transaction tools');
export const bulkOf = (services: ToolServices): BulkChanges => required(services.bulk, 'bulk tools');
export const warehouseOf = (services: ToolServices): WarehouseServices => required(services.warehouse, 'warehouse tools');
export const reportsOf = (services: ToolServices): Reports => required(services.reports, 'report tools');
export const kpisOf = (services: ToolServices): Kpis => required(services.kpis, "tools of the operator's numbers");
export const resourcesOf = (services: ToolServices): ResourceReads => required(services.resources, 'customer, membership and other Data API resource tools');
