/**
 * One run of async work that concurrent callers share (a login, a cache fill). Each caller may
 * leave early through its own signal; the run is aborted only once every caller has left, so
 * one caller's abort never fails the others.
 */
export class SharedFlight<T> {
  readonly #controller = new AbortController();
  readonly #result: Promise<T>;
  #waiting = 0;

  constructor(work: (signal: AbortSignal) => Promise<T>) {
    this.#result = work(this.#controller.signal);
    // A run every caller left may fail with nobody listening.
    this.#result.catch(() => undefined);
  }

  /** Every caller left before the end and the run was aborted: the next caller starts a new one. */
  get abandoned(): boolean {
    return this.#controller.signal.aborted;
  }

  /** The run's outcome, or the caller's abort reason as soon as its signal aborts. */
  wait(signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    this.#waiting++;
    // A caller without a signal never leaves, so the run is never abandoned while it waits.
    if (!signal) return this.#result;
    return new Promise<T>((resolve, reject) => {
      const leave = (): void => {
        this.#waiting--;
        if (this.#waiting === 0) this.#controller.abort(signal.reason);
        reject(signal.reason);
      };
      signal.addEventListener('abort', leave, { once: true });
      this.#result.then(
        (value) => {
          signal.removeEventListener('abort', leave);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', leave);
          reject(error);
        },
      );
    });
  }
}
