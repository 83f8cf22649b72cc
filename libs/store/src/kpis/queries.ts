import type { StoreDb } from '../connection.js';
import { resourceLedgerQueries } from '../dataapi/ledger.js';
import type { ResourceCoverage } from '../dataapi/types.js';
import { checkScope, scopeCoverage } from '../reports/scope.js';
import { utcDaysSpanned } from './local-time.js';
import { membershipKpis } from './memberships.js';
import { advisorRows, liabilityRows } from './resources.js';
import { kpiSiteDays, siteZones } from './site-days.js';
import type { KpiCoverage, KpiQueries, KpiScope, KpiSource } from './types.js';

/** The operator's numbers over the warehouse (README, "The operator's numbers"); every method checks its scope first. */
export function kpiQueries(db: StoreDb): KpiQueries {
  const ledger = resourceLedgerQueries(db);
  return {
    async coverage(input: KpiScope, sources: readonly KpiSource[]): Promise<KpiCoverage> {
      const scope = checkScope(input);
      const transactions = sources.includes('transactions') ? await scopeCoverage(db, scope) : null;
      const resources: ResourceCoverage[] = [];
      const wanted = [...new Set(sources.filter((s): s is Exclude<KpiSource, 'transactions'> => s !== 'transactions'))];
      if (wanted.length > 0) {
        const zones = await siteZones(db, scope.siteCodes);
        const days = utcDaysSpanned(scope.from, scope.to, [...zones.values()]);
        for (const resource of wanted) resources.push(await ledger.coverage(resource, days));
      }
      const complete = (transactions?.complete ?? true) && resources.every((r) => r.complete);
      const times = [transactions?.syncedAt ?? null, ...resources.map((r) => r.syncedAt)].filter((t): t is Date => t !== null);
      const syncedAt = times.length === 0 ? null : new Date(Math.min(...times.map((t) => t.getTime())));
      return { complete, transactions, resources, syncedAt };
    },
    siteDays: (scope) => kpiSiteDays(db, checkScope(scope)),
    memberships: (scope) => membershipKpis(db, checkScope(scope)),
    advisors: (scope) => advisorRows(db, checkScope(scope)),
    liability: (scope) => liabilityRows(db, checkScope(scope)),
  };
}
