/** Credentials and site scoping: every 403 of the contract (§1). */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { KNOWN_SITES, SITES, siteByCode, type ChainSite } from './chain.js';
import { DataApiError, ERROR_MESSAGES } from './envelopes.js';
import type { DataApiEnvironment, SimulatorCredential } from './types.js';

export interface Caller {
  credential: SimulatorCredential;
  /** Sites this credential may read at all. */
  allowed: readonly ChainSite[];
  /** Sites this request may read: `allowed`, narrowed to the site-code header when sent. */
  visible: readonly ChainSite[];
  /** The site named by a valid `X-Sonnys-Site-Code`, if any. */
  headerSite?: ChainSite;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}

export function apiIdOf(headers: IncomingHttpHeaders): string | undefined {
  return header(headers, 'x-sonnys-api-id');
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Checks the API id and key. Throws the contract's 403 types. */
export function authenticate(
  headers: IncomingHttpHeaders,
  credentials: readonly SimulatorCredential[],
  environment: DataApiEnvironment,
): SimulatorCredential {
  const apiId = apiIdOf(headers);
  const apiKey = header(headers, 'x-sonnys-api-key');
  if (apiId === undefined || apiKey === undefined) {
    throw new DataApiError('MissingClientCredentialsError', ERROR_MESSAGES.MissingClientCredentialsError);
  }
  const credential = credentials.find((c) => c.apiId === apiId && sameSecret(c.apiKey, apiKey));
  if (!credential) throw new DataApiError('BadClientCredentialsError', ERROR_MESSAGES.BadClientCredentialsError);
  if ((credential.environment ?? 'production') !== environment) {
    throw new DataApiError('MismatchCredentialsError', ERROR_MESSAGES.MismatchCredentialsError);
  }
  if (credential.licensed === false) throw new DataApiError('NotAuthorizedError', ERROR_MESSAGES.NotAuthorizedError);
  return credential;
}

function allowedSites(credential: SimulatorCredential): readonly ChainSite[] {
  if (!credential.siteCodes) return SITES;
  const codes = new Set(credential.siteCodes.map((c) => c.toLowerCase()));
  return KNOWN_SITES.filter((s) => codes.has(s.code.toLowerCase()));
}

/**
 * Applies the optional `X-Sonnys-Site-Code`. In the sandbox, the vendor's magic codes answer as documented:
 * `ABC` → NotAuthorizedSiteCredentialsError, `DEF` → NotAuthorizedSiteArgsError (`INVALID` is simply unknown).
 */
export function scope(headers: IncomingHttpHeaders, credential: SimulatorCredential, environment: DataApiEnvironment): Caller {
  const allowed = allowedSites(credential);
  const code = header(headers, 'x-sonnys-site-code');
  if (code === undefined) return { credential, allowed, visible: allowed };
  if (environment === 'sandbox' && code === 'ABC') {
    throw new DataApiError('NotAuthorizedSiteCredentialsError', ERROR_MESSAGES.NotAuthorizedSiteCredentialsError);
  }
  if (environment === 'sandbox' && code === 'DEF') {
    throw new DataApiError('NotAuthorizedSiteArgsError', ERROR_MESSAGES.NotAuthorizedSiteArgsError);
  }
  const site = siteByCode.get(code.toLowerCase());
  if (!site) throw new DataApiError('BadSiteCredentialsError', ERROR_MESSAGES.BadSiteCredentialsError);
  if (!allowed.includes(site)) {
    throw new DataApiError('NotAuthorizedSiteCredentialsError', ERROR_MESSAGES.NotAuthorizedSiteCredentialsError);
  }
  return { credential, allowed, visible: [site], headerSite: site };
}
