import { startBackofficeSimulator } from '@washops/backoffice-simulator';
import {
  bulkChanges,
  connectBackoffice,
  DEMO_BACKOFFICE_CREDENTIALS,
  DEMO_DATA_API_CREDENTIALS,
  openKpis,
  openReports,
  openResourceReads,
  openWarehouseSync,
  Operations,
  type BackofficeConnection,
  type Kpis,
  type DataApiAccess,
  type Reports,
  type WarehouseSync,
} from '@washops/operations';
import { openStore, type McpSessionQueries, type Store, type StoreLocation } from '@washops/store';
import { DataApiClient } from '@washops/transactions-client';
import { startTransactionsSimulator } from '@washops/transactions-simulator';
import type { Logger } from 'pino';
import { relayToClient } from './client-log.js';
import { McpConfigError, type McpConfig } from './config.js';
import type { ToolServices, WarehouseServices } from './services.js';

export interface RunningServices {
  /** The tools' services acting as `actorName` on the `mcp` channel: `stdio`, or the HTTP token's name. */
  servicesFor(actorName: string): ToolServices;
  /** The HTTP sessions and their events, in the audit log's database (shared by every instance on it). */
  mcpSessions: McpSessionQueries;
  /** What the server talks to, for the start-up log line (no secrets). */
  description: string[];
  close(): Promise<void>;
}

/** The Data API's window at full scale: its budget is 20 requests per 15 s per API id. */
const DATA_API_WINDOW_MS = 15_000;
const DATA_API_REQUESTS = 20;

/** The audit log's database; one that cannot be opened is a start-up failure with the reason (exit 2). */
export async function openAuditStore(database: StoreLocation): Promise<Store> {
  try {
    return await openStore(database);
  } catch (error) {
    const where = database.databaseUrl ? 'DATABASE_URL' : database.dataDir ? `the data folder ${database.dataDir}` : 'the in-memory database';
    // The store's errors name DATABASE_URL without its password.
    throw new McpConfigError(`Cannot open the audit log's database (${where}): ${(error as Error).message}`, { cause: error });
  }
}

interface Clients {
  backoffice?: BackofficeConnection;
  /** The whole Data API on one transport and budget: `.transactions` for the transaction tools, the rest for the resource tools. */
  dataApiClient?: DataApiClient;
  /** Where the Data API answers, for the warehouse's sync status (its budget is keyed by the API id). */
  dataApi?: DataApiAccess;
  description: string[];
  stopSimulators(): Promise<void>;
}

/** The clients against in-process simulators (`--demo`), or against the tenant from the environment. */
async function connectClients(config: McpConfig, store: Store, logger: Logger | undefined): Promise<Clients> {
  /** The API id's one request budget, held in the database and shared with the portal, exports and sync workers. */
  const sharedBudget = (access: DataApiAccess) =>
    store.rateBudget(access.apiId, { requests: DATA_API_REQUESTS, windowMs: DATA_API_WINDOW_MS * (access.timeScale ?? 1) });
  // Their warnings (a rate-limit wait, a retried request) also reach the client whose call caused them.
  const boLogger = logger && relayToClient(logger.child({ client: 'backoffice' }));
  const txLogger = logger && relayToClient(logger.child({ client: 'transactions' }));
  if (config.demo) {
    const [bo, api] = await Promise.all([
      startBackofficeSimulator({ port: 0, seed: 'demo', users: [{ username: DEMO_BACKOFFICE_CREDENTIALS.username, password: DEMO_BACKOFFICE_CREDENTIALS.password }] }),
      startTransactionsSimulator({ port: 0, seed: 'demo', credentials: [DEMO_DATA_API_CREDENTIALS] }),
    ]);
    const dataApi = { ...DEMO_DATA_API_CREDENTIALS, baseUrl: api.url };
    return {
      backoffice: connectBackoffice({ ...DEMO_BACKOFFICE_CREDENTIALS, baseUrl: bo.url, logger: boLogger }),
      dataApiClient: new DataApiClient({ ...dataApi, rateLimit: sharedBudget(dataApi), logger: txLogger }),
      dataApi,
      description: [`demo BackOffice simulator at ${bo.url}`, `demo Data API simulator at ${api.url}`],
      stopSimulators: async () => void (await Promise.allSettled([bo.close(), api.close()])),
    };
  }
  const clients: Clients = { description: [], stopSimulators: async () => {} };
  if (config.backoffice) {
    clients.backoffice = connectBackoffice({ ...config.backoffice, logger: boLogger });
    clients.description.push(`BackOffice of tenant "${config.backoffice.subdomain}"`);
  }
  if (config.transactions) {
    const { apiId, apiKey, baseUrl, siteCode, environment } = config.transactions;
    clients.dataApiClient = new DataApiClient({
      ...{ apiId, apiKey, environment, ...(baseUrl ? { baseUrl } : {}), ...(siteCode ? { siteCode } : {}) },
      rateLimit: sharedBudget(config.transactions),
      logger: txLogger,
    });
    clients.dataApi = config.transactions;
    clients.description.push(`Data API (${config.transactions.environment}) as "${config.transactions.apiId}"`);
  }
  return clients;
}

