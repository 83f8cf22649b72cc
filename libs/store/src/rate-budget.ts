import type { StoreDb } from './connection.js';
import type { SharedRateBudget, SharedRateBudgetConfig } from './rate-budget-types.js';

/** A request budget held in the database, one per key (API id), shared by every process on it. */
export function sharedRateBudget(_db: StoreDb, key: string, config: SharedRateBudgetConfig): SharedRateBudget {
  return {
    key,
    windowMs: config.windowMs,
    acquire: () => Promise.reject(new Error('sharedRateBudget is not built yet')),
    pauseFor: () => undefined,
    nextFreeInMs: () => 0,
    usage: () => Promise.reject(new Error('sharedRateBudget is not built yet')),
  };
}
