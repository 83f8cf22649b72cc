import { TRPCError } from '@trpc/server';
import type { Actor, BulkChanges, BulkCheckReport, BulkFile, BulkKind, BulkRunView } from '@washops/operations';
import { logPortalError, type PortalLogger } from '../error-log.js';
import { toTrpcError } from '../errors.js';

/** States a run can be resumed from without its file: stopped with rows left. */
const RESUMABLE: ReadonlySet<BulkRunView['state']> = new Set(['interrupted', 'cancelled']);

export interface BulkRunnerOptions {
  /** Rows written at once by this process's runs (the engine's default when absent). */
  concurrency?: number;
  /** Where a run that failed in the background is logged, as a failed procedure is. */
  logger?: PortalLogger;
  /** How long `close` waits for the rows in flight to finish. Default 8 s (the portal's stop allows 10 s). */
  closeGraceMs?: number;
}

export interface BulkResultsFile {
  filename: string;
  body: string;
  /** Whether this file holds the generated PINs and passwords (only the first download of a finished run). */
  secretsIncluded: boolean;
}

interface LocalRun {
  controller: AbortController;
  ended: Promise<void>;
}

/**
 * The bulk runs this process works, one runner per server process (in `PortalDeps`). It keeps nothing a
 * restart needs: each run and row lives in the store, so any instance shows its progress, and Cancel
 * is a flag in the store that reaches the run wherever it works. Here only the abort controllers of
 * the runs started in this process, so that a shutdown stops them after their rows in flight.
 */
export class BulkRunner {
  private readonly running = new Map<string, LocalRun>();
  private readonly closeGraceMs: number;

  constructor(
    readonly changes: BulkChanges,
    private readonly options: BulkRunnerOptions = {},
  ) {
    this.closeGraceMs = options.closeGraceMs ?? 8_000;
  }

  /** The dry run of an uploaded file. Throws `BulkFileError` for a file that cannot be used at all. */
  check(kind: BulkKind, file: BulkFile, signal?: AbortSignal): Promise<BulkCheckReport> {
    return this.changes.check(this.changes.parseCsv(kind, file), signal ? { signal } : {});
  }

  /**
   * Checks the file again, records its run (or finds the run of the same file, whatever its state) and starts
   * it in the background. Throws `BulkCheckFailedError` when a row has an error: nothing is written.
   */
  async start(actor: Actor, kind: BulkKind, file: BulkFile): Promise<BulkRunView> {
    const { run } = await this.changes.prepare(actor, this.changes.parseCsv(kind, file), this.concurrencyOption());
    return this.launch(run.id, actor);
  }

  /** Continues an interrupted or cancelled run from the store as `actor` (its writes are theirs): rows done are skipped. */
  async resume(runId: string, actor: Actor): Promise<BulkRunView> {
    const run = await this.changes.get(runId);
    if (!RESUMABLE.has(run.state)) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: `Only an interrupted or cancelled run can be resumed; this one is ${run.state}.` });
    }
    return this.launch(runId, actor);
  }

  /** Asks the run to stop wherever it works: its rows in flight finish, the rest wait for a resume. */
  async cancel(runId: string): Promise<BulkRunView> {
    const run = await this.changes.cancel(runId);
    this.running.get(runId)?.controller.abort(new Error('cancelled'));
    return run;
  }

  /** The results file. Downloaded as admin only: the first download of a finished run shows the secrets, once. */
  async resultsFile(runId: string): Promise<BulkResultsFile> {
    const run = await this.changes.get(runId);
    const { csv, secretsIncluded } = await this.changes.resultsCsv(runId, { revealSecrets: true });
    const base = run.fileName.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '_').slice(0, 80) || 'bulk';
    return { filename: `${base}-results.csv`, body: csv, secretsIncluded };
  }

  /** At start-up: runs whose process is gone are shown interrupted, with Resume. */
  recoverInterrupted(): Promise<number> {
    return this.changes.recoverInterrupted();
  }

  /** Whether this process works the run now. */
  isWorking(runId: string): boolean {
    return this.running.has(runId);
  }

  /** Resolves when this process has stopped working the run (at once if it does not work it). */
  async settled(runId: string): Promise<void> {
    await this.running.get(runId)?.ended;
  }

  /** Server shutdown: stops this process's runs after their rows in flight (they stay resumable), within the grace. */
  async close(): Promise<void> {
    const runs = [...this.running.values()];
    for (const run of runs) run.controller.abort(new Error('closed'));
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.closeGraceMs);
      timer.unref();
    });
    await Promise.race([Promise.all(runs.map((run) => run.ended)), grace]);
    clearTimeout(timer);
  }

  /**
   * Starts `execute` in the background and answers once it has taken the run (its first progress):
   * a run another live process holds is refused here (`RunInProgressError`), not lost in the background.
   */
  private async launch(runId: string, actor: Actor): Promise<BulkRunView> {
    if (this.running.has(runId)) return this.changes.get(runId);
    const controller = new AbortController();
    let taken!: () => void;
    const started = new Promise<void>((resolve) => (taken = resolve));
    const execution = this.changes.execute(runId, {
      actor,
      signal: controller.signal,
      onProgress: () => taken(),
      ...this.concurrencyOption(),
    });
    const ended = execution.then(
      () => undefined,
      (error: unknown) => this.logFailure(runId, error),
    );
    this.running.set(runId, { controller, ended });
    void ended.finally(() => this.running.delete(runId));
    // A refusal before the first progress reaches the caller; a later failure is logged (the run stays resumable).
    await Promise.race([started, execution]);
    return this.changes.get(runId);
  }

  private logFailure(runId: string, error: unknown): void {
    if (this.options.logger) logPortalError(this.options.logger, { error: toTrpcError(error), path: `bulk.run ${runId}`, type: 'bulk' });
  }

  private concurrencyOption(): { concurrency?: number } {
    return this.options.concurrency === undefined ? {} : { concurrency: this.options.concurrency };
  }
}