/**
 * The warehouse tools, when the Data API is configured and the database is one the sync's workers share (a data
 * folder or PostgreSQL): an in-memory database has no sync to report. A sync that cannot open leaves them off,
 * said in the log; the rest of the server starts.
 */
async function openWarehouse(
  config: McpConfig,
  store: Store,
  clients: Clients,
  logger: Logger | undefined,
): Promise<{ services?: WarehouseServices; description: string; close(): Promise<void> }> {
  const off = (why: string) => ({ description: `warehouse tools: off (${why})`, close: async () => {} });
  if (!clients.dataApi) return off('no Data API');
  if (config.database.inMemory) return off('in-memory database: set WASHOPS_DATA_DIR or DATABASE_URL');
  let sync: WarehouseSync;
  try {
    sync = await openWarehouseSync({ store, dataApi: clients.dataApi, ...(logger ? { logger: logger.child({ area: 'warehouse' }) } : {}) });
  } catch (error) {
    logger?.warn({ error: (error as Error).message }, 'the warehouse sync could not open: its tools are off');
    return off('the sync could not open');
  }
  return {
    services: { queries: store.warehouse, status: (query) => sync.status(query) },
    description: `warehouse tools: ${store.location}`,
    close: () => sync.close(),
  };
}

/**
 * The reports and the operator's numbers over the warehouse, beside its tools: they read the same database, and resolve sites and
 * regions against the BackOffice's site tree (and the Data API's own list for codes the tree lacks).
 */
function openReportsOver(store: Store, clients: Clients, warehouse: WarehouseServices | undefined): { service?: Reports; kpis?: Kpis; description: string } {
  if (!warehouse) return { description: 'report tools: off (no warehouse)' };
  if (!clients.backoffice) return { description: 'report tools: off (no BackOffice for sites and regions)' };
  const transactions = clients.dataApiClient?.transactions;
  // The operator's numbers read the same store and resolve sites and regions the same way: the same dependencies.
  const deps = { store, backoffice: clients.backoffice.reads, ...(transactions ? { dataApiSites: () => transactions.listSites() } : {}) };
  return { service: openReports(deps), kpis: openKpis(deps), description: 'report tools: on' };
}

/**
 * Opens the audit log's database, then builds the clients: against the tenant from the environment, or
 * against in-process simulators with `--demo`. Their warnings (a rate-limit wait, a retried request) and
 * the writes' audit failures go to the server's log.
 */
export async function createServices(config: McpConfig, logger?: Logger): Promise<RunningServices> {
  const store = await openAuditStore(config.database);
  const clients = await connectClients(config, store, logger).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const warehouse = await openWarehouse(config, store, clients, logger);
  const reports = openReportsOver(store, clients, warehouse.services);
  // The resource tools answer from the warehouse's tables in this database, and live where it has not synced.
  const resources = clients.dataApiClient
    ? openResourceReads({ store, dataApi: clients.dataApiClient, showPersonalData: config.allowPersonalData, ...(logger ? { logger } : {}) })
    : undefined;
  const operations = new Operations({ store, ...(clients.backoffice ? { backoffice: clients.backoffice } : {}), ...(logger ? { logger } : {}) });
  const reads = {
    audit: store.audit,
    ...(clients.dataApiClient ? { transactions: clients.dataApiClient.transactions } : {}),
    ...(resources ? { resources } : {}),
    ...(warehouse.services ? { warehouse: warehouse.services } : {}),
    ...(reports.service ? { reports: reports.service } : {}),
    ...(reports.kpis ? { kpis: reports.kpis } : {}),
  };
  const backoffice = clients.backoffice;
  // One engine for every caller: each run records the actor that prepared it, and the store holds the runs.
  const bulk = backoffice && bulkChanges({ store, operations, backoffice, ...(logger ? { logger } : {}) });
  return {
    servicesFor: (actorName) =>
      backoffice && bulk ? { ...reads, backoffice: backoffice.reads, operations: operations.as({ channel: 'mcp', name: actorName }), bulk } : reads,
    mcpSessions: store.mcpSessions,
    description: [
      ...clients.description,
      `audit log: ${store.location}`,
      warehouse.description,
      reports.description,
      resources ? `resource tools: on, contact details ${config.allowPersonalData ? 'UNMASKED (--allow-personal-data)' : 'masked'}` : 'resource tools: off (no Data API)',
    ],
    close: async () => {
      await warehouse.close();
      await Promise.allSettled([clients.backoffice?.close(), clients.dataApiClient?.close()]);
      await clients.stopSimulators();
      await store.close();
    },
  };
}
