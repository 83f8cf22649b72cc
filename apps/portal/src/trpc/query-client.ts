import { QueryCache, QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';

/** Errors a retry cannot fix: the user or the input must change first. */
const FINAL_CODES = new Set(['UNAUTHORIZED', 'FORBIDDEN', 'BAD_REQUEST', 'NOT_FOUND', 'CONFLICT', 'TOO_MANY_REQUESTS']);

function codeOf(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      // A session that ended while a page was open (expiry, sign-out elsewhere): back to the sign-in page.
      onError: (error) => {
        if (codeOf(error) === 'UNAUTHORIZED' && typeof window !== 'undefined' && window.location.pathname !== '/sign-in') {
          // With the query string: the transactions explorer keeps its filters there.
          window.location.assign(`/sign-in?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => {
          const code = codeOf(error);
          return !(code && FINAL_CODES.has(code)) && failures < 2;
        },
      },
    },
  });
}
