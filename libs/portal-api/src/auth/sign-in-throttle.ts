/**
 * Slows down password guessing: after `maxFailures` failed sign-ins for a key (username and
 * address) within `windowMs`, further attempts are refused until the window has passed.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();
  /** Key count at which aged-out keys are swept; doubles with what remains, so sweeps stay rare. */
  private sweepAt = 1000;

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
    if (this.failures.size >= this.sweepAt) this.sweep();
  }

  /** Keys with failures held (for tests of the memory bound). */
  get trackedKeys(): number {
    return this.failures.size;
  }

  recordSuccess(key: string): void {
    this.failures.delete(key);
  }

  /** Drops keys whose failures have all aged out; recent ones are kept (dropping them would lift a throttle). */
  private sweep(): void {
    for (const key of [...this.failures.keys()]) if (this.recent(key).length === 0) this.failures.delete(key);
    this.sweepAt = Math.max(1000, this.failures.size * 2);
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    return (this.failures.get(key) ?? []).filter((at) => at > cutoff);
  }
}
