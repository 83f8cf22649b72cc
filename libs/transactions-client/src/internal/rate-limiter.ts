import { systemClock, type Clock } from '@washops/client-core';

/** At most `requests` requests in any `windowMs` milliseconds. */
export interface RateLimitConfig {
  requests: number;
  windowMs: number;
  /**
   * How the budget is kept. `fixed-window` (default) mirrors the Data API's documented counter: a
   * window opens at the first request after the last one expired. `sliding-log` also holds against a
   * server that counts in sliding windows, at the cost of some throughput.
   */
  algorithm?: 'fixed-window' | 'sliding-log';
}

/** The Data API's documented budget: 20 requests per 15-second window per API id. */
export const DEFAULT_RATE_LIMIT: Readonly<RateLimitConfig> = Object.freeze({ requests: 20, windowMs: 15_000 });

/**
 * One granted request. Call `settle()` when its response arrives; call `settle({ answered: false })`
 * when it ended without one (timeout, abort, network error): the server may still count it later,
 * so its place is held for one more window. Only the first call counts (the transport settles again
 * in its cleanup).
 */
export interface RateLimitPermit {
  settle(outcome?: { answered: boolean }): void;
}

/**
 * What the client's transport needs of a request budget. `RateLimiter` is the in-process one; a
 * budget shared by several processes (the store's, held in the database) implements the same
 * interface, so the client stays free of any framework or database.
 */
export interface RequestBudget {
  /** The server's window, used as the wait after a 429 without `Retry-After`. */
  readonly windowMs: number;
  /** Waits for room to send one request. Rejects with the signal's reason if it aborts first. */
  acquire(signal?: AbortSignal): Promise<RateLimitPermit>;
  /** Holds every request of this budget back for `ms` (after a 429). */
  pauseFor(ms: number): void;
  /** Milliseconds until the next request could be sent, as far as this process knows (for logs and hooks). */
  nextFreeInMs(): number;
}

/** A request as the budget sees it. The server counted it at some moment between `sentAt` and `settledAt`. */
interface Slot {
  sentAt: number;
  settledAt: number | undefined;
}

/** The bookkeeping rule: when may the next request go. */
interface Budget {
  /** The earliest time ≥ `t` a request could be sent; `Infinity` until some request settles. */
  nextFreeAt(t: number): number;
  /** Records a request sent at `t` (only called when `nextFreeAt(t) <= t`). */
  take(t: number): Slot;
  settle(slot: Slot, t: number): void;
}

/**
 * Every request holds its place in a sliding log until `windowMs` after its response: the server
 * counted it no later than that, so no `windowMs` span of the server's clock can see more than
 * `requests` of them, whatever the latency and however the server aligns its windows.
 */
class SlidingLogBudget implements Budget {
  private readonly slots: Slot[] = [];
  constructor(
    private readonly requests: number,
    private readonly windowMs: number,
  ) {}

  nextFreeAt(t: number): number {
    this.purge(t);
    if (this.slots.length < this.requests) return t;
    let at = Number.POSITIVE_INFINITY;
    for (const slot of this.slots) if (slot.settledAt !== undefined) at = Math.min(at, slot.settledAt + this.windowMs);
    return at;
  }

  take(t: number): Slot {
    const slot: Slot = { sentAt: t, settledAt: undefined };
    this.slots.push(slot);
    return slot;
  }

  settle(slot: Slot, t: number): void {
    slot.settledAt = t;
  }

  private purge(t: number): void {
    for (let i = this.slots.length - 1; i >= 0; i--) {
      const settledAt = this.slots[i]?.settledAt;
      if (settledAt !== undefined && t - settledAt >= this.windowMs) this.slots.splice(i, 1);
    }
  }
}

interface Epoch {
  /** Lower bound of the server window's start: no request of it can have arrived earlier. */
  earliestStart: number;
  /** Upper bound of its start: the earliest response to a request sent in this epoch. */
  latestStart: number | undefined;
  /** Requests this server window may count: those sent in the epoch, plus stragglers carried in. */
  slots: Slot[];
  own: Set<Slot>;
}

/**
 * A replica of the server's fixed window, bounded by what the client can know: the server opened
 * its window when the epoch's first request arrived, somewhere between `earliestStart` and
 * `latestStart` (the first response to a request of the epoch). At most `requests` go out per epoch;
 * the next epoch opens at `latestStart + windowMs`, when the window is surely over; and any request
 * that may have reached the server after the window's earliest end (or is still in flight) is
 * carried into the next epoch and counted there too. So no server window can count more than
 * `requests` of ours, and the cost over a perfect replica is about one response latency per window.
 */
