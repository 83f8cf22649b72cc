import type { CompareRequest, ReportKind, ReportRequest, ReportResult, Reports } from '@washops/operations';
import { RangeNotSyncedError, ValidationError } from '@washops/shared-errors';
import type { SiteDayKey } from '@washops/store';

/**
 * The reports service's contract over one fixed answer: it refuses an unknown site and (unless a
 * partial answer is allowed) a range with `missing` site-days, and records what it was asked. For
 * tests of roles, inputs and errors; the service itself is tested in operations.
 */
export class RecordingReports implements Reports {
  readonly calls: Array<ReportRequest | CompareRequest> = [];

  constructor(private readonly missing: SiteDayKey[] = []) {}

  #result<K extends ReportKind>(request: ReportRequest & { kind: K }): ReportResult<K> {
    if (request.sites?.includes('NOWHERE')) throw new ValidationError('Unknown site: NOWHERE.', { details: { field: 'sites' } });
    if (this.missing.length > 0 && !request.allowPartial) {
      throw new RangeNotSyncedError(`${this.missing.length} of 2 site-days of ${request.from} to ${request.to} are not synced.`, {
        details: { siteDays: 2, synced: 2 - this.missing.length, missingCount: this.missing.length, missing: this.missing },
      });
    }
    return {
      kind: request.kind,
      title: `${request.kind} ${request.from} – ${request.to}`,
      scope: { from: request.from, to: request.to, siteCodes: ['FIESTA'], region: request.region ?? null, period: request.period ?? 'day', groupBy: request.groupBy ?? 'site' },
      coverage: { siteDays: 2, synced: 2 - this.missing.length, complete: this.missing.length === 0, syncedAt: new Date('2026-11-23T05:00:00Z'), missing: this.missing, missingCount: this.missing.length },
      partial: this.missing.length > 0,
      data: { cells: [] } as never,
      table: {
        columns: [
          { key: 'group', label: 'Site', kind: 'text' },
          { key: 'revenueCents', label: 'Revenue', kind: 'money' },
        ],
        rows: [{ group: 'FIESTA', revenueCents: 123_45 }],
      },
      summary: 'FIESTA took $123.45.',
    };
  }

  async run<K extends ReportKind>(request: ReportRequest & { kind: K }): Promise<ReportResult<K>> {
    this.calls.push(request);
    return this.#result(request);
  }

  async compare(request: CompareRequest) {
    this.calls.push(request);
    const current = this.#result({ kind: 'sales', ...request.current });
    const previous = this.#result({ kind: 'sales', ...(request.previous ?? { from: '2026-11-09', to: '2026-11-15' }) });
    return { title: 'Compared', current, previous, table: current.table, summary: 'Revenue held.' };
  }
}
