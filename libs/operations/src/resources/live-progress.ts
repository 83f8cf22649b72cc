import type { DataApiPage } from '@washops/transactions-client';

/** How far a live answer has come: the Data API reads (pages, records) answered so far. */
export interface LiveReadProgress {
  /** Reads answered so far in this answer; only grows. */
  done: number;
  /** Reads the answer takes in all, once the step under way says (a list's page count); null while unknown. */
  total: number | null;
  /** What was just read, as a person would say it: "gift cards of NAPER: page 3 of 19". */
  message: string;
}

export type LiveReadProgressListener = (progress: LiveReadProgress) => void;

/**
 * Counts one live answer's reads and tells the listener after each: a live list at the shared rate budget takes a
 * request per 100 rows, so a chain's gift cards or a month's sales outcomes take tens of seconds, and a caller shows
 * (or keeps its timeout alive on) that progress. A listener that throws is ignored: progress never fails a read.
 */
export class LiveReadCounter {
  #done = 0;

  constructor(private readonly listener: LiveReadProgressListener | undefined) {}

  /** One read answered; `remaining`: the reads still to come in this step, when known. */
  answered(message: string, remaining: number | null = null): void {
    this.#done += 1;
    if (!this.listener) return;
    try {
      this.listener({ done: this.#done, total: remaining === null ? null : this.#done + remaining, message });
    } catch {
      // A caller's progress display is not the read's concern.
    }
  }

  /** The pages of a list as they come, each counted; an empty list (no page handed over) still took its one read. */
  async *pages<T>(pages: AsyncIterable<DataApiPage<T>>, what: string): AsyncGenerator<DataApiPage<T>, void, undefined> {
    let any = false;
    for await (const page of pages) {
      any = true;
      const of = page.pageCount === null ? '' : ` of ${page.pageCount}`;
      this.answered(`${what}: page ${page.page}${of}`, page.last ? 0 : page.pageCount === null ? null : page.pageCount - page.page);
      yield page;
    }
    if (!any) this.answered(`${what}: none`, 0);
  }

  /** Every row of a list, its pages counted. */
  async all<T>(pages: AsyncIterable<DataApiPage<T>>, what: string): Promise<T[]> {
    const rows: T[] = [];
    for await (const page of this.pages(pages, what)) rows.push(...page.rows);
    return rows;
  }
}
