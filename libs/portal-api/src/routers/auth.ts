import { TRPCError } from '@trpc/server';
import { ValidationError } from '@washops/shared-errors';
import { operationsAs } from '../actor-operations.js';
import { clearedSessionCookie, readCookie, SESSION_COOKIE, sessionCookie } from '../auth/cookies.js';
import { checkPassword, upgradeHashIfOld } from '../auth/password-checks.js';
import { hashPassword } from '../auth/passwords.js';
import type { PortalContext } from '../context.js';
import { toTrpcError } from '../errors.js';
import { changePasswordInput, signInInput } from '../schemas.js';
import { protectedProcedure, publicProcedure, router } from '../trpc.js';

/** Starts a session in the store and hands this browser its token, the only copy there is. */
async function startSession(ctx: PortalContext, userId: number): Promise<void> {
  const { auth, store } = ctx.deps;
  const { token } = await store.sessions.create({ userId, ttlMs: auth.sessionTtlMs });
  ctx.setCookie(sessionCookie(token, { maxAgeSeconds: Math.floor(auth.sessionTtlMs / 1000), secure: auth.secureCookies }));
}

function addressOf(ctx: PortalContext): string {
  return ctx.request?.ip ?? 'local';
}

export const authRouter = router({
  signIn: publicProcedure.input(signInInput).mutation(async ({ ctx, input }) => {
    const username = input.username.toLowerCase();
    const user = await checkPassword(ctx.deps, {
      attempt: { username, address: addressOf(ctx) },
      password: input.password,
      wrong: () => new TRPCError({ code: 'UNAUTHORIZED', message: 'Wrong username or password.' }),
      throttled: 'Too many failed sign-ins from this address.',
      thenInSlot: upgradeHashIfOld(ctx.deps, input.password),
    });
    await startSession(ctx, user.id);
    await ctx.deps.store.users.recordSignIn(user.username);
    return { username: user.username, role: user.role };
  }),

  /** Ends the session in the store: a copy of the cookie (another tab, a proxy log) no longer opens it, in any instance. */
  signOut: protectedProcedure.mutation(async ({ ctx }) => {
    const token = readCookie(ctx.request?.cookieHeader, SESSION_COOKIE);
    if (token) await ctx.deps.store.sessions.end(token);
    ctx.setCookie(clearedSessionCookie(ctx.deps.auth.secureCookies));
    return { signedOut: true as const };
  }),

  me: protectedProcedure.query(({ ctx }) => ({
    username: ctx.session.username,
    role: ctx.session.role,
    expiresAt: new Date(ctx.session.expiresAt).toISOString(),
  })),

  /**
   * Changes one's own password after checking the current one (throttled like a sign-in). Every
   * session of the user ends, here included; this browser gets a fresh one, so the person who
   * changed it stays signed in here only.
   */
  changePassword: protectedProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    const { auth } = ctx.deps;
    let newHash = '';
    const user = await checkPassword(ctx.deps, {
      attempt: { username: ctx.session.username, address: addressOf(ctx) },
      password: input.currentPassword,
      wrong: () =>
        toTrpcError(
          new ValidationError('The current password is wrong.', {
            details: { issues: [{ path: 'currentPassword', message: 'The current password is wrong.' }] },
          }),
        ),
      throttled: 'Too many wrong passwords from this address.',
      thenInSlot: async () => {
        newHash = await hashPassword(input.newPassword, auth.passwordCost);
      },
    });
    await operationsAs(ctx).changeOwnPassword(newHash);
    await startSession(ctx, user.id);
    return { changed: true as const };
  }),
});
