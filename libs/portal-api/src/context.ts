import type { BackofficeClient } from '@washops/backoffice-client';
import type { TransactionsClient } from '@washops/transactions-client';
import { readCookie, SESSION_COOKIE } from './auth/cookies.js';
import type { PortalUser } from './auth/portal-users.js';
import type { RevokedSessions } from './auth/revoked-sessions.js';
import { verifySessionToken, type PortalSession } from './auth/session-token.js';
import type { SignInThrottle } from './auth/sign-in-throttle.js';
import type { ExportRegistry } from './transactions/export-registry.js';

export interface PortalAuthConfig {
  users: PortalUser[];
  /** HMAC key of session cookies; at least 32 characters. */
  sessionSecret: string;
  sessionTtlMs: number;
  /** Failed sign-ins per username and address. */
  throttle: SignInThrottle;
  /**
   * Failed sign-ins per username from any address, with a higher limit: addresses come from
   * `X-Forwarded-For`, which a client can forge when no proxy sets it.
   */
  accountThrottle: SignInThrottle;
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

export function requestInfoFromHeaders(headers: Headers): PortalRequestInfo {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return {
    origin: headers.get('origin'),
    host: headers.get('x-forwarded-host') ?? headers.get('host'),
    secFetchSite: headers.get('sec-fetch-site'),
    ip: forwarded || headers.get('x-real-ip') || 'unknown',
    cookieHeader: headers.get('cookie'),
  };
}

/** The `createContext` of tRPC's fetch adapter (used by the Next.js route handler). */
export function createFetchContextFactory(deps: PortalDeps) {
  return ({ req, resHeaders }: { req: Request; resHeaders: Headers }): PortalContext =>
    createPortalContext(deps, requestInfoFromHeaders(req.headers), (cookie) => resHeaders.append('set-cookie', cookie));
}
