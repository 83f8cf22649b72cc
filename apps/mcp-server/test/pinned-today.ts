import { clockFrom, type Clock } from '@washops/client-core';

/** Today for the tests' Data API simulator and clients (a Friday evening in Chicago): no outcome depends on the calendar. */
export const PRETEND_NOW = Date.UTC(2026, 10, 20, 21, 30);

/** A clock running on from `PRETEND_NOW`: one per file, given to its simulator and to its clients. */
export const pinnedClock = (): Clock => clockFrom(PRETEND_NOW);

/** The UTC day `days` before the clock's today (`YYYY-MM-DD`). */
export const dayBefore = (clock: Clock, days: number): string => new Date(clock.now() - days * 86_400_000).toISOString().slice(0, 10);
