import type { KpiComponents, KpiFigures, KpiSiteDay } from './types.js';

// The one definition of each derived number (README, "The operator's numbers"): sums first, then ratios, so a
// week, a region or the chain is never an average of averages.

export const ZERO_COMPONENTS: Readonly<KpiComponents> = {
  transactions: 0,
  revenueCents: 0,
  cars: 0,
  memberCars: 0,
  planSaleCars: 0,
  prepaidCars: 0,
  fleetCars: 0,
  retailCars: 0,
  freeCars: 0,
  retailRevenueCents: 0,
  redemptions: 0,
  redemptionRevenueCents: 0,
  newMemberships: 0,
  newMembershipRevenueCents: 0,
  renewals: 0,
  membershipRevenueCents: 0,
  shifts: 0,
  regularHours: 0,
  overtimeHours: 0,
  laborCostCents: 0,
  openShifts: 0,
  modifiedPunches: 0,
};

const KEYS = Object.keys(ZERO_COMPONENTS) as Array<keyof KpiComponents>;

/** Site-days summed per key (a period, a group, both): first-seen order. */
export function sumSiteDays(rows: readonly KpiSiteDay[], keyOf: (row: KpiSiteDay) => string): Map<string, KpiComponents> {
  const out = new Map<string, KpiComponents>();
  for (const row of rows) {
    const key = keyOf(row);
    let total = out.get(key);
    if (!total) out.set(key, (total = { ...ZERO_COMPONENTS }));
    for (const k of KEYS) total[k] += row[k];
  }
  return out;
}

const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);
const perCents = (cents: number, count: number): number | null => (count === 0 ? null : Math.round(cents / count));
/** Hours summed from floating figures, kept to the hundredth as the vendor gives them. */
const hundredths = (hours: number): number => Math.round(hours * 100) / 100;

export function kpiFigures(c: KpiComponents): KpiFigures {
  const eligibleCars = c.retailCars - c.freeCars;
  const salesCents = c.revenueCents - c.redemptionRevenueCents;
  const salesTransactions = c.transactions - c.redemptions;
  const laborHours = hundredths(c.regularHours + c.overtimeHours);
  return {
    ...c,
    regularHours: hundredths(c.regularHours),
    overtimeHours: hundredths(c.overtimeHours),
    eligibleCars,
    salesCents,
    salesTransactions,
    averageTicketCents: perCents(salesCents, salesTransactions),
    retailAverageWashCents: perCents(c.retailRevenueCents, c.retailCars),
    memberAverageWashCents: perCents(c.membershipRevenueCents, c.memberCars),
    memberMix: ratio(c.memberCars, c.cars),
    conversion: ratio(c.newMemberships, eligibleCars),
    renewalRevenueCents: c.membershipRevenueCents - c.newMembershipRevenueCents,
    laborHours,
    laborShareOfSales: ratio(c.laborCostCents, salesCents),
    laborCostPerCarCents: perCents(c.laborCostCents, c.cars),
    carsPerLaborHour: ratio(c.cars, laborHours),
  };
}

/** The ISO week's Monday of a day. */
export function mondayOf(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 6) % 7));
  return at.toISOString().slice(0, 10);
}
