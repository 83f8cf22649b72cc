import { csvAttachment, plainResponse, reportCsvDownload, signedInDownload } from '@washops/portal-api';
import { getPortalDeps } from '../../../../server/deps';
import { loadOperations } from '../../../../server/operations';

export const dynamic = 'force-dynamic';

/**
 * One report's table as CSV (`?kind=&from=&to=`, `sites=` or `region=`, `period=`, `groupBy=`,
 * `allowPartial=true`: the Reports page's own filters), for any signed-in user, like the page. A
 * range not wholly synced is refused with what is missing (409).
 */
export async function GET(request: Request): Promise<Response> {
  return signedInDownload(request, getPortalDeps, 'Sign in to download reports.', async ({ deps }) => {
    const { reportCsv } = await loadOperations();
    const download = await reportCsvDownload(deps.reports, reportCsv, new URL(request.url).searchParams, request.signal);
    return download.ok ? csvAttachment(download.filename, download.csv) : plainResponse(download.status, download.message);
  });
}
