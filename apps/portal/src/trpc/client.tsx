'use client';

import type { AppRouter } from '@washops/portal-api';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpBatchStreamLink, splitLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { useState, type ReactNode } from 'react';
import { makeQueryClient } from './query-client';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** Procedures whose result is an async iterable. */
const STREAMED_PATHS = new Set(['transactions.list']);

const sameOriginFetch: typeof fetch = (url, options) => fetch(url, { ...options, credentials: 'same-origin' });

let browserQueryClient: QueryClient | undefined;

function getQueryClient(): QueryClient {
  // On the server every render gets its own client; in the browser one client lives for the page.
  if (typeof window === 'undefined') return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        // Streamed procedures (the transaction list sends a page at a time) go alone over the
        // streaming link, so aborting one list never cancels a batch of other queries with it.
        splitLink({
          condition: (op) => STREAMED_PATHS.has(op.path),
          true: httpBatchStreamLink({ url: '/api/trpc', maxItems: 1, fetch: sameOriginFetch }),
          false: httpBatchLink({ url: '/api/trpc', fetch: sameOriginFetch }),
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
