/** Everything one simulator instance remembers, and how `reset()` brings it back to the seeded start. */
import type { Clock } from '@washops/clock';
import { Prng } from '@washops/sim-kit';
import { createFaults, type BackofficeFaults } from './faults.js';
import { RequestLog } from './request-log.js';
import { Sessions } from './sessions.js';
import type { TenantStore } from './tenant/model.js';
import { legacySeed, seedTenant } from './tenant/seed.js';

export interface SignIn {
  username: string;
  password: string;
}

export interface SimSettings {
  seed: string;
  tenant: 'hierarchical' | 'flat';
  employeeCount: number;
  signIns: SignIn[];
}

export class SimState {
  store: TenantStore;
  faults: BackofficeFaults;
  /** Draws the `actionXfer` tokens of failed posts. */
  xfer: Prng;
  /** Draws the gaps between new Back Office user ids. */
  ids: Prng;
  readonly sessions: Sessions;
  readonly log = new RequestLog();
  latencyMs: number;

  constructor(
    readonly settings: SimSettings,
    tuning: { timeScale: number; latencyMs: number },
    /** Where session ages, request times and the forms' "today" come from, and what latency and slow faults wait on. */
    readonly clock: Clock,
  ) {
    this.sessions = new Sessions(tuning.timeScale, clock);
    this.latencyMs = tuning.latencyMs;
    this.store = this.#seedStore();
    this.faults = createFaults(this.#prng('faults').asFunction());
    this.xfer = this.#prng('xfer');
    this.ids = this.#prng('ids');
  }

  /** Back to the seeded tenant; log, sessions and faults cleared; latency and time scale kept. */
  reset(): void {
    this.store = this.#seedStore();
    this.sessions.endAll();
    this.log.clear();
    this.faults = createFaults(this.#prng('faults').asFunction());
    this.xfer = this.#prng('xfer');
    this.ids = this.#prng('ids');
  }

  #seedStore(): TenantStore {
    const { seed, tenant, employeeCount, signIns } = this.settings;
    return seedTenant({ seed, tenant, employeeCount, users: [...signIns] });
  }

  #prng(purpose: string): Prng {
    return new Prng(legacySeed(`${purpose}:${this.settings.seed}`));
  }
}
