import type { CliIo } from './io.js';
import { progressDisplayOf, type ProgressDisplay, type ProgressView } from './progress-display.js';

/** Where a backfill stands: site-days of the request by state. */
export interface SyncProgress {
  total: number;
  done: number;
  failed: number;
  records: number;
}

const syncView: ProgressView<SyncProgress> = {
  barFormat: '{bar} {value}/{total} site-days done | {failed} failed | {records} records',
  value: (progress) => progress.done,
  total: (progress) => progress.total,
  payload: (progress) => ({ failed: progress.failed, records: progress.records }),
  line: (progress) => `${progress.done}/${progress.total} site-days done, ${progress.failed} failed, ${progress.records} records`,
};

export function syncProgressDisplay(io: CliIo, now: () => number = Date.now): ProgressDisplay<SyncProgress> {
  return progressDisplayOf(io, syncView, now);
}
