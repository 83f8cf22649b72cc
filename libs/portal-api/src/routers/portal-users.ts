import { NotFoundError } from '@washops/shared-errors';
import type { PortalUserRecord } from '@washops/store';
import { operationsAs } from '../actor-operations.js';
import { generatePassword } from '../auth/account-rules.js';
import { hashInSlot } from '../auth/password-checks.js';
import type { PortalRole } from '../auth/sessions.js';
import { portalUserAddInput, portalUsernameInput, portalUserResetInput, portalUserRoleInput } from '../schemas.js';
import { adminProcedure, router } from '../trpc.js';

/** A portal user as the Users page shows it: never the hash; times as ISO strings. */
export interface PortalUserView {
  username: string;
  role: PortalRole;
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
  lastSignInAt: string | null;
  /** The admin looking at the list. */
  isYou: boolean;
}

function viewOf(user: PortalUserRecord, yourUserId: number): PortalUserView {
  return {
    username: user.username,
    role: user.role,
    disabled: user.disabled,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    isYou: user.id === yourUserId,
  };
}

/**
 * The portal's own users (who may sign in to this portal), admin only. The store keeps the rules
 * that span users: a taken name, the last active admin; a role change, a reset or a disabling
 * ends that user's sessions in the same transaction.
 */
export const portalUsersRouter = router({
  list: adminProcedure.query(async ({ ctx }) => {
    const users = await ctx.deps.store.users.list();
    return users.map((user) => viewOf(user, ctx.session.userId));
  }),

  /** Without a password, one is generated and returned this once. */
  add: adminProcedure.input(portalUserAddInput).mutation(async ({ ctx, input }) => {
    const password = input.password ?? generatePassword();
    const passwordHash = await hashInSlot(ctx.deps, password);
    const user = await operationsAs(ctx).addPortalUser({
      username: input.username,
      role: input.role,
      passwordHash,
      passwordGenerated: input.password === undefined,
    });
    return { user: viewOf(user, ctx.session.userId), generatedPassword: input.password === undefined ? password : null };
  }),

  setRole: adminProcedure.input(portalUserRoleInput).mutation(async ({ ctx, input }) => {
    const { user, sessionsEnded } = await operationsAs(ctx).setPortalUserRole(input.username, input.role);
    return { user: viewOf(user, ctx.session.userId), sessionsEnded };
  }),

  /** Without a password, one is generated and returned this once. The user's sessions end. */
  resetPassword: adminProcedure.input(portalUserResetInput).mutation(async ({ ctx, input }) => {
    const { store } = ctx.deps;
    // Checked first: no scrypt (128 MiB) for a name that does not exist.
    if (!(await store.users.find(input.username))) {
      throw new NotFoundError(`No portal user named "${input.username}".`, { details: { username: input.username } });
    }
    const password = input.password ?? generatePassword();
    const { user, sessionsEnded } = await operationsAs(ctx).resetPortalUserPassword(input.username, {
      passwordHash: await hashInSlot(ctx.deps, password),
      passwordGenerated: input.password === undefined,
    });
    return { user: viewOf(user, ctx.session.userId), generatedPassword: input.password === undefined ? password : null, sessionsEnded };
  }),

  disable: adminProcedure.input(portalUsernameInput).mutation(async ({ ctx, input }) => {
    const { user, sessionsEnded } = await operationsAs(ctx).disablePortalUser(input.username);
    return { user: viewOf(user, ctx.session.userId), sessionsEnded };
  }),

  enable: adminProcedure.input(portalUsernameInput).mutation(async ({ ctx, input }) => {
    const user = await operationsAs(ctx).enablePortalUser(input.username);
    return { user: viewOf(user, ctx.session.userId) };
  }),
});
