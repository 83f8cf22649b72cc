import type { TRPCError } from '@trpc/server';
import type { BackofficeReads, Digest, Kpis, Operations, Reports, ResourceReads, WarehouseSync } from '@washops/operations';
import type { TransactionsClient } from '@washops/transactions-client';
import type { Store } from '@washops/store';
import { readCookie, SESSION_COOKIE } from './auth/cookies.js';
import type { HashingSlots } from './auth/hashing-slots.js';
import type { ScryptCost } from './auth/passwords.js';
import { sessionOfToken, type PortalSession } from './auth/sessions.js';
import type { SignInThrottle } from './auth/sign-in-throttle.js';
import { clientAddressOf, PEER_ADDRESS_HEADER, requestHostOf, TRUST_NO_PROXY, type TrustProxy } from './client-address.js';
import { toTrpcError } from './errors.js';
import { publicErrorOf } from './public-error.js';
import type { BulkRunner } from './bulk/bulk-runner.js';
import type { ExportRegistry } from './transactions/export-registry.js';

/** Sign-in settings; users and sessions themselves are the store's. */
export interface PortalAuthConfig {
  sessionTtlMs: number;
  /** Growing delays after failed sign-ins, per username and address and per address (counts in the store). */
  throttle: SignInThrottle;
  /** Caps concurrent password hashing (each scrypt holds 128 MiB). */
  hashingSlots: HashingSlots;
  /** The scrypt cost of new hashes; stored hashes below it are upgraded at sign-in. */
  passwordCost: ScryptCost;
  /** Which proxies' `X-Forwarded-For` / `X-Forwarded-Host` count (`TRUST_PROXY`); none by default. */
  trustProxy: TrustProxy;
  /** Mark cookies `Secure` (the portal runs behind HTTPS). */
  secureCookies: boolean;
}

/** Everything procedures need, created once per process. The clients hold the tenant's credentials. */
export interface PortalDeps {
  auth: PortalAuthConfig;
  /** The system of record: portal users, sessions, the sign-in throttle, exports, the audit log (read here; written by `operations`). */
  store: Store;
  /** The BackOffice's reads; its writes go through `operations` only. */
  backoffice: BackofficeReads;
  /** Every write, audited: procedures call it as the signed-in user (see `operationsAs`). */
  operations: Operations;
  /** The Data API client for the transaction pages (lists, detail, sites), on the API id's shared budget (see `transactionsBudgets`). */
  transactions: TransactionsClient;
  /** Bulk exports, one registry per process, with a Data API client on the shared budget below the background ceiling. */
  exports: ExportRegistry;
  /** The transactions warehouse's sync: its status and controls (the Data sync page). */
  sync: WarehouseSync;
  /** Reports over the warehouse (the Reports page, its CSV downloads), built by the portal with `openReports` over `store` and `backoffice`. */
  reports: Reports;
  /** The operator's numbers (the Today, Memberships and Labor pages), built by the portal with `openKpis` over the reports' dependencies. */
  kpis: Kpis;
  /** The daily digest (its preview page): built by the portal with `openDigest`; sends only when an SMTP server is configured. */
  digest: Digest;
  /** Customers, memberships, items, the time clock and gift cards (their pages), built by the portal with `openResourceReads`: contact details masked, a reveal audited. */
  resources: ResourceReads;
  /** Bulk changes from a CSV file: the engine (`changes`) and the runs this process works, one runner per process. */
  bulkRuns: BulkRunner;
}

/** What the portal knows about the HTTP request; `null` for trusted in-process calls. */
export interface PortalRequestInfo {
  origin: string | null;
  host: string | null;
  secFetchSite: string | null;
  ip: string;
  cookieHeader: string | null;
}

export interface PortalContext {
  deps: PortalDeps;
  session: PortalSession | null;
  request: PortalRequestInfo | null;
  setCookie: (cookie: string) => void;
}

/**
 * The context of one request: the session behind its cookie is looked up in the store (so the
 * role is the database's, now). Throws the store's `StoreUnavailableError` when the database
 * cannot be reached.
 */
export async function createPortalContext(
  deps: PortalDeps,
  request: PortalRequestInfo | null,
  setCookie: (cookie: string) => void = () => {},
): Promise<PortalContext> {
  const session = await sessionOfToken(deps.store, readCookie(request?.cookieHeader, SESSION_COOKIE));
  return { deps, session, request, setCookie };
}

/**
 * What the portal knows about a request. The address is the TCP peer's (from `PEER_ADDRESS_HEADER`)
 * and the host is `Host`, unless `trustProxy` names the proxy in front: only then do
 * `X-Forwarded-For` and `X-Forwarded-Host` count, since any client can send them.
 */
export function requestInfoFromHeaders(headers: Headers, trustProxy: TrustProxy = TRUST_NO_PROXY): PortalRequestInfo {
  const peer = headers.get(PEER_ADDRESS_HEADER)?.trim() || 'unknown';
  return {
    origin: headers.get('origin'),
    host: requestHostOf(peer, headers.get('host'), headers.get('x-forwarded-host'), trustProxy),
    secFetchSite: headers.get('sec-fetch-site'),
    ip: clientAddressOf(peer, headers.get('x-forwarded-for'), trustProxy),
    cookieHeader: headers.get('cookie'),
  };
}

/**
 * The `createContext` of tRPC's fetch adapter (used by the Next.js route handler). A store that
 * cannot be reached answers with its public error (503 and a retry hint), not a bare 500.
 */
export function createFetchContextFactory(deps: PortalDeps) {
  return async ({ req, resHeaders }: { req: Request; resHeaders: Headers }): Promise<PortalContext> => {
    try {
      return await createPortalContext(deps, requestInfoFromHeaders(req.headers, deps.auth.trustProxy), (cookie) =>
        resHeaders.append('set-cookie', cookie),
      );
    } catch (error) {
      throw toTrpcError(error);
    }
  };
}

/** Statuses whose retry hint also goes into a `Retry-After` header, for proxies and scripts. */
const RETRY_AFTER_CODES = new Set(['SERVICE_UNAVAILABLE', 'TOO_MANY_REQUESTS']);

/**
 * The `responseMeta` of tRPC's fetch adapter: a response refused for a while (the database is
 * unavailable, a rate limit) carries `Retry-After` in whole seconds, from its `retryAfterMs`.
 */
export function portalResponseMeta({ errors }: { errors: readonly TRPCError[] }): { headers?: Record<string, string> } {
  let retryAfterMs = 0;
  for (const error of errors) {
    if (!RETRY_AFTER_CODES.has(error.code)) continue;
    const hint = publicErrorOf(error).details['retryAfterMs'];
    retryAfterMs = Math.max(retryAfterMs, typeof hint === 'number' && Number.isFinite(hint) ? hint : 1000);
  }
  return retryAfterMs > 0 ? { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) } } : {};
}
