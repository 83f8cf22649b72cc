/** Every request the simulator saw, for tests to assert what a client sent. */
export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Parsed form body of a POST, in order, repeats kept. */
  body?: Array<[string, string]>;
  /** 0 when the connection was dropped without an answer. */
  status: number;
  location?: string;
  at: number;
}

/** Keeps the most recent entries only, so a long-running demo does not grow without bound. */
const MAX_LOGGED_REQUESTS = 50_000;

export class RequestLog {
  #entries: LoggedRequest[] = [];

  add(entry: LoggedRequest): void {
    this.#entries.push(entry);
    if (this.#entries.length > MAX_LOGGED_REQUESTS) this.#entries = this.#entries.slice(-Math.floor(MAX_LOGGED_REQUESTS / 2));
  }

  /** Copies, so a test cannot change the log by changing what it read. */
  entries(): LoggedRequest[] {
    return this.#entries.map((r) => ({ ...r, query: { ...r.query }, ...(r.body ? { body: r.body.map(([k, v]) => [k, v] as [string, string]) } : {}) }));
  }

  clear(): void {
    this.#entries = [];
  }
}
