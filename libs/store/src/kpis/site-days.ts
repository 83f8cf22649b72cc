import { inArray, sql } from 'drizzle-orm';
import type { StoreDb } from '../connection.js';
import { reportDays } from '../reports/schema.js';
import { scopeFilter } from '../reports/scope.js';
import { warehouseSites } from '../warehouse/schema.js';
import { daysBetween } from '../warehouse/zones.js';
import { ZERO_COMPONENTS } from './figures.js';
import { kpiDays, kpiLaborDays } from './schema.js';
import type { KpiComponents, KpiSiteDay } from './types.js';

const n = (value: string | number | null) => Number(value ?? 0);
const keyOf = (siteCode: string, day: string) => `${siteCode}\u0000${day}`;

/** Each site's zone (`UTC` for a site the warehouse does not list). */
export async function siteZones(db: StoreDb, siteCodes: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.select({ siteCode: warehouseSites.siteCode, timeZone: warehouseSites.timeZone }).from(warehouseSites).where(inArray(warehouseSites.siteCode, [...siteCodes]));
  const zones = new Map(rows.map((r) => [r.siteCode, r.timeZone]));
  return new Map(siteCodes.map((code) => [code, zones.get(code) ?? 'UTC']));
}

/** The transactions' part of each site-day, from the two rollups (`wh_report_days`, `wh_kpi_days`). */
async function transactionParts(db: StoreDb, scope: { from: string; to: string; siteCodes: string[] }) {
  const r = reportDays;
  const k = kpiDays;
  return db
    .select({
      siteCode: r.siteCode,
      day: r.day,
      transactions: r.transactions,
      revenueCents: r.revenueCents,
      newMemberships: r.recurringSales,
      renewals: r.recurringPayments,
      membershipRevenueCents: r.membershipRevenueCents,
      cars: k.cars,
      memberCars: k.memberCars,
      planSaleCars: k.planSaleCars,
      prepaidCars: k.prepaidCars,
      fleetCars: k.fleetCars,
      retailCars: k.retailCars,
      freeCars: k.freeCars,
      retailRevenueCents: k.retailRevenueCents,
      redemptions: k.redemptions,
      redemptionRevenueCents: k.redemptionRevenueCents,
      newMembershipRevenueCents: k.newMembershipRevenueCents,
    })
    .from(r)
    .leftJoin(k, sql`${k.siteCode} = ${r.siteCode} and ${k.day} = ${r.day}`)
    .where(scopeFilter(r, scope));
}

/**
 * Clock entries of the scope's sites clocked in on its local days (each site's clock), per site-day from the labor
 * rollup. An open shift counts on the day it was clocked in, with the hours the vendor gave it; a shift with no site or
 * no clock-in belongs to no site-day.
 */
async function laborParts(db: StoreDb, scope: { from: string; to: string; siteCodes: string[] }) {
  const l = kpiLaborDays;
  const rows = await db
    .select({
      siteCode: l.siteCode,
      day: l.day,
      shifts: l.shifts,
      regularHours: l.regularHours,
      overtimeHours: l.overtimeHours,
      laborCostCents: l.laborCostCents,
      openShifts: l.openShifts,
      modifiedPunches: l.modifiedPunches,
    })
    .from(l)
    .where(scopeFilter(l, scope));
  return new Map(rows.map(({ siteCode, day, ...sums }) => [keyOf(siteCode, day), sums]));
}

/** Every site × local day of the scope with its components (zeros where the warehouse holds nothing). */
export async function kpiSiteDays(db: StoreDb, scope: { from: string; to: string; siteCodes: string[] }): Promise<KpiSiteDay[]> {
  const [transactions, labor] = await Promise.all([transactionParts(db, scope), laborParts(db, scope)]);
  const byKey = new Map(transactions.map((row) => [keyOf(row.siteCode, row.day), row]));
  const out: KpiSiteDay[] = [];
  for (const siteCode of [...scope.siteCodes].sort()) {
    for (const day of daysBetween(scope.from, scope.to)) {
      const key = keyOf(siteCode, day);
      const t = byKey.get(key);
      const row: KpiSiteDay = { siteCode, day, ...ZERO_COMPONENTS, ...labor.get(key) };
      if (t) {
        for (const field of Object.keys(ZERO_COMPONENTS) as Array<keyof KpiComponents>) {
          if (field in t) row[field] = n((t as unknown as Record<string, string | number | null>)[field] as string | number | null);
        }
      }
      out.push(row);
    }
  }
  return out;
}
