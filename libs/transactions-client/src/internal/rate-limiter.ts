/** At most `requests` requests in any `windowMs` milliseconds. */
export interface RateLimitConfig {
  requests: number;
  windowMs: number;
}

/** The Data API's documented budget: 20 requests per 15-second window per API id. */
export const DEFAULT_RATE_LIMIT: Readonly<RateLimitConfig> = Object.freeze({ requests: 20, windowMs: 15_000 });

/** One granted request. Call `settle()` once its response arrived (or it failed): the slot ages from then. */
export interface RateLimitPermit {
  settle(): void;
}

interface Slot {
  /** When the request's response arrived; `undefined` while it is in flight. */
  settledAt: number | undefined;
}

interface Waiter {
  grant: (permit: RateLimitPermit) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

const registry = new Map<string, RateLimiter>();

/**
 * A sliding-window log of requests, shared by every call of a client (and by clients that are given
 * the same instance). The server counts a request when it arrives, somewhere between our send and
 * the response; each slot therefore ages from the moment the response arrived, and an in-flight
 * request holds its slot. So no `windowMs` span of the server's clock can hold more than `requests`
 * arrivals, whatever the latency and wherever the server's fixed window starts, with no safety margin.
 */
export class RateLimiter {
  readonly requests: number;
  readonly windowMs: number;
  private readonly slots: Slot[] = [];
  private readonly waiters: Waiter[] = [];
  private pausedUntil = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  private sentCount = 0;

  constructor(config: RateLimitConfig = DEFAULT_RATE_LIMIT) {
    if (!Number.isInteger(config.requests) || config.requests < 1) {
      throw new RangeError(`rateLimit.requests must be a positive integer, got ${config.requests}`);
    }
    if (!Number.isFinite(config.windowMs) || config.windowMs <= 0) {
      throw new RangeError(`rateLimit.windowMs must be a positive number, got ${config.windowMs}`);
    }
    this.requests = config.requests;
    this.windowMs = config.windowMs;
  }

  /**
   * The process-wide limiter for one API id at one base URL: the server counts per API id, so
   * clients that share an id should share its budget. The first caller's config wins.
   */
  static shared(apiId: string, baseUrl: string, config: RateLimitConfig = DEFAULT_RATE_LIMIT): RateLimiter {
    const key = `${apiId}\u0000${baseUrl}`;
    let limiter = registry.get(key);
    if (!limiter) {
      limiter = new RateLimiter(config);
      registry.set(key, limiter);
    }
    return limiter;
  }

  /** How many requests this limiter has let through. */
  get sent(): number {
    return this.sentCount;
  }

  /** Waits for a free slot (in arrival order). Rejects with the signal's reason if it aborts first. */
  acquire(signal?: AbortSignal): Promise<RateLimitPermit> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.waiters.length === 0 && this.canSend(now())) return Promise.resolve(this.take());
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
    this.pausedUntil = Math.max(this.pausedUntil, now() + ms);
    this.pump();
  }

  /** Milliseconds until the next request could be sent, ignoring queued waiters. */
  nextFreeInMs(): number {
    const t = now();
    return Math.max(0, this.nextFreeAt(t) - t);
  }

  private canSend(t: number): boolean {
    this.purge(t);
    return t >= this.pausedUntil && this.slots.length < this.requests;
  }

  private take(): RateLimitPermit {
    const slot: Slot = { settledAt: undefined };
    this.slots.push(slot);
    this.sentCount++;
    return {
      settle: () => {
        if (slot.settledAt !== undefined) return;
        slot.settledAt = now();
        this.pump();
      },
    };
  }

  private purge(t: number): void {
    for (let i = this.slots.length - 1; i >= 0; i--) {
      const settledAt = this.slots[i]?.settledAt;
      if (settledAt !== undefined && t - settledAt >= this.windowMs) this.slots.splice(i, 1);
    }
  }

  /** When a slot frees up next: the oldest settled slot's expiry; infinity while all are in flight. */
  private nextFreeAt(t: number): number {
    this.purge(t);
    let at = t;
    if (this.slots.length >= this.requests) {
      at = Number.POSITIVE_INFINITY;
      for (const slot of this.slots) {
        if (slot.settledAt !== undefined) at = Math.min(at, slot.settledAt + this.windowMs);
      }
    }
    return Math.max(at, this.pausedUntil);
  }

  private pump(): void {
    let t = now();
    while (this.waiters.length > 0 && this.canSend(t)) {
      const waiter = this.waiters.shift() as Waiter;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.grant(this.take());
      t = now();
    }
    if (this.waiters.length === 0) return this.clearTimer();
    const wakeAt = this.nextFreeAt(t);
    if (wakeAt === Number.POSITIVE_INFINITY) return this.clearTimer(); // a settle() will pump
    if (this.timer !== undefined && this.timerAt <= wakeAt) return;
    this.clearTimer();
    this.timerAt = wakeAt;
    // +1: timers round down to whole milliseconds; firing a hair early would only re-arm.
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerAt = Number.POSITIVE_INFINITY;
      this.pump();
    }, Math.ceil(wakeAt - t) + 1);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
  }
}

function now(): number {
  return performance.now();
}
