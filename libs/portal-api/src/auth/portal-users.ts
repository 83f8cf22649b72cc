import { DuplicateError, WashOpsError } from '@washops/shared-errors';
import type { Store } from '@washops/store';
import { z } from 'zod';
import { portalRoleSchema, portalUsernameSchema } from './account-rules.js';
import { hashPassword, parsePasswordHash, PASSWORD_COST, type ScryptCost } from './passwords.js';
import type { PortalRole } from './sessions.js';

/** A portal user as `PORTAL_USERS` lists it. */
export interface PortalUser {
  username: string;
  role: PortalRole;
  /** `scrypt$…` as made by `hashPassword`; never a clear password. */
  passwordHash: string;
}

const portalUsersSchema = z
  .array(
    z.object({
      username: portalUsernameSchema,
      role: portalRoleSchema,
      passwordHash: z
        .string()
        .startsWith('scrypt$', 'must be a hash made by `npm run hash-password`')
        .refine((hash) => parsePasswordHash(hash) !== null, 'is malformed or has scrypt parameters outside the accepted range'),
    }),
  )
  .min(1, 'at least one portal user is needed');

/**
 * Reads portal users from `PORTAL_USERS`, a JSON array of `{ username, role, passwordHash }`.
 * Throws a message that names the problem without echoing the value.
 */
export function parsePortalUsers(json: string): PortalUser[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new Error('PORTAL_USERS is not valid JSON: expected [{"username":"…","role":"admin","passwordHash":"scrypt$…"}]');
  }
  const parsed = portalUsersSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'PORTAL_USERS'}: ${i.message}`).join('; ');
    throw new Error(`PORTAL_USERS is invalid: ${problems}`);
  }
  return parsed.data;
}

/** The two documented demo sign-ins. */
export const DEMO_SIGN_INS = [
  { username: 'admin', password: 'washops-admin', role: 'admin' },
  { username: 'viewer', password: 'washops-viewer', role: 'viewer' },
] as const;

export async function demoPortalUsers(cost: ScryptCost = PASSWORD_COST): Promise<PortalUser[]> {
  return Promise.all(
    DEMO_SIGN_INS.map(async ({ username, password, role }) => ({ username, role, passwordHash: await hashPassword(password, cost) })),
  );
}

/** The database has no active admin, so nobody could manage portal users; boot stops with this. */
export class NoActiveAdminError extends WashOpsError {
  static override readonly code: string = 'NO_ACTIVE_ADMIN';
  static override readonly errorName: string = 'NoActiveAdminError';
}

export interface BringInOptions {
  /** Users from `PORTAL_USERS` (already hashed). */
  configured: readonly PortalUser[];
  /** Demo mode: the two demo sign-ins are brought in too. */
  demo: boolean;
  /** The cost at which the demo sign-ins are hashed (only those the database lacks). */
  passwordCost?: ScryptCost;
}

/**
 * Adds every configured (and, in demo mode, demo) user the database lacks, never touching one it
 * has: once users are in the database, it is their system of record. Then refuses to go on without
 * an active admin. Returns the usernames added. Safe for several instances starting at once.
 */
export async function bringInPortalUsers(store: Store, options: BringInOptions): Promise<string[]> {
  const added: string[] = [];
  const addIfMissing = async (username: string, role: PortalRole, hash: () => Promise<string>) => {
    if (await store.users.find(username)) return;
    try {
      await store.users.add({ username, role, passwordHash: await hash() });
      added.push(username);
    } catch (error) {
      // Another instance added it between the check and the insert.
      if (!(error instanceof DuplicateError)) throw error;
    }
  };
  for (const user of options.configured) await addIfMissing(user.username, user.role, async () => user.passwordHash);
  if (options.demo) {
    for (const { username, password, role } of DEMO_SIGN_INS) {
      await addIfMissing(username, role, () => hashPassword(password, options.passwordCost ?? PASSWORD_COST));
    }
  }
  if ((await store.users.countActiveAdmins()) === 0) {
    throw new NoActiveAdminError(
      `The portal's database (${store.location}) has no active admin, so nobody could sign in to manage portal users. ` +
        'Make one with `npm run users -- add <name> --role admin`, or list one in PORTAL_USERS, then start the portal again.',
    );
  }
  return added;
}
