import type { ResourceReadOptions } from '@washops/operations';
import type { ToolRunContext } from '../tool.js';

/**
 * A resource read's options from a tool call: its cancellation, and each Data API read of a live answer sent to the
 * caller as progress. A live list at the shared rate budget takes a request per 100 rows (one site's gift cards, a
 * month of sales outcomes: tens of seconds), so a client shows how far it is and, when it resets its timeout on
 * progress, does not give up on a read that is still under way.
 */
export function resourceReadOptions({ signal, reportProgress }: ToolRunContext): ResourceReadOptions {
  return { signal, onProgress: (progress) => void reportProgress(progress.done, progress.total ?? undefined, progress.message).catch(() => {}) };
}
