import { parseInput, withoutUndefined } from '@washops/client-core';
import { BackofficeServerError, NotFoundError, WashOpsError, registerSecret } from '@washops/shared-errors';
import { parseEmployeeEditPage } from '../pages/employee-edit.js';
import type { FormPair } from '../pages/form.js';
import { requireWholeForm } from '../pages/page.js';
import { parseUserPermissionsUsername } from '../pages/user-permissions.js';
import { createBackofficeUserInputSchema, type BackofficeUserCreated, type CreateBackofficeUserInput } from '../schemas.js';
import { generatePassword } from '../secrets.js';
import { WRITE_PLANS, type OperationContext } from './context.js';
import { applyAndConfirmBackofficeTemplate, knownBackofficeTemplates, requireBackofficeTemplate, type NewUserSites } from './apply-backoffice-template.js';
import { afterBackofficeWrite, lookUpBackofficeUser } from './backoffice-users.js';
import { findEmployeeIdByEmail, findEmployeeIdByPosUserId } from './find-employee.js';
import { isUnverified } from './partial-failure.js';
import { resolveSites } from './site-encoding.js';

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
): Promise<{ userId: number; page: string | undefined }> {
  let posted: { userId: number; location: string };
  try {
    posted = await insertBackofficeUser(ctx, identity, account);
  } catch (error) {
    if (!(error instanceof WashOpsError && error.details['mayHaveBeenProcessed'] === true)) throw error;
    const found = await lookUpBackofficeUser(ctx, account.username).then(
      (row) => row?.userId,
      () => {
        throw error;
      },
    );
    if (found !== undefined) return { userId: found, page: undefined };
    throw new BackofficeServerError(
      `POST /user/insert got no answer, and the Back Office user list has no user '${account.username}': the insert was not applied.`,
      { cause: error, details: { username: account.username, applied: false } },
    );
  } finally {
    ctx.afterWrite();
    afterBackofficeWrite(ctx);
  }
  const page = await verifyBackofficeUser(ctx, posted.userId, account.username, posted.location);
  return { userId: posted.userId, page };
}

/**
 * Reads the page the insert redirected to, as a browser would: a missing user means the insert
 * was answered as a success but not applied; a page about another username is not a success either.
 * Returns that page: the new user's permissions form, which the template step posts back.
 */
