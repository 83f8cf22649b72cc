import { createPortalContext, requestInfoFromHeaders } from '@washops/portal-api';
import { getPortalDeps } from '../../../../server/deps';

export const dynamic = 'force-dynamic';

function plain(status: number, message: string): Response {
  return new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}

/**
 * The CSV of a finished export. Only the portal user who started it may download it: the session
 * cookie is verified here (the proxy lets API paths through), and an export of someone else answers
 * 404 like one that never existed or has expired.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const [deps, { id }] = await Promise.all([getPortalDeps(), params]);
  // The procedures' own session check (signature, expiry, sign-out), not a copy of it.
  const { session } = await createPortalContext(deps, requestInfoFromHeaders(request.headers, deps.auth.trustProxy));
  if (!session) return plain(401, 'Sign in to download exports.');
  const csv = deps.exports.csv(session.username, id);
  if (!csv) return plain(404, 'No such export, or it is not finished: it may have expired. Start a new one.');
  return new Response(csv.body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${csv.filename}"`,
      'cache-control': 'private, no-store',
    },
  });
}
