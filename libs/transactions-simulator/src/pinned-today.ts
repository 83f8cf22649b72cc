import { clockFrom, type Clock } from '@washops/clock';

/**
 * The moment tests pin the simulator's today at (a Friday evening in Chicago, mid-afternoon UTC, so "today" already
 * holds data): give `pinnedClock()` to the simulator and to every client of the test, and no outcome depends on the
 * day the suite runs.
 */
export const PINNED_NOW = Date.UTC(2026, 10, 20, 21, 30, 0);

/** A clock running on from `PINNED_NOW`: one per test file, shared by its simulator and its clients. */
export function pinnedClock(): Clock {
  return clockFrom(PINNED_NOW);
}
