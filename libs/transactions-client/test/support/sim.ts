import { PINNED_NOW, pinnedClock, startTransactionsSimulator } from '@washops/transactions-simulator';
import { DataApiClient, TransactionsClient, type TransactionsClientOptions } from '../../src/index.js';

export const DAY = 86_400;

/** Mid-afternoon UTC, as the simulator's own tests use: "today" already holds data, whatever day the suite runs. */
export const FIXED_NOW = PINNED_NOW;

/**
 * The time of a test file: real time (the simulator's scaled windows and jobs run on it) from `FIXED_NOW`. The
 * simulator and every client of the file read it, so they agree on "today".
 */
export const clock = pinnedClock();

/** Unix seconds now, on the shared clock. */
export function nowSeconds(): number {
  return Math.floor(clock.now() / 1000);
}

/** Midnight UTC `daysAgo` days back, in Unix seconds: the simulator's data is relative to its clock. */
export function dayStart(daysAgo: number): number {
  return Math.floor(clock.now() / 86_400_000) * DAY - daysAgo * DAY;
}

/** A whole UTC day, as loadJob accepts it (at most 24 hours). */
export function day(daysAgo: number): { startDate: number; endDate: number } {
  const start = dayStart(daysAgo);
  return { startDate: start, endDate: start + DAY - 1 };
}

export type Simulator = Awaited<ReturnType<typeof startTransactionsSimulator>>;
export type SimulatorOptions = NonNullable<Parameters<typeof startTransactionsSimulator>[0]>;

/** A simulator on the shared clock. */
export function startPinnedSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  return startTransactionsSimulator({ clock, ...options });
}

/** The simulator's 15 s window at `timeScale`, and a client whose limiter matches it, on the shared clock. */
export function clientFor(sim: Simulator, timeScale: number, options: Partial<TransactionsClientOptions> = {}): TransactionsClient {
  return new TransactionsClient({
    apiId: 'demo',
    apiKey: 'demo-key',
    baseUrl: sim.url,
    rateLimit: { requests: 20, windowMs: 15_000 * timeScale },
    backoff: { initialMs: 5, maxMs: 40 },
    clock,
    ...options,
  });
}

/** The most requests of one API id the server counted in any of its fixed windows (replayed from its log). */
export function maxPerServerWindow(sim: Simulator, windowMs: number, apiId = 'demo'): number {
  let worst = 0;
  let windowStart = Number.NEGATIVE_INFINITY;
  let count = 0;
  for (const entry of sim.control.requests()) {
    if (entry.apiId !== apiId) continue;
    if (entry.at - windowStart >= windowMs) {
      windowStart = entry.at;
      count = 0;
    }
    count++;
    worst = Math.max(worst, count);
  }
  return worst;
}


/**
 * Sites to test with, read from the simulator rather than hard-coded: the small online store (a
 * page or two a day) and a physical site (many pages a day), with its region.
 */
export function pickSites(sim: Simulator): { small: string; busy: string; busyRegion: string } {
  const sites = sim.control.sites();
  const small = sites.find((s) => s.code === 'ECOM') ?? sites.at(-1);
  const busy = sites.find((s) => s !== small);
  if (!small || !busy) throw new Error('the simulator offers fewer than two sites');
  return { small: small.code, busy: busy.code, busyRegion: busy.region };
}

/** A `DataApiClient` whose limiter matches the simulator's window at `timeScale`, on the shared clock. */
export function dataApiFor(sim: Simulator, timeScale: number, options: Partial<TransactionsClientOptions> = {}): DataApiClient {
  return new DataApiClient({
    apiId: 'demo',
    apiKey: 'demo-key',
    baseUrl: sim.url,
    rateLimit: { requests: 20, windowMs: 15_000 * timeScale },
    backoff: { initialMs: 5, maxMs: 40 },
    clock,
    ...options,
  });
}

/** The UTC date `daysAgo` days back, `YYYY-MM-DD`, on the shared clock. */
export function isoDay(daysAgo: number): string {
  return new Date(clock.now() - daysAgo * DAY * 1000).toISOString().slice(0, 10);
}
