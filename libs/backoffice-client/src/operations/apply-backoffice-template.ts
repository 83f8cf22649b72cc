import { parseInput } from '@washops/client-core';
import { BackofficeServerError, NotFoundError, ValidationError, type WashOpsError } from '@washops/shared-errors';
import type { FormPair } from '../pages/form.js';
import { requireWholeForm } from '../pages/page.js';
import { parseUserPermissionsForm, type BackofficeTemplate, type UserPermissionsForm } from '../pages/user-permissions.js';
import { backofficeUserKeySchema, templateNameSchema, type BackofficeTemplateApplied, type BackofficeUserKey } from '../schemas.js';
import { afterBackofficeWrite, findBackofficeUserByUsername } from './backoffice-users.js';
import { WRITE_PLANS, type OperationContext } from './context.js';
import { postSettledByRead } from './post-settled-by-read.js';
import { sameSet } from './same-set.js';
import { findTemplateByName } from './template-name.js';
import { encodeAccessibleSites } from './site-encoding.js';

/** Sites to give a new user with its template: every region, or these (already resolved) sites. */
export interface NewUserSites {
  all: boolean;
  sites: Array<{ id: number; regionId: number | null; districtId: number | null }>;
}

export interface BackofficeTemplateOutcome {
  template: BackofficeTemplate;
  accessibleSites: 'all' | string[];
  /** False when the user already had exactly the template's tokens (and no sites were to be set). */
  posted: boolean;
}

const SITE_FIELD = /^(?:isAllRegionsAllowed|isAllSitesAllowed|disabledRegions\[\]|disabledDistricts\[\]|isAllDistrictsAllowedByRegion\[\]|isAllSitesAllowedByDistrict\[\d+\]|siteIds\[\])$/;
const ENABLED_BOX = /^perms\[\d+\]\[isEnabled\]$/;

/** Gives an existing Back Office user a template's tokens, keeping its accessible sites as they are; verified. */
export async function applyBackofficeTemplate(ctx: OperationContext, rawKey: BackofficeUserKey, rawTemplate: string): Promise<BackofficeTemplateApplied> {
  const key = parseInput(backofficeUserKeySchema, rawKey, 'user');
  const requested = parseInput(templateNameSchema, rawTemplate, 'template');
  const userId = 'userId' in key ? key.userId : (await findBackofficeUserByUsername(ctx, key.username)).userId;
  const plan = WRITE_PLANS.applyBackofficeTemplate();
  const outcome = await applyAndConfirmBackofficeTemplate(ctx, userId, requested, {
    onResolved: () => ctx.reportStep({ step: 'resolveEmployee', done: [], remaining: plan, userId }),
  });
  const warnings: string[] = [];
  if (outcome.posted) await ctx.reportStep({ step: 'applyBackofficeTemplate', done: plan, remaining: [], userId });
  else warnings.push(`Back Office user ${userId} already has the permissions of template '${outcome.template.name}'; nothing was changed.`);
  return {
    userId,
    username: outcome.username,
    templateId: outcome.template.id,
    template: outcome.template.name,
    accessibleSites: outcome.accessibleSites,
    warnings,
  };
}

/**
 * Reads the user's whole permissions form, refuses one that is not provably whole, posts it back with
 * `template=<id>` and exactly the template's boxes, then reads it again: done only when the enabled tokens
 * are the template's and the sites are what was kept (or given). `newUserSites` replaces the tree.
 */
