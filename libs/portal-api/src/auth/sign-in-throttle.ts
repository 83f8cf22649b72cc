/**
 * Slows down password guessing: after `maxFailures` failed sign-ins for a key (username and
 * address) within `windowMs`, further attempts are refused until the window has passed.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 5,
    private readonly windowMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** How long the key must wait before trying again (0 when it may try now). */
  retryAfterMs(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.maxFailures) return 0;
    return Math.max(0, (recent[recent.length - this.maxFailures] ?? 0) + this.windowMs - this.now());
  }

  recordFailure(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.failures.set(key, recent);
  }

  recordSuccess(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    return (this.failures.get(key) ?? []).filter((at) => at > cutoff);
  }
}
