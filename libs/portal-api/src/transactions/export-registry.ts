import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { PublicError } from '@washops/shared-errors';
import type { LoadJobOptions, TransactionJobItem } from '@washops/transactions-client';
import { logPortalError, type PortalLogger } from '../error-log.js';
import { toTrpcError } from '../errors.js';
import { publicErrorOf } from '../public-error.js';
import { transactionsCsv } from './export-csv.js';

export type ExportState = 'running' | 'done' | 'failed' | 'cancelled';

/** What the browser sees of an export. */
export interface ExportView {
  id: string;
  site: string;
  /** ISO 8601. */
  startDate: string;
  endDate: string;
  state: ExportState;
  pagesDone: number;
  /** Unknown (`null`) until the first page has answered. */
  pagesTotal: number | null;
  records: number;
  /** Set once the export failed: the safe public error. */
  error: PublicError | null;
  startedAt: string;
  finishedAt: string | null;
}

/** The part of `TransactionsClient` an export needs. */
export interface ExportClient {
  loadJob(options: LoadJobOptions): Promise<TransactionJobItem[]>;
}

export interface ExportRegistryOptions {
  /** Running exports per portal user. Default 2. */
  maxRunningPerUser?: number;
  /** Running exports in the whole process (they share one request budget). Default 4. */
  maxRunning?: number;
  /** A finished export (its CSV held in memory) is forgotten this long after it ended. Default 30 min. */
  keepFinishedMs?: number;
  /** Finished exports kept per user; starting another forgets the oldest beyond this. Default 10. */
  maxFinishedPerUser?: number;
  /** Passed to `loadJob`: scaled down with the simulator's time in tests and the e2e run. */
  pollIntervalMs?: number;
  /** Job pages in flight per export (`loadJob`'s `concurrency`). Default 4. */
  concurrency?: number;
  /** Where a failed job's original error is logged, under the reference its public error shows. */
  logger?: PortalLogger;
  now?: () => number;
}

interface ExportEntry {
  view: ExportView;
  owner: string;
  controller: AbortController;
  csv: string | null;
  expiresAt: number | null;
}

/**
 * Bulk exports of one site and one day, run in the background with `loadJob`: one registry per
 * server process (in `PortalDeps`). Each export belongs to the portal user who started it; only
 * they see its progress, cancel it or download its CSV. Finished exports expire.
 */
export class ExportRegistry {
  private readonly entries = new Map<string, ExportEntry>();
  private readonly maxRunningPerUser: number;
  private readonly maxRunning: number;
  private readonly logger: PortalLogger | undefined;
  private readonly keepFinishedMs: number;
  private readonly maxFinishedPerUser: number;
  private readonly pollIntervalMs: number | undefined;
  private readonly concurrency: number;
  private readonly now: () => number;

  constructor(
    private readonly client: ExportClient,
    options: ExportRegistryOptions = {},
  ) {
    this.maxRunningPerUser = options.maxRunningPerUser ?? 2;
    this.maxRunning = options.maxRunning ?? 4;
    this.keepFinishedMs = options.keepFinishedMs ?? 30 * 60_000;
    this.maxFinishedPerUser = options.maxFinishedPerUser ?? 10;
    this.pollIntervalMs = options.pollIntervalMs;
    this.concurrency = options.concurrency ?? 4;
    this.now = options.now ?? Date.now;
    this.logger = options.logger;
  }

