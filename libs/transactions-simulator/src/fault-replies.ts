/** What an injected fault does to a request: a reply sent instead, a dropped connection, or a delay. */
import type { ServerResponse } from 'node:http';
import type { Clock } from '@washops/clock';
import { DataApiError, ERROR_MESSAGES, errorBody } from './envelopes.js';
import { json, type Reply } from './http.js';
import type { ErrorEnvelope, RequestLogEntry, TransactionsFault } from './types.js';

const DEFAULT_SLOW_DELAY_MS = 5000;

const GATEWAY_TEXT: Record<number, string> = { 502: 'Bad Gateway', 503: 'Service Temporarily Unavailable', 504: 'Gateway Time-out' };

/** A reply to send instead, 'dropped', or undefined to carry on (slow, malformed JSON). */
export async function applyFault(
  fault: TransactionsFault,
  res: ServerResponse,
  entry: RequestLogEntry,
  latencyMs: number,
  envelope: ErrorEnvelope,
  clock: Clock,
): Promise<Reply | 'dropped' | undefined> {
  switch (fault.kind) {
    case 'drop':
      if (latencyMs > 0) await clock.sleep(latencyMs);
      entry.status = 0;
      res.socket?.destroy();
      return 'dropped';
    case 'slow':
      await clock.sleep(fault.delayMs ?? DEFAULT_SLOW_DELAY_MS);
      return undefined;
    case 'rateLimitStorm': {
      const reply = json(429, errorBody(new DataApiError('RequestRateExceedError', ERROR_MESSAGES.RequestRateExceedError), envelope));
      if (fault.retryAfterSeconds !== undefined) reply.headers = { 'retry-after': String(fault.retryAfterSeconds) };
      return reply;
    }
    case 'serverError': {
      const status = fault.status ?? 500;
      if (status === 500) {
        return json(500, errorBody(new DataApiError('ServerUnexpectedFailure', ERROR_MESSAGES.ServerUnexpectedFailure, undefined, 'SCEC0001'), envelope));
      }
      // What a gateway in front of the API sends: an HTML page, not the API's JSON.
      const text = `${status} ${GATEWAY_TEXT[status] ?? 'Server Error'}`;
      return { status, body: `<html><head><title>${text}</title></head><body><center><h1>${text}</h1></center></body></html>\n`, contentType: 'text/html' };
    }
    default:
      return undefined;
  }
}
