import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { StoreDb } from '../connection.js';
import { whClockEntries } from '../dataapi/schema.js';
import { reportDays } from '../reports/schema.js';
import { scopeFilter } from '../reports/scope.js';
import { warehouseSites } from '../warehouse/schema.js';
import { daysBetween, localDay, localDayEnd, localDayStart } from '../warehouse/zones.js';
import { ZERO_COMPONENTS } from './figures.js';
import { kpiDays } from './schema.js';
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
 * Clock entries of the scope's sites clocked in on its local days (each site's clock), summed per site-day. An open
 * shift counts on the day it was clocked in, with the hours the vendor gave it; a shift with no site or no clock-in
 * belongs to no site-day.
 */
async function laborParts(db: StoreDb, scope: { from: string; to: string; siteCodes: string[] }, zones: Map<string, string>) {
  const starts = scope.siteCodes.map((code) => localDayStart(scope.from, zones.get(code) as string));
  const ends = scope.siteCodes.map((code) => localDayEnd(scope.to, zones.get(code) as string));
  const c = whClockEntries;
  const rows = await db
    .select({
      siteCode: c.siteCode,
      clockIn: c.clockIn,
      clockOut: c.clockOut,
      regularHours: c.regularHours,
      overtimeHours: c.overtimeHours,
      regularRateCents: c.regularRateCents,
      overtimeRateCents: c.overtimeRateCents,
      wasModified: c.wasModified,
    })
    .from(c)
    .where(and(inArray(c.siteCode, scope.siteCodes), gte(c.clockIn, new Date(Math.min(...starts))), lt(c.clockIn, new Date(Math.max(...ends)))));
  const out = new Map<string, Pick<KpiComponents, 'shifts' | 'regularHours' | 'overtimeHours' | 'laborCostCents' | 'openShifts' | 'modifiedPunches'>>();
  for (const row of rows) {
    if (!row.siteCode || !row.clockIn) continue;
    const day = localDay(row.clockIn, zones.get(row.siteCode) as string);
    if (day < scope.from || day > scope.to) continue;
    const key = keyOf(row.siteCode, day);
    let sums = out.get(key);
    if (!sums) out.set(key, (sums = { shifts: 0, regularHours: 0, overtimeHours: 0, laborCostCents: 0, openShifts: 0, modifiedPunches: 0 }));
    sums.shifts += 1;
    sums.regularHours += row.regularHours;
    sums.overtimeHours += row.overtimeHours;
    sums.laborCostCents += Math.round(row.regularHours * row.regularRateCents + row.overtimeHours * row.overtimeRateCents);
    sums.openShifts += Number(row.clockOut === null);
    sums.modifiedPunches += Number(row.wasModified);
  }
  return out;
}

/** Every site × local day of the scope with its components (zeros where the warehouse holds nothing). */
export async function kpiSiteDays(db: StoreDb, scope: { from: string; to: string; siteCodes: string[] }): Promise<KpiSiteDay[]> {
  const zones = await siteZones(db, scope.siteCodes);
  const [transactions, labor] = await Promise.all([transactionParts(db, scope), laborParts(db, scope, zones)]);
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
