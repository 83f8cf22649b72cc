/** The control surface tests use: read the tenant and the request log, tune timing, inject faults, reset. */
import type { BackofficeFault } from './faults.js';
import type { LoggedRequest } from './request-log.js';
import type { SimState } from './state.js';
import type { SimBackofficeUser, SimEmployee } from './tenant/model.js';
import { toSimEmployee, toSimUser } from './tenant/model.js';

export interface BackofficeSimulatorControl {
  employees(): SimEmployee[];
  employee(id: number): SimEmployee | undefined;
  users(): SimBackofficeUser[];
  requests(): LoggedRequest[];
  clearRequests(): void;
  /** Every PHPSESSID stops working at once. */
  expireSessions(): void;
  setLatency(ms: number): void;
  setTimeScale(scale: number): void;
  inject(fault: BackofficeFault): { remove(): void };
  clearFaults(): void;
  /** Back to the seeded tenant; log, sessions and faults cleared. */
  reset(): void;
  /** The site tree (regions, districts, sites with long names and short codes). */
  sites(): { id: number; name: string; code: string; districtId: number; regionId: number }[];
  /** Session lifetime in ms at the current time scale. */
  sessionLifetimeMs(): number;
}

export function createControl(sim: SimState): BackofficeSimulatorControl {
  return {
    employees: () => [...sim.store.employees.values()].sort((a, b) => a.id - b.id).map((e) => toSimEmployee(sim.store.tree, e)),
    employee: (id) => {
      const e = sim.store.employees.get(id);
      return e ? toSimEmployee(sim.store.tree, e) : undefined;
    },
    users: () => [...sim.store.users.values()].sort((a, b) => a.id - b.id).map((u) => toSimUser(sim.store.tree, u)),
    requests: () => sim.log.entries(),
    clearRequests: () => sim.log.clear(),
    expireSessions: () => sim.sessions.endAll(),
    setLatency: (ms) => {
      if (!(ms >= 0)) throw new Error('latency must be ≥ 0');
      sim.latencyMs = ms;
    },
    setTimeScale: (scale) => {
      if (!(scale > 0)) throw new Error('timeScale must be > 0');
      sim.sessions.timeScale = scale;
    },
    inject: (fault) => sim.faults.inject(fault),
    clearFaults: () => sim.faults.clear(),
    reset: () => sim.reset(),
    sites: () => sim.store.tree.sites.map((s) => ({ ...s })),
    sessionLifetimeMs: () => sim.sessions.lifetimeMs(),
  };
}
