import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export type PortalRole = 'admin' | 'viewer';

export interface PortalSession {
  username: string;
  role: PortalRole;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

const payloadSchema = z.object({ u: z.string().min(1), r: z.enum(['admin', 'viewer']), e: z.number().int() });

function sign(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

/**
 * A session token is `<payload>.<HMAC-SHA256>`, both base64url. Signed, not encrypted: it holds
 * only the username, the role and the expiry. (An HMAC over JSON is a few lines with node:crypto;
 * a JWT library would add surface for nothing.)
 */
export function createSessionToken(session: PortalSession, secret: string): string {
  const body = Buffer.from(JSON.stringify({ u: session.username, r: session.role, e: session.expiresAt })).toString('base64url');
  return `${body}.${sign(body, secret)}`;
}

/** Returns the session when the token is authentic and unexpired, otherwise null. */
export function verifySessionToken(token: string, secret: string, now = Date.now()): PortalSession | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = Buffer.from(sign(body, secret), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success || parsed.data.e <= now) return null;
  return { username: parsed.data.u, role: parsed.data.r, expiresAt: parsed.data.e };
}
