import type { StoreDb } from '../connection.js';
import { resourceLedgerQueries, type ResourceLedgerQueries } from './ledger.js';
import { resourcePageQueries, type ResourcePageQueries } from './page-reads.js';
import { resourceReadQueries, type ResourceReadQueries } from './reads.js';

/** The Data API's other resources: each window's rows with its ledger row, and the reads the surfaces need. */
export type ResourceQueries = ResourceLedgerQueries & ResourceReadQueries & ResourcePageQueries;

export function resourceQueries(db: StoreDb): ResourceQueries {
  return { ...resourceLedgerQueries(db), ...resourceReadQueries(db), ...resourcePageQueries(db) };
}
