import type { CompareRequest, ReportDataByKind, ReportKind, ReportRequest, ReportResult, Reports } from '@washops/operations';
import { compareRequestSchema, reportRequestSchema } from '@washops/operations/schemas';
import { RangeNotSyncedError, ValidationError } from '@washops/shared-errors';
import type { SiteDayKey } from '@washops/store';

const SITES = ['NILES', 'LOMBARD'];
const figures = (transactions: number, revenueCents: number) => ({ transactions, revenueCents, averageTicketCents: transactions ? Math.round(revenueCents / transactions) : null });

/** One answer per kind, with figures a test can check the tools present (cents and dollars). */
export const SAMPLE_DATA: ReportDataByKind = {
  sales: {
    rows: [
      { group: 'NILES', period: '2026-11-16', ...figures(120, 154_350) },
      { group: 'LOMBARD', period: '2026-11-16', ...figures(80, 99_120) },
    ],
    groups: [
      { group: 'NILES', ...figures(120, 154_350), previous: figures(100, 140_000), revenueChange: 0.1025, transactionsChange: 0.2 },
      { group: 'LOMBARD', ...figures(80, 99_120), previous: null, revenueChange: null, transactionsChange: null },
    ],
    totals: { group: 'All sites', ...figures(200, 253_470), previous: null, revenueChange: null, transactionsChange: null },
    previous: { from: '2026-11-15', to: '2026-11-15', complete: false, currentPartial: false },
  },
  mix: {
    categories: [
      { group: 'NILES', category: 'wash', transactions: 100, revenueCents: 120_000 },
      { group: 'NILES', category: 'house-account', transactions: 3, revenueCents: -1_500 },
    ],
    departments: [{ group: 'NILES', department: 'Wash', quantity: 104, transactions: 100, netCents: 118_800 }],
    topItems: [{ name: 'Best Wash', department: 'Wash', quantity: 60, netCents: 89_940 }],
  },
  memberships: {
    rows: [
      {
        group: 'NILES',
        recurringSales: 4,
        recurringPayments: 11,
        recurringRedemptions: 30,
        prepaidSales: 2,
        prepaidRedemptions: 5,
        planSales: 3,
        planRedemptions: 28,
        v2Known: 90,
        washes: 100,
        memberWashes: 35,
        memberShare: 0.35,
        membershipRevenueCents: 45_085,
      },
    ],
    totals: {
      group: 'All sites',
      recurringSales: 4,
      recurringPayments: 11,
      recurringRedemptions: 30,
      prepaidSales: 2,
      prepaidRedemptions: 5,
      planSales: 3,
      planRedemptions: 28,
      v2Known: 90,
      washes: 100,
      memberWashes: 35,
      memberShare: 0.35,
      membershipRevenueCents: 45_085,
    },
  },
  tenders: { rows: [{ group: 'NILES', tender: 'Cash', tenderSubType: null, count: 40, amountCents: 60_000, changeCents: 1_250, share: 0.4 }] },
  hours: { cells: [{ dayOfWeek: 1, hour: 9, transactions: 14, revenueCents: 19_950 }], weekdays: [1, 1, 1, 1, 1, 1, 1] },
  staff: { rows: [{ group: 'NILES', employee: 'Pat', role: 'cashier', transactions: 50, revenueCents: 65_000, membershipSales: 3, averageTicketCents: 1_300 }] },
  discounts: { rows: [{ group: 'NILES', discountName: 'Senior', uses: 4, amountCents: -800 }] },
};

export interface FakeReportsOptions {
  /** Site-days the warehouse lacks: a report over them is refused unless it allows a partial answer. */
  missing?: SiteDayKey[];
}

/**
 * The reports service's contract over fixed figures: it validates as the service does, refuses an
 * unknown site and a range not synced, and records the requests. The real service is tested in
 * operations; the tools' answers over a filled warehouse are tested beside this fake.
 */
export function fakeReports(options: FakeReportsOptions = {}) {
  const missing = options.missing ?? [];
  const calls: Array<ReportRequest | CompareRequest> = [];
  const coverage = () => ({
    siteDays: 14,
    synced: 14 - missing.length,
    complete: missing.length === 0,
    syncedAt: new Date('2026-11-23T05:00:00Z'),
    missing,
    missingCount: missing.length,
  });
  const result = <K extends ReportKind>(request: ReportRequest & { kind: K }): ReportResult<K> => {
    if (request.sites?.some((code) => !SITES.includes(code.toUpperCase()))) throw new ValidationError('Unknown site: NOSUCH.', { details: { field: 'sites' } });
    if (missing.length > 0 && !request.allowPartial) {
      const named = missing.slice(0, 5).map((key) => `${key.siteCode} ${key.day}`);
      const message = `${missing.length} of 14 site-days of ${request.from} to ${request.to} are not synced (missing: ${named.join(', ')}${missing.length > 5 ? ', …' : ''}).`;
      throw new RangeNotSyncedError(message, {
        details: { siteDays: 14, synced: 14 - missing.length, missingCount: missing.length, missing: missing.slice(0, 5) },
      });
    }
    return {
      kind: request.kind,
      title: `Report ${request.kind}, ${request.from} – ${request.to}`,
      scope: { from: request.from, to: request.to, siteCodes: request.sites ?? SITES, region: request.region ?? null, period: request.period ?? 'day', groupBy: request.groupBy ?? 'site' },
      coverage: coverage(),
      partial: missing.length > 0,
      data: SAMPLE_DATA[request.kind],
      table: { columns: [{ key: 'group', label: 'Group', kind: 'text' }], rows: [{ group: 'NILES' }] },
      summary: `Headline of ${request.kind}: $2,534.70 over 200 transactions.`,
    };
  };
  const reports: Reports = {
    run: async (request) => {
      calls.push(request);
      return result(reportRequestSchema.parse(request) as typeof request);
    },
    compare: async (request) => {
      calls.push(request);
      const valid = compareRequestSchema.parse(request);
      const previous = valid.previous ?? { from: '2026-11-09', to: '2026-11-15' };
      const base = { sites: valid.sites, region: valid.region, groupBy: valid.groupBy };
      const current = result({ ...base, kind: 'sales', ...valid.current });
      const before = result({ ...base, kind: 'sales', ...previous });
      // The previous week: Niles only, fewer sales; Lombard sold nothing.
      before.data = { ...before.data, groups: [{ ...SAMPLE_DATA.sales.groups[0]!, ...figures(100, 140_000) }], totals: { ...SAMPLE_DATA.sales.totals, ...figures(100, 140_000) } };
      return { title: 'Compared', current, previous: before, table: current.table, summary: 'Revenue rose 81.1 % to $2,534.70.' };
    },
  };
  return { reports, calls };
}