export async function applyAndConfirmBackofficeTemplate(
  ctx: OperationContext,
  userId: number,
  requested: string,
  options: { newUserSites?: NewUserSites; onResolved?: () => Promise<void>; page?: string | undefined } = {},
): Promise<BackofficeTemplateOutcome & { username: string }> {
  const path = `/user/permissions/${userId}`;
  // A new user's page was just read to confirm the insert: it is the form a browser would post.
  const before = parseUserPermissionsForm(options.page ?? (await ctx.getPage(path)));
  const template = requireBackofficeTemplate(before.templates, requested);
  requireWholeForm('user-permissions', before.gaps);
  // A token without a box on the page can be neither sent nor read back: such a template could never be verified.
  const onPage = new Set(before.matrix.map((m) => m.token));
  const missing = template.tokens.filter((token) => !onPage.has(token));
  if (missing.length > 0) {
    throw new BackofficeServerError(
      `The Back Office template '${template.name}' names ${missing.length} permission${missing.length > 1 ? 's' : ''} the page of user ${userId} has no box for (${missing.join(', ')}): it could not be verified, so nothing was posted`,
      { details: { userId, template: template.name, missingTokens: missing, applied: false } },
    );
  }
  if (before.userId !== userId) {
    throw new BackofficeServerError(`${path} holds the form of Back Office user ${before.userId}, not ${userId}: nothing was posted`, {
      details: { userId, shownUserId: before.userId, applied: false },
    });
  }
  const { newUserSites } = options;
  const expectedSites = newUserSites ? (newUserSites.all ? 'all' : newUserSites.sites.map((s) => s.id)) : before.storedSites;
  if (expectedSites !== 'all' && expectedSites.length === 0) {
    throw new ValidationError(
      `Back Office user ${userId} has no accessible site, and the BackOffice refuses a template without one ("Accessible Sites requires no less than 1 valid selection."). Give it sites in the Back Office (/user, shield icon) first; nothing was changed.`,
      { details: { userId, field: 'accessibleSites', applied: false } },
    );
  }
  await options.onResolved?.();
  const username = before.username ?? String(userId);
  const result = { template, username, accessibleSites: siteNames(before, expectedSites) };
  if (!newUserSites && sameSet(before.enabled, template.tokens)) return { ...result, posted: false };

  const lostAnswer = await postTemplate(ctx, userId, templateBody(before, template, newUserSites));
  let after: UserPermissionsForm;
  try {
    after = parseUserPermissionsForm(await ctx.getPage(path));
  } catch (error) {
    if (lostAnswer) throw lostAnswer;
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackofficeServerError(`The Back Office template '${template.name}' was answered as applied to user ${userId}, but reading ${path} back failed: ${reason}`, {
      cause: error,
      details: { userId, path, verified: false, mayHaveBeenProcessed: true },
    });
  }
  if (sameSet(after.enabled, template.tokens) && sameSites(after, expectedSites)) return { ...result, posted: true };
  const how = lostAnswer ? `was sent (${lostAnswer.message})` : 'was answered as applied';
  // Only a page that still shows the state read before the POST proves nothing was applied.
  const unchanged = sameSet(after.enabled, before.enabled) && sameSites(after, before.storedSites);
  throw new BackofficeServerError(
    `The Back Office template '${template.name}' ${how}, but ${path} shows ${after.enabled.length} enabled tokens and sites ${JSON.stringify(after.storedSites)} instead of the template's ${template.tokens.length} and ${JSON.stringify(expectedSites)}: ` +
      (unchanged ? 'it was not applied' : 'the user changed, but not to the template'),
    {
      cause: lostAnswer,
      status: lostAnswer?.status,
      details: {
        userId,
        path,
        ...(unchanged ? { applied: false } : { verified: false }),
        expectedTokens: template.tokens,
        storedTokens: after.enabled,
        expectedSites,
        storedSites: after.storedSites,
      },
    },
  );
}

/** The Back Office template with this name (case-insensitive, protocol §5.3); unknown is NotFoundError naming the tenant's templates. */
export function requireBackofficeTemplate<T extends { name: string }>(templates: readonly T[], requested: string): T {
  const found = findTemplateByName(templates, requested);
  if (found) return found;
  const names = templates.map((t) => t.name);
  throw new NotFoundError(`Back Office permission template '${requested.trim()}' was not found on this tenant. Available templates: ${names.join(', ')}`, {
    details: { field: 'template', template: requested.trim(), available: names },
  });
}

/**
 * The tenant's Back Office templates (read from any user's page, cached) to check a name against before any
 * POST; undefined for a tenant without any user yet, where only the new user's own page can tell.
 */
export function knownBackofficeTemplates(ctx: OperationContext): Promise<Array<{ id: number; name: string }> | undefined> {
  return ctx.backofficeTemplates().catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
}

/** The form as served, with the template chosen, its boxes exactly the template's, and (for a new user) the given sites. */
function templateBody(form: UserPermissionsForm, template: BackofficeTemplate, newUserSites: NewUserSites | undefined): FormPair[] {
  const wanted = new Set(template.tokens);
  const byIndex = new Map(form.matrix.map((m) => [`perms[${m.index}][token]`, m.token]));
  const body: FormPair[] = [];
  let sitesPlaced = !newUserSites;
  for (const [name, value] of form.fields) {
    if (ENABLED_BOX.test(name)) continue;
    if (newUserSites && SITE_FIELD.test(name)) continue;
    if (name === 'template') {
      if (!sitesPlaced && newUserSites) {
        body.push(...encodeAccessibleSites(form.tree, newUserSites.sites, newUserSites.all));
        sitesPlaced = true;
      }
      body.push(['template', String(template.id)]);
      continue;
    }
    body.push([name, value]);
    const token = byIndex.get(name);
    if (token !== undefined && wanted.has(token)) body.push([name.replace(/\[token\]$/, '[isEnabled]'), '1']);
  }
  return body;
}

/** `POST /user/permissions/update`; a lost answer is returned for the read-back to settle, a refusal changed nothing. */
async function postTemplate(ctx: OperationContext, userId: number, body: FormPair[]): Promise<WashOpsError | undefined> {
  try {
    return await postSettledByRead(ctx, '/user/permissions/update', body, /^\/user(?:[?#]|$)/);
  } catch (error) {
    if (error instanceof ValidationError) {
      throw new ValidationError(`${error.message} Nothing was changed for Back Office user ${userId}.`, { cause: error, details: { ...error.details, userId, applied: false } });
    }
    throw error;
  } finally {
    afterBackofficeWrite(ctx);
  }
}

function sameSites(form: UserPermissionsForm, expected: 'all' | number[]): boolean {
  const every = form.tree.sites.map((s) => s.id);
  return sameSet(expected === 'all' ? every : expected, form.storedSites === 'all' ? every : form.storedSites);
}

function siteNames(form: UserPermissionsForm, sites: 'all' | number[]): 'all' | string[] {
  if (sites === 'all') return 'all';
  const ids = new Set(sites);
  return form.tree.sites.filter((s) => ids.has(s.id)).map((s) => s.name);
}
