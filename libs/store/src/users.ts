import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { DuplicateError, NotFoundError, ValidationError } from '@washops/shared-errors';
import type { StoreDb } from './connection.js';
import { LastAdminError } from './errors.js';
import { isUniqueViolation } from './failures.js';
import { PORTAL_ROLES, portalSessions, portalUsers, type PortalRole } from './schema.js';

/** A portal user as the Users page shows it: never the password hash. */
export interface PortalUserRecord {
  id: number;
  username: string;
  role: PortalRole;
  disabled: boolean;
  createdAt: Date;
  updatedAt: Date;
  lastSignInAt: Date | null;
}

/** What sign-in needs: the record and its `scrypt$…` hash. */
export interface PortalUserCredentials extends PortalUserRecord {
  passwordHash: string;
}

export interface NewPortalUser {
  username: string;
  role: PortalRole;
  passwordHash: string;
}

/** The outcome of a change that signs the user out everywhere. */
export interface UserChange {
  user: PortalUserRecord;
  sessionsEnded: number;
}

/** Serializes changes that could remove the last active admin, on PGlite and PostgreSQL alike. */
const ADMIN_CHANGE_LOCK_KEY = 1_467_011_402;

const publicColumns = {
  id: portalUsers.id,
  username: portalUsers.username,
  role: portalUsers.role,
  disabled: portalUsers.disabled,
  createdAt: portalUsers.createdAt,
  updatedAt: portalUsers.updatedAt,
  lastSignInAt: portalUsers.lastSignInAt,
};

type Tx = Parameters<Parameters<StoreDb['transaction']>[0]>[0];

