import { startBackofficeSimulator } from '@washops/backoffice-simulator';
import { bulkChanges, connectBackoffice, DEMO_BACKOFFICE_CREDENTIALS, Operations, type BackofficeConnection } from '@washops/operations';
import { openStore, type Store, type StoreLocation } from '@washops/store';
import { TransactionsClient } from '@washops/transactions-client';
import { startTransactionsSimulator } from '@washops/transactions-simulator';
import type { Logger } from 'pino';
import { McpConfigError, type McpConfig } from './config.js';
import type { ToolServices } from './services.js';

export interface RunningServices {
  /** The tools' services acting as `actorName` on the `mcp` channel: `stdio`, or the HTTP token's name. */
  servicesFor(actorName: string): ToolServices;
  /** What the server talks to, for the start-up log line (no secrets). */
  description: string[];
  close(): Promise<void>;
}

/** Demo credentials of the in-process Data API simulator; they guard nothing real. */
const DEMO_DATA_API = { apiId: 'demo', apiKey: 'demo-key' };

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
  transactions?: TransactionsClient;
  description: string[];
  stopSimulators(): Promise<void>;
}

/** The clients against in-process simulators (`--demo`), or against the tenant from the environment. */
async function connectClients(config: McpConfig, logger: Logger | undefined): Promise<Clients> {
  const boLogger = logger?.child({ client: 'backoffice' });
  const txLogger = logger?.child({ client: 'transactions' });
  if (config.demo) {
    const [bo, api] = await Promise.all([
      startBackofficeSimulator({ port: 0, seed: 'demo', users: [{ username: DEMO_BACKOFFICE_CREDENTIALS.username, password: DEMO_BACKOFFICE_CREDENTIALS.password }] }),
      startTransactionsSimulator({ port: 0, seed: 'demo', credentials: [DEMO_DATA_API] }),
    ]);
    return {
      backoffice: connectBackoffice({ ...DEMO_BACKOFFICE_CREDENTIALS, baseUrl: bo.url, logger: boLogger }),
      transactions: new TransactionsClient({ ...DEMO_DATA_API, baseUrl: api.url, logger: txLogger }),
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
    clients.transactions = new TransactionsClient({ ...config.transactions, logger: txLogger });
    clients.description.push(`Data API (${config.transactions.environment}) as "${config.transactions.apiId}"`);
  }
  return clients;
}

/**
 * Opens the audit log's database, then builds the clients: against the tenant from the environment, or
 * against in-process simulators with `--demo`. Their warnings (a rate-limit wait, a retried request) and
 * the writes' audit failures go to the server's log.
 */
export async function createServices(config: McpConfig, logger?: Logger): Promise<RunningServices> {
  const store = await openAuditStore(config.database);
  const clients = await connectClients(config, logger).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const operations = new Operations({ store, ...(clients.backoffice ? { backoffice: clients.backoffice } : {}), ...(logger ? { logger } : {}) });
  const reads = { audit: store.audit, ...(clients.transactions ? { transactions: clients.transactions } : {}) };
  const backoffice = clients.backoffice;
  // One engine for every caller: each run records the actor that prepared it, and the store holds the runs.
  const bulk = backoffice && bulkChanges({ store, operations, backoffice, ...(logger ? { logger } : {}) });
  return {
    servicesFor: (actorName) =>
      backoffice && bulk ? { ...reads, backoffice: backoffice.reads, operations: operations.as({ channel: 'mcp', name: actorName }), bulk } : reads,
    description: [...clients.description, `audit log: ${store.location}`],
    close: async () => {
      await Promise.allSettled([clients.backoffice?.close(), clients.transactions?.close()]);
      await clients.stopSimulators();
      await store.close();
    },
  };
}
