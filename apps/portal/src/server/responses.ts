import 'server-only';
import { WashOpsError } from '@washops/shared-errors';

/** A short plain-text answer that no cache keeps. */
export function plainResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers } });
}

/** The database cannot be reached: 503 with its retry hint, as the procedures answer; `null` for any other error. */
export function unavailableResponse(error: unknown): Response | null {
  if (!(error instanceof WashOpsError) || error.status !== 503) return null;
  const retryAfterMs = Number(error.details['retryAfterMs']);
  const seconds = Number.isFinite(retryAfterMs) && retryAfterMs > 0 ? Math.ceil(retryAfterMs / 1000) : 5;
  return plainResponse(503, error.message, { 'retry-after': String(seconds) });
}

/**
 * A body that pulls text chunks as the client reads them (a large download never sits in memory);
 * a chunk that fails mid-way ends the download with an error, logged by `onError`.
 */
export function streamedText(chunks: AsyncIterable<string>, onError: (error: unknown) => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        onError(error);
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
