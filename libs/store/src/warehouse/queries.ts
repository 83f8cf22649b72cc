import type { StoreDb } from '../connection.js';
import type { WarehouseQueries } from './types.js';

/** The transactions warehouse and its sync ledger (README, "Transactions warehouse"). */
export function warehouseQueries(_db: StoreDb): WarehouseQueries {
  const pending = (name: string) => () => Promise.reject(new Error(`warehouse.${name} is not built yet`));
  return {
    upsertSites: pending('upsertSites'),
    listSites: pending('listSites'),
    ensureUnits: pending('ensureUnits'),
    claimUnit: pending('claimUnit'),
    replaceSiteDay: pending('replaceSiteDay'),
    failUnit: pending('failUnit'),
    releaseUnits: pending('releaseUnits'),
    units: pending('units'),
    unitCounts: pending('unitCounts'),
    control: pending('control'),
    setPaused: pending('setPaused'),
    coverage: pending('coverage'),
    listTransactions: pending('listTransactions'),
    getTransaction: pending('getTransaction'),
    streamTransactions: () => ({ [Symbol.asyncIterator]: () => ({ next: pending('streamTransactions') }) }),
    siteDaySummaries: pending('siteDaySummaries'),
  };
}
