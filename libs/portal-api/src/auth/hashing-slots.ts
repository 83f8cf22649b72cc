/**
 * Caps concurrent password hashing: each scrypt at the portal's cost holds 128 MiB, so a flood of
 * sign-ins must queue, and past a short queue be refused, rather than exhaust memory.
 */
export class HashingSlots {
  private running = 0;
  private readonly queue: Array<() => void> = [];

  constructor(
    readonly maxRunning = 2,
    readonly maxWaiting = 8,
  ) {}

  /**
   * Takes a slot, deciding at once: `null` when every slot and queue place is taken, otherwise a
   * promise of the release function (call it exactly once when the hashing is done).
   */
  tryAcquire(): Promise<() => void> | null {
    if (this.running < this.maxRunning) {
      this.running += 1;
      return Promise.resolve(this.releaser());
    }
    if (this.queue.length >= this.maxWaiting) return null;
    return new Promise((resolve) => this.queue.push(() => resolve(this.releaser())));
  }

  /** Slots in use and sign-ins waiting, for tests and health checks. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queue.shift();
      // The slot passes straight to the next waiter, so `running` stays the same.
      if (next) next();
      else this.running -= 1;
    };
  }
}
