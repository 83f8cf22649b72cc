import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { StoreDb } from '../connection.js';
import { rebuildResourceRollups } from '../kpis/resource-rollups.js';
import { rowsOf } from '../query-rows.js';
import { CLAIM_STALE_AFTER_MS } from '../warehouse/ledger.js';
import { whEmployees, whResourceSync } from './schema.js';
import {
  FULL_REFRESH_RESOURCES,
  type DataApiResource,
  type ResourceCoverage,
  type ResourceWindow,
  type ResourceWindowData,
  type ResourceWindowFilter,
  type ResourceWindowKey,
} from './types.js';
import { writeWindowData } from './writes.js';

const w = whResourceSync;
const MISSING_LISTED = 200;

function keyOf(key: ResourceWindowKey): Required<ResourceWindowKey> {
  return { resource: key.resource, scope: key.scope ?? '', windowStart: key.windowStart, windowEnd: key.windowEnd };
}

function isKey(key: ResourceWindowKey): SQL {
  const k = keyOf(key);
  return and(eq(w.resource, k.resource), eq(w.scope, k.scope), eq(w.windowStart, k.windowStart), eq(w.windowEnd, k.windowEnd)) as SQL;
}

/** Among a list of windows, as array parameters (a list of row tuples is an OR chain PGlite cannot plan: see `keyIn`). */
function keysIn(keys: readonly ResourceWindowKey[]): SQL {
  const all = keys.map(keyOf);
  const column = <K extends keyof Required<ResourceWindowKey>>(name: K) => sql.param(all.map((k) => k[name]));
  return sql`(${w.resource}, ${w.scope}, ${w.windowStart}, ${w.windowEnd}) in (select * from unnest(${column('resource')}::text[], ${column('scope')}::text[], ${column('windowStart')}::date[], ${column('windowEnd')}::date[]))`;
}

function filterOf(filter: ResourceWindowFilter): SQL | undefined {
  return and(
    filter.resource ? eq(w.resource, filter.resource) : undefined,
    filter.from ? gte(w.windowEnd, filter.from) : undefined,
    filter.to ? lte(w.windowStart, filter.to) : undefined,
    filter.states ? inArray(w.state, [...filter.states]) : undefined,
  );
}

function toWindow(row: typeof w.$inferSelect): ResourceWindow {
  const { claimedAt: _claimedAt, resource, ...rest } = row;
  return { ...rest, resource: resource as DataApiResource };
}

const addDay = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDay(day, 1)) days.push(day);
  return days;
}

