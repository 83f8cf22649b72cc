import { sql } from 'drizzle-orm';
import { ValidationError } from '@washops/shared-errors';
import { auditQueries, streamOver, type AuditQueries } from './audit.js';
import { bulkRunQueries, type BulkRunQueries } from './bulk-runs.js';
import { connectPglite, connectPostgres, type StoreConnection, type StoreKind } from './connection.js';
import { connectEmbedded } from './embedded/connection.js';
import { exportQueries, type ExportQueries } from './exports.js';
import { openJobQueueOn, type JobQueueOptions, type PgBoss } from './jobs.js';
import { sharedRateBudget } from './rate-budget.js';
import { budgetStatements } from './rate-budget-sql.js';
import type { SharedRateBudget, SharedRateBudgetConfig } from './rate-budget-types.js';
import { warehouseQueries } from './warehouse/queries.js';
import { resourceQueries, type ResourceQueries } from './dataapi/queries.js';
import { reportQueries } from './reports/queries.js';
import { kpiQueries } from './kpis/queries.js';
import type { KpiQueries } from './kpis/types.js';
import { digestQueries } from './digest/queries.js';
import type { DigestQueries } from './digest/types.js';
import { mcpSessionQueries } from './mcp-sessions/queries.js';
import type { McpSessionQueries } from './mcp-sessions/types.js';
import type { ReportQueries } from './reports/types.js';
import type { WarehouseQueries } from './warehouse/types.js';
import { guarded, toStoreError } from './failures.js';
import { migrate, type MigrationResult } from './migrate.js';
import { sessionQueries, type SessionQueries } from './sessions.js';
import { throttleQueries, type ThrottleQueries } from './throttle.js';
import { portalUserQueries, type PortalUserQueries } from './users.js';
import type { StoreUnavailableError } from './errors.js';

export interface OpenStoreOptions {
  /** A PostgreSQL URL (from `DATABASE_URL`): node-postgres. Wins over the PGlite options. */
  databaseUrl?: string;
  /**
   * The data folder (`.washops/` for `npm start`): PGlite keeps its files in `pglite/` inside it. The
   * first process to open it hosts it on a socket in the folder; others connect to that host.
   */
  dataDir?: string;
  /** PGlite in memory, gone at `close()` (tests). */
  inMemory?: boolean;
  /** PostgreSQL pool size (default 10). */
  maxConnections?: number;
  /** A pooled connection broke while idle (or an embedded folder's host stopped); the next query reconnects. */
  onConnectionError?: (error: StoreUnavailableError) => void;
}

/** The system of record: typed queries per area, each throwing only WashOps errors. */
export interface Store {
  readonly kind: StoreKind;
  /** Where the data lives, safe to log (no password). */
  readonly location: string;
  /** What start-up's migration did. */
  readonly migration: MigrationResult;
  readonly users: PortalUserQueries;
  readonly sessions: SessionQueries;
  readonly throttle: ThrottleQueries;
  readonly exports: ExportQueries;
  /** The audit log: every write, append-only (a trigger refuses changes to finished events). */
  readonly audit: AuditQueries;
  /** Bulk runs of a file and their rows: leased by one process at a time, resumable. */
  readonly bulkRuns: BulkRunQueries;
  /** The transactions warehouse: site-days of transactions, the sync ledger, the sync's pause switch. */
  readonly warehouse: WarehouseQueries;
  /** The Data API's other resources (customers, memberships, …), their sync ledger and reads. */
  readonly resources: ResourceQueries;
  /** Reports over the warehouse, from rollups the sync keeps (README, "Reports"). */
  readonly reports: ReportQueries;
  /** The operator's numbers per site and local day, and the members' churn and cohorts (README, "The operator's numbers"). */
  readonly kpis: KpiQueries;
  /** The daily digest's deliveries per site, local day and recipient (README, "The daily digest"). */
  readonly digest: DigestQueries;
  /** The MCP server's HTTP sessions and their streams' events, shared by its instances (README, "MCP sessions"). */
  readonly mcpSessions: McpSessionQueries;
  /** The Data API request budget of one API id, held here and shared by every process (README, "One rate budget"). */
  rateBudget(key: string, config: SharedRateBudgetConfig): SharedRateBudget;
  /** pg-boss on this database, started (embedded: through the socket server). Stop it before `close()`. */
  openJobQueue(options?: JobQueueOptions): Promise<PgBoss>;
  /** Resolves when the database answers; throws `StoreUnavailableError` otherwise (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the database, brings its schema up to date and returns the store. Throws
 * `StoreUnavailableError` when it cannot be reached (naming `DATABASE_URL`, never its password)
 * and `SchemaTooNewError` when a newer release already migrated it.
 */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const connection = await connect(options);
  let migration: MigrationResult;
  try {
    migration = await migrate(connection.db);
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw toStoreError(error);
  }
  return storeOver(connection, migration);
}

function connect(options: OpenStoreOptions): Promise<StoreConnection> {
  if (options.databaseUrl) {
    return connectPostgres(options.databaseUrl, {
      ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections }),
      ...(options.onConnectionError === undefined ? {} : { onConnectionError: options.onConnectionError }),
    });
  }
  if (options.dataDir) {
    return connectEmbedded(options.dataDir, options.onConnectionError === undefined ? {} : { onConnectionError: options.onConnectionError });
  }
  if (options.inMemory) return connectPglite();
  throw new ValidationError('openStore needs a databaseUrl, a dataDir or inMemory: true.');
}

/** Internal: a store over an open, migrated connection (tests build one over a shared PGlite). */
export function storeOver(connection: StoreConnection, migration: MigrationResult): Store {
  const { db, resilience } = connection;
  const wrap = <T extends object>(group: T): T => guarded(group, resilience);
  const ping = wrap({
    async ping() {
      await db.execute(sql`select 1`);
    },
  });
  let closed: Promise<void> | undefined;
  return {
    kind: connection.kind,
    location: connection.location,
    migration,
    users: wrap(portalUserQueries(db)),
    sessions: wrap(sessionQueries(db)),
    throttle: wrap(throttleQueries(db)),
    exports: wrap(exportQueries(db)),
    audit: guardedAudit(auditQueries(db), wrap),
    bulkRuns: wrap(bulkRunQueries(db)),
    warehouse: guardedWarehouse(warehouseQueries(db), wrap),
    resources: wrap(resourceQueries(db)),
    reports: wrap(reportQueries(db)),
    kpis: wrap(kpiQueries(db)),
    digest: wrap(digestQueries(db)),
    mcpSessions: wrap(mcpSessionQueries(db)),
    rateBudget: (key, config) => sharedRateBudget(wrap(budgetStatements(db)), key, config),
    openJobQueue: (options) => openJobQueueOn(connection, options),
    ping: ping.ping,
    close() {
      closed ??= connection.close();
      return closed;
    },
  };
}

/** As `guardedAudit`: `streamTransactions` hands back an iterable, so it stays outside the guard. */
function guardedWarehouse(queries: WarehouseQueries, wrap: <T extends object>(group: T) => T): WarehouseQueries {
  const { streamTransactions, ...calls } = queries;
  return { ...wrap(calls), streamTransactions };
}

/** `guarded` wraps async functions; `stream` hands back a generator, so it is rebuilt over the guarded `list`. */
function guardedAudit(queries: AuditQueries, wrap: <T extends object>(group: T) => T): AuditQueries {
  const { stream: _stream, ...calls } = queries;
  const safe = wrap(calls);
  return { ...safe, stream: streamOver(safe.list) };
}
