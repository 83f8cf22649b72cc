/** Back Office users: the list, the create form and its post, and the accessible sites and tokens. */
import { bindBackofficeUser, CHOSEN_MESSAGES, MESSAGES } from '../form-validation.js';
import { parsePositiveInt } from '../form.js';
import { renderUserCreatePage } from '../pages/user-create.js';
import { renderUserListPage, type UserListQuery } from '../pages/user-list.js';
import { renderUserPermissionsPage } from '../pages/user-permissions.js';
import { takeFlashes } from '../sessions.js';
import { decodeSiteAccess, USER_TREE } from '../site-tree.js';
import { BO_TOKENS } from '../tenant/catalog.js';
import { effectiveSiteIds } from '../tenant/model.js';
import { byId, fail, notFound, page, succeed, type Reply, type RequestContext, type Route } from './replies.js';

function userList(ctx: RequestContext): Reply {
  const p = ctx.url.searchParams;
  const status = p.get('statusSearch');
  const q: UserListQuery = {
    firstNameSearch: (p.get('firstNameSearch') ?? '').trim(),
    lastNameSearch: (p.get('lastNameSearch') ?? '').trim(),
    userNameSearch: (p.get('userNameSearch') ?? '').trim(),
    emailSearch: (p.get('emailSearch') ?? '').trim(),
    statusSearch: status === 'active' || status === 'inactive' ? status : 'all',
  };
  const has = (value: string, needle: string) => needle === '' || value.toLowerCase().includes(needle.toLowerCase());
  const users = [...ctx.sim.store.users.values()]
    .filter(
      (u) =>
        has(u.firstName, q.firstNameSearch) &&
        has(u.lastName, q.lastNameSearch) &&
        has(u.username, q.userNameSearch) &&
        has(u.email, q.emailSearch) &&
        (q.statusSearch === 'all' || (q.statusSearch === 'active') === u.active),
    )
    .sort((a, b) => a.username.toLowerCase().localeCompare(b.username.toLowerCase()));
  return page(renderUserListPage({ userName: ctx.session.displayName, flashes: takeFlashes(ctx.session), query: q, users }));
}

function createPage(ctx: RequestContext): Reply {
  const s = ctx.session;
  const refill = s.userCreateRefill;
  s.userCreateRefill = null;
  const employees = [...ctx.sim.store.employees.values()];
  return page(renderUserCreatePage({ userName: s.displayName, flashes: takeFlashes(s), employees, refill }));
}

function userInsert(ctx: RequestContext): Reply {
  const { form, sim } = ctx;
  const { store } = sim;
  // What the page shows again after a rejected post.
  ctx.session.userCreateRefill = {
    isOnSiteEmployee: form.has('employee[isOnSiteEmployee]'),
    employeeId: form.value('user[employeeId]'),
    firstName: form.value('employee[firstName]'),
    lastName: form.value('employee[lastName]'),
    email: form.value('employee[email]').trim(),
    username: form.value('user[username]').trim(),
  };
  const bound = bindBackofficeUser(form, store);
  if (bound.employeeInactive) return fail(ctx, '/user/create', bound.errors, false);
  if (bound.errors.length > 0) return fail(ctx, '/user/create', bound.errors, true);
  ctx.session.userCreateRefill = null;
  const { value } = bound;
  const id = store.nextUserId;
  store.nextUserId += sim.ids.int(1, 40);
  store.users.set(id, {
    id,
    username: value.username,
    email: value.email,
    firstName: value.firstName,
    lastName: value.lastName,
    phone: value.employee?.phone ?? '',
    employeeId: value.employee?.id ?? null,
    active: true,
    password: value.password,
    tokens: [],
    siteAccess: { all: false, regionsAll: [], districtsAll: [], siteIds: [] },
  });
  return succeed(ctx, `/user/permissions/${id}?userIsNew=1`, null);
}

function permissionsPage(ctx: RequestContext, [id]: string[]): Reply {
  const { tree, users } = ctx.sim.store;
  const user = users.get(Number(id));
  if (!user) return notFound();
  const s = ctx.session;
  const userIsNew = ctx.url.searchParams.get('userIsNew') ?? '';
  return page(renderUserPermissionsPage({ tree, userName: s.displayName, flashes: takeFlashes(s), user, userIsNew }));
}

function permissionsUpdate(ctx: RequestContext): Reply {
  const { form } = ctx;
  const { store } = ctx.sim;
  const user = byId(store.users, parsePositiveInt(form.value('userId')));
  if (!user) return fail(ctx, '/user', [CHOSEN_MESSAGES.userNotFound], false);
  const access = decodeSiteAccess(form, store.tree, USER_TREE);
  const count = access.all ? store.tree.sites.length : effectiveSiteIds(store.tree, access).length;
  if (count === 0) {
    const back = `/user/permissions/${user.id}?userIsNew=${encodeURIComponent(form.value('userIsNew'))}`;
    return fail(ctx, back, [MESSAGES.accessibleSites], true);
  }
  const tokens: string[] = [];
  for (const index of form.keysUnder('perms', '[isEnabled]')) {
    const token = form.value(`perms[${index}][token]`);
    if (BO_TOKENS.includes(token) && !tokens.includes(token)) tokens.push(token);
  }
  user.siteAccess = access;
  user.tokens = tokens;
  return succeed(ctx, '/user', null);
}

export const userRoutes: Route[] = [
  { method: 'GET', path: '/user', handle: userList },
  { method: 'GET', path: '/user/', handle: userList },
  { method: 'GET', path: '/user/create', handle: createPage },
  { method: 'GET', path: /^\/user\/permissions\/(\d+)$/, handle: permissionsPage },
  { method: 'POST', path: '/user/insert', handle: userInsert },
  { method: 'POST', path: '/user/permissions/update', handle: permissionsUpdate },
];
