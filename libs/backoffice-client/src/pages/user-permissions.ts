import { serializeForm, type FormPair } from './form.js';
import { Page, cleanText, formGaps, toId } from './page.js';
import { parseSiteTree, readStoredSites, userSiteTreeSelectors, type SiteTree } from './site-tree.js';

/** `GET /user/permissions/<id>`: Back Office permissions; its template select lists the BO templates. */
export const userPermissionsSelectors = {
  ...userSiteTreeSelectors,
  form: 'form[action="/user/permissions/update"]',
  templateSelect: 'select[name="template"]',
  templateSelectFallback: 'select[name="templateId"]',
  templateOptions: 'option',
  subTitle: '#page-sub-title',
  tokenFields: 'input[name^="perms["][name$="][token]"]',
  enabledBoxes: 'input[type="checkbox"][name^="perms["][name$="][isEnabled]"]',
  submit: 'button[type="submit"], input[type="submit"]',
  /** The fixed fields of the real page (protocol §2.7); the tree and the matrix are checked on their own. */
  roundTripFieldNames: ['userId', 'userIsNew', 'template'],
} as const;

type UserPermissionsPage = Page<typeof userPermissionsSelectors>;

export interface BackofficeTemplate {
  id: number;
  name: string;
  /** Its `data-permissions-set`: the tokens it enables. */
  tokens: string[];
}

/** The whole "Back Office Access Control" form, read to be posted back. */
export interface UserPermissionsForm {
  userId: number;
  username: string | null;
  tree: SiteTree;
  /** `'all'`, or the ids of the accessible sites (none for a user nobody has given any). */
  storedSites: 'all' | number[];
  templates: BackofficeTemplate[];
  /** The matrix in page order: `perms[index][token]`. */
  matrix: Array<{ index: number; token: string }>;
  /** Tokens whose box is checked. */
  enabled: string[];
  /** What a browser would submit for the form as served. */
  fields: FormPair[];
  /** Why the form is not provably whole (empty when it is). */
  gaps: string[];
}

/** Back Office templates carry string tokens, not POS ids: they are read by name only. */
export function parseUserPermissionsPage(html: string): Array<{ id: number; name: string }> {
  const page = new Page('user-permissions', userPermissionsSelectors, html);
  return readTemplates(page, page.one('form')).map(({ id, name }) => ({ id, name }));
}

/**
 * The username the page is about (`Name: <strong>…</strong>, Username: <strong>…</strong>`), or
 * null when the sub-title does not show one. A page without the permissions form is an error.
 */
export function parseUserPermissionsUsername(html: string): string | null {
  const page = new Page('user-permissions', userPermissionsSelectors, html);
  page.one('form');
  return usernameOf(page);
}

/** The whole form (protocol §2.7): the user, the accessible-sites tree, the templates with their tokens, and the matrix. */
export function parseUserPermissionsForm(html: string): UserPermissionsForm {
  const page = new Page('user-permissions', userPermissionsSelectors, html);
  const form = page.one('form');
  const gaps = formGaps(page, form, userPermissionsSelectors.submit, userPermissionsSelectors.roundTripFieldNames);
  const userId = toId(form.find('input[name="userId"]').first().attr('value'));
  if (userId === null && !gaps.includes('userId')) gaps.push('userId');
  const tree = parseSiteTree(page);
  const { matrix, enabled, matrixGaps } = readMatrix(page, form);
  return {
    userId: userId ?? 0,
    username: usernameOf(page),
    tree,
    storedSites: readStoredSites(page, tree, 'user'),
    templates: readTemplates(page, form),
    matrix,
    enabled,
    fields: serializeForm(page.$, form),
    gaps: [...gaps, ...matrixGaps],
  };
}

function usernameOf(page: UserPermissionsPage): string | null {
  return /Username:\s*(\S+)/.exec(cleanText(page.all('subTitle').first().text()))?.[1] ?? null;
}

function readTemplates(page: UserPermissionsPage, form: ReturnType<UserPermissionsPage['one']>): BackofficeTemplate[] {
  let select = page.all('templateSelect', form).first();
  if (select.length === 0) select = page.one('templateSelectFallback', form);
  const templates: BackofficeTemplate[] = [];
  page.all('templateOptions', select).each((_, node) => {
    const el = page.$(node);
    const id = toId(el.attr('value'));
    const name = cleanText(el.text());
    if (id === null || !name) return;
    const tokens = (el.attr('data-permissions-set') ?? '').split(',').map((t) => t.trim()).filter((t) => t !== '');
    templates.push({ id, name, tokens: [...new Set(tokens)] });
  });
  return templates;
}

/**
 * The token matrix: indices 0..n-1 each with a token and its box. A missing index, token or box is a
 * gap: posting such a matrix back would drop that token.
 */
function readMatrix(page: UserPermissionsPage, form: ReturnType<UserPermissionsPage['one']>): { matrix: Array<{ index: number; token: string }>; enabled: string[]; matrixGaps: string[] } {
  const tokens = new Map<number, string>();
  page.all('tokenFields', form).each((_, node) => {
    const el = page.$(node);
    const index = toId(/^perms\[(\d+)\]/.exec(el.attr('name') ?? '')?.[1]);
    const token = (el.attr('value') ?? '').trim();
    if (index !== null && token) tokens.set(index, token);
  });
  const boxes = new Map<number, boolean>();
  page.all('enabledBoxes', form).each((_, node) => {
    const el = page.$(node);
    const index = toId(/^perms\[(\d+)\]/.exec(el.attr('name') ?? '')?.[1]);
    if (index !== null) boxes.set(index, el.attr('checked') !== undefined);
  });
  const matrixGaps: string[] = [];
  if (tokens.size === 0) matrixGaps.push('perms[0][token]');
  const matrix: Array<{ index: number; token: string }> = [];
  const enabled: string[] = [];
  const last = Math.max(-1, ...tokens.keys(), ...boxes.keys());
  for (let index = 0; index <= last; index++) {
    const token = tokens.get(index);
    if (token === undefined) matrixGaps.push(`perms[${index}][token]`);
    if (!boxes.has(index)) matrixGaps.push(`perms[${index}][isEnabled]`);
    if (token === undefined) continue;
    matrix.push({ index, token });
    if (boxes.get(index)) enabled.push(token);
  }
  return { matrix, enabled, matrixGaps };
}