class FixedWindowBudget implements Budget {
  private epoch: Epoch | undefined;
  constructor(
    private readonly requests: number,
    private readonly windowMs: number,
  ) {}

  nextFreeAt(t: number): number {
    const epoch = this.epoch;
    if (!epoch) return t;
    const closesAt = this.closesAt(epoch);
    if (closesAt === undefined || t < closesAt) {
      // Still inside this server window (as far as we can tell): room left in it?
      return epoch.slots.length < this.requests ? t : (closesAt ?? Number.POSITIVE_INFINITY);
    }
    // The window is surely over: would a new epoch, with its carried stragglers, have room?
    const carried = this.stragglers(epoch);
    if (carried.length < this.requests) return t;
    return Math.max(t, ...carried.map((s) => (s.settledAt ?? Number.POSITIVE_INFINITY) + this.windowMs));
  }

  take(t: number): Slot {
    let epoch = this.epoch;
    const closesAt = epoch && this.closesAt(epoch);
    if (!epoch || (closesAt !== undefined && t >= closesAt)) {
      const carried = epoch ? this.stragglers(epoch) : [];
      const previousEnd = epoch ? epoch.earliestStart + this.windowMs : t;
      epoch = {
        earliestStart: Math.min(t, ...carried.map((s) => Math.max(s.sentAt, previousEnd))),
        latestStart: undefined,
        slots: carried,
        own: new Set(),
      };
      this.epoch = epoch;
    }
    const slot: Slot = { sentAt: t, settledAt: undefined };
    epoch.slots.push(slot);
    epoch.own.add(slot);
    return slot;
  }

  settle(slot: Slot, t: number): void {
    slot.settledAt = t;
    const epoch = this.epoch;
    if (epoch?.own.has(slot)) epoch.latestStart = Math.min(epoch.latestStart ?? t, t);
  }

  /** When the server's window for this epoch is surely over. */
  private closesAt(epoch: Epoch): number | undefined {
    if (epoch.latestStart !== undefined) return epoch.latestStart + this.windowMs;
    // Only stragglers and nothing settled of our own: wait for all of them (rare; conservative).
    if (epoch.own.size === 0 && epoch.slots.every((s) => s.settledAt !== undefined)) {
      return Math.max(...epoch.slots.map((s) => s.settledAt as number)) + this.windowMs;
    }
    return undefined;
  }

  /** Requests that may have reached the server after the window's earliest end, or are still in flight. */
  private stragglers(epoch: Epoch): Slot[] {
    const earliestEnd = epoch.earliestStart + this.windowMs;
    return epoch.slots.filter((s) => s.settledAt === undefined || s.settledAt >= earliestEnd);
  }
}

interface Waiter {
  grant: (permit: RateLimitPermit) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

const registry = new Map<string, RateLimiter>();

/**
 * The request budget of one API id, shared by every call of a client (and by clients given the
 * same instance, see `RateLimiter.shared`). Requests wait in arrival order; every wait honours an
 * AbortSignal. Alone, a client using it never triggers a 429.
 */
export class RateLimiter implements RequestBudget {
  readonly requests: number;
  readonly windowMs: number;
  readonly algorithm: 'fixed-window' | 'sliding-log';
  private readonly budget: Budget;
  private readonly waiters: Waiter[] = [];
  private pausedUntil = 0;
  /** The one pending wake-up: when it is due, and the controller that cancels its sleep. */
  private wake: { at: number; cancel: AbortController } | undefined;
  private sentCount = 0;

  /** `clock` is where windows, pauses and waits are measured (the system clock by default; tests pass a virtual one). */
  constructor(
    config: RateLimitConfig = DEFAULT_RATE_LIMIT,
    private readonly clock: Clock = systemClock,
  ) {
    if (!Number.isInteger(config.requests) || config.requests < 1) {
      throw new RangeError(`rateLimit.requests must be a positive integer, got ${config.requests}`);
    }
    if (!Number.isFinite(config.windowMs) || config.windowMs <= 0) {
      throw new RangeError(`rateLimit.windowMs must be a positive number, got ${config.windowMs}`);
    }
    this.requests = config.requests;
    this.windowMs = config.windowMs;
    this.algorithm = config.algorithm ?? 'fixed-window';
    this.budget =
      this.algorithm === 'sliding-log'
        ? new SlidingLogBudget(this.requests, this.windowMs)
        : new FixedWindowBudget(this.requests, this.windowMs);
  }

