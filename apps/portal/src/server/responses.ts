import 'server-only';

// One implementation for every download route, beside the session check they share (`signedInDownload`).
export { plainResponse, unavailableResponse } from '@washops/portal-api';

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
