import { setMaxListeners } from 'node:events';

/** Throws the signal's reason when it is aborted, as `fetch` does. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason;
}

/**
 * Waits `ms`, or rejects with the signal's reason as soon as it aborts. Hand-written rather than
 * `timers/promises` because that one rejects with its own AbortError instead of the signal's reason.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A controller that aborts when any parent signal aborts; `dispose()` detaches it from them. */
export interface LinkedController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
  dispose(): void;
}

/**
 * Links child work to several parents. Written out instead of `AbortSignal.any` so that the
 * listeners on long-lived parents (the client's own signal) are removed when the work ends.
 */
export function linkSignals(...parents: Array<AbortSignal | undefined>): LinkedController {
  const controller = new AbortController();
  // A job's signal is shared by all of its pages, their sleeps and their requests.
  setMaxListeners(0, controller.signal);
  const detach: Array<() => void> = [];
  const dispose = (): void => {
    for (const off of detach.splice(0)) off();
  };
  for (const parent of parents) {
    if (!parent) continue;
    if (parent.aborted) {
      controller.abort(parent.reason);
      break;
    }
    const onAbort = (): void => {
      controller.abort(parent.reason);
      dispose();
    };
    parent.addEventListener('abort', onAbort, { once: true });
    detach.push(() => parent.removeEventListener('abort', onAbort));
  }
  return {
    signal: controller.signal,
    abort: (reason?: unknown) => {
      controller.abort(reason);
      dispose();
    },
    dispose,
  };
}

/** Waits until `performance.now()` reaches `deadline`: timers may fire a little early, so check and wait again. */
export async function sleepUntil(deadline: number, signal?: AbortSignal): Promise<void> {
  for (let left = deadline - performance.now(); left > 0; left = deadline - performance.now()) {
    await sleep(Math.max(1, Math.ceil(left)), signal);
  }
  throwIfAborted(signal);
}
