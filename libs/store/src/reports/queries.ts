import type { StoreDb } from '../connection.js';
import type { ReportQueries } from './types.js';

/** Reports read from the warehouse's rollups (README, "Reports"). */
export function reportQueries(_db: StoreDb): ReportQueries {
  const notYet = (): never => {
    throw new Error('reports: not built yet');
  };
  return {
    coverage: notYet,
    sales: notYet,
    mix: notYet,
    memberships: notYet,
    tenders: notYet,
    hours: notYet,
    staff: notYet,
    discounts: notYet,
  };
}
