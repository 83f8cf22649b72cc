import { SingleBar } from 'cli-progress';
import type { BulkProgress } from '@washops/operations';
import { durationText, progressText } from './bulk-format.js';
import type { CliIo } from './io.js';

/** Without a terminal, one progress line at most this often (and one at the end). */
export const PLAIN_PROGRESS_EVERY_MS = 5_000;

export interface ProgressDisplay {
  update(progress: BulkProgress): void;
  /** Takes the bar off the terminal (or prints the last line), before the summary is written. */
  stop(): void;
}

/** A live bar on stderr: rows done, failed, remaining, rate and time left. */
function terminalBar(io: CliIo): ProgressDisplay {
  const bar = new SingleBar({
    stream: io.stderr as NodeJS.WritableStream,
    format: '{bar} {done}/{total} done | {failed} failed | {remaining} remaining | {rate}{left}',
    // A second Ctrl-C quits without taking the bar down: a hidden cursor would stay hidden.
    hideCursor: false,
    clearOnComplete: false,
    barsize: 24,
  });
  let started = false;
  return {
    update(progress) {
      const values = {
        done: progress.done,
        failed: progress.failed,
        remaining: progress.remaining,
        rate: progress.ratePerMinute === null ? '— rows/min' : `${progress.ratePerMinute.toFixed(1)} rows/min`,
        left: progress.etaMs === null || progress.remaining === 0 ? '' : ` | about ${durationText(progress.etaMs)} left`,
      };
      const finished = progress.done + progress.failed;
      if (!started) bar.start(progress.total, finished, values);
      else bar.update(finished, values);
      started = true;
    },
    stop: () => bar.stop(),
  };
}

/** Plain lines for logs and pipes: the first, then at most one every few seconds, and the last. */
function plainLines(io: CliIo, now: () => number): ProgressDisplay {
  let last: BulkProgress | undefined;
  let printedAt = -Infinity;
  let printed: BulkProgress | undefined;
  const print = (progress: BulkProgress) => {
    io.stderr.write(`progress: ${progressText(progress)}\n`);
    printed = progress;
    printedAt = now();
  };
  return {
    update(progress) {
      last = progress;
      if (now() - printedAt >= PLAIN_PROGRESS_EVERY_MS) print(progress);
    },
    stop() {
      if (last && last !== printed) print(last);
    },
  };
}

export function progressDisplay(io: CliIo, now: () => number = Date.now): ProgressDisplay {
  return io.stderr.isTTY ? terminalBar(io) : plainLines(io, now);
}
