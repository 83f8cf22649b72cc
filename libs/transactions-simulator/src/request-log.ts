/** The request log tests read through `control.requests()`. Bounded, so a long benchmark does not grow without end. */
import type { RequestLogEntry } from './types.js';

export class RequestLog {
  private entries: RequestLogEntry[] = [];

  constructor(private readonly capacity = 100_000) {}

  add(entry: RequestLogEntry): RequestLogEntry {
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
    return entry;
  }

  list(): RequestLogEntry[] {
    return this.entries.map((e) => ({ ...e, query: { ...e.query } }));
  }

  clear(): void {
    this.entries = [];
  }
}
