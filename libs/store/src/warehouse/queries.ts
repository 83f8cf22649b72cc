import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { StoreDb } from '../connection.js';
import { writeRollups } from '../reports/rollup-rows.js';
import { refreshRollups } from '../reports/rollups.js';
import { refreshKpiRollup } from '../kpis/rollups.js';
import { rebuildResourceRollups } from '../kpis/resource-rollups.js';
import { ledgerQueries } from './ledger.js';
import { readQueries } from './reads.js';
import { insertTransactions, uniqueById } from './rows.js';
import { warehouseSites, warehouseSyncUnits, warehouseTransactions } from './schema.js';
import type { SiteDayData, WarehouseQueries, WarehouseSite } from './types.js';
import { zoneOrUtc } from './zones.js';

/** The transactions warehouse and its sync ledger (README, "Transactions warehouse"). */
export function warehouseQueries(db: StoreDb): WarehouseQueries {
  return {
    async upsertSites(sites: readonly WarehouseSite[]): Promise<void> {
      if (sites.length === 0) return;
      const rows = [...new Map(sites.map((s) => [s.siteCode, { ...s, timeZone: zoneOrUtc(s.timeZone) }])).values()];
      await db.transaction(async (tx) => {
        const before = await tx
          .select({ siteCode: warehouseSites.siteCode, siteId: warehouseSites.siteId, timeZone: warehouseSites.timeZone })
          .from(warehouseSites)
          .where(inArray(warehouseSites.siteCode, rows.map((r) => r.siteCode)))
          .for('update');
        await tx
          .insert(warehouseSites)
          .values(rows)
          .onConflictDoUpdate({
            target: warehouseSites.siteCode,
            set: {
              siteId: sql`excluded.site_id`,
              name: sql`excluded.name`,
              timeZone: sql`excluded.time_zone`,
              regionCode: sql`excluded.region_code`,
              updatedAt: sql`now()`,
            },
          });
        // A new site, a new zone or a new id moves the site's shifts and offers to other site-days.
        const known = new Map(before.map((b) => [b.siteCode, b]));
        const moved = rows.filter((r) => known.get(r.siteCode)?.timeZone !== r.timeZone || known.get(r.siteCode)?.siteId !== r.siteId).map((r) => r.siteCode);
        if (moved.length > 0) await rebuildResourceRollups(tx, moved);
      });
    },

    async listSites(): Promise<WarehouseSite[]> {
      const rows = await db.select().from(warehouseSites).orderBy(asc(warehouseSites.siteCode));
      return rows.map(({ updatedAt: _updatedAt, ...site }) => site);
    },

    /**
     * One database transaction: the unit's row locked, the site-day's old rows deleted (children
     * cascade), the new ones inserted in multi-row statements, the unit marked done. A failure anywhere
     * rolls all of it back, so the previous version stays whole.
     */
    async replaceSiteDay(data: SiteDayData, syncedAt?: Date): Promise<{ records: number }> {
      const transactions = uniqueById(data.transactions).map((t) => ({ ...t, siteCode: data.siteCode, day: data.day }));
      const key = and(eq(warehouseSyncUnits.siteCode, data.siteCode), eq(warehouseSyncUnits.day, data.day));
      await db.transaction(async (tx) => {
        await tx.insert(warehouseSyncUnits).values({ siteCode: data.siteCode, day: data.day }).onConflictDoNothing();
        await tx.select({ state: warehouseSyncUnits.state }).from(warehouseSyncUnits).where(key).for('update');
        await tx.delete(warehouseTransactions).where(and(eq(warehouseTransactions.siteCode, data.siteCode), eq(warehouseTransactions.day, data.day)));
        const movedFrom = await insertTransactions(tx, transactions);
        // The report rollups follow the rows in the same transaction: this site-day's from the rows in
        // hand, any site-day a moved row left from what it still holds.
        const here = { siteCode: data.siteCode, day: data.day };
        await writeRollups(tx, here, transactions);
        const left = movedFrom.filter((k) => k.siteCode !== here.siteCode || k.day !== here.day);
        await refreshRollups(tx, left);
        await refreshKpiRollup(tx, [here, ...left]);
        await tx
          .update(warehouseSyncUnits)
          .set({
            state: 'done',
            records: transactions.length,
            vendorTotal: data.vendorTotal,
            syncedAt: syncedAt ?? sql`now()`,
            error: null,
            errorCode: null,
            claimedAt: null,
            updatedAt: sql`now()`,
          })
          .where(key);
      });
      return { records: transactions.length };
    },

    ...ledgerQueries(db),
    ...readQueries(db),
  };
}
