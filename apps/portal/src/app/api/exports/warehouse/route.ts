import { csvAttachment, plainResponse, signedInDownload, warehouseExport } from '@washops/portal-api';
import { getPortalDeps } from '../../../../server/deps';
import { portalLogger } from '../../../../server/logger';
import { streamedText } from '../../../../server/responses';

export const dynamic = 'force-dynamic';

/**
 * Transactions of local days × sites from the warehouse as CSV (`?from=&to=` and `sites=` or
 * `region=`), streamed as the database reads them: any signed-in user, like the explorer. A range
 * not wholly synced is refused with what is missing and where to sync it (409).
 */
export async function GET(request: Request): Promise<Response> {
  return signedInDownload(request, getPortalDeps, 'Sign in to export transactions.', async ({ deps }) => {
    const planned = await warehouseExport(deps.store, deps.backoffice, new URL(request.url).searchParams, request.signal);
    if (!planned.ok) return plainResponse(planned.status, planned.message);
    const body = streamedText(planned.csv, (error) =>
      portalLogger().error({ error: { name: (error as Error).name, message: (error as Error).message } }, 'a warehouse export failed'),
    );
    return csvAttachment(planned.filename, body);
  });
}