  /** Starts an export; the input has been validated with the client's `LoadJobOptionsSchema`. */
  start(owner: string, input: { site: string; startDate: number; endDate: number }): ExportView {
    this.expire();
    const running = [...this.entries.values()].filter((e) => e.view.state === 'running');
    if (running.filter((e) => e.owner === owner).length >= this.maxRunningPerUser) {
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: `You already have ${this.maxRunningPerUser} exports running. Wait for one to finish or cancel it, then start another.`,
      });
    }
    if (running.length >= this.maxRunning) {
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: `${this.maxRunning} exports are running on the portal already. Try again when one has finished.`,
      });
    }
    this.forgetOldestFinished(owner);
    const id = randomUUID();
    const controller = new AbortController();
    const view: ExportView = {
      id,
      site: input.site,
      startDate: new Date(input.startDate * 1000).toISOString(),
      endDate: new Date(input.endDate * 1000).toISOString(),
      state: 'running',
      pagesDone: 0,
      pagesTotal: null,
      records: 0,
      error: null,
      startedAt: new Date(this.now()).toISOString(),
      finishedAt: null,
    };
    const entry: ExportEntry = { view, owner, controller, csv: null, expiresAt: null };
    this.entries.set(id, entry);
    void this.run(entry, input);
    return { ...view };
  }

  /** The owner's export, or NOT_FOUND (also for someone else's: its existence is not revealed). */
  status(owner: string, id: string): ExportView {
    return { ...this.entryOf(owner, id).view };
  }

  /** The owner's exports, newest first. */
  list(owner: string): ExportView[] {
    this.expire();
    return [...this.entries.values()]
      .filter((e) => e.owner === owner)
      .map((e) => ({ ...e.view }))
      .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  }

  /** Aborts a running export (its polls and sleeps stop at once); a finished one is left as it is. */
  cancel(owner: string, id: string): ExportView {
    const entry = this.entryOf(owner, id);
    if (entry.view.state === 'running') {
      entry.controller.abort(new Error('cancelled'));
      this.finish(entry, 'cancelled');
    }
    return { ...entry.view };
  }

  /** The finished CSV and a file name, or null when the export is not the owner's or not done. */
  csv(owner: string, id: string): { filename: string; body: string } | null {
    this.expire();
    const entry = this.entries.get(id);
    if (!entry || entry.owner !== owner || entry.view.state !== 'done' || entry.csv === null) return null;
    const day = entry.view.startDate.slice(0, 10);
    return { filename: `transactions-${entry.view.site}-${day}.csv`.replace(/[^\w.-]/g, '_'), body: entry.csv };
  }

  /** Aborts everything (server shutdown). */
  close(): void {
    for (const entry of this.entries.values()) if (entry.view.state === 'running') entry.controller.abort(new Error('closed'));
  }

  private async run(entry: ExportEntry, input: { site: string; startDate: number; endDate: number }): Promise<void> {
    try {
      const records = await this.client.loadJob({
        ...input,
        signal: entry.controller.signal,
        concurrency: this.concurrency,
        ...(this.pollIntervalMs === undefined ? {} : { pollIntervalMs: this.pollIntervalMs }),
        onProgress: ({ pagesDone, pagesTotal, records }) => {
          if (entry.view.state !== 'running') return;
          Object.assign(entry.view, { pagesDone, pagesTotal, records });
        },
      });
      if (entry.view.state !== 'running') return;
      entry.csv = transactionsCsv(records);
      entry.view.records = records.length;
      entry.view.pagesDone = Math.max(entry.view.pagesDone, entry.view.pagesTotal ?? 0);
      this.finish(entry, 'done');
    } catch (error) {
      if (entry.view.state !== 'running') return;
      // The same public error and log entry as a failed procedure: the user sees the reference of the logged cause.
      const failure = toTrpcError(error);
      if (this.logger) logPortalError(this.logger, { error: failure, path: 'transactions.exports.job', type: 'export' });
      entry.view.error = publicErrorOf(failure);
      this.finish(entry, 'failed');
    }
  }

  private finish(entry: ExportEntry, state: Exclude<ExportState, 'running'>): void {
    entry.view.state = state;
    entry.view.finishedAt = new Date(this.now()).toISOString();
    entry.expiresAt = this.now() + this.keepFinishedMs;
  }

  private entryOf(owner: string, id: string): ExportEntry {
    this.expire();
    const entry = this.entries.get(id);
    if (!entry || entry.owner !== owner) {
      throw new TRPCError({ code: 'NOT_FOUND', message: 'No such export: it may have expired. Start a new one.' });
    }
    return entry;
  }

  /** Bounds the memory one user's finished CSVs hold. */
  private forgetOldestFinished(owner: string): void {
    const finished = [...this.entries.entries()]
      .filter(([, e]) => e.owner === owner && e.view.state !== 'running')
      .sort((a, b) => a[1].view.startedAt.localeCompare(b[1].view.startedAt));
    for (const [id] of finished.slice(0, Math.max(0, finished.length - this.maxFinishedPerUser + 1))) this.entries.delete(id);
  }

  private expire(): void {
    const now = this.now();
    for (const [id, entry] of this.entries) if (entry.expiresAt !== null && entry.expiresAt <= now) this.entries.delete(id);
  }
}
