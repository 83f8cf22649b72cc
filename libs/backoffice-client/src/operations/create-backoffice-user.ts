import { parseInput, withoutUndefined } from '@washops/client-core';
import { BackofficeServerError, NotFoundError, WashOpsError, registerSecret } from '@washops/shared-errors';
import type { FormPair } from '../pages/form.js';
import { parseUserListPage } from '../pages/user-list.js';
import { parseUserPermissionsUsername } from '../pages/user-permissions.js';
import { createBackofficeUserInputSchema, type BackofficeUserCreated, type CreateBackofficeUserInput } from '../schemas.js';
import { generatePassword } from '../secrets.js';
import { WRITE_PLANS, type OperationContext } from './context.js';
import { findEmployeeIdByEmail, findEmployeeIdByPosUserId } from './find-employee.js';

const NEW_USER_LOCATION = /^\/user\/(?:permissions|edit)\/(\d+)(?:[?#]|$)/;

/**
 * `POST /user/insert`, linked to an employee or standalone; returns the new user's id. A browser
 * omits the unchecked "employee of the wash" toggle; sending it (with any value) would mean "linked".
 */
async function insertBackofficeUser(
  ctx: OperationContext,
  identity: { employeeId: number } | { firstName: string; lastName: string },
  account: { email: string; username: string; password: string },
): Promise<{ userId: number; location: string }> {
  const who: FormPair[] =
    'employeeId' in identity
      ? [
          ['employee[isOnSiteEmployee]', '1'],
          ['user[employeeId]', String(identity.employeeId)],
        ]
      : [
          ['employee[firstName]', identity.firstName],
          ['employee[lastName]', identity.lastName],
        ];
  const { match, location } = await ctx.postForm(
    '/user/insert',
    [
      ...who,
      ['employee[email]', account.email],
      ['user[username]', account.username],
      ['user[password]', account.password],
      ['user[confirmPassword]', account.password],
    ],
    NEW_USER_LOCATION,
  );
  return { userId: Number(match[1]), location };
}

/**
 * `POST /user/insert`, then the read that proves the user exists (README, "Create a Back Office user"):
 * `applied: false` when it shows the user missing, `mayHaveBeenProcessed: true` when no read could tell.
 */
export async function insertAndConfirmBackofficeUser(
  ctx: OperationContext,
  identity: { employeeId: number } | { firstName: string; lastName: string },
  account: { email: string; username: string; password: string },
): Promise<number> {
  let posted: { userId: number; location: string };
  try {
    posted = await insertBackofficeUser(ctx, identity, account);
  } catch (error) {
    if (!(error instanceof WashOpsError && error.details['mayHaveBeenProcessed'] === true)) throw error;
    const found = await findBackofficeUser(ctx, account.username).catch(() => {
      throw error;
    });
    if (found !== undefined) return found;
    throw new BackofficeServerError(
      `POST /user/insert got no answer, and the Back Office user list has no user '${account.username}': the insert was not applied.`,
      { cause: error, details: { username: account.username, applied: false } },
    );
  } finally {
    ctx.afterWrite();
  }
  await verifyBackofficeUser(ctx, posted.userId, account.username, posted.location);
  return posted.userId;
}

/** The id of the Back Office user with this username (any status), from the user list searched by it. */
async function findBackofficeUser(ctx: OperationContext, username: string): Promise<number | undefined> {
  const rows = parseUserListPage(await ctx.getPage(`/user?userNameSearch=${encodeURIComponent(username)}&statusSearch=all`));
  return rows.find((row) => row.username.toLowerCase() === username.toLowerCase())?.userId;
}

/**
 * Reads the page the insert redirected to, as a browser would: a missing user means the insert
 * was answered as a success but not applied; a page about another username is not a success either.
 */
async function verifyBackofficeUser(ctx: OperationContext, userId: number, username: string, location: string): Promise<void> {
  let shown: string | null;
  try {
    shown = parseUserPermissionsUsername(await ctx.getPage(location));
  } catch (error) {
    if (error instanceof NotFoundError) {
      throw new BackofficeServerError(
        `POST /user/insert answered with Back Office user ${userId}, but that user does not exist: the insert was not applied.`,
        { cause: error, details: { userId, username, applied: false } },
      );
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackofficeServerError(
      `Back Office user '${username}' (id ${userId}) was probably created, but reading it back failed: ${reason}. Look for it in the Back Office user list before trying again.`,
      { cause: error, details: { userId, username, verified: false, mayHaveBeenProcessed: true } },
    );
  }
  if (shown !== null && shown.toLowerCase() !== username.toLowerCase()) {
    throw new BackofficeServerError(
      `POST /user/insert answered with Back Office user ${userId}, but that user is '${shown}', not '${username}'`,
      { details: { userId, username, shownUsername: shown, verified: false, mayHaveBeenProcessed: true } },
    );
  }
}

/** Linked to an active employee (whose sites it inherits) or standalone; confirmed by a read like any write. */
export async function createBackofficeUser(ctx: OperationContext, raw: CreateBackofficeUserInput): Promise<BackofficeUserCreated> {
  const input = parseInput(createBackofficeUserInputSchema, raw);
  if (input.password) registerSecret(input.password);
  const linked = input.linkToEmployeePosUserId !== undefined || input.linkToEmployeeEmail !== undefined;
  const employeeId = !linked
    ? undefined
    : input.linkToEmployeePosUserId !== undefined
      ? await findEmployeeIdByPosUserId(ctx, input.linkToEmployeePosUserId)
      : await findEmployeeIdByEmail(ctx, input.linkToEmployeeEmail as string);

  if (employeeId !== undefined) {
    await ctx.reportStep({ step: 'resolveEmployee', done: [], remaining: WRITE_PLANS.createBackofficeUser(), employeeId });
  }

  const generated = input.password ? undefined : generatePassword();
  if (generated) registerSecret(generated);
  const password = input.password ?? (generated as string);
  const identity = employeeId !== undefined ? { employeeId } : { firstName: input.firstName as string, lastName: input.lastName as string };
  const userId = await insertAndConfirmBackofficeUser(ctx, identity, { email: input.email, username: input.username, password }).catch((error: unknown) => {
    if (error instanceof BackofficeServerError && error.details['applied'] === false) {
      throw new BackofficeServerError(`${error.message} Nothing was created; it is safe to try again.`, { cause: error, details: error.details });
    }
    throw error;
  });
  await ctx.reportStep(withoutUndefined({ step: 'createBackofficeUser', done: ['createBackofficeUser'], remaining: [], employeeId, userId }));

  const warnings = [
    `The permission template '${input.permission}' was not applied: assign it in the Back Office user list (/user, shield icon).`,
  ];
  if (input.availableSites !== 'all') {
    warnings.push(
      linked
        ? 'availableSites is only reported: a linked user has the sites of its employee.'
        : 'availableSites is only reported: assign the accessible sites in the Back Office user list (/user, shield icon).',
    );
  }
  return withoutUndefined<BackofficeUserCreated>({
    userId,
    username: input.username,
    email: input.email,
    mode: linked ? 'linked' : 'standalone',
    employeeId,
    permission: input.permission,
    availableSites: input.availableSites,
    templateApplied: false,
    generatedPassword: generated,
    warnings,
  });
}
