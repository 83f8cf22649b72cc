import { createPortalContext, requestInfoFromHeaders, warehouseExport } from '@washops/portal-api';
import { ValidationError } from '@washops/shared-errors';
import { getPortalDeps } from '../../../../server/deps';
import { portalLogger } from '../../../../server/logger';
import { plainResponse, streamedText, unavailableResponse } from '../../../../server/responses';

export const dynamic = 'force-dynamic';

/**
 * Transactions of local days × sites from the warehouse as CSV (`?from=&to=` and `sites=` or
 * `region=`), streamed as the database reads them: any signed-in user, like the explorer. A range
 * not wholly synced is refused with what is missing and where to sync it (409).
 */
export async function GET(request: Request): Promise<Response> {
  try {
    return await download(request);
  } catch (error) {
    const answer = unavailableResponse(error);
    if (answer) return answer;
    if (error instanceof ValidationError) return plainResponse(400, error.message);
    throw error;
  }
}

async function download(request: Request): Promise<Response> {
  const deps = await getPortalDeps();
  const { session } = await createPortalContext(deps, requestInfoFromHeaders(request.headers, deps.auth.trustProxy));
  if (!session) return plainResponse(401, 'Sign in to export transactions.');
  const planned = await warehouseExport(deps.store, deps.backoffice, new URL(request.url).searchParams, request.signal);
  if (!planned.ok) return plainResponse(planned.status, planned.message);
  const body = streamedText(planned.csv, (error) =>
    portalLogger().error({ error: { name: (error as Error).name, message: (error as Error).message } }, 'a warehouse export failed'),
  );
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${planned.filename}"`,
      'cache-control': 'private, no-store',
    },
  });
}
