import 'server-only';
import { bringInPortalUsers, HashingSlots, PASSWORD_COST, SignInThrottle, type PortalDeps } from '@washops/portal-api';
import { registerSecret } from '@washops/shared-errors';
import type { PgBoss, Store } from '@washops/store';
import { readPortalEnv } from '../env';
import { createClients } from './clients';
import { portalLogger } from './logger';
import { closeOnSignals, openPortalStore } from './store';

/**
 * One set of dependencies per server process. Kept on `globalThis` because Next.js may load this
 * module once per bundle layer (route handlers, pages); they must share the clients and the store.
 */
const globalKey = Symbol.for('washops.portal.deps');
type Holder = { [globalKey]?: Promise<PortalDeps> };

async function createPortalDeps(): Promise<PortalDeps> {
  const env = readPortalEnv();
  registerSecret(env.backoffice.password);
  registerSecret(env.transactions.apiKey);
  const store = await openPortalStore(env.database, env.auditRetentionDays);
  try {
    // The database is the system of record: PORTAL_USERS (and the demo sign-ins) only fill gaps.
    await bringInPortalUsers(store, { configured: env.auth.users, demo: env.mode === 'demo', passwordCost: PASSWORD_COST });
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
  const clients = await createClients(env, store);
  // The embedded worker syncs site-days in this process; SYNC_WORKER=off leaves them to `washops sync worker` processes.
  if (env.syncWorker) await clients.sync.startWorker();
  const digestQueue = await startDigest(store, clients.digest);
  // Exports cut off by the stop are marked interrupted at once, bulk runs stop after their rows in
  // flight (resumable) and the sync's worker after its site-days in hand, while the database is still open.
  closeOnSignals(async () => {
    await Promise.all([clients.exports.close(), clients.bulkRuns.close(), clients.sync.close(), digestQueue?.stop({ graceful: true, wait: true })]);
    clients.digest.close();
    await store.close();
  });
  // Exports and bulk runs left running by a process that stopped are shown interrupted from the first page on.
  await clients.exports.interruptStale();
  await clients.bulkRuns.recoverInterrupted();
  return {
    auth: {
      sessionTtlMs: env.auth.sessionTtlMs,
      throttle: new SignInThrottle(store.throttle),
      hashingSlots: new HashingSlots(),
      passwordCost: PASSWORD_COST,
      trustProxy: env.auth.trustProxy,
      secureCookies: env.auth.secureCookies,
    },
    store,
    ...clients,
  };
}

/**
 * The daily digest's check, on the job queue's schedule: every portal process works it (a claimed delivery is never
 * sent twice, so several are safe). Said at boot either way, so an operator can tell why no digest arrives.
 */
async function startDigest(store: Store, digest: PortalDeps['digest']): Promise<PgBoss | null> {
  const logger = portalLogger();
  if (!digest.enabled) {
    logger.info('daily digest: off (no WASHOPS_SMTP_URL); the preview page still shows it');
    return null;
  }
  // One connection: the check runs every 15 minutes and asks little of the queue.
  const boss = await store.openJobQueue({ maxConnections: 1, onError: (error) => logger.warn({ error: error.message }, 'daily digest: the job queue reported an error') });
  await digest.schedule(boss);
  logger.info('daily digest: on; sites are checked every 15 minutes');
  return boss;
}

export function getPortalDeps(): Promise<PortalDeps> {
  const holder = globalThis as Holder;
  holder[globalKey] ??= createPortalDeps().catch((error: unknown) => {
    delete holder[globalKey];
    throw error;
  });
  return holder[globalKey];
}
