import { createPortalContext, requestInfoFromHeaders } from '@washops/portal-api';
import { getPortalDeps } from '../../../../server/deps';
import { plainResponse, unavailableResponse } from '../../../../server/responses';

export const dynamic = 'force-dynamic';

/**
 * The CSV of a finished export, read from the store: after a restart and from any instance. Only
 * the portal user who started it may download it: the session is checked here (the proxy lets API
 * paths through), and an export of someone else answers 404 like one that never existed or was deleted.
 */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    return await download(request, context.params);
  } catch (error) {
    const answer = unavailableResponse(error);
    if (answer) return answer;
    throw error;
  }
}

async function download(request: Request, params: Promise<{ id: string }>): Promise<Response> {
  const [deps, { id }] = await Promise.all([getPortalDeps(), params]);
  // The procedures' own session check (the store's session, its user still enabled), not a copy of it.
  const { session } = await createPortalContext(deps, requestInfoFromHeaders(request.headers, deps.auth.trustProxy));
  if (!session) return plainResponse(401, 'Sign in to download exports.');
  const csv = await deps.exports.csv(session.userId, id);
  if (!csv) return plainResponse(404, 'No such export, or it is not finished: it may have been deleted. Start a new one.');
  return new Response(csv.body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${csv.filename}"`,
      'cache-control': 'private, no-store',
    },
  });
}
