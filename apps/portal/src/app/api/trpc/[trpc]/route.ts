import { appRouter, createFetchContextFactory } from '@washops/portal-api';
import { redactString } from '@washops/shared-errors';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { getPortalDeps } from '../../../../server/deps';

export const dynamic = 'force-dynamic';

async function handler(req: Request): Promise<Response> {
  const deps = await getPortalDeps();
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: createFetchContextFactory(deps),
    onError: ({ error, path }) => {
      // Users see a generic message for unexpected errors; the server log keeps what happened (secrets masked).
      if (error.code !== 'INTERNAL_SERVER_ERROR') return;
      const cause = error.cause ?? error;
      console.error(`tRPC ${path ?? '?'} failed: ${redactString(`${cause.name}: ${cause.message}`)}`);
    },
  });
}

export { handler as GET, handler as POST };
