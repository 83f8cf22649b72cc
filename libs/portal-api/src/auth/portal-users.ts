import { z } from 'zod';
import { hashPassword, parsePasswordHash, PASSWORD_COST, type ScryptCost } from './passwords.js';
import type { PortalRole } from './session-token.js';

export interface PortalUser {
  username: string;
  role: PortalRole;
  /** `scrypt$…` as made by `hashPassword`; never a clear password. */
  passwordHash: string;
}

const portalUsersSchema = z
  .array(
    z.object({
      username: z.string().min(1).max(64),
      role: z.enum(['admin', 'viewer']),
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

/** The two documented demo sign-ins, hashed at start-up like real users. */
export const DEMO_SIGN_INS = [
  { username: 'admin', password: 'washops-admin', role: 'admin' },
  { username: 'viewer', password: 'washops-viewer', role: 'viewer' },
] as const;

export async function demoPortalUsers(cost: ScryptCost = PASSWORD_COST): Promise<PortalUser[]> {
  return Promise.all(
    DEMO_SIGN_INS.map(async ({ username, password, role }) => ({ username, role, passwordHash: await hashPassword(password, cost) })),
  );
}

/**
 * Where sign-in finds portal users and stores upgraded password hashes. Small on purpose: a
 * database-backed store implements the same two calls.
 */
export interface PortalUserStore {
  find(username: string): Promise<PortalUser | null>;
  /** Replaces a user's hash (a cost upgrade after a successful sign-in). */
  updatePasswordHash(username: string, passwordHash: string): Promise<void>;
}

/** Users from the environment, held in memory: an upgraded hash lasts until the process ends. */
export class InMemoryPortalUsers implements PortalUserStore {
  readonly #users: Map<string, PortalUser>;

  constructor(users: readonly PortalUser[]) {
    this.#users = new Map(users.map((user) => [user.username, { ...user }]));
  }

  async find(username: string): Promise<PortalUser | null> {
    const user = this.#users.get(username);
    return user ? { ...user } : null;
  }

  async updatePasswordHash(username: string, passwordHash: string): Promise<void> {
    const user = this.#users.get(username);
    if (user) user.passwordHash = passwordHash;
  }
}
