import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import { ValidationError } from '@washops/shared-errors';
import type { StoreDb } from './connection.js';
import { portalSessions, portalUsers, type PortalRole } from './schema.js';

/** The database keeps only this digest: a leaked table cannot be replayed as cookies. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSession {
  userId: number;
  ttlMs: number;
  now?: Date;
}

/** A valid session with what authorization needs, read fresh from the users table. */
export interface ValidSession {
  userId: number;
  username: string;
  role: PortalRole;
  expiresAt: Date;
  lastUsedAt: Date;
}

export interface FindSessionOptions {
  now?: Date;
  /** `lastUsedAt` is written only when older than this, so reads stay reads (default one minute). */
  touchAfterMs?: number;
}

export function sessionQueries(db: StoreDb) {
  return {
    /** Starts a session. The returned `token` goes into the cookie and is not kept anywhere. */
    async create({ userId, ttlMs, now = new Date() }: NewSession): Promise<{ token: string; expiresAt: Date }> {
      if (!(ttlMs > 0)) throw new ValidationError('A session needs a positive lifetime.', { details: { field: 'ttlMs' } });
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + ttlMs);
      await db.insert(portalSessions).values({ tokenHash: hashSessionToken(token), userId, expiresAt, lastUsedAt: now, createdAt: now });
      return { token, expiresAt };
    },

    /**
     * The session behind a cookie's token, when it is unexpired and its user enabled: one lookup
     * by primary key joined to the user (role from the database, never from the cookie).
     */
    async findValid(token: string, { now = new Date(), touchAfterMs = 60_000 }: FindSessionOptions = {}): Promise<ValidSession | null> {
      const tokenHash = hashSessionToken(token);
      const [found] = await db
        .select({
          userId: portalSessions.userId,
          username: portalUsers.username,
          role: portalUsers.role,
          expiresAt: portalSessions.expiresAt,
          lastUsedAt: portalSessions.lastUsedAt,
        })
        .from(portalSessions)
        .innerJoin(portalUsers, eq(portalUsers.id, portalSessions.userId))
        .where(and(eq(portalSessions.tokenHash, tokenHash), gt(portalSessions.expiresAt, now), eq(portalUsers.disabled, false)));
      if (!found) return null;
      if (now.getTime() - found.lastUsedAt.getTime() >= touchAfterMs) {
        await db.update(portalSessions).set({ lastUsedAt: now }).where(eq(portalSessions.tokenHash, tokenHash));
        return { ...found, lastUsedAt: now };
      }
      return found;
    },

    /** Sign-out: ends the session behind `token`. True when there was one. */
    async end(token: string): Promise<boolean> {
      const ended = await db
        .delete(portalSessions)
        .where(eq(portalSessions.tokenHash, hashSessionToken(token)))
        .returning({ userId: portalSessions.userId });
      return ended.length > 0;
    },

    /** Ends every session of one user (sign out everywhere). Returns how many ended. */
    async endAllForUser(userId: number): Promise<number> {
      const ended = await db.delete(portalSessions).where(eq(portalSessions.userId, userId)).returning({ userId: portalSessions.userId });
      return ended.length;
    },

    /** Drops sessions that have expired (they are refused anyway; this keeps the table small). */
    async purgeExpired(now: Date = new Date()): Promise<number> {
      const ended = await db.delete(portalSessions).where(lte(portalSessions.expiresAt, now)).returning({ userId: portalSessions.userId });
      return ended.length;
    },
  };
}

export type SessionQueries = ReturnType<typeof sessionQueries>;
