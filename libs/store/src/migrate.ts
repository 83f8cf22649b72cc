import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import type { StoreDb } from './connection.js';
import { SchemaTooNewError } from './errors.js';
import { rebuildResourceRollups } from './kpis/resource-rollups.js';
import { rowsOf } from './query-rows.js';

/** The generated migrations, one folder up from both `src/` and `dist/`. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Held for the migration's transaction only: session locks are shared by every PGlite socket client (STACK.md). */
const MIGRATION_LOCK_KEY = 1_467_011_401;

export interface MigrationResult {
  /** Migrations applied by this call (0 when another instance, or an earlier start, already did). */
  applied: number;
  /** Migrations the database now has. */
  schemaVersion: number;
}

export function readMigrations(folder = MIGRATIONS_FOLDER): MigrationMeta[] {
  return readMigrationFiles({ migrationsFolder: folder });
}

/**
 * What a migration's SQL cannot do itself, run right after it in the same transaction, by the migration's index: the
 * resources' KPI rollups of rows already stored need local days, whose rules only the code's zones hold.
 */
const AFTER_MIGRATION: Record<number, (tx: StoreDb) => Promise<void>> = {
  11: (tx) => rebuildResourceRollups(tx),
};

interface AppliedRow {
  id: number | string;
  created_at: number | string;
}

/**
 * Brings the schema up to date in one transaction under `pg_advisory_xact_lock`: two instances
 * starting together take turns, and the second finds nothing left to do. A database that has
 * migrations this code does not know refuses with `SchemaTooNewError` and is left untouched.
 */
export async function migrate(db: StoreDb, migrations: MigrationMeta[] = readMigrations()): Promise<MigrationResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(sql`create table if not exists store_migrations (
      id integer primary key,
      hash text not null,
      created_at bigint not null,
      applied_at timestamptz not null default now()
    )`);
    const applied = rowsOf<AppliedRow>(await tx.execute(sql`select id, created_at from store_migrations order by id`));
    const newest = applied.at(-1);
    const known = migrations.at(-1);
    if (applied.length > migrations.length || (newest && known && Number(newest.created_at) > known.folderMillis)) {
      throw new SchemaTooNewError(
        `The database schema is newer than this version of WashOps: it has ${applied.length} migrations, this code knows ${migrations.length}. ` +
          'Run the newer release against it, or restore a backup taken before the upgrade.',
        { details: { databaseMigrations: applied.length, knownMigrations: migrations.length } },
      );
    }
    for (const [index, migration] of migrations.entries()) {
      if (index < applied.length) continue;
      for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
      await AFTER_MIGRATION[index]?.(tx);
      await tx.execute(
        sql`insert into store_migrations (id, hash, created_at) values (${index + 1}, ${migration.hash}, ${migration.folderMillis})`,
      );
    }
    return { applied: migrations.length - applied.length, schemaVersion: migrations.length };
  });
}