/** Locks out other admin changes, then refuses when `username` is the only active admin left. */
async function lockAndCheckLastAdmin(tx: Tx, username: string, change: string): Promise<PortalUserRecord> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_CHANGE_LOCK_KEY})`);
  const [target] = await tx.select(publicColumns).from(portalUsers).where(eq(portalUsers.username, username)).for('update');
  if (!target) throw new NotFoundError(`No portal user named "${username}".`, { details: { username } });
  if (target.role === 'admin' && !target.disabled) {
    const [others] = await tx
      .select({ n: count() })
      .from(portalUsers)
      .where(and(eq(portalUsers.role, 'admin'), eq(portalUsers.disabled, false), ne(portalUsers.id, target.id)));
    if ((others?.n ?? 0) === 0) {
      throw new LastAdminError(`"${username}" is the last active admin and cannot be ${change}; make another user an admin first.`, {
        details: { username },
      });
    }
  }
  return target;
}

/** Updates one user and ends all their sessions in the same transaction. */
async function changeAndSignOut(tx: Tx, userId: number, values: Partial<typeof portalUsers.$inferInsert>): Promise<UserChange> {
  const [user] = await tx
    .update(portalUsers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(portalUsers.id, userId))
    .returning(publicColumns);
  const ended = await tx.delete(portalSessions).where(eq(portalSessions.userId, userId)).returning({ userId: portalSessions.userId });
  return { user: user as PortalUserRecord, sessionsEnded: ended.length };
}

async function requireUser(tx: Tx, username: string): Promise<PortalUserRecord> {
  const [user] = await tx.select(publicColumns).from(portalUsers).where(eq(portalUsers.username, username)).for('update');
  if (!user) throw new NotFoundError(`No portal user named "${username}".`, { details: { username } });
  return user;
}

export function portalUserQueries(db: StoreDb) {
  return {
    async add(input: NewPortalUser): Promise<PortalUserRecord> {
      assertRole(input.role);
      if (!input.username.trim()) throw new ValidationError('A username is required.', { details: { field: 'username' } });
      assertScryptHash(input.passwordHash);
      try {
        const [user] = await db.insert(portalUsers).values(input).returning(publicColumns);
        return user as PortalUserRecord;
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new DuplicateError(`A portal user named "${input.username}" already exists.`, { details: { field: 'username' } });
        }
        throw error;
      }
    },

    /** For sign-in: the user with their hash, disabled or not (the caller refuses disabled ones). */
    async findCredentials(username: string): Promise<PortalUserCredentials | null> {
      const [user] = await db
        .select({ ...publicColumns, passwordHash: portalUsers.passwordHash })
        .from(portalUsers)
        .where(eq(portalUsers.username, username));
      return user ?? null;
    },

    async find(username: string): Promise<PortalUserRecord | null> {
      const [user] = await db.select(publicColumns).from(portalUsers).where(eq(portalUsers.username, username));
      return user ?? null;
    },

    async list(): Promise<PortalUserRecord[]> {
      return db.select(publicColumns).from(portalUsers).orderBy(asc(portalUsers.username));
    },

    async countActiveAdmins(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(portalUsers)
        .where(and(eq(portalUsers.role, 'admin'), eq(portalUsers.disabled, false)));
      return row?.n ?? 0;
    },

    /** Changes a role and ends the user's sessions; demoting the last active admin throws `LastAdminError`. */
    async setRole(username: string, role: PortalRole): Promise<UserChange> {
      assertRole(role);
      return db.transaction(async (tx) => {
        const target = role === 'admin' ? await requireUser(tx, username) : await lockAndCheckLastAdmin(tx, username, 'demoted');
        if (target.role === role) return { user: target, sessionsEnded: 0 };
        return changeAndSignOut(tx, target.id, { role });
      });
    },

    /** Disables a user and ends their sessions; the last active admin throws `LastAdminError`. */
    async disable(username: string): Promise<UserChange> {
      return db.transaction(async (tx) => {
        const target = await lockAndCheckLastAdmin(tx, username, 'disabled');
        if (target.disabled) return { user: target, sessionsEnded: 0 };
        return changeAndSignOut(tx, target.id, { disabled: true });
      });
    },

    async enable(username: string): Promise<PortalUserRecord> {
      return db.transaction(async (tx) => {
        const target = await requireUser(tx, username);
        if (!target.disabled) return target;
        const [user] = await tx
          .update(portalUsers)
          .set({ disabled: false, updatedAt: sql`now()` })
          .where(eq(portalUsers.id, target.id))
          .returning(publicColumns);
        return user as PortalUserRecord;
      });
    },

    /**
     * Replaces the password hash. With `endSessions` (a password change or reset) every session of
     * the user ends; a cost upgrade at sign-in passes `false`.
     */
    async setPasswordHash(username: string, passwordHash: string, { endSessions = true } = {}): Promise<UserChange> {
      assertScryptHash(passwordHash);
      return db.transaction(async (tx) => {
        const target = await requireUser(tx, username);
        if (endSessions) return changeAndSignOut(tx, target.id, { passwordHash });
        const [user] = await tx
          .update(portalUsers)
          .set({ passwordHash, updatedAt: sql`now()` })
          .where(eq(portalUsers.id, target.id))
          .returning(publicColumns);
        return { user: user as PortalUserRecord, sessionsEnded: 0 };
      });
    },

    async recordSignIn(username: string, at: Date = new Date()): Promise<void> {
      await db.update(portalUsers).set({ lastSignInAt: at }).where(eq(portalUsers.username, username));
    },
  };
}

export type PortalUserQueries = ReturnType<typeof portalUserQueries>;

function assertRole(role: string): asserts role is PortalRole {
  if (!(PORTAL_ROLES as readonly string[]).includes(role)) {
    throw new ValidationError(`Unknown role "${role}": expected ${PORTAL_ROLES.join(' or ')}.`, { details: { field: 'role' } });
  }
}

function assertScryptHash(passwordHash: string): void {
  if (!passwordHash.startsWith('scrypt$')) {
    throw new ValidationError('The password must be stored as a scrypt hash.', { details: { field: 'passwordHash' } });
  }
}
