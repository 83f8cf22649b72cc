import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { migrate, readMigrations } from '../src/migrate.js';
import { rowsOf } from '../src/query-rows.js';
import { describeEachBackend, withDatabaseBeforeMigration } from './harness.js';

// The resources' KPI rollups need local days, which only the code's zones know: the migration that creates their tables
// has the code build them from the rows already stored, in its own transaction.
const ROLLUPS_MIGRATION = readMigrations().findIndex((m) => m.sql.some((s) => s.includes('CREATE TABLE "wh_kpi_labor_days"')));

it('the resources’ rollups come with migration 0011', () => {
  expect(ROLLUPS_MIGRATION).toBe(11);
});

describeEachBackend('resource rollups of a warehouse filled before they existed', (backend) => {
  it('are built by the migration from the shifts and offers already stored, on the sites’ local days', async () => {
    await withDatabaseBeforeMigration(backend, ROLLUPS_MIGRATION, async (db) => {
      // Rows written by the release before. Times are UTC; Naperville keeps Central time (UTC-6 in March).
      await db.execute(sql`insert into wh_sites (site_code, site_id, name, time_zone) values ('NAPER', 1001, 'Naperville', 'America/Chicago')`);
      await db.execute(sql`insert into wh_clock_entries (employee_id, window_start, week, clock_in, clock_out, regular_rate_cents, regular_hours,
          overtime_eligible, overtime_rate_cents, overtime_hours, was_modified, created_in_back_office, site_code) values
        (7, '2026-03-01', '2026-03-01', '2026-03-02T23:30:00Z', '2026-03-03T03:30:00Z', 1500, 4, false, 0, 0, true, false, 'NAPER'),
        (8, '2026-03-01', '2026-03-01', '2026-03-03T02:00:00Z', null, 1200, 0, false, 0, 0, false, false, 'NAPER')`);
      await db.execute(sql`insert into wh_sales_outcomes (at, employee_id, employee_name, site_id, site, is_converted, item_id, terminal_name) values
        ('2026-03-03T01:00:00Z', 'E1', 'Ann', 1001, 'NAPER', true, '', 'T1'),
        ('2026-03-03T07:00:00Z', 'E1', 'Ann', 1001, 'NAPER', false, '', 'T1')`);

      expect(await migrate(db)).toMatchObject({ applied: readMigrations().length - ROLLUPS_MIGRATION });

      const labor = rowsOf<Record<string, unknown>>(
        await db.execute(sql`select site_code, day::text as day, shifts, regular_hours, labor_cost_cents::int as labor_cost_cents, open_shifts, modified_punches from wh_kpi_labor_days`),
      );
      // Both shifts began on the evening of March 2 in Naperville, though on March 3 in UTC.
      expect(labor).toEqual([{ site_code: 'NAPER', day: '2026-03-02', shifts: 2, regular_hours: 4, labor_cost_cents: 6000, open_shifts: 1, modified_punches: 1 }]);
      const advisors = rowsOf<Record<string, unknown>>(
        await db.execute(sql`select site_code, day::text as day, employee_id, offers, conversions from wh_kpi_advisor_days order by day`),
      );
      expect(advisors).toEqual([
        { site_code: 'NAPER', day: '2026-03-02', employee_id: 'E1', offers: 1, conversions: 1 },
        { site_code: 'NAPER', day: '2026-03-03', employee_id: 'E1', offers: 1, conversions: 0 },
      ]);
    });
  });
});
