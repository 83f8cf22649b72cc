import type { Site } from '@washops/backoffice-client';
import type { DiscountRow, HourRow, MembershipRow, MixRows, ReportCoverage, ReportPeriod, ReportQueries, ReportScope, SiteDayKey, StaffRow, Store, TenderRow } from '@washops/store';
import type { ReportsDeps } from '../src/index.js';

// A fake warehouse for the reports service's own tests: per-site-day sales figures and the ledger's synced
// site-days, read back the way the store's queries answer (rows per site; periods keyed by a day, a week's
// Monday, a month's 1st). The real store's queries are proven in libs/store and, with this service, in
// reports-store.test.ts.

export const DAY_MS = 86_400_000;
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

const site = (id: number, code: string, regionId: number | null, regionName: string | null): Site => ({ id, name: `Wash ${code}`, code, regionId, regionName, districtId: null, districtName: null });

/** The BackOffice's tree: two Illinois sites, one in Indiana. The warehouse also holds ECOM, which the tree lacks. */
export const TREE: Site[] = [site(4, 'NILES', 2, 'WashU Illinois'), site(2, 'CENT', 2, 'WashU Illinois'), site(22, 'HOBART', 4, 'WashU Indiana')];
export const WAREHOUSE_SITES = ['CENT', 'ECOM', 'HOBART', 'NILES'];

/** The fixture's synced days: four whole weeks, Monday 2026-10-26 to Sunday 2026-11-22. */
export const FIRST_DAY = '2026-10-26';
export const LAST_DAY = '2026-11-22';

export interface DayFigures extends SiteDayKey {
  transactions: number;
  revenueCents: number;
}

/** Every site-day's figures, made up so that no two are alike (a return day included: revenue can fall). */
export function fixtureSales(): DayFigures[] {
  return WAREHOUSE_SITES.flatMap((siteCode, siteIndex) =>
    daysOf(FIRST_DAY, LAST_DAY).map((day, dayIndex) => {
      const transactions = 40 + siteIndex * 11 + ((dayIndex * 7) % 13);
      return { siteCode, day, transactions, revenueCents: transactions * (1_500 + siteIndex * 125) + dayIndex * 37 - (dayIndex === 5 ? 9_999 : 0) };
    }),
  );
}

export interface FakeRows {
  sales?: DayFigures[];
  /** Site-days the ledger holds whole (default: every site-day of `sales`). */
  synced?: SiteDayKey[];
  mix?: MixRows;
  memberships?: MembershipRow[];
  tenders?: TenderRow[];
  hours?: HourRow[];
  staff?: StaffRow[];
  discounts?: DiscountRow[];
}

function periodOf(day: string, period: ReportPeriod): string {
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 8)}01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

function coverageOf(scope: ReportScope, synced: ReadonlySet<string>): ReportCoverage {
  const missing: SiteDayKey[] = [];
  for (const siteCode of [...scope.siteCodes].sort()) for (const day of daysOf(scope.from, scope.to)) if (!synced.has(`${siteCode} ${day}`)) missing.push({ siteCode, day });
  const siteDays = scope.siteCodes.length * daysOf(scope.from, scope.to).length;
  return { siteDays, synced: siteDays - missing.length, complete: missing.length === 0, syncedAt: new Date('2026-11-23T06:00:00Z'), missing: missing.slice(0, 200), missingCount: missing.length };
}

export interface FakeWarehouse {
  deps: ReportsDeps;
  /** Every store and BackOffice read, in order: `coverage 2026-11-16..2026-11-22 CENT,NILES`, `sales …`, `listSites`. */
  reads: string[];
}

/** The reports service's dependencies over the fake rows and the tree above. */
export function fakeWarehouse(rows: FakeRows = {}): FakeWarehouse {
  const reads: string[] = [];
  const sales = rows.sales ?? [];
  const synced = new Set((rows.synced ?? sales).map((key) => `${key.siteCode} ${key.day}`));
  const seen = (what: string, scope: ReportScope) => reads.push(`${what} ${scope.from}..${scope.to} ${[...scope.siteCodes].sort().join(',')}`);
  const inScope = <R extends { siteCode: string }>(scope: ReportScope, list: readonly R[] = []) => list.filter((row) => scope.siteCodes.includes(row.siteCode));
  const queries: ReportQueries = {
    coverage: async (scope) => (seen('coverage', scope), coverageOf(scope, synced)),
    async sales(scope, period) {
      seen(`sales/${period}`, scope);
      const totals = new Map<string, { siteCode: string; period: string; transactions: number; revenueCents: number }>();
      for (const day of inScope(scope, sales).filter((row) => row.day >= scope.from && row.day <= scope.to)) {
        const key = `${day.siteCode} ${periodOf(day.day, period)}`;
        const total = totals.get(key) ?? { siteCode: day.siteCode, period: periodOf(day.day, period), transactions: 0, revenueCents: 0 };
        total.transactions += day.transactions;
        total.revenueCents += day.revenueCents;
        totals.set(key, total);
      }
      return [...totals.values()];
    },
    mix: async (scope) => (seen('mix', scope), { categories: inScope(scope, rows.mix?.categories), departments: inScope(scope, rows.mix?.departments), topItems: rows.mix?.topItems ?? [] }),
    memberships: async (scope) => (seen('memberships', scope), inScope(scope, rows.memberships)),
    tenders: async (scope) => (seen('tenders', scope), inScope(scope, rows.tenders)),
    hours: async (scope) => (seen('hours', scope), inScope(scope, rows.hours)),
    staff: async (scope) => (seen('staff', scope), inScope(scope, rows.staff)),
    discounts: async (scope) => (seen('discounts', scope), inScope(scope, rows.discounts)),
  };
  const warehouse = {
    listSites: async () => (reads.push('warehouse sites'), WAREHOUSE_SITES.map((siteCode, index) => ({ siteCode, siteId: 1000 + index, name: siteCode, timeZone: 'America/Chicago', regionCode: null }))),
  };
  // Only what reports read: its queries and the warehouse's site list.
  const store = { reports: queries, warehouse } as unknown as Store;
  const backoffice = {
    listSites: async () => (reads.push('listSites'), TREE),
  } as unknown as ReportsDeps['backoffice'];
  return { deps: { store, backoffice }, reads };
}

/** The sum of the fixture's figures for some sites and days, worked out here apart from the service. */
export function expectedFigures(rows: readonly DayFigures[], siteCodes: readonly string[], from: string, to: string): { transactions: number; revenueCents: number } {
  const picked = rows.filter((row) => siteCodes.includes(row.siteCode) && row.day >= from && row.day <= to);
  return { transactions: picked.reduce((sum, row) => sum + row.transactions, 0), revenueCents: picked.reduce((sum, row) => sum + row.revenueCents, 0) };
}
