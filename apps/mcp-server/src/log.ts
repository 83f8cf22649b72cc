import { WashOpsError, redact, redactString } from '@washops/shared-errors';
import { pino, type DestinationStream, type Logger } from 'pino';

/** The levels the server and the tools log at; a pino logger fits. */
export interface McpLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * The server's logger: JSON lines on stderr (on stdio, stdout belongs to the protocol), every entry
 * passed through `redact()` so registered secrets and values under secret keys never reach a log.
 */
export function createMcpLogger(destination: DestinationStream = pino.destination(2), level = process.env['LOG_LEVEL'] ?? 'info'): Logger {
  return pino(
    {
      name: 'washops-mcp',
      level,
      formatters: { log: (entry) => redact(entry) as Record<string, unknown> },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? redactString(arg) : arg)) as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}

/** One entry as a client may see it in a log notification: the same masking as every line of the server's log. */
export function redactedEntry(entry: object, message: string): Record<string, unknown> {
  return redact({ message: redactString(message), ...entry }) as Record<string, unknown>;
}

const MAX_CAUSE_DEPTH = 4;

/**
 * Anything thrown as a plain object for a log line: name, code, message, stack, details and the
 * cause chain. (`redact()` alone keeps only an error's name and message; the logger masks these.)
 */
export function errorForLog(error: unknown, depth = 0): Record<string, unknown> {
  // DOMException (an abort) is not an `Error` in every realm, but has the same shape.
  if (!(error instanceof Error) && !(error instanceof DOMException)) return { value: String(error) };
  const entry: Record<string, unknown> = error instanceof WashOpsError ? { ...error.toJSON() } : { name: error.name, message: error.message };
  entry['stack'] = error.stack;
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) entry['cause'] = errorForLog(error.cause, depth + 1);
  return entry;
}
