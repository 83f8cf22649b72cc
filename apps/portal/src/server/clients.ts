import 'server-only';
import { DataApiClient, TransactionsClient } from '@washops/transactions-client';
import { BulkRunner, ExportRegistry, transactionsBudgets, type PortalDeps } from '@washops/portal-api';
import type { Store } from '@washops/store';
import type { PortalEnv } from '../env';
import { portalLogger } from './logger';
import { loadOperations } from './operations';

const JOB_POLL_INTERVAL_MS = 2_000;

/**
 * The tenant's clients, built from the environment; credentials never leave the server. BackOffice
 * writes go through the audited operations only. Every Data API client waits for the API id's one
 * budget in the database (see `transactionsBudgets`), shared with the sync's workers and any other
 * process: the pages may use all 20 requests of a window, exports and the sync stop at 16.
 */
export async function createClients(
  env: PortalEnv,
  store: Store,
): Promise<Pick<PortalDeps, 'backoffice' | 'operations' | 'transactions' | 'exports' | 'bulkRuns' | 'sync' | 'reports' | 'kpis' | 'digest' | 'resources'>> {
  const { bulkChanges, connectBackoffice, Operations, openDigest, openKpis, openReports, openResourceReads, openWarehouseSync, readDigestConfig } = await loadOperations();
  // Judged first: a wrong setting stops the boot before anything opens (the SMTP URL is registered as a secret here).
  const digestConfig = readDigestConfig(env.digest);
  const budgets = transactionsBudgets(store, env.transactions.apiId, env.dataApiTimeScale);
  const exportClient = new TransactionsClient({ ...env.transactions, rateLimit: budgets.exports });
  const transactions = new TransactionsClient({ ...env.transactions, rateLimit: budgets.interactive });
  const backoffice = connectBackoffice({ ...env.backoffice });
  const operations = new Operations({ store, backoffice, logger: portalLogger() });
  const sync = await openWarehouseSync({
    store,
    dataApi: { apiId: env.transactions.apiId, apiKey: env.transactions.apiKey, baseUrl: transactions.baseUrl, timeScale: env.dataApiTimeScale },
    logger: portalLogger(),
  });
  // Sites and regions resolve against the BackOffice's tree, and the Data API's own list for codes it lacks.
  const reportsDeps = { store, backoffice: backoffice.reads, dataApiSites: () => transactions.listSites() };
  return {
    backoffice: backoffice.reads,
    operations,
    sync,
    reports: openReports(reportsDeps),
    kpis: openKpis(reportsDeps),
    digest: openDigest({ ...reportsDeps, config: digestConfig, logger: portalLogger() }),
    // Customers, items, the time clock and gift cards: the warehouse, or live on the pages' share of the budget.
    // Contact details stay masked; an admin's reveal is audited by the service.
    resources: openResourceReads({ store, dataApi: new DataApiClient({ ...env.transactions, rateLimit: budgets.interactive }), logger: portalLogger() }),
    transactions,
    exports: new ExportRegistry(exportClient, store, {
      pollIntervalMs: Math.max(1, Math.round(JOB_POLL_INTERVAL_MS * env.dataApiTimeScale)),
      staleAfterMs: env.exportStaleAfterMs,
      logger: portalLogger(),
    }),
    // Bulk runs work in this process, like the exports (README, "Bulk changes").
    bulkRuns: new BulkRunner(bulkChanges({ store, operations, backoffice, logger: portalLogger() }), { logger: portalLogger() }),
  };
}
