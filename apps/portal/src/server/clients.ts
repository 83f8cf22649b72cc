import 'server-only';
import { RateLimiter, TransactionsClient } from '@washops/transactions-client';
import { BulkRunner, ExportRegistry, transactionsBudgets, type PortalDeps } from '@washops/portal-api';
import type { Store } from '@washops/store';
import type { PortalEnv } from '../env';
import { portalLogger } from './logger';
import { loadOperations } from './operations';

const DATA_API_WINDOW_MS = 15_000;
const JOB_POLL_INTERVAL_MS = 2_000;

/**
 * The tenant's clients, built from the environment; credentials never leave the server. BackOffice
 * writes go through the audited operations only. The Data API's budget is split between two clients
 * (see `transactionsBudgets`): pages people look at, and exports, so that an export never holds up
 * a list or a detail.
 */
export async function createClients(
  env: PortalEnv,
  store: Store,
): Promise<Pick<PortalDeps, 'backoffice' | 'operations' | 'transactions' | 'exports' | 'bulkRuns'>> {
  const { bulkChanges, connectBackoffice, Operations } = await loadOperations();
  const budgets = transactionsBudgets(DATA_API_WINDOW_MS * env.dataApiTimeScale);
  const exportClient = new TransactionsClient({ ...env.transactions, rateLimit: new RateLimiter(budgets.exports) });
  const backoffice = connectBackoffice({ ...env.backoffice });
  const operations = new Operations({ store, backoffice, logger: portalLogger() });
  return {
    backoffice: backoffice.reads,
    operations,
    transactions: new TransactionsClient({ ...env.transactions, rateLimit: new RateLimiter(budgets.interactive) }),
    exports: new ExportRegistry(exportClient, store, {
      pollIntervalMs: Math.max(1, Math.round(JOB_POLL_INTERVAL_MS * env.dataApiTimeScale)),
      staleAfterMs: env.exportStaleAfterMs,
      logger: portalLogger(),
    }),
    // Bulk runs work in this process, like the exports (README, "Bulk changes").
    bulkRuns: new BulkRunner(bulkChanges({ store, operations, backoffice, logger: portalLogger() }), { logger: portalLogger() }),
  };
}
