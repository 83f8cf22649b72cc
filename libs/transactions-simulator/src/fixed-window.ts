import { systemClock, type Clock } from '@washops/clock';

/**
 * The Data API's throttle: a fixed window per key that starts at the first request, counts every
 * request, and resets when it expires. Not a sliding window: the vendor documents it this way.
 */
export class FixedWindowCounter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: () => number,
    private readonly clock: Pick<Clock, 'now'> = systemClock,
  ) {}

  /** Counts a request. Returns whether it is allowed, and how long until the window resets. */
  hit(key: string): { allowed: boolean; count: number; resetInMs: number } {
    const now = this.clock.now();
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs()) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count++;
    return {
      allowed: window.count <= this.limit,
      count: window.count,
      resetInMs: Math.max(0, window.startedAt + this.windowMs() - now),
    };
  }

  reset(): void {
    this.windows.clear();
  }
}
