import { appRouter, createFetchContextFactory } from '@washops/portal-api';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { getPortalDeps } from '../../../../server/deps';

export const dynamic = 'force-dynamic';

async function handler(req: Request): Promise<Response> {
  const deps = await getPortalDeps();
  return fetchRequestHandler({ endpoint: '/api/trpc', req, router: appRouter, createContext: createFetchContextFactory(deps) });
}

export { handler as GET, handler as POST };
