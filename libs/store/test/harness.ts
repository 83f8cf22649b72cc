import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { sql } from 'drizzle-orm';
import { connectPglite, connectPostgres, type StoreConnection, type StoreDb } from '../src/connection.js';
import { openStore, type OpenStoreOptions, type Store } from '../src/index.js';
import { migrate, readMigrations } from '../src/migrate.js';
import { createPglite, pgliteVersion } from '../src/embedded/empty-cluster.js';
import { storeOver } from '../src/store.js';

/** A PostgreSQL server to run the same suite against; each test gets its own fresh database on it. */
export const testDatabaseUrl = process.env['WASHOPS_TEST_DATABASE_URL'];

if (!testDatabaseUrl) {
  console.log('PostgreSQL half of the store suite skipped: WASHOPS_TEST_DATABASE_URL is not set (see libs/store/README.md).');
}

/** A place to open stores against: fresh and empty, removed by `drop()`. */
export interface Fresh {
  options: OpenStoreOptions;
  drop(): Promise<void>;
}

export interface Backend {
  name: string;
  kind: 'pglite' | 'postgres';
  skip: boolean;
  /** Fresh and empty; `reopenable` when the test closes and opens it again (PGlite then uses a folder). */
  fresh(reopenable?: boolean): Promise<Fresh>;
}

const pglite: Backend = {
  name: 'PGlite',
  kind: 'pglite',
  skip: false,
  async fresh(reopenable = false) {
    if (!reopenable) return { options: { inMemory: true }, drop: async () => undefined };
    const dataDir = await freshDataDir();
    return { options: { dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };
  },
};

const postgres: Backend = {
  name: 'PostgreSQL',
  kind: 'postgres',
  skip: !testDatabaseUrl,
  async fresh() {
    const name = `washops_store_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(`create database ${name}`);
    const url = new URL(testDatabaseUrl as string);
    url.pathname = `/${name}`;
    return { options: { databaseUrl: url.toString(), maxConnections: 4 }, drop: async () => void (await admin(`drop database if exists ${name} with (force)`)) };
  },
};

/**
 * An empty PGlite cluster, made once per machine and PGlite version: a new folder's first start runs
 * initdb, which takes ten seconds on a busy machine; a copy opens in about one.
 */
async function pgliteTemplate(): Promise<string> {
  const template = join(tmpdir(), `washops-pglite-template-${pgliteVersion()}`);
  if (existsSync(join(template, 'PG_VERSION'))) return template;
  const building = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await (await createPglite(building)).close();
  // Another test file may have made it meanwhile: theirs is as good as ours.
  await rename(building, template).catch(() => rm(building, { recursive: true, force: true }));
  return template;
}

let templateMade: Promise<string> | undefined;

/** A new data folder whose `pglite/` is an empty cluster, as `openStore` would create it. */
export async function freshDataDir(): Promise<string> {
  templateMade ??= pgliteTemplate();
  const dataDir = await mkdtemp(join(tmpdir(), 'washops-store-'));
  await cp(await templateMade, join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/** Runs a statement on the server's own database (create, drop, terminate connections). */
export function admin(statement: string): Promise<pg.QueryResult> {
  return runOn(testDatabaseUrl as string, statement);
}

export const backends: Backend[] = [pglite, postgres];

/** The same tests on every backend; a backend without a server is reported as skipped. */
export function describeEachBackend(title: string, body: (backend: Backend) => void): void {
  for (const backend of backends) describe.skipIf(backend.skip)(`${title} on ${backend.name}`, () => body(backend));
}

/**
 * A fresh database of the backend migrated up to just before migration `index`, as the release before it left it:
 * `run` writes that release's rows, then migrates the rest. Closed and dropped afterwards.
 */
export async function withDatabaseBeforeMigration(backend: Backend, index: number, run: (db: StoreDb) => Promise<void>): Promise<void> {
  const fresh = await backend.fresh();
  let connection: StoreConnection | undefined;
  try {
    connection = backend.kind === 'postgres' ? await connectPostgres(fresh.options.databaseUrl as string) : await connectPglite();
    await migrate(connection.db, readMigrations().slice(0, index));
    await run(connection.db);
  } finally {
    await connection?.close();
    await fresh.drop();
  }
}

/**
 * One store per file (PGlite takes seconds to start on a busy machine), emptied before each test
 * so every test starts from a fresh schema with no rows.
 */
export function useStore(backend: Backend): () => Store {
  return useStoreAndSql(backend).store;
}

/** `useStore` plus a way to run raw SQL on the same database (what the table's own guards refuse). */
export function useStoreAndSql(backend: Backend): { store: () => Store; exec: (statement: string) => Promise<unknown> } {
  let store: Store | undefined;
  let fresh: Fresh | undefined;
  let exec: (statement: string) => Promise<unknown>;
  beforeAll(async () => {
    fresh = await backend.fresh();
    if (backend.kind === 'pglite') {
      const connection = await connectPglite();
      store = storeOver(connection, await migrate(connection.db));
      exec = (statement) => connection.db.execute(sql.raw(statement));
    } else {
      store = await openStore(fresh.options);
      const url = fresh.options.databaseUrl as string;
      exec = (statement) => runOn(url, statement);
    }
  });
  beforeEach(async () => {
    await exec(`truncate ${TABLES.join(', ')} restart identity cascade`);
  });
  afterAll(async () => {
    await store?.close();
    await fresh?.drop();
  });
  return {
    store: () => {
      if (!store) throw new Error('the store is opened in beforeAll');
      return store;
    },
    exec: (statement) => exec(statement),
  };
}

// TRUNCATE fires no row trigger: the audit log's append-only guard does not stand in the way of a fresh test.
const TABLES = [
  'digest_deliveries',
  'mcp_session_events',
  'mcp_sessions',
  'wh_customers',
  'wh_memberships',
  'wh_membership_statuses',
  'wh_membership_billings',
  'wh_membership_tags',
  'wh_membership_vehicles',
  'wh_membership_modifications',
  'wh_status_changes',
  'wh_washbooks',
  'wh_gift_cards',
  'wh_catalog_items',
  'wh_employees',
  'wh_clock_entries',
  'wh_sales_outcomes',
  'wh_resource_sync',
  'wh_report_days',
  'wh_report_mix',
  'wh_report_departments',
  'wh_report_items',
  'wh_report_tenders',
  'wh_report_hours',
  'wh_report_staff',
  'wh_report_discounts',
  'wh_tenders',
  'wh_items',
  'wh_discounts',
  'wh_transactions',
  'wh_sync_units',
  'wh_sync_control',
  'wh_sites',
  'rate_budget_slots',
  'rate_budgets',
  'bulk_run_rows', 'bulk_runs', 'audit_events', 'exports', 'portal_sessions', 'sign_in_throttle', 'portal_users'];

/** Runs one statement on a database through its own short connection. */
export async function runOn(databaseUrl: string, statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A hash of the shape the portal stores (the store checks the prefix only). */
export function fakeHash(label: string): string {
  return `scrypt$16384$8$1$${Buffer.from(label).toString('base64url')}$${randomBytes(8).toString('base64url')}`;
}
