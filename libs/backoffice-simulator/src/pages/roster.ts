/**
 * `GET /employee` and `GET /employee/<page>`: the filter form `#frm-employee-list-search`, the table
 * `table.table-employees-list` (td classes and the four action links per row) and the pager `nav#pager-employees`.
 * Rows are built as string parts joined once: a 10,000-row page must render quickly.
 */
import { escapeHtml as esc } from '../redirect-shell.js';
import { accessLabel, DEPARTMENTS } from '../tenant/catalog.js';
import type { EmployeeRecord, SiteTree } from '../tenant/model.js';
import { effectiveSiteIds } from '../tenant/model.js';
import { renderFlashes, renderPage, type Flash } from './layout.js';

export interface RosterQuery {
  sortType: 'first_name' | 'last_name';
  sortDir: 1 | -1;
  active: 'all' | 'active' | 'inactive';
  /** Site ids of the filter; the server fills in every site when none is given. */
  sites: number[];
  firstName: string;
  lastName: string;
  posUserId: string;
  limit: number | null;
}

/** The query string the sort and pager links carry (every active filter, URL-encoded like the real links). */
function rosterQueryString(q: RosterQuery, overrides: Partial<Pick<RosterQuery, 'sortType' | 'sortDir'>> = {}): string {
  const parts = [`sort_type=${overrides.sortType ?? q.sortType}`, `sort_dir=${overrides.sortDir ?? q.sortDir}`];
  if (q.firstName) parts.push(`first_name=${encodeURIComponent(q.firstName)}`);
  if (q.lastName) parts.push(`last_name=${encodeURIComponent(q.lastName)}`);
  if (q.posUserId) parts.push(`posUserId=${encodeURIComponent(q.posUserId)}`);
  parts.push(`active=${q.active}`);
  q.sites.forEach((id, i) => parts.push(`sites%5B${i}%5D=${id}`));
  if (q.limit !== null) parts.push(`limit=${q.limit}`);
  return parts.join('&');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

function statusDates(epochMs: number): { replace: string; utc: string; tooltip: string } {
  const u = new Date(epochMs);
  const utc = `${u.getUTCFullYear()}-${pad(u.getUTCMonth() + 1)}-${pad(u.getUTCDate())} ${pad(u.getUTCHours())}:${pad(u.getUTCMinutes())}:${pad(u.getUTCSeconds())}`;
  const e = new Date(epochMs - 4 * 3_600_000);
  const replace = `${MONTHS[e.getUTCMonth()]} ${e.getUTCDate()}, ${e.getUTCFullYear()} ${pad(e.getUTCHours())}:${pad(e.getUTCMinutes())}:${pad(e.getUTCSeconds())} EDT`;
  const c = new Date(epochMs - 5 * 3_600_000);
  const h12 = c.getUTCHours() % 12 === 0 ? 12 : c.getUTCHours() % 12;
  const tooltip = `${c.getUTCMonth() + 1}/${c.getUTCDate()}/${c.getUTCFullYear()} ${h12}:${pad(c.getUTCMinutes())} ${c.getUTCHours() < 12 ? 'am' : 'pm'} CST`;
  return { replace, utc, tooltip };
}

/** Department list items in name order, pre-rendered. */
const DEPARTMENT_ITEMS: [number, string][] = [...DEPARTMENTS]
  .sort((a, b) => a.name.localeCompare(b.name))
  .map((d) => [d.id, `                                                                            <li>${esc(d.name)}</li>\n`]);

function row(e: EmployeeRecord, codesOf: (e: EmployeeRecord) => string): string {
  const first = esc(e.firstName);
  const last = esc(e.lastName);
  const name = `${first} ${last}`;
  const phone = esc(e.phone);
  const dates = statusDates(e.statusSince);
  const statusText = `Employee is ${e.isActive ? 'Active' : 'Inactive'} since ${dates.tooltip}`;
  const icon = e.isActive ? 'fa fa-check fa-lg text-success' : 'fa fa-times fa-lg text-danger';
  const departments = DEPARTMENT_ITEMS.filter(([id]) => e.departmentIds.includes(id))
    .map(([, item]) => item)
    .join('');
  return (
    '                                            <tr>\n' +
    `                            <td class="employees-col-first-name"><span style="white-space: pre">${first}</span></td>\n` +
    `                            <td class="employees-col-last-name"><span style="white-space: pre">${last}</span></td>\n` +
    `                            <td class="employees-col-sites">\n                                                                    ${codesOf(e)}</td>\n` +
    `                            <td class="employees-col-template">${accessLabel(e.grants)}</td>\n` +
    `                            <td class="employees-col-pos-user-id">${e.posUserId}</td>\n` +
    '                            <td class="employees-col-departments">\n                                <ul class="list-inline nix-bm comma-separated">\n' +
    departments +
    '                                                                    </ul>\n                            </td>\n' +
    `                            <td class="employees-col-phone text-nowrap">\n                                <a title="Click to make a call" href="tel:${phone}">${phone}</a>\n                            </td>\n` +
    `                            <td class="employees-col-wage-type text-center">\n                                                                    ${e.wage.isHourly ? 'Hourly' : 'Salary'}\n                                                            </td>\n\n` +
    `                            <td class="employees-col-active text-center" data-date-replace="${dates.replace}" data-date-utc="${dates.utc}">\n\n` +
    `            <i class="${icon}" data-toggle="tooltip" data-placement="top" title="${statusText}"></i><span class="sr-only">${statusText}</span>\n\n                            </td>\n` +
    '                            <td class="customers-col-edit text-nowrap text-right">\n' +
    `                                <a id="link-employee-compensation-${e.id}" class="btn btn-link link-edit" href="/employee/compensation/${e.id}" title="View Compensation for ${name}" data-toggle="tooltip" data-container="body"><span class="sr-only">View Compensation for ${name}</span><i class="fa fa-dollar-sign fa-lg"></i></a>\n` +
    `                                <a id="link-employee-permission-${e.id}" class="btn btn-link link-edit" href="/employee/permissions/${e.id}" title="View Access for ${name}" data-toggle="tooltip" data-container="body"><span class="sr-only">View Access for ${name}</span><i class="fa fa-shield fa-lg"></i></a>\n` +
    `                                <a id="link-employee-timesheet-${e.id}" class="btn btn-link link-edit" href="/timesheet/${e.id}" title="View Timesheet for ${name} " data-toggle="tooltip" data-container="body"><span class="sr-only">View Timesheet for ${name}</span><i class="fa fa-clock fa-lg"></i></a>\n` +
    `                                <a id="link-edit-employee-${e.id}" class="btn btn-link link-edit" href="/employee/edit/${e.id}" title="Edit ${name}" data-toggle="tooltip" data-container="body"><span class="sr-only">Edit ${name}</span><i class="fa fa-pencil-alt fa-lg"></i></a>\n` +
    '                            </td>\n                        </tr>\n'
  );
}

function filterInput(id: string, label: string, name: string, value: string, group: string): string {
  return (
    `                                    <div class="form-group ${group}">\n                                        <label for="${id}" class="control-label">${label}</label>\n\n` +
    `                                        <div class="input-group">\n                                            <input type="text" id="${id}" name="${name}" value="${esc(value)}" class="form-control" autocomplete="dummy">` +
    `                                             <span class="input-group-btn">\n                                                <button type="button" id="btn-clear-${id}" class="btn btn-clear-danger square" data-fhclear="#${id}">\n` +
    '                                                    <i class="fa fa-times fa-lg" title="Clear Filter"></i>\n                                                    <span class="sr-only">Clear Filter</span>\n                                                </button>\n                                            </span>\n' +
    '                                        </div>\n                                        <!-- /input-group -->\n                                    </div>\n                                    <!-- /form-group -->\n'
  );
}

function pageNumbers(current: number, total: number): (number | '…')[] {
  const shown = new Set<number>();
  for (const p of [1, 2, total - 1, total]) if (p >= 1 && p <= total) shown.add(p);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= total) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | '…')[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous > 1) out.push('…');
    out.push(p);
    previous = p;
  }
  return out;
}

