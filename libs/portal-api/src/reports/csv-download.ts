import type { ReportRequest, Reports, ReportTable } from '@washops/operations';
import { reportRequestSchema } from '@washops/operations/schemas';
import { withoutUndefined } from '@washops/client-core';
import { RangeNotSyncedError, ValidationError } from '@washops/shared-errors';

export type ReportDownload = { ok: true; filename: string; csv: string } | { ok: false; status: 400 | 409; message: string };

/** The query string's request: `kind`, `from`, `to`, `sites` (comma-separated) or `region`, `period`, `groupBy`, `allowPartial=true`. */
function requestOf(params: URLSearchParams) {
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const sites = text('sites')
    ?.split(',')
    .map((code) => code.trim())
    .filter(Boolean);
  return reportRequestSchema.safeParse(
    withoutUndefined({
      kind: text('kind'),
      from: text('from') ?? '',
      to: text('to') ?? '',
      sites,
      region: text('region'),
      period: text('period'),
      groupBy: text('groupBy'),
      allowPartial: text('allowPartial') === 'true' ? true : undefined,
    }),
  );
}

/** `sales-2026-11-16-to-2026-11-22.csv`; a partial report says so in its name too. */
export function reportFilename(request: Pick<ReportRequest, 'kind' | 'from' | 'to'>, partial: boolean): string {
  return `${request.kind}-${request.from}-to-${request.to}${partial ? '-partial' : ''}.csv`;
}

/**
 * A report's table as CSV, as the Reports page shows it (same query as its URL). Refused with the
 * reason when the request is not valid (400) or its range is not wholly synced (409, pointing at Data sync).
 */
export async function reportCsvDownload(
  reports: Reports,
  csvOf: (table: ReportTable) => string,
  params: URLSearchParams,
  signal?: AbortSignal,
): Promise<ReportDownload> {
  const parsed = requestOf(params);
  if (!parsed.success) {
    return { ok: false, status: 400, message: `The report's filters are not valid. ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'filters'}: ${issue.message}`).join('; ')}` };
  }
  try {
    const result = await reports.run(parsed.data, signal ? { signal } : {});
    return { ok: true, filename: reportFilename(parsed.data, result.partial), csv: csvOf(result.table) };
  } catch (error) {
    if (error instanceof RangeNotSyncedError) return { ok: false, status: 409, message: `${error.message} Sync the range on the Data sync page (/sync).` };
    if (error instanceof ValidationError) return { ok: false, status: 400, message: error.message };
    throw error;
  }
}
