import { and, asc, between, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { ValidationError } from '@washops/shared-errors';
import type { StoreDb } from '../connection.js';
import { unitFilter } from './ledger.js';
import { loadChildren, toTransaction } from './rows.js';
import { warehouseSites, warehouseSyncUnits, warehouseTransactions } from './schema.js';
import type { SiteDayKey, SiteDaySummary, SyncUnitFilter, WarehouseCoverage, WarehouseListQuery, WarehousePage, WarehouseTransaction } from './types.js';
import { daysBetween, localDay, zoneOrUtc } from './zones.js';

export const LIST_LIMIT_DEFAULT = 100;
export const LIST_LIMIT_MAX = 1_000;
const MISSING_LISTED = 200;

const tx = warehouseTransactions;

interface Position {
  completedAt: Date;
  id: string;
}

/** The cursor is the last row's place in (completed_at, id) order, opaque to callers. */
export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.completedAt.toISOString(), position.id])).toString('base64url');
}

export function decodeCursor(cursor: string): Position {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const completedAt = new Date(String(at));
    if (typeof at === 'string' && typeof id === 'string' && !Number.isNaN(completedAt.getTime())) return { completedAt, id };
  } catch {
    // Falls through to the refusal below.
  }
  throw new ValidationError('That page cursor is not one this list gave out; start from the first page.', { details: { field: 'cursor' } });
}

function limitOf(limit: number | undefined): number {
  const value = limit ?? LIST_LIMIT_DEFAULT;
  if (!Number.isInteger(value) || value < 1 || value > LIST_LIMIT_MAX) {
    throw new ValidationError(`A page holds 1 to ${LIST_LIMIT_MAX} rows.`, { details: { field: 'limit', value } });
  }
  return value;
}

function listFilter(query: Pick<WarehouseListQuery, 'from' | 'to' | 'siteCodes'>): SQL | undefined {
  return and(gte(tx.completedAt, query.from), lte(tx.completedAt, query.to), query.siteCodes ? inArray(tx.siteCode, [...query.siteCodes]) : undefined);
}

export function readQueries(db: StoreDb) {
  async function withChildren(rows: (typeof tx.$inferSelect)[]): Promise<WarehouseTransaction[]> {
    const children = await loadChildren(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toTransaction(row, children));
  }

  async function page(query: WarehouseListQuery, limit: number): Promise<{ rows: WarehouseTransaction[]; nextCursor: string | null }> {
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await db
      .select()
      .from(tx)
      .where(and(listFilter(query), after ? sql`(${tx.completedAt}, ${tx.id}) > (${after.completedAt.toISOString()}::timestamptz, ${after.id})` : undefined))
      .orderBy(asc(tx.completedAt), asc(tx.id))
      .limit(limit + 1);
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return { rows: await withChildren(shown), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
  }

  return {
    async coverage(query: { from: Date; to: Date; siteCodes?: readonly string[] }): Promise<WarehouseCoverage> {
      const known = await db.select({ siteCode: warehouseSites.siteCode, timeZone: warehouseSites.timeZone }).from(warehouseSites);
      const zones = new Map(known.map((s) => [s.siteCode, zoneOrUtc(s.timeZone)]));
      const sites = query.siteCodes ? [...new Set(query.siteCodes)] : [...zones.keys()];
      const wanted: SiteDayKey[] = sites.flatMap((siteCode) => {
        const zone = zones.get(siteCode) ?? 'UTC';
        return daysBetween(localDay(query.from, zone), localDay(query.to, zone)).map((day) => ({ siteCode, day }));
      });
      if (wanted.length === 0) return { complete: false, syncedAt: null, missing: [], missingCount: 0 };
      const days = wanted.map((k) => k.day).sort();
      const done = await db
        .select({ siteCode: warehouseSyncUnits.siteCode, day: warehouseSyncUnits.day, syncedAt: warehouseSyncUnits.syncedAt })
        .from(warehouseSyncUnits)
        // A site-day with a `synced_at` holds a whole version (each is written in one transaction), also while a
        // re-sync of it is pending or after one failed: it stays served rather than dropping to live every night.
        .where(and(unitFilter({ from: days[0] as string, to: days.at(-1) as string, siteCodes: sites }), isNotNull(warehouseSyncUnits.syncedAt)));
      const syncedAt = new Map(done.map((u) => [`${u.siteCode}\u0000${u.day}`, u.syncedAt]));
      const missing = wanted.filter((k) => !syncedAt.has(`${k.siteCode}\u0000${k.day}`));
      if (missing.length > 0) return { complete: false, syncedAt: null, missing: missing.slice(0, MISSING_LISTED), missingCount: missing.length };
      const oldest = wanted.map((k) => syncedAt.get(`${k.siteCode}\u0000${k.day}`)?.getTime() ?? 0).reduce((a, b) => Math.min(a, b));
      return { complete: true, syncedAt: new Date(oldest), missing: [], missingCount: 0 };
    },

    async listTransactions(query: WarehouseListQuery): Promise<WarehousePage> {
      const limit = limitOf(query.limit);
      const [shown, [counted]] = await Promise.all([page(query, limit), db.select({ total: sql<string>`count(*)` }).from(tx).where(listFilter(query))]);
      return { ...shown, total: Number(counted?.total ?? 0) };
    },

    async getTransaction(id: string): Promise<WarehouseTransaction | null> {
      const rows = await db.select().from(tx).where(eq(tx.id, id));
      return (await withChildren(rows))[0] ?? null;
    },

    streamTransactions(query: Omit<WarehouseListQuery, 'cursor' | 'limit'>, batchSize = 500): AsyncIterable<WarehouseTransaction[]> {
      const limit = limitOf(batchSize);
      return {
        async *[Symbol.asyncIterator]() {
          let cursor: string | null = null;
          do {
            const next: { rows: WarehouseTransaction[]; nextCursor: string | null } = await page({ ...query, cursor }, limit);
            if (next.rows.length > 0) yield next.rows;
            cursor = next.nextCursor;
          } while (cursor);
        },
      };
    },

    async siteDaySummaries(filter: SyncUnitFilter): Promise<SiteDaySummary[]> {
      const rows = await db
        .select({ siteCode: tx.siteCode, day: tx.day, count: sql<string>`count(*)`, totalCents: sql<string>`coalesce(sum(${tx.totalCents}), 0)` })
        .from(tx)
        .where(and(between(tx.day, filter.from, filter.to), filter.siteCodes ? inArray(tx.siteCode, [...filter.siteCodes]) : undefined))
        .groupBy(tx.siteCode, tx.day)
        .orderBy(asc(tx.day), asc(tx.siteCode));
      return rows.map((r) => ({ siteCode: r.siteCode, day: r.day, count: Number(r.count), totalCents: Number(r.totalCents) }));
    },
  };
}
