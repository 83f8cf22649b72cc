import type { SharedRateBudget, Store } from '@washops/store';

/** The Data API's limit per API id: 20 requests per 15 s. */
export const DATA_API_REQUESTS = 20;
export const DATA_API_WINDOW_MS = 15_000;
/** What background work (exports, the sync's workers) may use of the 20, so 4 always stay for the pages people look at. */
export const BACKGROUND_CEILING = 16;

/**
 * The portal's two Data API budgets, both the ONE budget of the API id held in the database
 * (`store.rateBudget`), which every process on it shares: the portal's pages, its exports, the
 * sync's workers and the MCP server. Pages may use all 20 in a window; exports stop at 16 in use,
 * like the sync's workers, so a page never waits behind background work for long. `timeScale`
 * shrinks the window for a simulator run with a shorter `--time-scale`.
 */
export function transactionsBudgets(store: Store, apiId: string, timeScale = 1): { interactive: SharedRateBudget; exports: SharedRateBudget } {
  const windowMs = DATA_API_WINDOW_MS * timeScale;
  return {
    interactive: store.rateBudget(apiId, { requests: DATA_API_REQUESTS, windowMs }),
    exports: store.rateBudget(apiId, { requests: DATA_API_REQUESTS, windowMs, ceiling: BACKGROUND_CEILING }),
  };
}
