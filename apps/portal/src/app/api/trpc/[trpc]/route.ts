import { appRouter, createErrorLogger, createFetchContextFactory, portalResponseMeta } from '@washops/portal-api';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { getPortalDeps } from '../../../../server/deps';
import { portalLogger } from '../../../../server/logger';

export const dynamic = 'force-dynamic';

async function handler(req: Request): Promise<Response> {
  const deps = await getPortalDeps();
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: createFetchContextFactory(deps),
    // 503 (database unavailable) and 429 carry Retry-After.
    responseMeta: portalResponseMeta,
    // Unexpected, upstream and partial failures: the original error under the reference the user sees.
    onError: createErrorLogger(portalLogger()),
  });
}

export { handler as GET, handler as POST };
