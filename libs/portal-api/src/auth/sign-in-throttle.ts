/** Who is signing in: the username as typed (lower-cased) and the client address. */
export interface SignInAttempt {
  username: string;
  address: string;
}

/** How one kind of key slows down: free failures, then a delay that doubles per failure up to a cap. */
export interface DelayPolicy {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface SignInThrottleOptions {
  /** Per username and address: the guesser's own key. */
  perAccountAddress?: DelayPolicy;
  /** Per address over every username: slows spraying many names from one place. */
  perAddress?: DelayPolicy;
  /** A key's failures are forgotten once it has had none for this long. */
  forgetAfterMs?: number;
  now?: () => number;
}

interface Failures {
  count: number;
  lastAt: number;
}

/** A small in-memory counter of failures per key, with the growing-delay rule of one policy. */
class DelayedKeys {
  private readonly failures = new Map<string, Failures>();
  /** Key count at which forgotten keys are swept; doubles with what remains, so sweeps stay rare. */
  private sweepAt = 1000;

  constructor(
    private readonly policy: DelayPolicy,
    private readonly forgetAfterMs: number,
    private readonly now: () => number,
  ) {}

  retryAfterMs(key: string): number {
    const entry = this.current(key);
    if (!entry || entry.count < this.policy.freeFailures) return 0;
    const exponent = Math.min(entry.count - this.policy.freeFailures, 40);
    const delay = Math.min(this.policy.baseDelayMs * 2 ** exponent, this.policy.maxDelayMs);
    return Math.max(0, entry.lastAt + delay - this.now());
  }

  add(key: string, by: number): void {
    const entry = this.current(key) ?? { count: 0, lastAt: this.now() };
    entry.count = Math.max(0, entry.count + by);
    if (by > 0) entry.lastAt = this.now();
    if (entry.count === 0) this.failures.delete(key);
    else this.failures.set(key, entry);
    if (this.failures.size >= this.sweepAt) this.sweep();
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  get size(): number {
    return this.failures.size;
  }

  private current(key: string): Failures | undefined {
    const entry = this.failures.get(key);
    if (entry && this.now() - entry.lastAt > this.forgetAfterMs) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Drops forgotten keys; recent ones are kept (dropping them would lift a delay). */
  private sweep(): void {
    for (const key of [...this.failures.keys()]) this.current(key);
    this.sweepAt = Math.max(1000, this.failures.size * 2);
  }
}

/**
 * Doubling delays per username and address, and per address, never per username alone: guesses from elsewhere
 * cannot lock the real user out (README, "Sign-in"). In-memory behind three calls, so a shared store can replace it.
 */
export class SignInThrottle {
  private readonly accountAddress: DelayedKeys;
  private readonly address: DelayedKeys;

  constructor(options: SignInThrottleOptions = {}) {
    const now = options.now ?? Date.now;
    const forget = options.forgetAfterMs ?? 60 * 60_000;
    this.accountAddress = new DelayedKeys(
      options.perAccountAddress ?? { freeFailures: 3, baseDelayMs: 1000, maxDelayMs: 15 * 60_000 },
      forget,
      now,
    );
    this.address = new DelayedKeys(options.perAddress ?? { freeFailures: 10, baseDelayMs: 1000, maxDelayMs: 15 * 60_000 }, forget, now);
  }

  /** How long this attempt must wait before it may be checked (0 when it may go now). */
  retryAfterMs(attempt: SignInAttempt): number {
    return Math.max(this.accountAddress.retryAfterMs(keyOf(attempt)), this.address.retryAfterMs(attempt.address));
  }

  /**
   * Counts an attempt as failed. Called before the (slow) password check, so guesses sent at once
   * cannot all pass `retryAfterMs` first; `recordSuccess` takes it back.
   */
  recordFailure(attempt: SignInAttempt): void {
    this.accountAddress.add(keyOf(attempt), 1);
    this.address.add(attempt.address, 1);
  }

  /** The attempt succeeded: its account's count at this address is cleared, and its own count at the address taken back. */
  recordSuccess(attempt: SignInAttempt): void {
    this.accountAddress.clear(keyOf(attempt));
    this.address.add(attempt.address, -1);
  }

  /** Keys with failures held (for tests of the memory bound). */
  get trackedKeys(): number {
    return this.accountAddress.size + this.address.size;
  }
}

function keyOf({ username, address }: SignInAttempt): string {
  return `${username}|${address}`;
}
