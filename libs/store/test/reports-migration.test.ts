import { expect, it } from 'vitest';
import { migrate, readMigrations } from '../src/migrate.js';
import { reportQueries } from '../src/reports/queries.js';
import { backfillSql } from '../src/reports/rollups.js';
import { insertTransactions } from '../src/warehouse/rows.js';
import { describeEachBackend, withDatabaseBeforeMigration } from './harness.js';
import { reportSiteDays } from './fixtures/report-data.js';

const ROLLUPS_MIGRATION = readMigrations().findIndex((m) => m.sql.some((s) => s.includes('CREATE TABLE "wh_report_days"')));

it('migration 0006 backfills with the very statements the sync runs per site-day', () => {
  expect(ROLLUPS_MIGRATION).toBe(6);
  const statements = (readMigrations()[ROLLUPS_MIGRATION]?.sql ?? []).map((s) =>
    s
      .split('\n')
      .filter((line) => !line.startsWith('--'))
      .join('\n')
      .trim()
      .replace(/;$/, ''),
  );
  expect(statements.slice(-backfillSql().length)).toEqual(backfillSql());
});

describeEachBackend('report rollups of a warehouse filled before migration 0006', (backend) => {
  it('are made by the migration from the rows already stored', async () => {
    await withDatabaseBeforeMigration(backend, ROLLUPS_MIGRATION, async (db) => {
      // Rows written by the release before, which had no rollups to maintain.
      await db.transaction(async (tx) => {
        for (const siteDay of reportSiteDays()) await insertTransactions(tx, siteDay.transactions);
      });
      expect(await migrate(db)).toMatchObject({ applied: readMigrations().length - ROLLUPS_MIGRATION });
      const reports = reportQueries(db);
      const scope = { from: '2026-03-01', to: '2026-04-30', siteCodes: ['S01', 'S02'] };
      expect(await reports.sales(scope, 'month')).toEqual([
        { siteCode: 'S01', period: '2026-03-01', transactions: 8, revenueCents: 10_874 },
        { siteCode: 'S02', period: '2026-03-01', transactions: 1, revenueCents: 1_000 },
        { siteCode: 'S02', period: '2026-04-01', transactions: 1, revenueCents: 500 },
      ]);
      expect((await reports.mix(scope)).categories).toHaveLength(8);
      expect((await reports.hours(scope)).reduce((n, h) => n + h.transactions, 0)).toBe(10);
      expect((await reports.staff(scope)).map((s) => `${s.siteCode} ${s.role} ${s.employee} ${s.transactions}`)).toEqual(['S01 cashier Ann 2', 'S01 cashier Sam 3', 'S01 greeter Gil 2', 'S02 cashier Sam 1']);
      expect(await reports.discounts(scope)).toHaveLength(2);
      expect((await reports.memberships(scope)).map((m) => m.washes)).toEqual([5, 1]);
      expect((await reports.tenders(scope)).reduce((n, t) => n + t.count, 0)).toBe(10);
    });
  });
});
