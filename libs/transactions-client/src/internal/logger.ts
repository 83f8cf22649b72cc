import { redact } from '@washops/shared-errors';

type LogFn = (obj: object, msg?: string) => void;

/** A pino-compatible logger: `logger.info({ ... }, 'message')`. */
export interface Logger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

/** Every entry passes `redact()`: values under secret keys (the API key header) and registered secrets are masked. */
export function safeLog(logger: Logger | undefined, level: keyof Logger, entry: Record<string, unknown>, msg: string): void {
  if (!logger) return;
  try {
    logger[level](redact(entry) as object, msg);
  } catch {
    // A broken logger must not break a request.
  }
}

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
