import { TRPCError } from '@trpc/server';
import { clearedSessionCookie, readCookie, SESSION_COOKIE, sessionCookie } from '../auth/cookies.js';
import { UNMATCHABLE_HASH, verifyPassword } from '../auth/passwords.js';
import { createSessionToken } from '../auth/session-token.js';
import { signInInput } from '../schemas.js';
import { protectedProcedure, publicProcedure, router } from '../trpc.js';

export const authRouter = router({
  signIn: publicProcedure.input(signInInput).mutation(async ({ ctx, input }) => {
    const { auth } = ctx.deps;
    const username = input.username.toLowerCase();
    const throttleKey = `${username}|${ctx.request?.ip ?? 'local'}`;
    const waitMs = Math.max(auth.throttle.retryAfterMs(throttleKey), auth.accountThrottle.retryAfterMs(username));
    if (waitMs > 0) {
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: `Too many failed sign-ins. Try again in ${Math.ceil(waitMs / 60_000)} minute(s).`,
      });
    }
    // Counted as a failure before the (slow) hash check: otherwise guesses sent at once all pass
    // the check above before any of them is recorded. A success clears the count.
    auth.throttle.recordFailure(throttleKey);
    auth.accountThrottle.recordFailure(username);
    const user = auth.users.find((u) => u.username === input.username);
    // Verify against a dummy hash for unknown users so the timing does not reveal which names exist.
    const valid = await verifyPassword(input.password, user?.passwordHash ?? UNMATCHABLE_HASH);
    if (!user || !valid) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Wrong username or password.' });
    auth.throttle.recordSuccess(throttleKey);
    auth.accountThrottle.recordSuccess(username);
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
