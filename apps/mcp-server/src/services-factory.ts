import { BackofficeClient } from '@washops/backoffice-client';
import { startBackofficeSimulator } from '@washops/backoffice-simulator';
import { TransactionsClient } from '@washops/transactions-client';
import { startTransactionsSimulator } from '@washops/transactions-simulator';
import type { Logger } from 'pino';
import type { McpConfig } from './config.js';
import type { ToolServices } from './services.js';

export interface RunningServices {
  services: ToolServices;
  /** What the server talks to, for the start-up log line (no secrets). */
  description: string[];
  close(): Promise<void>;
}

/** Demo credentials of the in-process simulators; they guard nothing real. */
const DEMO_BACKOFFICE = { username: 'bot', password: 'bot-password' };
const DEMO_DATA_API = { apiId: 'demo', apiKey: 'demo-key' };

/**
 * Builds the clients: against the tenant from the environment, or against in-process simulators with
 * `--demo`. Their warnings (a rate-limit wait, a retried request) go to the server's log.
 */
export async function createServices(config: McpConfig, logger?: Logger): Promise<RunningServices> {
  const boLogger = logger?.child({ client: 'backoffice' });
  const txLogger = logger?.child({ client: 'transactions' });
  if (config.demo) {
    const [bo, api] = await Promise.all([
      startBackofficeSimulator({ port: 0, seed: 'demo', users: [DEMO_BACKOFFICE] }),
      startTransactionsSimulator({ port: 0, seed: 'demo', credentials: [DEMO_DATA_API] }),
    ]);
    const backoffice = new BackofficeClient({ subdomain: 'demo', ...DEMO_BACKOFFICE, baseUrl: bo.url, logger: boLogger });
    const transactions = new TransactionsClient({ ...DEMO_DATA_API, baseUrl: api.url, logger: txLogger });
    return {
      services: { backoffice, transactions },
      description: [`demo BackOffice simulator at ${bo.url}`, `demo Data API simulator at ${api.url}`],
      close: async () => {
        await Promise.allSettled([backoffice.close(), transactions.close()]);
        await Promise.allSettled([bo.close(), api.close()]);
      },
    };
  }
  const services: ToolServices = {};
  const description: string[] = [];
  if (config.backoffice) {
    services.backoffice = new BackofficeClient({ ...config.backoffice, logger: boLogger });
    description.push(`BackOffice of tenant "${config.backoffice.subdomain}"`);
  }
  if (config.transactions) {
    services.transactions = new TransactionsClient({ ...config.transactions, logger: txLogger });
    description.push(`Data API (${config.transactions.environment}) as "${config.transactions.apiId}"`);
  }
  return {
    services,
    description,
    close: async () => {
      await Promise.allSettled([services.backoffice?.close(), services.transactions?.close()]);
    },
  };
}
