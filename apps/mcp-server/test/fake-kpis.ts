import type { KpiAnswer, KpiRequest, Kpis, KpiSummaryRow, MembershipAnswer } from '@washops/operations';
import { kpiRequestSchema } from '@washops/operations/schemas';
import { RangeNotSyncedError, ValidationError } from '@washops/shared-errors';
import { kpiFigures, ZERO_COMPONENTS, type KpiCoverage } from '@washops/store';

const SITES = ['NILES', 'LOMBARD'];

/** Two sites' week: figures a test can check the tools present (cents and dollars, fractions, totals summed then divided). */
export const SAMPLE_SUMMARY: KpiSummaryRow[] = [
  {
    group: 'NILES',
    ...kpiFigures({
      ...ZERO_COMPONENTS,
      transactions: 130,
      revenueCents: 180_000,
      cars: 120,
      memberCars: 30,
      retailCars: 85,
      freeCars: 5,
      planSaleCars: 5,
      retailRevenueCents: 110_500,
      redemptions: 30,
      redemptionRevenueCents: 0,
      newMemberships: 4,
      newMembershipRevenueCents: 15_996,
      renewals: 10,
      membershipRevenueCents: 55_986,
      shifts: 14,
      regularHours: 80,
      overtimeHours: 4.5,
      laborCostCents: 126_750,
      openShifts: 1,
      modifiedPunches: 2,
    }),
  },
  { group: 'LOMBARD', ...kpiFigures({ ...ZERO_COMPONENTS, transactions: 40, revenueCents: 50_000, cars: 40, retailCars: 40, retailRevenueCents: 50_000, shifts: 7, regularHours: 40, laborCostCents: 60_000 }) },
];

export const SAMPLE_MEMBERSHIPS: MembershipAnswer = {
  active: [
    { group: 'NILES', day: '2026-11-16', active: 200 },
    { group: 'NILES', day: '2026-11-22', active: 203 },
  ],
  churn: [
    { group: 'NILES', month: '2026-10-01', from: '2026-10-01', to: '2026-10-31', activeAtStart: 200, voluntary: 6, involuntary: 4, retained: 190, joined: 12, activeAtEnd: 202, voluntaryChurn: 0.03, involuntaryChurn: 0.02, churn: 0.05, retention: 0.95 },
    { group: 'NILES', month: '2026-11-01', from: '2026-11-01', to: '2026-11-22', activeAtStart: 0, voluntary: 0, involuntary: 0, retained: 0, joined: 3, activeAtEnd: 3, voluntaryChurn: null, involuntaryChurn: null, churn: null, retention: null },
  ],
  cohorts: [
    {
      group: 'NILES',
      joinMonth: '2026-10-01',
      plan: 'Best Wash Unlimited',
      members: 10,
      months: [
        { month: '2026-10-01', active: 10, share: 1 },
        { month: '2026-11-01', active: 8, share: 0.8 },
      ],
    },
  ],
};

export interface FakeKpisOptions {
  /** Resources the warehouse lacks over the range: refused unless a partial answer is allowed. */
  missing?: Array<'memberships' | 'status-changes' | 'clock-entries'>;
  /** Site-days of transactions the warehouse lacks. */
  missingTransactions?: number;
}

/**
 * The numbers' service's contract over fixed figures: it validates as the service does, refuses an unknown site
 * and a range not synced (with the service's own message naming the backfill), and records the requests.
 */
export function fakeKpis(options: FakeKpisOptions = {}) {
  const missing = options.missing ?? [];
  const missingTx = options.missingTransactions ?? 0;
  const calls: Array<{ method: keyof Kpis; request: KpiRequest }> = [];
  const synced = new Date('2026-11-23T05:00:00Z');
  const coverage = (): KpiCoverage => ({
    complete: missing.length === 0 && missingTx === 0,
    transactions: {
      siteDays: 14,
      synced: 14 - missingTx,
      complete: missingTx === 0,
      syncedAt: synced,
      missing: Array.from({ length: missingTx }, (_, i) => ({ siteCode: 'LOMBARD', day: `2026-11-${16 + i}` })),
      missingCount: missingTx,
    },
    resources: (['memberships', 'clock-entries'] as const).map((resource) => {
      const absent = missing.includes(resource);
      return { resource, complete: !absent, syncedAt: absent ? null : synced, missingDays: absent ? ['2026-11-20', '2026-11-21'] : [] };
    }),
    syncedAt: synced,
  });
  function answer<D>(method: keyof Kpis, request: KpiRequest, data: D, summary: string): KpiAnswer<D> {
    calls.push({ method, request });
    const valid = kpiRequestSchema.parse(request);
    if (valid.sites?.some((code) => !SITES.includes(code.toUpperCase()))) throw new ValidationError('Unknown site: NOSUCH.', { details: { field: 'sites' } });
    const cov = coverage();
    if (!cov.complete && !valid.allowPartial && missingTx > 0) {
      // The transactions' refusal is the reports' own (missing site-days, no resources in its details).
      throw new RangeNotSyncedError(`${missingTx} of 14 site-days of ${valid.from} to ${valid.to} are not synced (missing: LOMBARD 2026-11-16).`, {
        details: { siteDays: 14, synced: 14 - missingTx, missingCount: missingTx, missing: [{ siteCode: 'LOMBARD', day: '2026-11-16' }] },
      });
    }
    if (!cov.complete && !valid.allowPartial) {
      const named = [...missing.map((r) => `${r} (first missing day 2026-11-20)`)].join(', ');
      throw new RangeNotSyncedError(
        `The warehouse does not hold ${valid.from} to ${valid.to} whole for ${named}. Backfill it on the portal's Data sync page or with \`washops sync resources backfill --from ${valid.from} --to ${valid.to}\`; then ask again, or ask for a partial answer.`,
        { details: { from: valid.from, to: valid.to, resources: missing.map((resource) => ({ resource, missingDays: ['2026-11-20'] })) } },
      );
    }
    const partial = !cov.complete;
    return {
      scope: { from: valid.from, to: valid.to, siteCodes: valid.sites ?? SITES, region: valid.region ?? null, groupBy: valid.groupBy ?? 'site' },
      coverage: cov,
      partial,
      data,
      summary: partial ? `Partial: the warehouse does not hold all of ${valid.from} to ${valid.to}. ${summary}` : summary,
    };
  }
  const kpis: Kpis = {
    summary: async (request) => answer('summary', request, SAMPLE_SUMMARY, 'Headline: 160 cars, sales $2,300.00, 4 new memberships, conversion 3.2 %.'),
    memberships: async (request) => answer('memberships', request, SAMPLE_MEMBERSHIPS, 'Of 200 members active at the months\' starts, 6 cancellations (3.0 %).'),
    advisors: async (request) => answer('advisors', request, [], 'No offers.'),
    liability: async (request) => answer('liability', request, [], 'No liability.'),
  };
  return { kpis, calls };
}