/** The resources' ledger: a window is claimed by one worker, written whole with its rows, or failed with nothing written. */
export function resourceLedgerQueries(db: StoreDb) {
  return {
    /** Adds missing windows as `pending`; `resync` sets `done` and `failed` ones back to `pending`. Returns those now pending. */
    async ensureWindows(keys: readonly ResourceWindowKey[], options: { resync?: boolean } = {}): Promise<Required<ResourceWindowKey>[]> {
      const unique = [...new Map(keys.map(keyOf).map((k) => [Object.values(k).join('\u0000'), k])).values()];
      const pending: Required<ResourceWindowKey>[] = [];
      // Small batches: each key is four parameters, in the insert and again in the tuple match.
      for (let i = 0; i < unique.length; i += 100) {
        const batch = unique.slice(i, i + 100);
        await db.transaction(async (tx) => {
          await tx.insert(w).values(batch).onConflictDoNothing();
          if (options.resync) {
            await tx
              .update(w)
              .set({ state: 'pending', error: null, errorCode: null, claimedAt: null, updatedAt: sql`now()` })
              .where(and(keysIn(batch), inArray(w.state, ['done', 'failed'])));
          }
          const rows = await tx
            .select({ resource: w.resource, scope: w.scope, windowStart: w.windowStart, windowEnd: w.windowEnd })
            .from(w)
            .where(and(keysIn(batch), eq(w.state, 'pending')))
            .orderBy(asc(w.windowStart), asc(w.resource), asc(w.scope));
          pending.push(...rows.map((r) => ({ ...r, resource: r.resource as DataApiResource })));
        });
      }
      return pending;
    },

    /** `pending`/`failed` (or `running` with a stale claim) → `running`; false when another worker holds it or it is `done`. */
    async claimWindow(key: ResourceWindowKey): Promise<boolean> {
      await db.insert(w).values(keyOf(key)).onConflictDoNothing();
      const claimed = await db
        .update(w)
        .set({ state: 'running', attempts: sql`${w.attempts} + 1`, claimedAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            isKey(key),
            sql`(${w.state} in ('pending', 'failed') or (${w.state} = 'running' and (${w.claimedAt} is null or ${w.claimedAt} < now() - ${CLAIM_STALE_AFTER_MS}::double precision * interval '1 millisecond')))`,
          ),
        )
        .returning({ resource: w.resource });
      return claimed.length === 1;
    },

    /** Writes the window's rows and marks it `done` in one database transaction: a failure leaves neither. */
    async completeWindow(key: ResourceWindowKey, data: ResourceWindowData, syncedAt?: Date): Promise<{ records: number }> {
      const now = syncedAt ?? new Date();
      return db.transaction(async (tx) => {
        await tx.insert(w).values(keyOf(key)).onConflictDoNothing();
        await tx.select({ state: w.state }).from(w).where(isKey(key)).for('update');
        const records = await writeWindowData(tx, keyOf(key), data, now);
        await tx
          .update(w)
          .set({ state: 'done', records, vendorTotal: data.vendorTotal, syncedAt: now, error: null, errorCode: null, claimedAt: null, updatedAt: sql`now()` })
          .where(isKey(key));
        return { records };
      });
    },

    /** Rewrites the numbers' rollups of whole sites (every site when omitted) from their stored rows: for rows loaded other than by `completeWindow`. */
    async rebuildKpiRollups(siteCodes?: readonly string[]): Promise<void> {
      await db.transaction((tx) => rebuildResourceRollups(tx, siteCodes));
    },

    async failWindow(key: ResourceWindowKey, error: { code: string; message: string }): Promise<void> {
      await db.update(w).set({ state: 'failed', error: error.message, errorCode: error.code, claimedAt: null, updatedAt: sql`now()` }).where(isKey(key));
    },

    /** `running` → `pending` for windows no worker holds any more; returns how many. */
    async releaseWindows(keys?: readonly ResourceWindowKey[]): Promise<number> {
      if (keys && keys.length === 0) return 0;
      const rows = await db
        .update(w)
        .set({ state: 'pending', claimedAt: null, updatedAt: sql`now()` })
        .where(and(eq(w.state, 'running'), keys ? keysIn(keys) : undefined))
        .returning({ resource: w.resource });
      return rows.length;
    },

    async windows(filter: ResourceWindowFilter = {}): Promise<ResourceWindow[]> {
      const rows = await db.select().from(w).where(filterOf(filter)).orderBy(asc(w.resource), asc(w.windowStart), asc(w.scope));
      return rows.map(toWindow);
    },

    /**
     * Whether every day `from`..`to` lies in a window synced whole (`syncedAt` set, even while a re-sync waits or after
     * one failed). Clock entries count per employee the warehouse knows; a full-refresh resource is covered once refreshed.
     */
    async coverage(resource: DataApiResource, range: { from: string; to: string }): Promise<ResourceCoverage> {
      if (FULL_REFRESH_RESOURCES.includes(resource)) {
        const [row] = await db.select({ at: sql<Date | string | null>`max(${w.syncedAt})` }).from(w).where(eq(w.resource, resource));
        const at = row?.at ? new Date(row.at) : null;
        return { resource, complete: at !== null, syncedAt: at, missingDays: at ? [] : daysOf(range.from, range.to).slice(0, MISSING_LISTED) };
      }
      // Set-based, not day by day for each employee: each scope's range is cut where a window starts or ends, and each
      // piece is covered (as of its newest window) or missing.
      const scopes = resource === 'clock-entries' ? sql`select employee_id::text as scope from ${whEmployees}` : sql`select ''::text as scope`;
      const from = sql`${range.from}::date`;
      const to = sql`${range.to}::date`;
      const pieces = rowsOf<{ missing: boolean; first: string; last: string; newest: Date | string | null; scopes: number | string }>(
        await db.execute(sql`with scopes as (${scopes}),
windows as (
  select w.scope, greatest(w.window_start, ${from}) as first, least(w.window_end, ${to}) as last, w.synced_at
  from ${w} w join scopes using (scope)
  where w.resource = ${resource} and w.window_end >= ${from} and w.window_start <= ${to} and w.synced_at is not null
),
cuts as (select scope, ${from} as at from scopes union select scope, first from windows union select scope, last + 1 from windows),
pieces as (select scope, at as first, coalesce(lead(at) over (partition by scope order by at) - 1, ${to}) as last from cuts)
select (max(w.synced_at) is null) as missing, p.first::text as first, p.last::text as last, max(w.synced_at) as newest, (select count(*) from scopes) as scopes
from pieces p left join windows w on w.scope = p.scope and w.first <= p.first and w.last >= p.first
where p.first <= ${to}
group by p.scope, p.first, p.last`),
      );
      const missing = new Set<string>();
      let oldest: Date | null = null;
      for (const piece of pieces) {
        // A day counts as of its newest covering window; the range as of its oldest day.
        if (piece.missing) for (const day of daysOf(piece.first, piece.last).slice(0, MISSING_LISTED)) missing.add(day);
        else if (piece.newest !== null && (!oldest || new Date(piece.newest) < oldest)) oldest = new Date(piece.newest);
      }
      const complete = missing.size === 0 && Number(pieces[0]?.scopes ?? 0) > 0;
      return { resource, complete, syncedAt: complete ? oldest : null, missingDays: [...missing].sort().slice(0, MISSING_LISTED) };
    },
  };
}

export type ResourceLedgerQueries = ReturnType<typeof resourceLedgerQueries>;
