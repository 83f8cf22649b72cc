import type { BulkProgress } from '@washops/operations';
import { durationText, progressText } from './bulk-format.js';
import type { CliIo } from './io.js';
import { progressDisplayOf, type ProgressDisplay, type ProgressView } from './progress-display.js';

export { PLAIN_PROGRESS_EVERY_MS } from './progress-display.js';

/** A bulk run: rows done, failed, remaining, rate and time left. */
const bulkView: ProgressView<BulkProgress> = {
  barFormat: '{bar} {done}/{total} done | {failed} failed | {remaining} remaining | {rate}{left}',
  value: (progress) => progress.done + progress.failed,
  total: (progress) => progress.total,
  payload: (progress) => ({
    done: progress.done,
    failed: progress.failed,
    remaining: progress.remaining,
    rate: progress.ratePerMinute === null ? '— rows/min' : `${progress.ratePerMinute.toFixed(1)} rows/min`,
    left: progress.etaMs === null || progress.remaining === 0 ? '' : ` | about ${durationText(progress.etaMs)} left`,
  }),
  line: progressText,
};

export function progressDisplay(io: CliIo, now: () => number = Date.now): ProgressDisplay<BulkProgress> {
  return progressDisplayOf(io, bulkView, now);
}
