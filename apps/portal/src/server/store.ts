import 'server-only';
import type * as StoreModule from '@washops/store';
import type { Store } from '@washops/store';
import type { PortalDatabaseEnv } from '../env';
import { portalLogger } from './logger';
import { loadOperations } from './operations';

const PURGE_EVERY_MS = 60 * 60_000;

/**
 * The store is loaded from node_modules at run time, never bundled: it reads its migrations from
 * its own folder, and PGlite its WebAssembly from its package. (Turbopack bundles a workspace
 * package despite `serverExternalPackages`, since its real path is outside node_modules.)
 */
function loadStore(): Promise<typeof StoreModule> {
  return import(/* turbopackIgnore: true */ /* webpackIgnore: true */ '@washops/store');
}

/**
 * Opens the system of record once per process: PostgreSQL when DATABASE_URL is set, else the
 * embedded database in its data folder. Throws the store's errors (unreachable, schema too new)
 * for boot to report; a broken idle connection later is logged, and the next query reconnects.
 */
export async function openPortalStore(database: PortalDatabaseEnv, auditRetentionDays: number | undefined): Promise<Store> {
  const logger = portalLogger();
  const { openStore } = await loadStore();
  const store =
    database.kind === 'postgres'
      ? await openStore({
          databaseUrl: database.url,
          onConnectionError: (error) => logger.error({ error: { name: error.name, message: error.message } }, 'database connection lost'),
        })
      : await openStore({ dataDir: database.dataDir });
  keepTidy(store, auditRetentionDays);
  return store;
}

function logTidyFailure(what: string) {
  return (error: unknown) => {
    portalLogger().error({ error: { name: (error as Error).name, message: (error as Error).message } }, `${what} failed`);
  };
}

/**
 * Expired sessions are refused anyway; deleting them now and then keeps the table small. Finished
 * audit events older than AUDIT_RETENTION_DAYS go too (none when it is unset: kept forever).
 */
function keepTidy(store: Store, auditRetentionDays: number | undefined): void {
  const purge = () => tidyOnce(store, auditRetentionDays);
  setInterval(() => void purge(), PURGE_EVERY_MS).unref();
  void purge();
}

/** One round of the hourly tidy; failures are logged, never thrown (the next round tries again). */
export async function tidyOnce(store: Store, auditRetentionDays: number | undefined, now: Date = new Date()): Promise<void> {
  await store.sessions.purgeExpired().catch(logTidyFailure('purging expired sessions'));
  const { pruneAuditLog } = await loadOperations();
  await pruneAuditLog(store, auditRetentionDays, now).catch(logTidyFailure('deleting audit events past their retention'));
}

const CLOSE_GRACE_MS = 10_000;

/**
 * Runs `close` (the exports, then the database, so the embedded one shuts down cleanly and its lock
 * is released) when the process is told to stop, then exits. Next.js leaves the signals to us
 * (`NEXT_MANUAL_SIG_HANDLE=1` in the start script): its own handler would exit before `close` ends.
 */
export function closeOnSignals(close: () => Promise<void>): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      const code = signal === 'SIGINT' ? 130 : 143;
      setTimeout(() => process.exit(code), CLOSE_GRACE_MS).unref();
      close().then(
        () => process.exit(code),
        () => process.exit(1),
      );
    });
  }
}
