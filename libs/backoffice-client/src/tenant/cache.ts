import { systemClock, type Clock } from '@washops/client-core';
import { SharedFlight } from '../session/shared-flight.js';

export interface CacheReadOptions {
  /** Refetch even when a value is held. */
  refresh?: boolean | undefined;
  /** A held value older than this counts as missing. */
  maxAgeMs?: number | undefined;
  /** Ends this caller's wait; the fill stops only when every caller waiting on it has left. */
  signal?: AbortSignal | undefined;
}

/**
 * A value filled on first use, one fill at a time shared by concurrent callers. `invalidate` drops
 * the value and detaches a fill in progress, so the next caller fetches again.
 */
export class Cache<T> {
  #value: { data: T; at: number } | undefined;
  #flight: SharedFlight<T> | undefined;
  #generation = 0;
  readonly #fill: (signal: AbortSignal) => Promise<T>;
  readonly #clock: Clock;

  /** `clock` dates each fill, against which `maxAgeMs` is measured. */
  constructor(fill: (signal: AbortSignal) => Promise<T>, clock: Clock = systemClock) {
    this.#fill = fill;
    this.#clock = clock;
  }

  get(options: CacheReadOptions = {}): Promise<T> {
    const { refresh = false, maxAgeMs, signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const current = this.#value;
    if (!refresh && current && (maxAgeMs === undefined || this.#clock.now() - current.at <= maxAgeMs)) return Promise.resolve(current.data);
    // A fill in progress is as fresh as a new one would be.
    const flight = this.#flight && !this.#flight.abandoned ? this.#flight : this.#start();
    return flight.wait(signal);
  }

  /** The cached value or the fill in progress, without starting one. */
  peek(signal?: AbortSignal): Promise<T> | undefined {
    if (this.#value) return Promise.resolve(this.#value.data);
    return this.#flight && !this.#flight.abandoned ? this.#flight.wait(signal) : undefined;
  }

  /**
   * Changes the held value in place, for a write whose effect is known. A fill in progress may have read the
   * server before that write: then everything is dropped instead.
   */
  update(change: (data: T) => void): void {
    if (this.#flight && !this.#flight.abandoned) return this.invalidate();
    if (this.#value) change(this.#value.data);
  }

  invalidate(): void {
    this.#generation++;
    this.#value = undefined;
    this.#flight = undefined;
  }

  #start(): SharedFlight<T> {
    const generation = this.#generation;
    const flight: SharedFlight<T> = new SharedFlight(async (signal) => {
      try {
        const data = await this.#fill(signal);
        if (generation === this.#generation) this.#value = { data, at: this.#clock.now() };
        return data;
      } finally {
        if (this.#flight === flight) this.#flight = undefined;
      }
    });
    this.#flight = flight;
    return flight;
  }
}
