import { TransactionsClient, type TransactionsClientOptions } from '../../src/client.js';
import { DataApiClient } from '../../src/resources/data-api-client.js';
import { BASE_URL, fakeFetch, type FakeHandler } from './fake-fetch.js';

/**
 * A client over a fake `fetch`, with a budget and backoff small enough that unit tests never wait
 * on them unless they ask to. The fake stamps requests on the client's clock (`options.clock`).
 */
export function fakeClient(handler: FakeHandler, options: Partial<TransactionsClientOptions> = {}) {
  const fake = fakeFetch(handler, options.clock);
  const client = new TransactionsClient({
    apiId: 'acme',
    apiKey: 'fake-key-1234',
    baseUrl: BASE_URL,
    fetch: fake.fetch,
    rateLimit: { requests: 1000, windowMs: 1000 },
    backoff: { initialMs: 5, maxMs: 20 },
    ...options,
  });
  return { client, fake };
}

/** The error a promise rejects with; fails the test when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** A `DataApiClient` over a fake `fetch`, with the same small budget and backoff as `fakeClient`. */
export function fakeDataApi(handler: FakeHandler, options: Partial<TransactionsClientOptions> = {}) {
  const fake = fakeFetch(handler, options.clock);
  const client = new DataApiClient({
    apiId: 'acme',
    apiKey: 'fake-key-1234',
    baseUrl: BASE_URL,
    fetch: fake.fetch,
    rateLimit: { requests: 1000, windowMs: 1000 },
    backoff: { initialMs: 5, maxMs: 20 },
    ...options,
  });
  return { client, fake };
}
