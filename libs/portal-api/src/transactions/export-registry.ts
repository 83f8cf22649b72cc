import { TRPCError } from '@trpc/server';
import { NotFoundError, type PublicError } from '@washops/shared-errors';
import type { ExportQueries, ExportRecord, ExportState, Store } from '@washops/store';
import type { LoadJobOptions, TransactionJobItem } from '@washops/transactions-client';
import { z } from 'zod';
import { logPortalError, type PortalLogger } from '../error-log.js';
import { toTrpcError } from '../errors.js';
import { publicErrorOf } from '../public-error.js';
import { transactionsCsv } from './export-csv.js';
import { ExportRecordKeeper } from './export-record-keeper.js';

export type { ExportState };

/** What the browser sees of an export. */
export interface ExportView {
  id: string;
  site: string;
  /** ISO 8601. */
  startDate: string;
  endDate: string;
  /** `queued` and `running` are active; `finished` has a CSV; the others ended without one. */
  state: ExportState;
  pagesDone: number;
  /** Unknown (`null`) until the first page has answered. */
  pagesTotal: number | null;
  records: number;
  /** Set once the export failed or was interrupted: the safe public error. */
  error: PublicError | null;
  startedAt: string;
  finishedAt: string | null;
}

/** What an export was asked for, as kept in its record: one site, Unix seconds. */
export const exportParamsSchema = z.object({ site: z.string(), startDate: z.number().int(), endDate: z.number().int() });
export type ExportParams = z.infer<typeof exportParamsSchema>;

/** The part of `TransactionsClient` an export needs. */
export interface ExportClient {
  loadJob(options: LoadJobOptions): Promise<TransactionJobItem[]>;
}

export interface ExportRegistryOptions {
  /** Active exports per portal user, counted in the database (every instance). Default 2. */
  maxRunningPerUser?: number;
  /** Active exports of all users on the database: they share the tenant's request budget. Default 4. */
  maxRunning?: number;
  /** An ended export is deleted this long after it ended. Default 24 hours. */
  keepEndedMs?: number;
  /** Ended exports kept per user; older ones beyond this are deleted. Default 10. */
  maxEndedPerUser?: number;
  /** An active export whose record no process refreshed for this long lost its process. Default 60 s. */
  staleAfterMs?: number;
  /** How often a running export refreshes its record while no progress is written. Default 5 s. */
  heartbeatMs?: number;
  /** At most one retention sweep per this interval in this process. Default 10 s. */
  pruneEveryMs?: number;
  /** Passed to `loadJob`: scaled down with the simulator's time in tests and the e2e run. */
  pollIntervalMs?: number;
  /** Job pages in flight per export (`loadJob`'s `concurrency`). Default 4. */
  concurrency?: number;
  /** Where a failed job's original error is logged, under the reference its public error shows. */
  logger?: PortalLogger;
}

/**
 * Kept for a day and ten per user: long enough to download the next morning or after a restart,
 * while each export holds up to a few MB of CSV in the database and the rows themselves stay in
 * the Data API, so a deleted export can simply be run again.
 */
const DEFAULT_KEEP_ENDED_MS = 24 * 3_600_000;
const DEFAULT_MAX_ENDED_PER_USER = 10;

const RERUNNABLE: ReadonlySet<ExportState> = new Set(['interrupted', 'failed', 'cancelled']);

function limitRefusal(limitReached: 'perOwner' | 'overall', limit: number): TRPCError {
  const message =
    limitReached === 'perOwner'
      ? `You already have ${limit} exports running. Wait for one to finish or cancel it, then start another.`
      : `${limit} exports are running on the portal already. Try again when one has finished.`;
  return new TRPCError({ code: 'TOO_MANY_REQUESTS', message });
}

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'No such export: it may have been deleted. Start a new one.' });

/**
 * Bulk exports of one site and one day, run in the background with `loadJob`, one registry per
 * server process (in `PortalDeps`). Every record lives in the store, owned by the portal user who
 * started it: only they see its progress, cancel it, run it again or download its CSV, from any
 * instance and after a restart. The process running an export keeps its record fresh; one left
 * stale by a stopped process is shown `interrupted` with a way to run it again.
 */
