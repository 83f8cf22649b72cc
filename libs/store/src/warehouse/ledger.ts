import { and, asc, between, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { StoreDb } from '../connection.js';
import { SYNC_UNIT_STATES } from '../constants.js';
import { ROWS_PER_STATEMENT } from './rows.js';
import { warehouseSyncControl, warehouseSyncUnits } from './schema.js';
import type { SiteDayKey, SyncControl, SyncUnit, SyncUnitCounts, SyncUnitFilter } from './types.js';

/**
 * A `running` unit whose claim is older than this is taken as abandoned (its worker died) and may be
 * claimed again. Longer than the sync gives one site-day's job before pg-boss expires it (30 minutes:
 * a worker gives up on the unit before then), so a slow unit's live claim is never taken over; a dead
 * worker's units come back sooner through their expired jobs. Far below a night.
 */
export const CLAIM_STALE_AFTER_MS = 40 * 60_000;

const units = warehouseSyncUnits;

/**
 * `(site_code, day)` among a list of keys, as two array parameters: a list of row tuples `in ((…), …)` becomes a
 * chain of ORs as deep as the list, which PGlite's small stack cannot plan for a few hundred keys (a month of a
 * chain's site-days broke the connection).
 */
export function keyIn(keys: readonly SiteDayKey[]): SQL {
  const siteCodes = keys.map((k) => k.siteCode);
  const days = keys.map((k) => k.day);
  return sql`(${units.siteCode}, ${units.day}) in (select * from unnest(${sql.param(siteCodes)}::text[], ${sql.param(days)}::date[]))`;
}

export function unitFilter(filter: SyncUnitFilter): SQL | undefined {
  return and(
    between(units.day, filter.from, filter.to),
    filter.siteCodes ? inArray(units.siteCode, [...filter.siteCodes]) : undefined,
    filter.states ? inArray(units.state, [...filter.states]) : undefined,
  );
}

function toUnit(row: typeof units.$inferSelect): SyncUnit {
  return {
    siteCode: row.siteCode,
    day: row.day,
    state: row.state,
    records: row.records,
    vendorTotal: row.vendorTotal,
    syncedAt: row.syncedAt,
    attempts: row.attempts,
    error: row.error,
    errorCode: row.errorCode,
    updatedAt: row.updatedAt,
  };
}

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += ROWS_PER_STATEMENT) out.push(list.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

const DEFAULT_CONTROL: SyncControl = { paused: false, changedBy: null, changedAt: null };

export function ledgerQueries(db: StoreDb) {
  return {
    async ensureUnits(keys: readonly SiteDayKey[], options: { resync?: boolean } = {}): Promise<SiteDayKey[]> {
      const pending: SiteDayKey[] = [];
      const unique = [...new Map(keys.map((k) => [`${k.siteCode}\u0000${k.day}`, { siteCode: k.siteCode, day: k.day }])).values()];
      for (const batch of chunks(unique)) {
        await db.transaction(async (tx) => {
          await tx.insert(units).values(batch).onConflictDoNothing();
          if (options.resync) {
            await tx
              .update(units)
              .set({ state: 'pending', error: null, errorCode: null, claimedAt: null, updatedAt: sql`now()` })
              .where(and(keyIn(batch), inArray(units.state, ['done', 'failed'])));
          }
          const rows = await tx
            .select({ siteCode: units.siteCode, day: units.day })
            .from(units)
            .where(and(keyIn(batch), eq(units.state, 'pending')))
            .orderBy(asc(units.day), asc(units.siteCode));
          pending.push(...rows);
        });
      }
      return pending;
    },

    async claimUnit(key: SiteDayKey): Promise<boolean> {
      const claimed = await db
        .update(units)
        .set({ state: 'running', attempts: sql`${units.attempts} + 1`, claimedAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            eq(units.siteCode, key.siteCode),
            eq(units.day, key.day),
            sql`(${units.state} in ('pending', 'failed') or (${units.state} = 'running' and (${units.claimedAt} is null or ${units.claimedAt} < now() - ${CLAIM_STALE_AFTER_MS}::double precision * interval '1 millisecond')))`,
          ),
        )
        .returning({ siteCode: units.siteCode });
      return claimed.length === 1;
    },

    async failUnit(key: SiteDayKey, error: { code: string; message: string }): Promise<void> {
      await db
        .update(units)
        .set({ state: 'failed', error: error.message, errorCode: error.code, claimedAt: null, updatedAt: sql`now()` })
        .where(and(eq(units.siteCode, key.siteCode), eq(units.day, key.day)));
    },

    async releaseUnits(keys?: readonly SiteDayKey[]): Promise<number> {
      if (keys && keys.length === 0) return 0;
      let released = 0;
      for (const batch of keys ? chunks(keys) : [undefined]) {
        const rows = await db
          .update(units)
          .set({ state: 'pending', claimedAt: null, updatedAt: sql`now()` })
          .where(and(eq(units.state, 'running'), batch ? keyIn(batch) : undefined))
          .returning({ siteCode: units.siteCode });
        released += rows.length;
      }
      return released;
    },

    async units(filter: SyncUnitFilter): Promise<SyncUnit[]> {
      const rows = await db.select().from(units).where(unitFilter(filter)).orderBy(asc(units.day), asc(units.siteCode));
      return rows.map(toUnit);
    },

    async unitCounts(filter: SyncUnitFilter): Promise<SyncUnitCounts> {
      const rows = await db
        .select({ state: units.state, count: sql<string>`count(*)`, records: sql<string | null>`sum(${units.records})` })
        .from(units)
        .where(unitFilter(filter))
        .groupBy(units.state);
      const counts = Object.fromEntries(SYNC_UNIT_STATES.map((s) => [s, 0])) as SyncUnitCounts;
      counts.records = 0;
      for (const row of rows) {
        counts[row.state] = Number(row.count);
        counts.records += Number(row.records ?? 0);
      }
      return counts;
    },

    async control(): Promise<SyncControl> {
      const [row] = await db.select().from(warehouseSyncControl).where(eq(warehouseSyncControl.id, 1));
      return row ? { paused: row.paused, changedBy: row.changedBy, changedAt: row.changedAt } : { ...DEFAULT_CONTROL };
    },

    async setPaused(paused: boolean, by: string): Promise<SyncControl> {
      const [row] = await db
        .insert(warehouseSyncControl)
        .values({ id: 1, paused, changedBy: by, changedAt: sql`now()` })
        .onConflictDoUpdate({ target: warehouseSyncControl.id, set: { paused, changedBy: by, changedAt: sql`now()` } })
        .returning();
      return { paused: row?.paused ?? paused, changedBy: row?.changedBy ?? by, changedAt: row?.changedAt ?? null };
    },
  };
}
