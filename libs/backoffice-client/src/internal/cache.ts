/**
 * A value filled on first use and shared by concurrent callers (one fill at a time). `refresh`
 * refetches; `maxAgeMs` treats an older value as missing; `invalidate` drops the value and
 * detaches any fill in progress, so the next caller fetches again.
 */
export class Cache<T> {
  #value: { data: T; at: number } | undefined;
  #flight: Promise<T> | undefined;
  #generation = 0;
  readonly #fill: () => Promise<T>;

  constructor(fill: () => Promise<T>) {
    this.#fill = fill;
  }

  get(options: { refresh?: boolean; maxAgeMs?: number } = {}): Promise<T> {
    const { refresh = false, maxAgeMs } = options;
    const current = this.#value;
    if (!refresh && current && (maxAgeMs === undefined || Date.now() - current.at <= maxAgeMs)) return Promise.resolve(current.data);
    // A fill in progress is as fresh as a new one would be.
    if (this.#flight) return this.#flight;
    const generation = this.#generation;
    const flight = this.#fill().then(
      (data) => {
        if (generation === this.#generation) {
          this.#value = { data, at: Date.now() };
          this.#flight = undefined;
        }
        return data;
      },
      (error: unknown) => {
        if (generation === this.#generation) this.#flight = undefined;
        throw error;
      },
    );
    this.#flight = flight;
    return flight;
  }

  /** The cached value or the fill in progress, without starting one. */
  peek(): Promise<T> | undefined {
    return this.#value ? Promise.resolve(this.#value.data) : this.#flight;
  }

  invalidate(): void {
    this.#generation++;
    this.#value = undefined;
    this.#flight = undefined;
  }
}
