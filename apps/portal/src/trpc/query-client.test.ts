import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeQueryClient } from './query-client';

function unauthorized(): TRPCClientError<never> {
  return new TRPCClientError('Sign in to continue.', { result: { error: { data: { code: 'UNAUTHORIZED' } } } } as never);
}

describe('the query client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a page whose session ended to the sign-in page, back to the same filters afterwards', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { pathname: '/transactions', search: '?from=2026-11-01&to=2026-11-07&site=CENT', assign } });
    const client = makeQueryClient();
    await client
      .fetchQuery({
        queryKey: ['list'],
        queryFn: () => {
          throw unauthorized();
        },
      })
      .catch(() => undefined);
    expect(assign).toHaveBeenCalledExactlyOnceWith(`/sign-in?next=${encodeURIComponent('/transactions?from=2026-11-01&to=2026-11-07&site=CENT')}`);
  });
});