  /**
   * The process-wide limiter for one API id at one base URL: the server counts per API id, so
   * clients that share an id should share its budget. The first caller creates it (default budget
   * unless `config` is given, on `clock` or the system clock); a later `config` or `clock` that
   * differs is a `RangeError`, since two budgets for one API id would overrun the server's.
   */
  static shared(apiId: string, baseUrl: string, config?: RateLimitConfig, clock?: Clock): RateLimiter {
    const key = `${apiId}\u0000${baseUrl.replace(/\/+$/, '')}`;
    const existing = registry.get(key);
    if (!existing) {
      const limiter = new RateLimiter(config ?? DEFAULT_RATE_LIMIT, clock);
      registry.set(key, limiter);
      return limiter;
    }
    if (config && !existing.hasConfig(config)) {
      throw new RangeError(
        `RateLimiter.shared(${JSON.stringify(apiId)}): already created with ${existing.requests} per ${existing.windowMs} ms (${existing.algorithm})`,
      );
    }
    if (clock && clock !== existing.clock) {
      throw new RangeError(`RateLimiter.shared(${JSON.stringify(apiId)}): already created on another clock`);
    }
    return existing;
  }

  private hasConfig(config: RateLimitConfig): boolean {
    return config.requests === this.requests && config.windowMs === this.windowMs && (config.algorithm ?? 'fixed-window') === this.algorithm;
  }

  /** How many requests this limiter has let through. */
  get sent(): number {
    return this.sentCount;
  }

  /** Waits for room (in arrival order). Rejects with the signal's reason if it aborts first. */
  acquire(signal?: AbortSignal): Promise<RateLimitPermit> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.waiters.length === 0 && this.canSend(this.clock.now())) return Promise.resolve(this.take());
    return new Promise<RateLimitPermit>((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        reject,
        signal,
        onAbort: () => {
          const index = this.waiters.indexOf(waiter);
          if (index >= 0) this.waiters.splice(index, 1);
          reject(signal?.reason);
          this.pump();
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiters.push(waiter);
      this.pump();
    });
  }

  /** Holds every request back for `ms` (after a 429: someone else is spending this API id's budget). */
  pauseFor(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
    this.pump();
  }

  /** Milliseconds until the next request could be sent, ignoring queued waiters. */
  nextFreeInMs(): number {
    const t = this.clock.now();
    return Math.max(0, this.nextFreeAt(t) - t);
  }

  private nextFreeAt(t: number): number {
    return Math.max(this.pausedUntil, this.budget.nextFreeAt(t));
  }

  private canSend(t: number): boolean {
    return this.nextFreeAt(t) <= t;
  }

  private take(): RateLimitPermit {
    const slot = this.budget.take(this.clock.now());
    this.sentCount++;
    let settled = false;
    return {
      settle: (outcome = { answered: true }) => {
        if (settled) return;
        settled = true;
        this.budget.settle(slot, this.clock.now() + (outcome.answered ? 0 : this.windowMs));
        this.pump();
      },
    };
  }

  private pump(): void {
    let t = this.clock.now();
    while (this.waiters.length > 0 && this.canSend(t)) {
      const waiter = this.waiters.shift() as Waiter;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.grant(this.take());
      t = this.clock.now();
    }
    if (this.waiters.length === 0) return this.cancelWake();
    const wakeAt = this.nextFreeAt(t);
    if (wakeAt === Number.POSITIVE_INFINITY) return this.cancelWake(); // a settle() will pump
    if (this.wake && this.wake.at <= wakeAt) return;
    this.cancelWake();
    const wake = { at: wakeAt, cancel: new AbortController() };
    this.wake = wake;
    // A real timer that ends a hair early finds no room yet, and this pump sleeps again for the rest.
    this.clock.sleep(Math.ceil(wakeAt - t), wake.cancel.signal).then(
      () => {
        if (this.wake !== wake) return;
        this.wake = undefined;
        this.pump();
      },
      () => undefined, // cancelled: a sooner wake-up replaced it, or no one waits any more
    );
  }

  private cancelWake(): void {
    this.wake?.cancel.abort();
    this.wake = undefined;
  }
}
