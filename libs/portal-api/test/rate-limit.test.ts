import { TransactionsClient } from '@washops/transactions-client';
import { describe, expect, it } from 'vitest';
import { publicErrorOf, type PortalDeps, type TransactionListChunk } from '../src/index.js';
import { callerAs, errorOf, makeDeps } from './helpers.js';

/** A Data API that answers every request with 429 and a Retry-After longer than the client waits by itself. */
function rateLimitedDeps(base: PortalDeps, retryAfterSeconds: number): { deps: PortalDeps; requests: string[] } {
  const requests: string[] = [];
  const transactions = new TransactionsClient({
    apiId: 'demo',
    apiKey: 'demo-key',
    baseUrl: 'http://data-api.test/v1',
    maxRetries: 0,
    fetch: async (url) => {
      requests.push(String(url));
      return new Response(JSON.stringify({ type: 'RateLimitExceededError', message: 'Too many requests' }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': String(retryAfterSeconds) },
      });
    },
  });
  return { deps: { ...base, transactions }, requests };
}

const yesterday = Math.floor(Date.now() / 86_400_000) * 86_400 - 86_400;

describe('a rate-limited Data API call', () => {
  it('tells how long to wait: retryAfterMs reaches the public error of a detail', async () => {
    const { deps, requests } = rateLimitedDeps(await makeDeps(), 90);
    const error = await errorOf(callerAs(deps, 'viewer').transactions.get({ transId: '876:1001' }));
    expect(requests).toHaveLength(1);
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(publicErrorOf(error)).toMatchObject({ code: 'RATE_LIMIT_ERROR', details: { retryAfterMs: 90_000 } });
  });

  it('and of a streamed list, where the error arrives after the stream has begun', async () => {
    const { deps } = rateLimitedDeps(await makeDeps(), 120);
    const stream = await callerAs(deps, 'viewer').transactions.list({ startDate: yesterday, endDate: yesterday + 3600 });
    const error = await errorOf(
      (async () => {
        const chunks: TransactionListChunk[] = [];
        for await (const chunk of stream) chunks.push(chunk);
        return chunks;
      })(),
    );
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(publicErrorOf(error).details['retryAfterMs']).toBe(120_000);
  });
});
