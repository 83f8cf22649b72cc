import type { Clock } from '@washops/clock';
import type { WashOpsError } from '@washops/shared-errors';

/**
 * A Data API request budget held in the database, shared by every process that uses the same key
 * (one per API id). It has the shape of the transactions client's `RequestBudget` (the store knows
 * no client; the shapes match), so a client given it waits for the one budget all workers share.
 */
export interface SharedRateBudgetConfig {
  /** The server's limit: `requests` per `windowMs` (20 per 15 000 ms, scaled in tests). */
  requests: number;
  windowMs: number;
  /**
   * The most requests this consumer may count in any window (default `requests`): background work
   * (sync workers, exports) leaves the rest to the pages people look at.
   */
  ceiling?: number;
  /** A request neither settled nor answered after this long is taken as settled then (its process died). Default 60 000 ms. */
  holdMs?: number;
  /** A settle or pause that could not be recorded (the slot then counts until it expires); typed, never SQL. */
  onError?: (error: WashOpsError) => void;
  /**
   * Times this process's own waits and pauses (default the system clock). The window itself is counted by the
   * database's clock, shared by every process on it, so across processes a common time scale is what keeps them in step.
   */
  clock?: Clock;
}

export interface SharedRatePermit {
  settle(outcome?: { answered: boolean }): void;
}

export interface RateBudgetUsage {
  key: string;
  requests: number;
  windowMs: number;
  /** Requests counted against the window now (sent, or settled less than `windowMs` ago). */
  inUse: number;
  pausedUntil: Date | null;
}

export interface SharedRateBudget {
  readonly key: string;
  readonly windowMs: number;
  acquire(signal?: AbortSignal): Promise<SharedRatePermit>;
  pauseFor(ms: number): void;
  nextFreeInMs(): number;
  /** What the database says now (the portal's "budget in use"). */
  usage(): Promise<RateBudgetUsage>;
}
