import { redact } from '@washops/shared-errors';

type LogFn = (obj: object, msg?: string) => void;

/** A pino-compatible logger: `logger.warn({ ... }, 'message')`. Both clients take one; off by default. */
export interface Logger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

/** Every entry passes `redact()` (secret keys and registered secrets are masked); a broken logger never breaks a request. */
export function safeLog(logger: Logger | undefined, level: keyof Logger, entry: Record<string, unknown>, msg: string): void {
  if (!logger) return;
  try {
    logger[level](redact(entry) as object, msg);
  } catch {
    // Logging is best effort.
  }
}

/** One line about an error for a log: its message and its cause's, without stack or secrets. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    // A cause's first line only: a database driver's message goes on with the query's parameters (values, secrets).
    return cause instanceof Error ? `${error.message} (${cause.message.split('\n')[0]})` : error.message;
  }
  return String(error);
}
