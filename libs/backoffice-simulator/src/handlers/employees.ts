/** The employee roster, the create and edit forms, and their posts. */
import { bindEmployee, CHOSEN_MESSAGES } from '../form-validation.js';
import { parsePositiveInt } from '../form.js';
import { renderEmployeeCreatePage, renderEmployeeEditPage } from '../pages/employee-form.js';
import { renderRosterPage, type RosterQuery } from '../pages/roster.js';
import { takeFlashes } from '../sessions.js';
import type { EmployeeRecord, TenantStore } from '../tenant/model.js';
import { effectiveSiteIds, formDate } from '../tenant/model.js';
import { byId, fail, notFound, page, succeed, type Reply, type RequestContext, type Route } from './replies.js';

const DEFAULT_PAGE_SIZE = 25;

function rosterQuery(url: URL, store: TenantStore): RosterQuery {
  const p = url.searchParams;
  const active = p.get('active');
  const sites: number[] = [];
  for (const [k, v] of p) {
    if (/^sites\[\d*\]$/.test(k)) {
      const id = parsePositiveInt(v);
      if (id !== null && !sites.includes(id)) sites.push(id);
    }
  }
  const sitesByCode = [...store.tree.sites].sort((a, b) => a.code.toLowerCase().localeCompare(b.code.toLowerCase()));
  return {
    sortType: p.get('sort_type') === 'last_name' ? 'last_name' : 'first_name',
    sortDir: p.get('sort_dir') === '-1' ? -1 : 1,
    active: active === 'all' || active === 'inactive' ? active : 'active',
    sites: sites.length > 0 ? sites : sitesByCode.map((s) => s.id),
    firstName: (p.get('first_name') ?? '').trim(),
    lastName: (p.get('last_name') ?? '').trim(),
    posUserId: (p.get('posUserId') ?? '').trim(),
    limit: parsePositiveInt(p.get('limit') ?? ''),
  };
}

function rosterFilter(store: TenantStore, q: RosterQuery): (e: EmployeeRecord) => boolean {
  const wantedSites = new Set(q.sites);
  const first = q.firstName.toLowerCase();
  const last = q.lastName.toLowerCase();
  return (e) => {
    if (q.active === 'active' && !e.isActive) return false;
    if (q.active === 'inactive' && e.isActive) return false;
    if (first && !e.firstName.toLowerCase().startsWith(first)) return false;
    if (last && !e.lastName.toLowerCase().startsWith(last)) return false;
    if (q.posUserId && String(e.posUserId) !== q.posUserId) return false;
    // Employees without a site never show; the site filter keeps those available at any chosen site.
    return effectiveSiteIds(store.tree, e.siteAccess).some((id) => wantedSites.has(id));
  };
}

function roster(ctx: RequestContext, pageNumber: number): Reply {
  const { store } = ctx.sim;
  const q = rosterQuery(ctx.url, store);
  const rows = [...store.employees.values()].filter(rosterFilter(store, q));
  const key = (e: EmployeeRecord) => (q.sortType === 'last_name' ? e.lastName : e.firstName).toLowerCase();
  rows.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return (ka < kb ? -1 : ka > kb ? 1 : a.id - b.id) * q.sortDir;
  });
  const size = q.limit ?? DEFAULT_PAGE_SIZE;
  const totalPages = Math.max(1, Math.ceil(rows.length / size));
  const slice = rows.slice((pageNumber - 1) * size, pageNumber * size);
  const flashes = takeFlashes(ctx.session);
  return page(renderRosterPage({ tree: store.tree, userName: ctx.session.displayName, flashes, query: q, rows: slice, page: pageNumber, totalPages }));
}

function employeeInsert(ctx: RequestContext): Reply {
  const { form, sim } = ctx;
  const { store } = sim;
  const { value, errors } = bindEmployee(form, store, null);
  if (errors.length > 0) return fail(ctx, '/employee/create', errors, true);
  const id = store.nextEmployeeId++;
  const siteIds = effectiveSiteIds(store.tree, value.siteAccess);
  const wageSite = parsePositiveInt(form.value('wage[siteId]'));
  const record: EmployeeRecord = {
    id,
    posCredentialId: store.nextPosCredentialId++,
    ...value,
    isActive: true,
    grants: [],
    overrides: [],
    wage: {
      isHourly: form.value('wage[isHourly]') !== '0',
      regularRate: form.value('wage[regularRate]').trim(),
      overtimeRate: form.value('wage[overtimeRate]').trim(),
      isOvertimeEligible: form.has('wage[isOvertimeEligible]'),
      siteId: wageSite ?? siteIds[0] ?? null,
    },
    wageHistory: [],
    statusSince: ctx.sim.clock.now(),
  };
  record.wageHistory.push({ ...record.wage, effectiveDate: record.startDate });
  store.employees.set(id, record);
  return succeed(ctx, `/employee/permissions/${id}`, `${record.firstName} ${record.lastName} has been created successfully! Please setup their POS permissions.`);
}

function employeeUpdate(ctx: RequestContext): Reply {
  const { store } = ctx.sim;
  const existing = byId(store.employees, parsePositiveInt(ctx.form.value('employee[id]')));
  if (!existing) return fail(ctx, '/employee', [CHOSEN_MESSAGES.employeeNotFound], false);
  const { value, errors } = bindEmployee(ctx.form, store, existing.id);
  if (errors.length > 0) return fail(ctx, `/employee/edit/${existing.id}`, errors, true);
  const statusChanged = existing.isActive !== value.isActive;
  Object.assign(existing, value);
  if (statusChanged) existing.statusSince = ctx.sim.clock.now();
  return succeed(ctx, '/employee', `${existing.firstName} ${existing.lastName} was updated successfully.`);
}

function editPage(ctx: RequestContext, [id]: string[]): Reply {
  const { store } = ctx.sim;
  const employee = store.employees.get(Number(id));
  if (!employee) return notFound();
  return page(renderEmployeeEditPage({ tree: store.tree, userName: ctx.session.displayName, flashes: takeFlashes(ctx.session), employee }));
}

function createPage(ctx: RequestContext): Reply {
  const { tree } = ctx.sim.store;
  return page(renderEmployeeCreatePage({ tree, userName: ctx.session.displayName, flashes: takeFlashes(ctx.session), today: formDate(new Date(ctx.sim.clock.now())) }));
}

export const employeeRoutes: Route[] = [
  { method: 'GET', path: '/employee', handle: (ctx) => roster(ctx, 1) },
  { method: 'GET', path: '/employee/', handle: (ctx) => roster(ctx, 1) },
  { method: 'GET', path: /^\/employee\/(\d+)$/, handle: (ctx, [n]) => roster(ctx, Math.max(1, Number(n))) },
  { method: 'GET', path: '/employee/create', handle: createPage },
  { method: 'GET', path: /^\/employee\/edit\/(\d+)$/, handle: editPage },
  { method: 'POST', path: '/employee/insert', handle: employeeInsert },
  { method: 'POST', path: '/employee/update', handle: employeeUpdate },
];
