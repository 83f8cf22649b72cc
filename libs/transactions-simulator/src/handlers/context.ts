/** What every endpoint handler gets: the caller, the request, and the simulator's shared state. */
import type { Caller } from '../auth.js';
import type { DataStore } from '../data-store.js';
import type { TransactionsFaultRegistry } from '../faults.js';
import type { Endpoint, Reply } from '../http.js';
import type { JobRegistry } from '../jobs.js';
import type { LruCache } from '../lru.js';
import type { ErrorEnvelope, RealismFlags } from '../types.js';

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
  now: () => number;
  settings: Settings;
  store: DataStore;
  jobs: JobRegistry;
  faults: TransactionsFaultRegistry;
  v2Cache: LruCache<string, { body: string; expiresAt: number }>;
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