function pager(q: RosterQuery, page: number, totalPages: number): string {
  if (totalPages <= 1) return '';
  const qs = esc(rosterQueryString(q));
  const href = (p: number) => `/employee/${p}?${qs}`;
  const parts: string[] = ['        <nav id="pager-employees" class="text-center pagination-fullwidth">\n\n'];
  if (page > 1) {
    parts.push(`                                    <a id="pager-employees-prev" class="btn btn-info pull-left" href="${href(page - 1)}" aria-label="Previous"><i class="fa fa-chevron-left"></i></a>\n`);
  }
  if (page < totalPages) {
    parts.push(`                                    <a id="pager-employees-next" class="btn btn-info pull-right" href="${href(page + 1)}" aria-label="Next"><i class="fa fa-chevron-right"></i></a>\n`);
  }
  parts.push('                        <div class="pagination-fullwidth-pages">\n\n            <ul class="pagination ">\n');
  for (const p of pageNumbers(page, totalPages)) {
    if (p === '…') parts.push('                                                                            <li><span>…</span></li>\n');
    else if (p === page) parts.push(`                                        <li class="active">\n                        <a id="pager-employees-page-${p}" href="#">${p} <span class="sr-only">(current)</span></a>\n                    </li>\n`);
    else parts.push(`                                                                            <li>\n                                <a id="pager-employees-page-${p}" href="${href(p)}">${p}</a>\n                            </li>\n`);
  }
  parts.push('                            </ul>\n\n        </div></nav><!-- /pager-employees-pager -->\n');
  return parts.join('');
}

