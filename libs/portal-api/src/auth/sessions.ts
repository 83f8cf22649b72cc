import type { PortalRole, Store } from '@washops/store';

export type { PortalRole };

/** The signed-in portal user of a request, read from the database on every request. */
export interface PortalSession {
  userId: number;
  username: string;
  role: PortalRole;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/**
 * The session behind a cookie's opaque token: unexpired, its user enabled, the role as the users
 * table has it now (a demotion or a disabling counts from the next request on, in every instance).
 */
export async function sessionOfToken(store: Store, token: string | null): Promise<PortalSession | null> {
  if (!token) return null;
  const found = await store.sessions.findValid(token);
  if (!found) return null;
  return { userId: found.userId, username: found.username, role: found.role, expiresAt: found.expiresAt.getTime() };
}
