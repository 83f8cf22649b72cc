/**
 * `GET /user`: the Back Office user list (`#frm-user-list-search`, `table.table-users-list`, the shield link
 * `a#link-edit-permissions-user-<id>` to `/user/permissions/<id>` and the edit link `a#link-edit-user-<id>`).
 */
import { escapeHtml as esc } from '../redirect-shell.js';
import type { BackofficeUserRecord } from '../tenant/model.js';
import { renderFlashes, renderPage, type Flash } from './layout.js';

export interface UserListQuery {
  firstNameSearch: string;
  lastNameSearch: string;
  userNameSearch: string;
  emailSearch: string;
  statusSearch: 'all' | 'active' | 'inactive';
}

function search(id: string, label: string, name: string, value: string): string {
  return (
    `                        <div class="col-xs-12 col-md-3">\n                            <div class="form-group">\n                                <label for="${id}" class="control-label">${label}</label>\n` +
    `                                <input type="text" id="${id}" name="${name}" value="${esc(value)}" class="form-control" autocomplete="dummy">\n                            </div>\n                        </div>\n`
  );
}

export function renderUserListPage(opts: { userName: string; flashes: readonly Flash[]; query: UserListQuery; users: readonly BackofficeUserRecord[] }): string {
  const q = opts.query;
  const rows = opts.users.map((u) => {
    const name = esc(`${u.firstName} ${u.lastName}`);
    const status = u.active
      ? '<i class="fa fa-check fa-lg text-success" data-toggle="tooltip" title="Active"></i><span class="sr-only">Active</span>'
      : '<i class="fa fa-times fa-lg text-danger" data-toggle="tooltip" title="Inactive"></i><span class="sr-only">Inactive</span>';
    return (
      '                        <tr>\n' +
      `                            <td class="users-col-first-name">${esc(u.firstName)}</td>\n` +
      `                            <td class="users-col-last-name">${esc(u.lastName)}</td>\n` +
      `                            <td class="users-col-username">${esc(u.username)}</td>\n` +
      `                            <td class="users-col-phone text-nowrap">${esc(u.phone)}</td>\n` +
      `                            <td class="users-col-email">${esc(u.email)}</td>\n` +
      `                            <td class="users-col-active text-center">${status}</td>\n` +
      '                            <td class="customers-col-edit text-nowrap text-right">\n' +
      `                                <a id="link-edit-permissions-user-${u.id}" class="btn btn-link link-edit" href="/user/permissions/${u.id}" title="Edit Permissions for ${name}" data-toggle="tooltip"><span class="sr-only">Edit Permissions for ${name}</span><i class="fa fa-shield fa-lg"></i></a>\n` +
      `                                <a id="link-edit-user-${u.id}" class="btn btn-link link-edit" href="/user/edit/${u.id}" title="Edit ${name}" data-toggle="tooltip"><span class="sr-only">Edit ${name}</span><i class="fa fa-pencil-alt fa-lg"></i></a>\n` +
      '                            </td>\n                        </tr>\n'
    );
  });
  const main =
    '    <header class="sonny-header head-btns">\n        <div class="row">\n            <div class="col-head-title">\n                <h1 id="page-title">Back Office Users</h1>\n            </div>\n' +
    '            <div class="col-head-btn col-head-btn-top-b">\n                <a href="/user/create" id="btn-create-user" class="btn btn-success btn-block"><i class="fa fa-plus fa-lg fa-spacer-right"></i>Create User</a>\n            </div>\n        </div>\n    </header>\n\n' +
    renderFlashes(opts.flashes) +
    '    <div class="main-column-full-width">\n        <div id="table-users-filters" class="collapse">\n            <div class="table-filters">\n' +
    '                <form data-submit-once id="frm-user-list-search" method="get" action="/user">\n                    <div class="row">\n' +
    search('user-first-name-search', 'First Name', 'firstNameSearch', q.firstNameSearch) +
    search('user-last-name-search', 'Last Name', 'lastNameSearch', q.lastNameSearch) +
    search('user-username-search', 'Username', 'userNameSearch', q.userNameSearch) +
    search('user-email-search', 'Email', 'emailSearch', q.emailSearch) +
    '                        <div class="col-xs-12 col-md-3">\n                            <div class="form-group">\n                                <label for="user-status-search" class="control-label">Status</label>\n' +
    '                                <select id="user-status-search" class="form-control" name="statusSearch">' +
    (['all', 'active', 'inactive'] as const).map((v) => `<option value="${v}"${q.statusSearch === v ? ' selected' : ''}>${v[0]?.toUpperCase()}${v.slice(1)}</option>`).join('') +
    '</select>\n                            </div>\n                        </div>\n                    </div>\n' +
    '                    <button type="submit" id="btn-users-view-filters-save" class="btn btn-success btn-block">Apply</button>\n                </form>\n            </div>\n        </div>\n\n' +
    '        <div class="table-responsive">\n            <table class="table table-full-width table-striped table-hover table-users-list">\n                <thead>\n                <tr>\n' +
    `                    <th class="users-col-first-name">First Name</th>\n                    <th class="users-col-last-name">Last Name</th>\n` +
    `                    <th class="users-col-username"><a class="col-th-link" id="sort-user-username" href="/user?sort_type=username&amp;sort_dir=1&amp;statusSearch=${q.statusSearch}">Username</a></th>\n` +
    '                    <th class="users-col-phone">Phone</th>\n                    <th class="users-col-email">Email</th>\n' +
    `                    <th class="users-col-active text-center"><a class="col-th-link" id="sort-user-active" href="/user?sort_type=active&amp;sort_dir=1&amp;statusSearch=${q.statusSearch}">Active</a></th>\n` +
    '                    <th class="customers-col-edit text-center"><span class="sr-only">Edit</span></th>\n                </tr>\n                </thead>\n                <tbody>\n' +
    rows.join('') +
    '                </tbody>\n            </table>\n        </div>\n    </div>\n';
  return renderPage({ title: 'Back Office Users', userName: opts.userName, main });
}
