import { expect, it } from 'vitest';
import { fillExplorerWarehouse } from '../bench/explorer-fill.js';
import { backfillSql, ROLLUP_TABLES } from '../src/reports/rollups.js';
import { describeEachBackend, useStoreAndSql } from './harness.js';
import { reportSiteDays } from './fixtures/report-data.js';

// `replaceSiteDay` computes a site-day's rollups from the rows in hand; the migration's backfill (and a
// site-day a moved row left) computes them in SQL from the stored rows. Both must give the same rows.
describeEachBackend('report rollups written from the rows in hand', (backend) => {
  const { store, exec } = useStoreAndSql(backend);

  /** Every rollup row, in a stable order, as plain values. */
  async function snapshot(): Promise<Record<string, unknown[]>> {
    const out: Record<string, unknown[]> = {};
    for (const table of ROLLUP_TABLES) {
      const { rows } = (await exec(`select * from ${table}`)) as { rows: Record<string, unknown>[] };
      out[table] = rows.map((row) => JSON.stringify(Object.entries(row).map(([k, v]) => [k, v === null ? null : String(v)]))).sort();
    }
    return out;
  }

  async function recomputedInSql(): Promise<Record<string, unknown[]>> {
    for (const table of ROLLUP_TABLES) await exec(`delete from ${table}`);
    for (const statement of backfillSql()) await exec(statement);
    return snapshot();
  }

  it('equal the SQL statements over the stored rows: edge cases (DST, voided lines, house accounts, v2 flags, returns)', async () => {
    for (const siteDay of reportSiteDays()) await store().warehouse.replaceSiteDay(siteDay);
    const written = await snapshot();
    expect(Object.values(written).every((rows) => rows.length > 0)).toBe(true);
    expect(await recomputedInSql()).toEqual(written);
  });

  it('equal the SQL statements over the stored rows: two busy site-days in two zones', async () => {
    await fillExplorerWarehouse(store(), { sites: 2, days: 1, perSiteDay: 400 });
    const written = await snapshot();
    expect(written['wh_report_days']).toHaveLength(2);
    expect(await recomputedInSql()).toEqual(written);
  });
});
