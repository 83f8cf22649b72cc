import { expect, it } from 'vitest';
import { readMigrations } from '../src/migrate.js';
import { kpiBackfillSql } from '../src/kpis/rollups.js';

it('migration 0008 backfills wh_kpi_days with the very statement the sync runs per site-day', () => {
  const index = readMigrations().findIndex((m) => m.sql.some((s) => s.includes('CREATE TABLE "wh_kpi_days"')));
  expect(index).toBe(8);
  const statements = (readMigrations()[index]?.sql ?? []).map((s) =>
    s
      .split('\n')
      .filter((line) => !line.startsWith('--'))
      .join('\n')
      .trim()
      .replace(/;$/, ''),
  );
  expect(statements[statements.length - 1]).toBe(kpiBackfillSql());
});
