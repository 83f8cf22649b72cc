import { createPortalContext, requestInfoFromHeaders } from '@washops/portal-api';
import { auditFilterSchema } from '@washops/portal-api/schemas';
import { auditFilterFieldsOf, auditFilterInputOf } from '../../../audit/query';
import { getPortalDeps } from '../../../server/deps';
import { portalLogger } from '../../../server/logger';
import { loadOperations } from '../../../server/operations';
import { plainResponse, streamedText, unavailableResponse } from '../../../server/responses';

export const dynamic = 'force-dynamic';

/**
 * The audit events the Activity page's filters select (the same query string), every page of them,
 * as CSV: for any signed-in user, like the page. The session is checked here (the proxy lets API
 * paths through) the way the procedures check it.
 */
export async function GET(request: Request): Promise<Response> {
  try {
    return await download(request);
  } catch (error) {
    const answer = unavailableResponse(error);
    if (answer) return answer;
    throw error;
  }
}

async function download(request: Request): Promise<Response> {
  const deps = await getPortalDeps();
  const { session } = await createPortalContext(deps, requestInfoFromHeaders(request.headers, deps.auth.trustProxy));
  if (!session) return plainResponse(401, 'Sign in to download the activity.');
  const parsed = auditFilterSchema.safeParse(auditFilterInputOf(auditFilterFieldsOf(new URL(request.url).searchParams)));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'filter'}: ${issue.message}`);
    return plainResponse(400, `The filters are not valid. ${problems.join('; ')}`);
  }
  const { auditCsv } = await loadOperations();
  const body = streamedText(auditCsv(deps.store.audit.stream(parsed.data)), (error) =>
    portalLogger().error({ error: { name: (error as Error).name, message: (error as Error).message } }, 'the activity CSV download failed'),
  );
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="washops-activity-${new Date().toISOString().slice(0, 10)}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
}
