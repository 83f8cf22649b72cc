import type { BackofficeClient } from '@washops/backoffice-client';
import type { TransactionsClient } from '@washops/transactions-client';
import { ExportRegistry, type ExportClient, type PortalDeps } from '../src/index.js';
import { makeDeps } from './helpers.js';

/** Every client call a procedure made, by method name. */
export interface CallLog {
  calls: string[];
}

/** Answers every BackOffice call with an empty success and writes it down. */
function countingBackoffice(log: CallLog): BackofficeClient {
  return new Proxy({} as BackofficeClient, {
    get: (_target, method) => async () => {
      log.calls.push(`backoffice.${String(method)}`);
      return method === 'listSites' || method === 'listDepartments' || method === 'listPermissions' || method === 'listEmployees' ? [] : {};
    },
  });
}

async function* noRows(): AsyncGenerator<never> {}

/** Answers every Data API call with nothing (no rows, no sites) and writes it down. */
function countingTransactions(log: CallLog): TransactionsClient {
  const record = (method: string) => log.calls.push(`transactions.${method}`);
  const fake = {
    listPages: () => (record('listPages'), noRows()),
    listByTypePages: () => (record('listByTypePages'), noRows()),
    listV2Pages: () => (record('listV2Pages'), noRows()),
    get: async () => (record('get'), {}),
    listSites: async () => (record('listSites'), []),
  };
  return fake as unknown as TransactionsClient;
}

function countingExports(log: CallLog): ExportClient {
  return {
    loadJob: async () => {
      log.calls.push('exports.loadJob');
      return [];
    },
  };
}

/** Portal dependencies whose clients only count calls: for tests of what reaches a client. */
export async function countingDeps(): Promise<{ deps: PortalDeps; log: CallLog }> {
  const log: CallLog = { calls: [] };
  const deps = await makeDeps(countingBackoffice(log));
  return {
    deps: {
      ...deps,
      transactions: countingTransactions(log),
      exports: new ExportRegistry(countingExports(log), deps.store, { maxRunningPerUser: 10_000, maxRunning: 10_000 }),
    },
    log,
  };
}
