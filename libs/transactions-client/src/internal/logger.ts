import { safeLog, type Logger } from '@washops/client-core';

/** Calls a caller's hook; a throw or a rejected promise is logged and ignored, never breaking the work that called it. */
export function callHook<A>(logger: Logger | undefined, name: string, hook: ((arg: A) => unknown) | undefined, arg: A): void {
  if (!hook) return;
  const ignore = (error: unknown): void => safeLog(logger, 'warn', { hook: name, error: String(error) }, `${name} threw; ignored`);
  try {
    const returned = hook(arg);
    if (returned instanceof Promise) returned.catch(ignore);
  } catch (error) {
    ignore(error);
  }
}
