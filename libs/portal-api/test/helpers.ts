import { TRPCError } from '@trpc/server';
import { BackofficeClient } from '@washops/backoffice-client';
import { TransactionsClient } from '@washops/transactions-client';
import {
  SESSION_COOKIE,
  HashingSlots,
  InMemoryPortalUsers,
  RevokedSessions,
  TRUST_NO_PROXY,
  SignInThrottle,
  createCaller,
  createPortalContext,
  createSessionToken,
  demoPortalUsers,
  ExportRegistry,
  type BackofficeApi,
  type PortalDeps,
  type PortalRequestInfo,
  type PortalAuthConfig,
  type PortalRole,
  type ScryptCost,
} from '../src/index.js';
import { expect } from 'vitest';

export const SECRET = 'test-session-secret-0123456789abcdef';

/** Clients that are never called (no server behind them): for tests of sign-in and guards. */
export function unreachableClients(): Pick<PortalDeps, 'backoffice' | 'transactions'> {
  return {
    backoffice: new BackofficeClient({ username: 'bot', password: 'bot-password', baseUrl: 'http://127.0.0.1:9' }),
    transactions: new TransactionsClient({ apiId: 'demo', apiKey: 'demo-key', baseUrl: 'http://127.0.0.1:9/v1' }),
  };
}

/** The lowest cost `verifyPassword` accepts: tests sign in often, and the real cost takes about a second here. */
export const TEST_PASSWORD_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 1 };

/** Sign-in settings as the portal builds them, at the test cost; `overrides` replace single settings. */
export async function makeAuth(overrides: Partial<PortalAuthConfig> = {}): Promise<PortalAuthConfig> {
  return {
    users: new InMemoryPortalUsers(await demoPortalUsers(TEST_PASSWORD_COST)),
    sessionSecret: SECRET,
    sessionTtlMs: 60_000,
    throttle: new SignInThrottle(),
    hashingSlots: new HashingSlots(),
    passwordCost: TEST_PASSWORD_COST,
    trustProxy: TRUST_NO_PROXY,
    secureCookies: false,
    revokedSessions: new RevokedSessions(),
    ...overrides,
  };
}

export async function makeDeps(backoffice?: BackofficeApi): Promise<PortalDeps> {
  const clients = unreachableClients();
  return {
    auth: await makeAuth(),
    backoffice: backoffice ?? clients.backoffice,
    transactions: clients.transactions,
    exports: new ExportRegistry(clients.transactions),
  };
}

export function browserRequest(overrides: Partial<PortalRequestInfo> = {}): PortalRequestInfo {
  return { origin: 'http://portal.test', host: 'portal.test', secFetchSite: 'same-origin', ip: '10.0.0.1', cookieHeader: null, ...overrides };
}

/** A caller as a signed-in portal user, over a same-origin browser request; `signal` is the request's. */
export function callerAs(deps: PortalDeps, role: PortalRole, overrides: Partial<PortalRequestInfo> = {}, signal?: AbortSignal) {
  const token = createSessionToken({ username: role, role, expiresAt: Date.now() + 60_000 }, SECRET);
  const context = createPortalContext(deps, browserRequest({ cookieHeader: `${SESSION_COOKIE}=${token}`, ...overrides }));
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
