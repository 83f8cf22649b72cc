/**
 * `GET /user/permissions/<id>`: "Back Office Access Control" (`#user-permissions-update-form` →
 * `/user/permissions/update`): the accessible-sites tree with un-prefixed names, the `template` select whose options
 * carry token sets, and the token matrix `perms[<i>][token]` / `perms[<i>][isEnabled]`.
 */
import { escapeHtml as esc } from '../redirect-shell.js';
import { BO_TEMPLATES, BO_TOKENS } from '../tenant/catalog.js';
import type { BackofficeUserRecord, SiteTree } from '../tenant/model.js';
import { renderSiteTree, USER_TREE } from '../site-tree.js';
import { renderFlashes, renderPage, type Flash } from './layout.js';

function groupTitle(token: string): string {
  const head = token.split('.')[0] ?? token;
  return head.charAt(0).toUpperCase() + head.slice(1);
}

export function renderUserPermissionsPage(opts: {
  tree: SiteTree;
  userName: string;
  flashes: readonly Flash[];
  user: BackofficeUserRecord;
  userIsNew: string;
}): string {
  const u = opts.user;
  const enabled = new Set(u.tokens);
  const matrix: string[] = [];
  let currentGroup = '';
  BO_TOKENS.forEach((token, i) => {
    const group = groupTitle(token);
    if (group !== currentGroup) {
      if (currentGroup) matrix.push('            </div>\n');
      currentGroup = group;
      matrix.push(`            <h4>${esc(group)}</h4>\n            <div class="sbox sbox-bg sbox-toggle-list">\n`);
    }
    const id = `perm-${token.replace(/\./g, '-')}`;
    matrix.push(
      '                <div class="form-group">\n' +
        `                    <input type="hidden" name="perms[${i}][token]" value="${esc(token)}">\n` +
        `                    <input type="checkbox" id="${id}" name="perms[${i}][isEnabled]" value="1" data-toggle="toggle" data-size="small" data-on="Yes" data-off="No" data-sibling="${esc(token)}" data-toggle-sibling-on=""${enabled.has(token) ? ' checked' : ''}>\n` +
        `                    <label for="${id}" class="control-label">${esc(token)}</label>\n                </div>\n`,
    );
  });
  if (currentGroup) matrix.push('            </div>\n');
  const main =
    '    <header class="sonny-header">\n        <h1 id="page-title">Back Office Access Control</h1>\n' +
    `        <h3 id="page-sub-title">Name: <strong>${esc(`${u.firstName} ${u.lastName}`)}</strong>, Username: <strong>${esc(u.username)}</strong></h3>\n    </header>\n\n    <div class="form-sonny">\n\n` +
    renderFlashes(opts.flashes) +
    '        <form data-submit-once id="user-permissions-update-form" action="/user/permissions/update" method="post">\n' +
    `            <input type="hidden" name="userId" value="${u.id}">\n            <input type="hidden" name="userIsNew" value="${esc(opts.userIsNew)}">\n\n` +
    '            <h2>Accessible Sites</h2>\n' +
    renderSiteTree(opts.tree, u.siteAccess, USER_TREE) +
    '            <div class="form-group">\n                <label class="control-label" for="template">Permissions Templates</label>\n' +
    '                <select id="template" class="form-control chosen-select" data-placeholder="Load from a Template" name="template">\n' +
    '                    <option value="" class="placeholder" selected></option>\n' +
    BO_TEMPLATES.map((t) => `                    <option value="${t.id}" data-permissions-set="${esc(t.tokens.join(','))}">${esc(t.name)}</option>\n`).join('') +
    '                </select>\n            </div>\n\n            <h2>Permissions</h2>\n' +
    matrix.join('') +
    '            <div class="row">\n                <div class="col-xs-6">\n                    <button type="submit" id="btn-user-permissions-save" class="btn btn-success btn-lg btn-block">Save</button>\n                </div>\n' +
    '                <div class="col-xs-6">\n                    <a href="/user" id="btn-user-permissions-cancel" class="btn btn-default btn-lg btn-block">Cancel</a>\n                </div>\n            </div>\n' +
    '        </form>\n    </div>\n';
  return renderPage({ title: 'Back Office Access Control', userName: opts.userName, main });
}
