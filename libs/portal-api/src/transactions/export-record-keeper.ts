import type { ExportProgress, ExportQueries } from '@washops/store';

/**
 * Keeps one running export's record fresh for the process that runs it: progress is written one
 * write at a time (only the latest counts), and a heartbeat refreshes the record while a job page
 * is slow. When a write finds the record no longer active (cancelled on another instance, or
 * interrupted as stale), `onInactive` stops the job.
 */
export class ExportRecordKeeper {
  private latest: ExportProgress | null = null;
  private flushing: Promise<void> | null = null;
  private lastWriteAt = Date.now();

  constructor(
    private readonly records: Pick<ExportQueries, 'progress' | 'heartbeat'>,
    private readonly id: string,
    private readonly onInactive: () => void,
  ) {}

  /** Notes progress; written as soon as the write before it has answered. */
  write(progress: ExportProgress): void {
    this.latest = progress;
    this.flushing ??= this.flush();
  }

  /** Refreshes the record unless a write did within `quietMs` or one is under way. */
  async beat(quietMs: number): Promise<void> {
    if (this.flushing || Date.now() - this.lastWriteAt < quietMs) return;
    if ((await this.attempt(() => this.records.heartbeat(this.id))) === false) this.onInactive();
  }

  /** Resolves once every noted progress has been written (or given up). */
  settled(): Promise<void> {
    return this.flushing ?? Promise.resolve();
  }

  private async flush(): Promise<void> {
    while (this.latest) {
      const progress = this.latest;
      this.latest = null;
      const active = await this.attempt(async () => (await this.records.progress(this.id, progress)) !== null);
      if (active === false) {
        this.onInactive();
        this.latest = null;
      }
    }
    this.flushing = null;
  }

  /**
   * True or false as the database answered, null when it could not be reached: the job goes on, the
   * next write tries again, and past the stale window another instance shows the export interrupted.
   */
  private async attempt(write: () => Promise<boolean>): Promise<boolean | null> {
    try {
      const active = await write();
      this.lastWriteAt = Date.now();
      return active;
    } catch {
      return null;
    }
  }
}
