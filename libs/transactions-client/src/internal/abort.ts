import { throwIfAborted, type Clock } from '@washops/client-core';
import { setMaxListeners } from 'node:events';

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

/** Waits until `clock.now()` reaches `deadline`: timers may fire a little early, so check and wait again. */
export async function sleepUntil(clock: Clock, deadline: number, signal?: AbortSignal): Promise<void> {
  for (let left = deadline - clock.now(); left > 0; left = deadline - clock.now()) {
    await clock.sleep(Math.max(1, Math.ceil(left)), signal);
  }
  throwIfAborted(signal);
}
