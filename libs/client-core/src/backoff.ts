export { sleep } from '@washops/clock';

/** How retries back off: exponential from `initialMs`, capped at `maxMs`, minus up to `jitter` of it. */
export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  /** 0..1, default 0.25: the share of the delay drawn at random, so clients that failed together spread out. */
  jitter?: number;
}

/** Delay before retry number `retry` (1-based). */
export function backoffDelay(retry: number, options: BackoffOptions, random: () => number = Math.random): number {
  const base = Math.min(options.maxMs, options.initialMs * 2 ** (Math.max(1, retry) - 1));
  return Math.round(base * (1 - (options.jitter ?? 0.25) * random()));
}

/** Throws the signal's reason when it is aborted, as `fetch` does. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason;
}
