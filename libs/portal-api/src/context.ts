import type { BackofficeClient } from '@washops/backoffice-client';
import type { TransactionsClient } from '@washops/transactions-client';
import { readCookie, SESSION_COOKIE } from './auth/cookies.js';
import type { HashingSlots } from './auth/hashing-slots.js';
import type { ScryptCost } from './auth/passwords.js';
import type { PortalUserStore } from './auth/portal-users.js';
import type { RevokedSessions } from './auth/revoked-sessions.js';
import { verifySessionToken, type PortalSession } from './auth/session-token.js';
import type { SignInThrottle } from './auth/sign-in-throttle.js';
import { clientAddressOf, PEER_ADDRESS_HEADER, requestHostOf, TRUST_NO_PROXY, type TrustProxy } from './client-address.js';
import type { ExportRegistry } from './transactions/export-registry.js';

export interface PortalAuthConfig {
  users: PortalUserStore;
  /** HMAC key of session cookies; at least 32 characters. */
  sessionSecret: string;
  sessionTtlMs: number;
  /** Growing delays after failed sign-ins, per username and address and per address. */
  throttle: SignInThrottle;
  /** Caps concurrent password hashing (each scrypt holds 128 MiB). */
  hashingSlots: HashingSlots;
  /** The scrypt cost of new hashes; stored hashes below it are upgraded at sign-in. */
  passwordCost: ScryptCost;
  /** Which proxies' `X-Forwarded-For` / `X-Forwarded-Host` count (`TRUST_PROXY`); none by default. */
  trustProxy: TrustProxy;
  /** Mark cookies `Secure` (the portal runs behind HTTPS). */
  secureCookies: boolean;
  /** Tokens signed out before their expiry; they no longer open a session. */
  revokedSessions: RevokedSessions;
}

/** The BackOffice operations the portal uses (a `BackofficeClient` has them all). */
export type BackofficeApi = Pick<
  BackofficeClient,
  | 'createEmployee'
  | 'disableEmployee'
  | 'createBackofficeUser'
  | 'listSites'
  | 'listDepartments'
  | 'listPermissions'
  | 'listEmployees'
  | 'isPosUserIdAvailable'
  | 'isEmailAvailable'
  | 'isPhoneAvailable'
>;

/** Everything procedures need, created once per process. The clients hold the tenant's credentials. */
export interface PortalDeps {
  auth: PortalAuthConfig;
  backoffice: BackofficeApi;
  /** The Data API client for the transaction pages (lists, detail, sites): the interactive budget share. */
  transactions: TransactionsClient;
  /** Bulk exports, one registry per process, with a Data API client of their own budget share (see `transactionsBudgets`). */
  exports: ExportRegistry;
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

export function createPortalContext(
  deps: PortalDeps,
  request: PortalRequestInfo | null,
  setCookie: (cookie: string) => void = () => {},
): PortalContext {
  const token = readCookie(request?.cookieHeader, SESSION_COOKIE);
  const session = token && !deps.auth.revokedSessions.has(token) ? verifySessionToken(token, deps.auth.sessionSecret) : null;
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

/** The `createContext` of tRPC's fetch adapter (used by the Next.js route handler). */
export function createFetchContextFactory(deps: PortalDeps) {
  return ({ req, resHeaders }: { req: Request; resHeaders: Headers }): PortalContext =>
    createPortalContext(deps, requestInfoFromHeaders(req.headers, deps.auth.trustProxy), (cookie) => resHeaders.append('set-cookie', cookie));
}