export class ExportRegistry {
  private readonly records: ExportQueries;
  /** The exports this process runs: a local cancel or shutdown aborts them at once. */
  private readonly running = new Map<string, AbortController>();
  private readonly limits: { perOwner: number; overall: number };
  private readonly retention: { olderThanMs: number; keepPerOwner: number };
  private readonly staleAfterMs: number;
  private readonly heartbeatMs: number;
  private readonly pruneEveryMs: number;
  private readonly pollIntervalMs: number | undefined;
  private readonly concurrency: number;
  private readonly logger: PortalLogger | undefined;
  private lastPruneAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly client: ExportClient,
    store: Pick<Store, 'exports'>,
    options: ExportRegistryOptions = {},
  ) {
    this.records = store.exports;
    this.limits = { perOwner: options.maxRunningPerUser ?? 2, overall: options.maxRunning ?? 4 };
    this.retention = { olderThanMs: options.keepEndedMs ?? DEFAULT_KEEP_ENDED_MS, keepPerOwner: options.maxEndedPerUser ?? DEFAULT_MAX_ENDED_PER_USER };
    this.staleAfterMs = options.staleAfterMs ?? 60_000;
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
    this.pruneEveryMs = options.pruneEveryMs ?? 10_000;
    this.pollIntervalMs = options.pollIntervalMs;
    this.concurrency = options.concurrency ?? 4;
    this.logger = options.logger;
  }

  /** Starts an export; the input has been validated with the client's `LoadJobOptionsSchema`. */
  async start(ownerUserId: number, params: ExportParams): Promise<ExportView> {
    await this.interruptStale();
    const result = await this.records.createWithinLimits({ ownerUserId, params, limits: this.limits });
    if (result.refused !== undefined) throw limitRefusal(result.refused, result.limit);
    this.launch(result.created.id, params);
    await this.prune();
    return viewOf(result.created);
  }

  /** Starts a new export with the parameters of an interrupted, failed or cancelled one of the owner's. */
  async rerun(ownerUserId: number, id: string): Promise<ExportView> {
    const record = await this.recordOf(ownerUserId, id);
    if (!RERUNNABLE.has(record.state)) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Only an interrupted, failed or cancelled export can be run again.' });
    }
    const params = exportParamsSchema.safeParse(record.params);
    if (!params.success) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This export cannot be run again: start a new one.' });
    return this.start(ownerUserId, params.data);
  }

  /**
   * The owner's export, or NOT_FOUND (also for someone else's: its existence is not revealed). An
   * active one is checked against the stale window first, so polling one export sees it interrupted too.
   */
  async status(ownerUserId: number, id: string): Promise<ExportView> {
    const record = await this.recordOf(ownerUserId, id);
    if (record.state !== 'running' && record.state !== 'queued') return viewOf(record);
    return (await this.interruptStale()) > 0 ? viewOf(await this.recordOf(ownerUserId, id)) : viewOf(record);
  }

  /** The owner's exports, newest first; any left stale by a stopped process are shown interrupted. */
  async list(ownerUserId: number): Promise<ExportView[]> {
    await this.interruptStale();
    await this.prune();
    return (await this.records.listForOwner(ownerUserId)).map(viewOf);
  }

  /**
   * Cancels the owner's active export. A job this process runs stops at once; one running on
   * another instance stops at its next progress write or heartbeat. An ended one is left as it is.
   */
  async cancel(ownerUserId: number, id: string): Promise<ExportView> {
    const record = await this.records.cancel(id, ownerUserId);
    if (!record) throw notFound();
    this.running.get(id)?.abort(new Error('cancelled'));
    return viewOf(record);
  }

  /** The finished CSV and a file name, or null when the export is not the owner's or not finished. */
  async csv(ownerUserId: number, id: string): Promise<{ filename: string; body: string } | null> {
    const record = await this.records.get(id);
    if (!record || record.ownerUserId !== ownerUserId || record.state !== 'finished' || !record.hasCsvContent) return null;
    let body: string;
    try {
      body = await this.records.readCsv(id);
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
    const { site, startDate } = viewOf(record);
    return { filename: `transactions-${site}-${startDate.slice(0, 10)}.csv`.replace(/[^\w.-]/g, '_'), body };
  }

  /** Marks interrupted the active exports whose process stopped (at start-up, and before each list). */
  async interruptStale(): Promise<number> {
    return (await this.records.markStaleInterrupted(this.staleAfterMs)).length;
  }

  /** Server shutdown: aborts this process's exports and marks them interrupted at once rather than after the stale window. */
  async close(): Promise<void> {
    const ids = [...this.running.keys()];
    for (const controller of this.running.values()) controller.abort(new Error('closed'));
    await Promise.all(ids.map((id) => this.records.interrupt(id).catch(() => null)));
  }

  private launch(id: string, params: ExportParams): void {
    const controller = new AbortController();
    this.running.set(id, controller);
    void this.run(id, params, controller).finally(() => this.running.delete(id));
  }

  private async run(id: string, params: ExportParams, controller: AbortController): Promise<void> {
    const keeper = new ExportRecordKeeper(this.records, id, () => controller.abort(new Error('no longer active')));
    const heartbeat = setInterval(() => void keeper.beat(this.heartbeatMs), this.heartbeatMs);
    heartbeat.unref();
    try {
      const records = await this.client.loadJob({
        ...params,
        signal: controller.signal,
        concurrency: this.concurrency,
        ...(this.pollIntervalMs === undefined ? {} : { pollIntervalMs: this.pollIntervalMs }),
        onProgress: ({ pagesDone, pagesTotal, records }) => keeper.write({ pagesDone, pagesTotal, rowsWritten: records }),
      });
      await keeper.settled();
      if (controller.signal.aborted) return;
      // Kept in the database, not on disk: instances behind one proxy share no disk. `loadJob` takes one
      // site and at most 24 hours (pages of 100); a busy site's day is a few thousand transactions of a
      // few hundred bytes each, a few MB at most.
      await this.records.finish(id, { rowsWritten: records.length, csvContent: transactionsCsv(records) });
    } catch (error) {
      await keeper.settled();
      if (controller.signal.aborted) return;
      await this.recordFailure(id, error);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * The same public error and log entry as a failed procedure: the owner sees the reference of the
   * logged cause. If even this write fails, the record goes stale and is shown interrupted.
   */
  private async recordFailure(id: string, error: unknown): Promise<void> {
    const failure = toTrpcError(error);
    if (this.logger) logPortalError(this.logger, { error: failure, path: 'transactions.exports.job', type: 'export' });
    const shown = publicErrorOf(failure);
    await this.records.fail(id, shown.message, { code: shown.code, details: shown.details }).catch(() => null);
  }

  private async recordOf(ownerUserId: number, id: string): Promise<ExportRecord> {
    const record = await this.records.get(id);
    if (!record || record.ownerUserId !== ownerUserId) throw notFound();
    return record;
  }

  /** Applies the retention, at most once per `pruneEveryMs` in this process. */
  private async prune(): Promise<void> {
    if (Date.now() - this.lastPruneAt < this.pruneEveryMs) return;
    this.lastPruneAt = Date.now();
    await this.records.deleteEnded(this.retention);
  }
}

/** A record as the browser sees it. */
export function viewOf(record: ExportRecord): ExportView {
  const parsed = exportParamsSchema.safeParse(record.params);
  const params = parsed.success ? parsed.data : { site: '', startDate: 0, endDate: 0 };
  return {
    id: record.id,
    site: params.site,
    startDate: new Date(params.startDate * 1000).toISOString(),
    endDate: new Date(params.endDate * 1000).toISOString(),
    state: record.state,
    pagesDone: record.pagesDone,
    pagesTotal: record.pagesTotal,
    records: record.rowsWritten,
    error: record.error === null ? null : { code: record.errorCode ?? 'EXPORT_FAILED', message: record.error, details: record.errorDetails ?? {} },
    startedAt: (record.startedAt ?? record.createdAt).toISOString(),
    finishedAt: record.finishedAt?.toISOString() ?? null,
  };
}
