import { TRPCError } from '@trpc/server';
import { RateLimitError } from '@washops/shared-errors';
import { clearedSessionCookie, readCookie, SESSION_COOKIE, sessionCookie } from '../auth/cookies.js';
import { hashPassword, needsRehash, unmatchableHash, verifyPassword } from '../auth/passwords.js';
import type { PortalUser } from '../auth/portal-users.js';
import { createSessionToken } from '../auth/session-token.js';
import type { PortalAuthConfig } from '../context.js';
import { toTrpcError } from '../errors.js';
import { signInInput } from '../schemas.js';
import { protectedProcedure, publicProcedure, router } from '../trpc.js';

/** "8 seconds" / "15 minutes": how long a refused sign-in must wait, as the sign-in form shows it. */
function waitPhrase(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

function refused(message: string, retryAfterMs: number): never {
  throw toTrpcError(new RateLimitError(`${message} Try again in ${waitPhrase(retryAfterMs)}.`, { retryAfterMs }));
}

/** Takes a hashing slot (waiting in the short queue if need be) or refuses: a flood must not exhaust memory. */
function hashingSlotOrRefuse(auth: PortalAuthConfig): Promise<() => void> {
  return auth.hashingSlots.tryAcquire() ?? refused('The portal is busy checking other sign-ins.', 1000);
}

/** The user whose password this is, or UNAUTHORIZED; upgrades a hash below the portal's cost. Releases the slot. */
async function checkPassword(auth: PortalAuthConfig, input: { username: string; password: string }, release: () => void): Promise<PortalUser> {
  try {
    const user = await auth.users.find(input.username);
    // Verify against a dummy hash for unknown users so the timing does not reveal which names exist.
    const valid = await verifyPassword(input.password, user?.passwordHash ?? unmatchableHash(auth.passwordCost));
    if (!user || !valid) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Wrong username or password.' });
    if (needsRehash(user.passwordHash, auth.passwordCost)) {
      await auth.users.updatePasswordHash(user.username, await hashPassword(input.password, auth.passwordCost));
    }
    return user;
  } finally {
    release();
  }
}

export const authRouter = router({
  signIn: publicProcedure.input(signInInput).mutation(async ({ ctx, input }) => {
    const { auth } = ctx.deps;
    const attempt = { username: input.username.toLowerCase(), address: ctx.request?.ip ?? 'local' };
    const waitMs = auth.throttle.retryAfterMs(attempt);
    if (waitMs > 0) refused('Too many failed sign-ins from this address.', waitMs);
    const slot = hashingSlotOrRefuse(auth);
    // Counted as a failure before the (slow) hash check, with no await since the check above:
    // otherwise guesses sent at once would all pass it before any was counted. A success takes it back.
    auth.throttle.recordFailure(attempt);
    const user = await checkPassword(auth, input, await slot);
    auth.throttle.recordSuccess(attempt);
    const expiresAt = Date.now() + auth.sessionTtlMs;
    const token = createSessionToken({ username: user.username, role: user.role, expiresAt }, auth.sessionSecret);
    ctx.setCookie(sessionCookie(token, { maxAgeSeconds: Math.floor(auth.sessionTtlMs / 1000), secure: auth.secureCookies }));
    return { username: user.username, role: user.role };
  }),

  signOut: protectedProcedure.mutation(({ ctx }) => {
    // A copy of the cookie (another tab, a proxy log) must not outlive the sign-out.
    const token = readCookie(ctx.request?.cookieHeader, SESSION_COOKIE);
    if (token) ctx.deps.auth.revokedSessions.revoke(token, ctx.session.expiresAt);
    ctx.setCookie(clearedSessionCookie(ctx.deps.auth.secureCookies));
    return { signedOut: true as const };
  }),

  me: protectedProcedure.query(({ ctx }) => ({
    username: ctx.session.username,
    role: ctx.session.role,
    expiresAt: new Date(ctx.session.expiresAt).toISOString(),
  })),
});
