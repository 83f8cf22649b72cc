import { SingleBar } from 'cli-progress';
import { PLAIN_PROGRESS_EVERY_MS } from './bulk-progress.js';
import type { CliIo } from './io.js';

/** Where a backfill stands: site-days of the request by state. */
export interface SyncProgress {
  total: number;
  done: number;
  failed: number;
  records: number;
}

export interface SyncProgressDisplay {
  update(progress: SyncProgress): void;
  stop(): void;
}

function line(progress: SyncProgress): string {
  return `${progress.done}/${progress.total} site-days done, ${progress.failed} failed, ${progress.records} records`;
}

/** A live bar on stderr on a terminal; elsewhere the first line, at most one every few seconds, and the last. */
export function syncProgressDisplay(io: CliIo, now: () => number = Date.now): SyncProgressDisplay {
  if (io.stderr.isTTY) {
    const bar = new SingleBar({
      stream: io.stderr as NodeJS.WritableStream,
      format: '{bar} {value}/{total} site-days done | {failed} failed | {records} records',
      hideCursor: false,
      clearOnComplete: false,
      barsize: 24,
    });
    let started = false;
    return {
      update(progress) {
        const values = { failed: progress.failed, records: progress.records };
        if (!started) bar.start(progress.total, progress.done, values);
        else bar.update(progress.done, values);
        started = true;
      },
      stop: () => bar.stop(),
    };
  }
  let last: SyncProgress | undefined;
  let printed: string | undefined;
  let printedAt = -Infinity;
  const print = (progress: SyncProgress) => {
    printed = line(progress);
    printedAt = now();
    io.stderr.write(`progress: ${printed}\n`);
  };
  return {
    update(progress) {
      last = progress;
      if (now() - printedAt >= PLAIN_PROGRESS_EVERY_MS) print(progress);
    },
    stop() {
      if (last && line(last) !== printed) print(last);
    },
  };
}
