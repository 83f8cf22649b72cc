/** What every endpoint handler gets: the caller, the request, and the simulator's shared state. */
import type { Clock } from '@washops/clock';
import type { Caller } from '../auth.js';
import type { DataStore } from '../data-store.js';
import type { TransactionsFaultRegistry } from '../faults.js';
import type { Endpoint, Reply } from '../http.js';
import type { JobRegistry } from '../jobs.js';
import type { LruCache } from '../lru.js';
import type { DataApiEnvironment, ErrorEnvelope, RealismFlags } from '../types.js';
import type { World } from '../world/types.js';

/** Settings the control surface may change while the simulator runs. */
export interface Settings {
  timeScale: number;
  latencyMs: number;
  jobDurationMs: number;
  realism: RealismFlags;
  envelope: ErrorEnvelope;
}

export interface SimState {
  seed: string;
  /** Which server this stands in for: the sandbox's magic values (§9.13) answer only there. */
  environment: DataApiEnvironment;
  /** Where "now" and "today" come from, and what latency and slow faults wait on. */
  clock: Clock;
  settings: Settings;
  store: DataStore;
  jobs: JobRegistry;
  faults: TransactionsFaultRegistry;
  /** The resources beyond the transactions: customers, accounts, staff, catalogue. */
  world: World;
  /** Responses of the endpoints the vendor caches (v2 10 min; items and status changes 1 h), by endpoint and criteria. */
  responseCache: LruCache<string, { body: string; expiresAt: number }>;
  /** Rows of recent list criteria, so paging through them does not rebuild them (see `rowsOf`). */
  rowsMemo: LruCache<string, readonly unknown[]>;
  /** Share of list criteria answered with `total: null` when that quirk is on. */
  nullTotalsShare: number;
}

export interface Ctx {
  caller: Caller;
  query: Record<string, string>;
  params: Record<string, string>;
  endpoint: Endpoint;
}

export type Handler = (state: SimState, ctx: Ctx) => Reply;
