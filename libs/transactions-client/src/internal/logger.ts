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