function sortHeader(q: RosterQuery, type: 'first_name' | 'last_name', first: string, second: string): string {
  const sorted = q.sortType === type;
  const nextDir = sorted ? (q.sortDir === 1 ? -1 : 1) : 1;
  const cls = sorted ? `sorted sorted-${q.sortDir === 1 ? 'asc' : 'desc'}` : 'not-sorted';
  const icon = sorted ? (q.sortDir === 1 ? 'fa-sort-asc' : 'fa-sort-desc') : 'fa-sort';
  const sr = sorted ? (q.sortDir === 1 ? '(Sorted Ascending)' : '(Sorted Descending)') : '(Sortable)';
  const id = type === 'first_name' ? 'sort-employee-first-name' : 'sort-employee-last-name';
  return (
    `    <a class="col-th-link ${cls}" id="${id}" href="/employee?${esc(rosterQueryString(q, { sortType: type, sortDir: nextDir }))}">\n` +
    `                                ${first}\n                                    <span class="text-nowrap body-font-color">\n                        ${second}\n` +
    `                <i class="fa ${icon} fa-spacer-left hidden-print"></i><span class="sr-only">${sr}</span></span></a>\n`
  );
}

export function renderRosterPage(opts: {
  tree: SiteTree;
  userName: string;
  flashes: readonly Flash[];
  query: RosterQuery;
  rows: readonly EmployeeRecord[];
  page: number;
  totalPages: number;
}): string {
  const { tree, query: q } = opts;
  // Site cells repeat a lot across 10,000 rows: each distinct access is rendered once.
  const byCode = [...tree.sites].sort((a, b) => a.code.toLowerCase().localeCompare(b.code.toLowerCase()));
  const cellCache = new Map<string, string>();
  const codesOf = (e: EmployeeRecord): string => {
    const a = e.siteAccess;
    const key = a.all ? 'all' : `${a.regionsAll.join(',')}|${a.districtsAll.join(',')}|${a.siteIds.join(',')}`;
    let cell = cellCache.get(key);
    if (cell === undefined) {
      const granted = new Set(effectiveSiteIds(tree, a));
      cell = byCode
        .filter((s) => granted.has(s.id))
        .map((s) => esc(s.code))
        .join(',                                     ');
      cellCache.set(key, cell);
    }
    return cell;
  };
  const sitesByCode = [...tree.sites].sort((a, b) => a.code.toLowerCase().localeCompare(b.code.toLowerCase()));
  const parts: string[] = [];
  parts.push(
    '    <header class="sonny-header head-btns">\n        <div class="row">\n            <div class="col-head-title">\n                <h1 id="page-title">Employees</h1>\n            </div>\n' +
      '            <!-- /col -->\n            <div class="col-head-btn col-head-btn-top-a">\n' +
      '                <button type="button" id="btn-toggle-employees-filters" class="btn btn-info btn-block" data-toggle="collapse" data-target="#table-employees-filters" aria-expanded="false" aria-controls="table-employees-filters"><i class="fa fa-search fa-lg fa-spacer-right"></i>Search\n                    &amp; Filter\n                </button>\n            </div>\n' +
      '            <div class="col-head-btn col-head-btn-top-b">\n                <a href="/employee/create" id="btn-create-employee" class="btn btn-success btn-block"><i class="fa fa-plus fa-lg fa-spacer-right"></i>Create Employee</a>\n            </div>\n' +
      '            <!-- /col -->\n        </div>\n        <!-- /row -->\n    </header>\n    <!-- /sonny-header -->\n\n',
  );
  parts.push(renderFlashes(opts.flashes));
  parts.push(
    '\n    <div class="main-column-full-width">\n        <div id="table-employees-filters" class="collapse">\n            <div class="table-filters">\n' +
      '                <form data-submit-once id="frm-employee-list-search" method="get" action="/employee">\n' +
      `                                        <input type="hidden" name="sort_type" value="${q.sortType}">\n            <input type="hidden" name="sort_dir" value="${q.sortDir}">\n\n` +
      '                    <div class="row">\n\n                        <div class="col-xs-12 col-md-3">\n\n                            <div class="form-group">\n' +
      '                                <label for="employee-filter-sites" class="control-label">Available for Work Sites</label>\n\n                                <div class="input-group">\n' +
      '                                    <select id="employee-filter-sites" name="sites[]" data-placeholder="All Sites" multiple class="form-control chosen-select">\n' +
      sitesByCode.map((s) => `                                                                                    <option value="${s.id}">${esc(s.code)}</option>\n`).join('') +
      '                                                                            </select>\n' +
      '                                    <span class="input-group-btn">\n                                                <button type="button" id="btn-clear-employee-filter-sites" class="btn btn-clear-danger square" data-fhclear="#employee-filter-sites">\n' +
      '                                                    <i class="fa fa-times fa-lg" title="Clear Filter"></i>\n                                                    <span class="sr-only">Clear Filter</span>\n                                                </button>\n                                            </span>\n' +
      '                                </div>\n                            </div>\n                            <!-- /form-group -->\n                        </div>\n\n' +
      '                        <div class="col-xs-12 col-md-6">\n                            <div class="row">\n                                <div class="col-xs-12 col-pt-6">\n\n' +
      filterInput('employee-name-first', 'First Name', 'first_name', q.firstName, 'validate-employee-name-first') +
      '\n                                </div>\n                                <!-- /col -->\n\n                                <div class="col-xs-12 col-pt-6">\n\n' +
      filterInput('employee-name-last', 'Last Name', 'last_name', q.lastName, 'validate-employee-name-last') +
      '\n                                </div>\n                                <!-- /col -->\n                            </div>\n                            <!-- /row -->\n                        </div>\n\n' +
      '                        <div class="col-xs-12 col-md-3">\n                            <div class="row">\n\n' +
      filterInput('employee-pos-user-id', 'POS User Id', 'posUserId', q.posUserId, 'validate-employee-pos-user-id') +
      '                            </div>\n                        </div>\n                        <!-- /col -->\n\n' +
      '                        <div class="col-xs-12 col-md-3">\n                            <div class="row">\n                                <div class="col-xs-12 col-pt-6 col-md-12">\n\n' +
      '                                    <div class="form-group validate-employee-active">\n                                        <label for="employee-filter-active" class="control-label">Active</label>\n' +
      '                                                <select id="employee-filter-active" class="form-control" name="active">' +
      (['all', 'active', 'inactive'] as const)
        .map((v) => `<option value="${v}"${q.active === v ? ' selected' : ''}>${v[0]?.toUpperCase()}${v.slice(1)}</option>`)
        .join('') +
      '</select>\n                                    </div>\n                                    <!-- /form-group -->\n\n                                </div>\n                                <!-- /col -->\n                            </div>\n                            <!-- /row -->\n                        </div>\n                        <!-- /col -->\n                    </div>\n                    <!-- /row -->\n\n' +
      '                    <div class="alerts alerts-js-filters"></div>\n\n                    <div class="table-filter-controls">\n                        <div class="row">\n' +
      '                            <div class="col-xs-6">\n                                <button type="submit" id="btn-employees-view-filters-save" class="btn btn-success btn-block">Apply\n                                </button>\n                            </div>\n' +
      '                            <div class="col-xs-6">\n                                <button type="reset" id="btn-employees-view-filters-cancel" class="btn btn-default btn-block" data-toggle="collapse" data-target="#table-employees-filters" aria-expanded="false">Cancel\n                                </button>\n                            </div>\n' +
      '                        </div>\n                        <!-- /row -->\n                    </div>\n                </form>\n            </div>\n            <!-- /table-filters -->\n        </div>\n        <!-- /table-employees-filters -->\n\n' +
      '        <div class="table-responsive">\n            <table class="table table-full-width table-striped table-hover table-employees-list">\n                <thead>\n                <tr>\n' +
      '                                        <th class="employees-col-first-name">\n' +
      sortHeader(q, 'first_name', 'First', 'Name') +
      '</th>\n                    <th class="employees-col-last-name">\n' +
      sortHeader(q, 'last_name', 'Last', 'Name') +
      '</th>\n                    <th class="employees-col-sites">Available for Work Sites</th>\n                    <th class="employees-col-template">Access</th>\n' +
      '                    <th class="employees-col-pos-user-id">POS <span class="text-nowrap">User ID</span></th>\n                    <th class="employees-col-departments">Departments</th>\n' +
      '                    <th class="employees-col-phone">Phone</th>\n                    <th class="employees-col-wage-type text-center">Wage <span class="text-nowrap">Type</span></th>\n' +
      '                    <th class="employees-col-active text-center">Active</th>\n                    <th class="employees-col-edit text-center"><span class="sr-only">Edit</span></th>\n' +
      '                </tr>\n\n                </thead>\n                <tbody>\n\n',
  );
  for (const e of opts.rows) parts.push(row(e, codesOf));
  parts.push('                                    </tbody>\n            </table>\n        </div>\n        <!-- /table-responsive -->\n\n');
  parts.push(pager(q, opts.page, opts.totalPages));
  parts.push('\n    </div>\n    <!-- /main-column-full-width -->\n');
  return renderPage({ title: 'Employees', userName: opts.userName, main: parts.join('') });
}