async function verifyBackofficeUser(ctx: OperationContext, userId: number, username: string, location: string): Promise<string> {
  let shown: string | null;
  let page: string;
  try {
    page = await ctx.getPage(location);
    shown = parseUserPermissionsUsername(page);
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
  return page;
}

/**
 * Linked to an active employee or standalone; confirmed by a read like any write. With `applyTemplate`
 * (the default) the template and the sites are then given and read back: a failure there leaves the user
 * created, and the error says so.
 */
export async function createBackofficeUser(ctx: OperationContext, raw: CreateBackofficeUserInput): Promise<BackofficeUserCreated> {
  const input = parseInput(createBackofficeUserInputSchema, raw);
  if (input.password) registerSecret(input.password);
  const linked = input.linkToEmployeePosUserId !== undefined || input.linkToEmployeeEmail !== undefined;
  const plan = WRITE_PLANS.createBackofficeUser(input.applyTemplate);
  const [employeeId, requestedSites] = await Promise.all([
    !linked
      ? undefined
      : input.linkToEmployeePosUserId !== undefined
        ? findEmployeeIdByPosUserId(ctx, input.linkToEmployeePosUserId)
        : findEmployeeIdByEmail(ctx, input.linkToEmployeeEmail as string),
    // Names are checked before any POST: a template or site that does not exist would leave a user half made.
    input.applyTemplate && input.availableSites !== undefined ? resolveNewUserSites(ctx, input.availableSites) : undefined,
    input.applyTemplate ? checkBackofficeTemplateExists(ctx, input.permission) : undefined,
  ]);
  // A linked user without sites of its own gets its employee's, never every site by default.
  const employeeSites = employeeId !== undefined && input.availableSites === undefined ? await storedEmployeeSites(ctx, employeeId) : undefined;
  const newUserSites = requestedSites ?? employeeSites?.newUserSites ?? { all: true, sites: [] };
  const meantSites = input.availableSites ?? employeeSites?.names ?? 'all';

  if (employeeId !== undefined) await ctx.reportStep({ step: 'resolveEmployee', done: [], remaining: plan, employeeId });

  const generated = input.password ? undefined : generatePassword();
  if (generated) registerSecret(generated);
  const password = input.password ?? (generated as string);
  const identity = employeeId !== undefined ? { employeeId } : { firstName: input.firstName as string, lastName: input.lastName as string };
  const { userId, page } = await insertAndConfirmBackofficeUser(ctx, identity, { email: input.email, username: input.username, password }).catch((error: unknown) => {
    if (error instanceof BackofficeServerError && error.details['applied'] === false) {
      throw new BackofficeServerError(`${error.message} Nothing was created; it is safe to try again.`, { cause: error, details: error.details });
    }
    throw error;
  });
  await ctx.reportStep(withoutUndefined({ step: 'createBackofficeUser', done: ['createBackofficeUser'], remaining: plan.slice(1), employeeId, userId }));

  const created = withoutUndefined<BackofficeUserCreated>({
    userId,
    username: input.username,
    email: input.email,
    mode: linked ? 'linked' : 'standalone',
    employeeId,
    permission: input.permission,
    availableSites: meantSites,
    templateApplied: false,
    generatedPassword: generated,
    warnings: [],
  });
  if (!input.applyTemplate) return { ...created, warnings: handWarnings(input.permission, meantSites) };

  const outcome = await applyAndConfirmBackofficeTemplate(ctx, userId, input.permission, { newUserSites, page }).catch((error: unknown) => {
    throw templateNotApplied({ userId, username: input.username }, error);
  });
  await ctx.reportStep(withoutUndefined({ step: 'applyBackofficeTemplate', done: plan, remaining: [], employeeId, userId }));
  return { ...created, permission: outcome.template.name, availableSites: outcome.accessibleSites, templateApplied: true };
}

/** What is left to do by hand when the template (and with it the sites) is not applied. */
function handWarnings(permission: string, availableSites: 'all' | string[]): string[] {
  const warnings = [`The permission template '${permission}' was not applied: assign it in the Back Office user list (/user, shield icon).`];
  if (availableSites !== 'all') {
    warnings.push(`The accessible sites (${availableSites.join(', ')}) were not given either: assign them in the Back Office user list (/user, shield icon).`);
  }
  return warnings;
}

/** The sites stored on the employee's edit page, as the sites to give its linked user and as their long names. */
async function storedEmployeeSites(ctx: OperationContext, employeeId: number): Promise<{ newUserSites: NewUserSites; names: 'all' | string[] }> {
  const edit = parseEmployeeEditPage(await ctx.getPage(`/employee/edit/${employeeId}`));
  requireWholeForm('employee-edit', edit.gaps);
  const stored = edit.storedSites;
  if (stored === 'all') return { newUserSites: { all: true, sites: [] }, names: 'all' };
  const sites = edit.tree.sites.filter((site) => stored.includes(site.id));
  return { newUserSites: { all: false, sites }, names: sites.map((site) => site.name) };
}

/** The sites a new user is to get, resolved by name against the tenant's site list before anything is posted. */
export async function resolveNewUserSites(ctx: OperationContext, requested: 'all' | string[]): Promise<NewUserSites> {
  if (requested === 'all') return { all: true, sites: [] };
  return { all: false, sites: resolveSites(await ctx.createForm(), requested) };
}

/** The template must exist among the tenant's Back Office templates, when the tenant can tell before the insert. */
async function checkBackofficeTemplateExists(ctx: OperationContext, requested: string): Promise<void> {
  const templates = await knownBackofficeTemplates(ctx);
  if (templates) requireBackofficeTemplate(templates, requested);
}

/**
 * The user exists but its template step failed: the error keeps its class and says what exists and what
 * is left (the `completedSteps` table of partial-failure.ts), never inviting a second create.
 */
export function templateNotApplied(user: { userId: number; username: string }, cause: unknown): WashOpsError {
  const base = cause instanceof WashOpsError ? cause : null;
  const reason = (cause instanceof Error ? cause.message : String(cause)).replace(/\.$/, '');
  const unverified = isUnverified(cause);
  const message =
    `Back Office user '${user.username}' (id ${user.userId}) was created, but its permission template was not applied: ${reason}. ` +
    (unverified
      ? 'Unverified: the template may or may not have been applied; check the user in the Back Office (/user, shield icon). '
      : `Apply it with applyBackofficeTemplate({ userId: ${user.userId} }, …) or in the Back Office (/user, shield icon). `) +
    'Do not create the user again.';
  const details = {
    ...(base?.details ?? {}),
    userId: user.userId,
    username: user.username,
    templateApplied: false,
    failedStep: 'applyBackofficeTemplate',
    completedSteps: ['createBackofficeUser'],
    unverifiedSteps: unverified ? ['applyBackofficeTemplate'] : [],
    remainingSteps: unverified ? [] : ['applyBackofficeTemplate'],
  };
  const Class = (base?.constructor as typeof WashOpsError | undefined) ?? BackofficeServerError;
  return new Class(message, { details, cause, status: base?.status, requestId: base?.requestId, vendorType: base?.vendorType });
}
