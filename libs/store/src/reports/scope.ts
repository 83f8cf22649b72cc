import { and, between, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ValidationError } from '@washops/shared-errors';
import type { StoreDb } from '../connection.js';
import { unitFilter } from '../warehouse/ledger.js';
import { warehouseSyncUnits } from '../warehouse/schema.js';
import type { SiteDayKey } from '../warehouse/types.js';
import { daysBetween } from '../warehouse/zones.js';
import type { ReportCoverage, ReportScope } from './types.js';

/** The longest range one report reads (a year and a day, as the operations layer allows). */
export const MAX_SCOPE_DAYS = 366;
const MISSING_LISTED = 200;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: unknown): value is string {
  return typeof value === 'string' && DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

/** The scope's distinct site codes, after checking its days and sites; a `ValidationError` otherwise. */
export function checkScope(scope: ReportScope): { from: string; to: string; siteCodes: string[] } {
  for (const field of ['from', 'to'] as const) {
    if (!isDay(scope[field])) throw new ValidationError(`A report's "${field}" is a calendar day written YYYY-MM-DD.`, { details: { field, value: scope[field] } });
  }
  if (scope.from > scope.to) throw new ValidationError('A report range ends on or after the day it starts.', { details: { field: 'to', from: scope.from, to: scope.to } });
  const days = daysBetween(scope.from, scope.to).length;
  if (days > MAX_SCOPE_DAYS) throw new ValidationError(`A report covers at most ${MAX_SCOPE_DAYS} days.`, { details: { field: 'to', days } });
  const siteCodes = [...new Set(Array.isArray(scope.siteCodes) ? scope.siteCodes : [])];
  if (siteCodes.length === 0 || siteCodes.some((code) => typeof code !== 'string' || code.trim() === '')) {
    throw new ValidationError('A report names at least one site.', { details: { field: 'siteCodes' } });
  }
  return { from: scope.from, to: scope.to, siteCodes };
}

/** `site_code in (…) and day between from and to` on a rollup table. */
export function scopeFilter(table: { siteCode: AnyPgColumn; day: AnyPgColumn }, scope: { from: string; to: string; siteCodes: string[] }): SQL {
  return and(inArray(table.siteCode, scope.siteCodes), between(table.day, scope.from, scope.to)) as SQL;
}

/** Which of the scope's site-days hold a whole synced version (`synced_at` set, as `warehouse.coverage` counts them). */
export async function scopeCoverage(db: StoreDb, input: ReportScope): Promise<ReportCoverage> {
  const scope = checkScope(input);
  const days = daysBetween(scope.from, scope.to);
  const units = await db
    .select({ siteCode: warehouseSyncUnits.siteCode, day: warehouseSyncUnits.day, syncedAt: warehouseSyncUnits.syncedAt })
    .from(warehouseSyncUnits)
    .where(and(unitFilter({ from: scope.from, to: scope.to, siteCodes: scope.siteCodes }), isNotNull(warehouseSyncUnits.syncedAt)));
  const syncedAt = new Map(units.map((u) => [`${u.siteCode}\u0000${u.day}`, u.syncedAt as Date]));
  const missing: SiteDayKey[] = [];
  let oldest: number | null = null;
  for (const siteCode of [...scope.siteCodes].sort()) {
    for (const day of days) {
      const at = syncedAt.get(`${siteCode}\u0000${day}`);
      if (!at) missing.push({ siteCode, day });
      else oldest = oldest === null ? at.getTime() : Math.min(oldest, at.getTime());
    }
  }
  const siteDays = scope.siteCodes.length * days.length;
  return {
    siteDays,
    synced: siteDays - missing.length,
    complete: missing.length === 0,
    syncedAt: oldest === null ? null : new Date(oldest),
    missing: missing.slice(0, MISSING_LISTED),
    missingCount: missing.length,
  };
}
