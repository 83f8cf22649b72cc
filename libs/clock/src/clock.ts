import { sleep } from './sleep.js';

/**
 * Where everything that waits reads time: rate windows, backoff, job polls, caches, session lifetimes
 * and the simulators' calendars. The system clock by default; tests pin "now" (`clockFrom`) or run
 * virtual time (`VirtualClock`), and hand the same clock to the client and the simulator it talks to.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms` of this clock's time, or rejects with the signal's reason as soon as it aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Real time, as `Date.now` and `setTimeout` give it. */
export const systemClock: Clock = { now: () => Date.now(), sleep };

/**
 * Real time that starts at `startMs`: waits are real, and every part given this clock sees the same
 * "today" whatever day it runs (`performance.now`, so a wall-clock step cannot move it).
 */
export function clockFrom(startMs: number): Clock {
  const origin = performance.now();
  return { now: () => startMs + (performance.now() - origin), sleep };
}

interface Timer {
  at: number;
  order: number;
  resolve: () => void;
}

/**
 * Time that moves only when a test moves it: `advance` fires each sleep that falls due, in order,
 * and lets the code it wakes run before the next. For code that waits without real I/O between its
 * waits (an injected `fetch`); over real sockets, use `clockFrom` with the parts' time scale.
 */
export class VirtualClock implements Clock {
  #now: number;
  #order = 0;
  readonly #timers: Timer[] = [];

  constructor(startMs: number) {
    this.#now = startMs;
  }

  now(): number {
    return this.#now;
  }

  /** How many sleeps are waiting for time to move. */
  get pending(): number {
    return this.#timers.length;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer: Timer = {
        at: this.#now + ms,
        order: this.#order++,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = (): void => {
        this.#remove(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#timers.push(timer);
    });
  }

  /** Moves time on by `ms`, firing each sleep due on the way, earliest first. */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    await settle();
    for (let next = this.#next(); next && next.at <= target; next = this.#next()) {
      this.#now = Math.max(this.#now, next.at);
      this.#remove(next);
      next.resolve();
      await settle();
    }
    this.#now = Math.max(this.#now, target);
  }

  /** Moves time to the next sleep's deadline and fires it (and any due with it); false when none waits. */
  async advanceToNext(): Promise<boolean> {
    await settle();
    const next = this.#next();
    if (!next) return false;
    await this.advance(next.at - this.#now);
    return true;
  }

  /**
   * Fires sleeps one deadline after another until `done` resolves: a test's way to run code that waits
   * many times. Throws if nothing waits and `done` is still pending (the code is stuck on something else).
   */
  async runUntil<T>(done: Promise<T>): Promise<T> {
    let finished = false;
    const result = done.finally(() => {
      finished = true;
    });
    result.catch(() => undefined);
    await settle();
    while (!finished) {
      if (!(await this.advanceToNext())) {
        await settle();
        if (!finished) throw new Error('VirtualClock.runUntil: the work is pending, yet no sleep waits for time to move');
      }
    }
    return result;
  }

  #next(): Timer | undefined {
    let best: Timer | undefined;
    for (const t of this.#timers) if (!best || t.at < best.at || (t.at === best.at && t.order < best.order)) best = t;
    return best;
  }

  #remove(timer: Timer): void {
    const index = this.#timers.indexOf(timer);
    if (index >= 0) this.#timers.splice(index, 1);
  }
}

/** Turns of the event loop given to woken code before time moves again: enough for a chain of awaits (a response parsed, the next request queued). */
const SETTLE_TURNS = 20;

/** Lets promise continuations (and what they schedule with `setImmediate`) run before time moves again. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < SETTLE_TURNS; turn++) await new Promise((resolve) => setImmediate(resolve));
}
