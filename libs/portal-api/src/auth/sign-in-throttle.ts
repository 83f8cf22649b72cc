import type { ThrottleQueries, ThrottleState } from '@washops/store';

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
  /** How often forgotten keys are deleted from the database (at most). */
  sweepEveryMs?: number;
  now?: () => number;
}

/** The wait a key's `failures`-th failure imposes: nothing while free, then doubling up to the cap. */
function delayAfter(policy: DelayPolicy, failures: number): number {
  if (failures < policy.freeFailures) return 0;
  const exponent = Math.min(failures - policy.freeFailures, 40);
  return Math.min(policy.baseDelayMs * 2 ** exponent, policy.maxDelayMs);
}

interface ThrottleKey {
  key: string;
  policy: DelayPolicy;
}

/**
 * Doubling delays per username and address, and per address, never per username alone: guesses
 * from elsewhere cannot lock the real user out (README, "Sign-in"). The counts live in the
 * database, so every portal instance sees the same ones.
 */
export class SignInThrottle {
  private readonly accountAddressPolicy: DelayPolicy;
  private readonly addressPolicy: DelayPolicy;
  private readonly forgetAfterMs: number;
  private readonly sweepEveryMs: number;
  private readonly now: () => number;
  private lastSweepAt: number;

  constructor(
    private readonly counts: ThrottleQueries,
    options: SignInThrottleOptions = {},
  ) {
    this.accountAddressPolicy = options.perAccountAddress ?? { freeFailures: 3, baseDelayMs: 1000, maxDelayMs: 15 * 60_000 };
    this.addressPolicy = options.perAddress ?? { freeFailures: 10, baseDelayMs: 1000, maxDelayMs: 15 * 60_000 };
    this.forgetAfterMs = options.forgetAfterMs ?? 60 * 60_000;
    this.sweepEveryMs = options.sweepEveryMs ?? 10 * 60_000;
    this.now = options.now ?? Date.now;
    this.lastSweepAt = this.now();
  }

  /** How long this attempt must wait before it may be checked (0 when it may go now). */
  async retryAfterMs(attempt: SignInAttempt): Promise<number> {
    const now = this.now();
    const states = await Promise.all(this.keysOf(attempt).map(({ key }) => this.counts.read(key)));
    return Math.max(...this.keysOf(attempt).map((k, i) => this.waitOf(k.policy, states[i] ?? null, now)));
  }

  /**
   * Lets an attempt through and counts it as failed, before the (slow) password check; or refuses
   * it, counting nothing, and returns how long it must wait. Attempts sent at once are each counted
   * atomically: one whose count lands behind another's fresh failure past the free ones was not
   * allowed after all, so its count is taken back and it is refused. `recordSuccess` takes a count back.
   */
  async admit(attempt: SignInAttempt): Promise<number> {
    const now = this.now();
    this.sweepNowAndThen(now);
    const keys = this.keysOf(attempt);
    const before = await Promise.all(keys.map(({ key }) => this.counts.read(key)));
    const waitMs = Math.max(...keys.map((k, i) => this.waitOf(k.policy, before[i] ?? null, now)));
    if (waitMs > 0) return waitMs;
    // An aged-out count would otherwise carry on where it stopped an hour ago.
    await Promise.all(keys.map(({ key }, i) => (before[i] && this.isForgotten(before[i], now) ? this.counts.clear(key) : undefined)));
    const counted = await Promise.all(keys.map(({ key, policy }) => this.counts.recordFailure(key, (n) => delayAfter(policy, n), new Date(now))));
    const overtaken = keys.map(({ policy }, i) => {
      const previous = before[i] && !this.isForgotten(before[i], now) ? before[i].failures : 0;
      const failures = counted[i]!.failures;
      return failures > policy.freeFailures && failures !== previous + 1 ? delayAfter(policy, failures - 1) : 0;
    });
    const raceWaitMs = Math.max(...overtaken);
    if (raceWaitMs === 0) return 0;
    await Promise.all(keys.map(({ key }) => this.counts.takeBackFailure(key)));
    return raceWaitMs;
  }

  /** The attempt succeeded: its account's count at this address is cleared, and its own count at the address taken back. */
  async recordSuccess(attempt: SignInAttempt): Promise<void> {
    const [accountAddress, address] = this.keysOf(attempt) as [ThrottleKey, ThrottleKey];
    await Promise.all([this.counts.clear(accountAddress.key), this.counts.takeBackFailure(address.key)]);
  }

  /** Gives back an admitted attempt's count without judging it (it was refused for another reason, e.g. load). */
  async takeBack(attempt: SignInAttempt): Promise<void> {
    await Promise.all(this.keysOf(attempt).map(({ key }) => this.counts.takeBackFailure(key)));
  }

  private keysOf({ username, address }: SignInAttempt): ThrottleKey[] {
    return [
      { key: `account:${username}|${address}`, policy: this.accountAddressPolicy },
      { key: `address:${address}`, policy: this.addressPolicy },
    ];
  }

  private isForgotten(state: ThrottleState, now: number): boolean {
    return now - state.lastFailureAt.getTime() > this.forgetAfterMs;
  }

  private waitOf(policy: DelayPolicy, state: ThrottleState | null, now: number): number {
    if (!state || this.isForgotten(state, now)) return 0;
    return Math.max(0, state.lastFailureAt.getTime() + delayAfter(policy, state.failures) - now);
  }

  /** Deletes forgotten keys once in a while, not on every attempt; a failed sweep is retried at the next one. */
  private sweepNowAndThen(now: number): void {
    if (now - this.lastSweepAt < this.sweepEveryMs) return;
    this.lastSweepAt = now;
    this.counts.forgetOlderThan(new Date(now - this.forgetAfterMs)).catch(() => {
      this.lastSweepAt = 0;
    });
  }
}
