import { AsyncLocalStorage } from 'node:async_hooks';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { LoggingLevelSchema, SetLevelRequestSchema, type LoggingLevel, type ServerNotification, type ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { redactedEntry } from './log.js';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** Sends one log notification to the client of the request being served. */
type RequestLog = (level: LoggingLevel, entry: object, message: string) => void;

/** The request a tool or a resource read is running for, through every await down to the clients' loggers. */
const currentRequest = new AsyncLocalStorage<RequestLog>();

const SEVERITY = new Map(LoggingLevelSchema.options.map((level, index) => [level, index]));

/**
 * The logging capability of one server: the level its client set (`logging/setLevel`; every level until then), and
 * log notifications sent on the request that caused them, so over HTTP they travel in that request's response.
 */
export class ClientLog {
  #level: LoggingLevel | undefined;

  constructor(server: McpServer) {
    server.server.setRequestHandler(SetLevelRequestSchema, async (request) => {
      this.#level = request.params.level;
      return {};
    });
  }

  #wants(level: LoggingLevel): boolean {
    return this.#level === undefined || SEVERITY.get(level)! >= SEVERITY.get(this.#level)!;
  }

  /** Runs `work` for the request of `extra`: what the clients' loggers warn about meanwhile reaches that request's client. */
  during<T>(extra: Extra, work: () => Promise<T>): Promise<T> {
    return currentRequest.run(this.forRequest(extra), work);
  }

  /** A sender bound to one request, filtered by the client's level, every entry redacted as the server's own log lines are. */
  forRequest(extra: Extra): RequestLog {
    return (level, entry, message) => {
      if (!this.#wants(level)) return;
      extra
        .sendNotification({ method: 'notifications/message', params: { level, logger: 'washops', data: redactedEntry(entry, message) } })
        .catch(() => {});
    };
  }
}

/** A pino-style logger's methods: what the clients log through. */
interface LevelLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * `logger`, whose warnings and errors also go to the client of the request being served (a rate-limit wait, a
 * retried request, a sign-in refused), as log notifications. Outside a request it is `logger` alone.
 */
export function relayToClient(logger: LevelLogger): LevelLogger {
  const relay = (level: 'warning' | 'error', obj: object, msg?: string) => currentRequest.getStore()?.(level, obj, msg ?? '');
  return {
    debug: (obj, msg) => logger.debug(obj, msg),
    info: (obj, msg) => logger.info(obj, msg),
    warn: (obj, msg) => {
      logger.warn(obj, msg);
      relay('warning', obj, msg);
    },
    error: (obj, msg) => {
      logger.error(obj, msg);
      relay('error', obj, msg);
    },
  };
}
