import { Page, cleanText, toId } from './page.js';

/** `GET /user/permissions/<id>`: Back Office permissions; its template select lists the BO templates. */
export const userPermissionsSelectors = {
  form: 'form[action="/user/permissions/update"]',
  templateSelect: 'select[name="template"]',
  templateSelectFallback: 'select[name="templateId"]',
  templateOptions: 'option',
  subTitle: '#page-sub-title',
} as const;

/** Back Office templates carry string tokens, not POS ids: they are read by name only. */
export function parseUserPermissionsPage(html: string): Array<{ id: number; name: string }> {
  const page = new Page('user-permissions', userPermissionsSelectors, html);
  const form = page.one('form');
  let select = page.all('templateSelect', form).first();
  if (select.length === 0) select = page.one('templateSelectFallback', form);
  const templates: Array<{ id: number; name: string }> = [];
  page.all('templateOptions', select).each((_, node) => {
    const el = page.$(node);
    const id = toId(el.attr('value'));
    const name = cleanText(el.text());
    if (id !== null && name) templates.push({ id, name });
  });
  return templates;
}

/**
 * The username the page is about (`Name: <strong>…</strong>, Username: <strong>…</strong>`), or
 * null when the sub-title does not show one. A page without the permissions form is an error.
 */
export function parseUserPermissionsUsername(html: string): string | null {
  const page = new Page('user-permissions', userPermissionsSelectors, html);
  page.one('form');
  const match = /Username:\s*(\S+)/.exec(cleanText(page.all('subTitle').first().text()));
  return match?.[1] ?? null;
}
