import { TRPCError } from '@trpc/server';
import { BackofficeClient } from '@washops/backoffice-client';
import { backofficeConnectionOf, bulkChanges, openDigest, openKpis, openReports, openResourceReads, Operations } from '@washops/operations';
import { openStore, type Store } from '@washops/store';
import { TransactionsClient } from '@washops/transactions-client';
import {
  SESSION_COOKIE,
  HashingSlots,
  TRUST_NO_PROXY,
  SignInThrottle,
  bringInPortalUsers,
  createCaller,
  createPortalContext,
  BulkRunner,
  ExportRegistry,
  type PortalDeps,
  type PortalRequestInfo,
  type PortalAuthConfig,
  type PortalRole,
  type ScryptCost,
} from '../src/index.js';
import { expect } from 'vitest';
import { RecordingSync } from './fake-sync.js';

/** Clients that are never called (no server behind them): for tests of sign-in and guards. */
export function unreachableClients(): { backoffice: BackofficeClient; transactions: TransactionsClient } {
  return {
    backoffice: new BackofficeClient({ username: 'bot', password: 'bot-password', baseUrl: 'http://127.0.0.1:9' }),
    transactions: new TransactionsClient({ apiId: 'demo', apiKey: 'demo-key', baseUrl: 'http://127.0.0.1:9/v1' }),
  };
}

/**
 * The BackOffice reads, the audited operations, the bulk runs, the reports, the numbers and the resource reads over `store`, as the
 * portal wires them (the resource reads without a Data API: what the warehouse lacks is refused, not read live).
 */
export function backofficeDeps(store: Store, backoffice: BackofficeClient): Pick<PortalDeps, 'backoffice' | 'operations' | 'bulkRuns' | 'reports' | 'kpis' | 'digest' | 'resources'> {
  const connection = backofficeConnectionOf(backoffice);
  const operations = new Operations({ store, backoffice: connection });
  return {
    backoffice: connection.reads,
    operations,
    bulkRuns: new BulkRunner(bulkChanges({ store, operations, backoffice: connection })),
    reports: openReports({ store, backoffice: connection.reads }),
    kpis: openKpis({ store, backoffice: connection.reads }),
    digest: openDigest({ store, backoffice: connection.reads, config: null }),
    resources: openResourceReads({ store }),
  };
}

/** The lowest cost `verifyPassword` accepts: tests sign in often, and the real cost takes about a second here. */
export const TEST_PASSWORD_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 1 };

let sharedStore: Promise<Store> | undefined;

/**
 * One in-memory database per test file (PGlite takes seconds to start on a busy machine), with the
 * demo sign-ins brought in as the portal does at boot, at the test cost.
 */
export function testStore(): Promise<Store> {
  sharedStore ??= (async () => {
    const store = await openStore({ inMemory: true });
    await bringInPortalUsers(store, { configured: [], demo: true, passwordCost: TEST_PASSWORD_COST });
    return store;
  })();
  return sharedStore;
}

/** Sign-in settings as the portal builds them, at the test cost; `overrides` replace single settings. */
export function makeAuth(store: Store, overrides: Partial<PortalAuthConfig> = {}): PortalAuthConfig {
  return {
    sessionTtlMs: 60_000,
    throttle: new SignInThrottle(store.throttle),
    hashingSlots: new HashingSlots(),
    passwordCost: TEST_PASSWORD_COST,
    trustProxy: TRUST_NO_PROXY,
    secureCookies: false,
    ...overrides,
  };
}

/**
 * A portal's dependencies over the file's database, its sign-in throttle counts cleared (as a fresh
 * database would have them). `backoffice` may be a stand-in with the client's methods.
 */
export async function makeDeps(backoffice?: BackofficeClient): Promise<PortalDeps> {
  const clients = unreachableClients();
  const store = await testStore();
  await store.throttle.forgetOlderThan(new Date(Date.now() + 86_400_000));
  return {
    auth: makeAuth(store),
    store,
    ...backofficeDeps(store, backoffice ?? clients.backoffice),
    transactions: clients.transactions,
    exports: new ExportRegistry(clients.transactions, store),
    sync: new RecordingSync(),
  };
}

/** Another portal instance over the same database: its own throttle object and hashing slots, nothing else shared. */
export function secondInstance(deps: PortalDeps): PortalDeps {
  return { ...deps, auth: makeAuth(deps.store) };
}

export function browserRequest(overrides: Partial<PortalRequestInfo> = {}): PortalRequestInfo {
  return { origin: 'http://portal.test', host: 'portal.test', secFetchSite: 'same-origin', ip: '10.0.0.1', cookieHeader: null, ...overrides };
}

/** `washops_session=<token>` of a fresh session of `username` in the store, as a sign-in would set it. */
export async function sessionCookieOf(deps: PortalDeps, username: string): Promise<string> {
  const user = await deps.store.users.find(username);
  if (!user) throw new Error(`no portal user ${username} in the test database`);
  const { token } = await deps.store.sessions.create({ userId: user.id, ttlMs: 60_000 });
  return `${SESSION_COOKIE}=${token}`;
}

/** A caller as a signed-in demo user (`admin` or `viewer`), over a same-origin browser request; `signal` is the request's. */
export function callerAs(deps: PortalDeps, role: PortalRole, overrides: Partial<PortalRequestInfo> = {}, signal?: AbortSignal) {
  const context = async () => createPortalContext(deps, browserRequest({ cookieHeader: await sessionCookieOf(deps, role), ...overrides }));
  return createCaller(context, signal ? { signal } : undefined);
}

/**
 * Reads a CSV into records keyed by the header (RFC 4180: quoted fields, doubled quotes, CRLF).
 * Hand-written because no CSV parser is among the workspace's dependencies; tests only.
 */
export function parseCsv(text: string): Array<Record<string, string>> {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  const [header = [], ...records] = rows;
  return records.map((r) => Object.fromEntries(header.map((name, index) => [name, r[index] ?? ''])));
}

/** The TRPCError a call fails with; the test fails if the call succeeds or throws something else. */
export function errorOf(promise: Promise<unknown>): Promise<TRPCError> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(TRPCError);
      return error as TRPCError;
    },
  );
}
