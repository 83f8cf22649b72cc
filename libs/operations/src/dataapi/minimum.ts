import { DATA_API_RESOURCES, type DataApiResource } from '@washops/store';
import type { EndpointRead } from './fetch.js';
import { RESOURCE_ENDPOINTS, RESOURCE_RULES } from './plan.js';

export interface MinimumRequests {
  total: number;
  byEndpoint: Record<string, number>;
}

/**
 * The fewest requests any client could sync `days` UTC days of these resources with, from the vendor totals the sync
 * saw (`reads`, every window's answers). Per endpoint it is the larger of two floors: one request per window, with
 * windows as long as the endpoint's range limit allows (a 14-day clock-entry window per employee; one window for an
 * endpoint with no limit), and the records it holds at the largest page size the endpoint accepts (one request per
 * record for the per-record reads, an employee's own record). Neither floor depends on how the sync
 * cut its windows or paged, so the sync's requests ÷ this is its own overhead.
 */
export function minimumResourceRequests(reads: readonly EndpointRead[], days: number, employees: number, resources: readonly DataApiResource[] = DATA_API_RESOURCES): MinimumRequests {
  const byEndpoint: Record<string, number> = {};
  for (const resource of resources) {
    const rule = RESOURCE_RULES[resource];
    for (const { endpoint, pageSize } of RESOURCE_ENDPOINTS[resource]) {
      const records = reads.filter((r) => r.endpoint === endpoint).reduce((n, r) => n + (r.total ?? r.rows), 0);
      const perRecord = pageSize === 1;
      const windows = perRecord ? 0 : rule.kind === 'limited' ? Math.ceil(days / rule.maxDays) * (rule.perEmployee ? employees : 1) : 1;
      byEndpoint[endpoint] = Math.max(windows, Number.isFinite(pageSize) ? Math.ceil(records / pageSize) : 0);
    }
  }
  return { total: Object.values(byEndpoint).reduce((n, v) => n + v, 0), byEndpoint };
}
