import { QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';

/** Errors a retry cannot fix: the user or the input must change first. */
const FINAL_CODES = new Set(['UNAUTHORIZED', 'FORBIDDEN', 'BAD_REQUEST', 'NOT_FOUND', 'CONFLICT', 'TOO_MANY_REQUESTS']);

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => {
          const code = error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
          return !(code && FINAL_CODES.has(code)) && failures < 2;
        },
      },
    },
  });
}
