import { bulkRunIdInput, createPortalContext, requestInfoFromHeaders } from '@washops/portal-api';
import { NotFoundError } from '@washops/shared-errors';
import { getPortalDeps } from '../../../../../server/deps';
import { plainResponse, unavailableResponse } from '../../../../../server/responses';

export const dynamic = 'force-dynamic';

/**
 * The results file of a bulk run, one row per input row, admins only (the session is checked here: the
 * proxy lets API paths through). The first download of a finished run holds the generated PINs and
 * passwords, which are then dropped from the store; later downloads say they were shown.
 */
export async function GET(request: Request, context: { params: Promise<{ runId: string }> }): Promise<Response> {
  try {
    return await download(request, context.params);
  } catch (error) {
    if (error instanceof NotFoundError) return plainResponse(404, 'No such bulk run.');
    const answer = unavailableResponse(error);
    if (answer) return answer;
    throw error;
  }
}

async function download(request: Request, params: Promise<{ runId: string }>): Promise<Response> {
  const [deps, { runId }] = await Promise.all([getPortalDeps(), params]);
  // The procedures' own session check (the store's session, its user still enabled), not a copy of it.
  const { session } = await createPortalContext(deps, requestInfoFromHeaders(request.headers, deps.auth.trustProxy));
  if (!session) return plainResponse(401, 'Sign in to download results.');
  if (session.role !== 'admin') return plainResponse(403, 'Only an admin may download the results of a bulk run.');
  if (!bulkRunIdInput.safeParse({ runId }).success) return plainResponse(404, 'No such bulk run.');
  const file = await deps.bulkRuns.resultsFile(runId);
  return new Response(file.body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'private, no-store',
      'x-washops-secrets-included': file.secretsIncluded ? 'yes' : 'no',
    },
  });
}
