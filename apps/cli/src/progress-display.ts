import { SingleBar } from 'cli-progress';
import type { CliIo } from './io.js';

/** Without a terminal, one progress line at most this often (and one at the end). */
export const PLAIN_PROGRESS_EVERY_MS = 5_000;

export interface ProgressDisplay<P> {
  update(progress: P): void;
  /** Takes the bar off the terminal (or prints the last line), before the summary is written. */
  stop(): void;
}

/** How one kind of progress is shown: as a bar on a terminal, as a line elsewhere. */
export interface ProgressView<P> {
  /** cli-progress format: `{bar}`, `{value}`, `{total}` and the keys of `payload`. */
  barFormat: string;
  value(progress: P): number;
  total(progress: P): number;
  payload(progress: P): Record<string, string | number>;
  line(progress: P): string;
}

function terminalBar<P>(io: CliIo, view: ProgressView<P>): ProgressDisplay<P> {
  const bar = new SingleBar({
    stream: io.stderr as NodeJS.WritableStream,
    format: view.barFormat,
    // A second Ctrl-C quits without taking the bar down: a hidden cursor would stay hidden.
    hideCursor: false,
    clearOnComplete: false,
    barsize: 24,
  });
  let started = false;
  return {
    update(progress) {
      if (!started) bar.start(view.total(progress), view.value(progress), view.payload(progress));
      else bar.update(view.value(progress), view.payload(progress));
      started = true;
    },
    stop: () => bar.stop(),
  };
}

/** Plain lines for logs and pipes: the first, then at most one every few seconds, and the last. */
function plainLines<P>(io: CliIo, view: ProgressView<P>, now: () => number): ProgressDisplay<P> {
  let last: P | undefined;
  let printed: string | undefined;
  let printedAt = -Infinity;
  const print = (progress: P) => {
    printed = view.line(progress);
    printedAt = now();
    io.stderr.write(`progress: ${printed}\n`);
  };
  return {
    update(progress) {
      last = progress;
      if (now() - printedAt >= PLAIN_PROGRESS_EVERY_MS) print(progress);
    },
    stop() {
      if (last !== undefined && view.line(last) !== printed) print(last);
    },
  };
}

/** A live bar on stderr on a terminal; elsewhere plain lines. */
export function progressDisplayOf<P>(io: CliIo, view: ProgressView<P>, now: () => number = Date.now): ProgressDisplay<P> {
  return io.stderr.isTTY ? terminalBar(io, view) : plainLines(io, view, now);
}
