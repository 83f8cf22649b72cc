import { sql } from 'drizzle-orm';
import { InternalError, ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { connectPglite, connectPostgres, type StoreConnection } from '../src/connection.js';
import { openStore, SchemaTooNewError, StoreUnavailableError } from '../src/index.js';
import { migrate, readMigrations } from '../src/migrate.js';
import { rowsOf } from '../src/query-rows.js';
import { admin, backends, describeEachBackend, fakeHash, testDatabaseUrl, type Backend } from './harness.js';

function connect(backend: Backend, options: { databaseUrl?: string; dataDir?: string }): Promise<StoreConnection> {
  return backend.kind === 'postgres' ? connectPostgres(options.databaseUrl as string) : connectPglite({ dataDir: options.dataDir as string });
}

describeEachBackend('migrations', (backend) => {
  it('creates the schema once; a second start applies nothing and keeps the data', async () => {
    const fresh = await backend.fresh(true);
    try {
      const first = await openStore(fresh.options);
      expect(first.migration).toEqual({ applied: readMigrations().length, schemaVersion: readMigrations().length });
      await first.users.add({ username: 'ada', role: 'admin', passwordHash: fakeHash('a') });
      await first.close();
      const second = await openStore(fresh.options);
      expect(second.migration.applied).toBe(0);
      expect(await second.users.countActiveAdmins()).toBe(1);
      await second.close();
    } finally {
      await fresh.drop();
    }
  });

  it('refuses a database migrated by a newer release, saying so, and leaves it untouched', async () => {
    const fresh = await backend.fresh(true);
    try {
      await (await openStore(fresh.options)).close();
      const raw = await connect(backend, fresh.options);
      await raw.db.execute(sql`insert into store_migrations (id, hash, created_at) values (99, 'from-the-future', 4102444800000)`);
      await raw.close();
      const error = await openStore(fresh.options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SchemaTooNewError);
      expect((error as Error).message).toMatch(/schema is newer than this version of WashOps/);
      const check = await connect(backend, fresh.options);
      const rows = rowsOf<{ n: number | string }>(await check.db.execute(sql`select count(*) as n from store_migrations`));
      expect(Number(rows[0]?.n)).toBe(readMigrations().length + 1);
      await check.close();
    } finally {
      await fresh.drop();
    }
  });

  it('two migrations started together apply the schema exactly once', async () => {
    const fresh = await backend.fresh(true);
    try {
      if (backend.kind === 'postgres') {
        // Two instances, two pools, one server: the advisory lock makes them take turns.
        const [a, b] = await Promise.all([openStore(fresh.options), openStore(fresh.options)]);
        expect([a.migration.applied, b.migration.applied].sort()).toEqual([0, readMigrations().length]);
        await Promise.all([a.close(), b.close()]);
      } else {
        const connection = await connect(backend, fresh.options);
        const results = await Promise.all([migrate(connection.db), migrate(connection.db)]);
        expect(results.map((r) => r.applied).sort()).toEqual([0, readMigrations().length]);
        await connection.close();
      }
    } finally {
      await fresh.drop();
    }
  });

  it('a query after the database went away is StoreUnavailableError with a retry hint', async () => {
    const fresh = await backend.fresh();
    const store = await openStore(fresh.options);
    await store.close();
    const error = await store.users.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as StoreUnavailableError).toJSON()).toMatchObject({ status: 503, details: { retryAfterMs: 5_000 } });
    await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
    await fresh.drop();
  });
});

describe.skipIf(!testDatabaseUrl)('a PostgreSQL connection lost while running', () => {
  it('is reported, not fatal, and the next query reconnects', async () => {
    const fresh = await backends[1]!.fresh();
    const reported: StoreUnavailableError[] = [];
    const store = await openStore({ ...fresh.options, onConnectionError: (error) => reported.push(error) });
    try {
      await store.users.list();
      const name = new URL(fresh.options.databaseUrl as string).pathname.slice(1);
      await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);
      await expect.poll(() => reported.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(reported[0]).toBeInstanceOf(StoreUnavailableError);
      expect(await store.users.list()).toEqual([]);
    } finally {
      await store.close();
      await fresh.drop();
    }
  });
});

describe('opening a store', () => {
  it('names DATABASE_URL and what failed when the server cannot be reached, never the password', async () => {
    const error = await openStore({ databaseUrl: 'postgres://washops:s3cret-Pa55@127.0.0.1:1/washops' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    const message = (error as Error).message;
    expect(message).toMatch(/DATABASE_URL/);
    expect(message).toMatch(/postgres:\/\/washops@127\.0\.0\.1:1\/washops/);
    expect(message).toMatch(/ECONNREFUSED/);
    expect(message + JSON.stringify(error)).not.toContain('s3cret-Pa55');
  });

  it('refuses to guess where the data goes', async () => {
    await expect(openStore({})).rejects.toBeInstanceOf(ValidationError);
  });

  it('hides a driver’s message, which holds the SQL and its parameters, behind InternalError', async () => {
    const store = await openStore({ inMemory: true });
    try {
      // No such owner: the foreign key refuses the row.
      const error = await store.exports.create({ ownerUserId: 424_242, params: { note: 'only-in-the-cause' } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InternalError);
      expect((error as Error).message).toBe('A database query failed.');
      expect(JSON.stringify(error)).not.toContain('only-in-the-cause');
    } finally {
      await store.close();
    }
  });
});
