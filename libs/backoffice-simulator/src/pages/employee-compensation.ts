/**
 * `GET /employee/compensation/<id>`: the "Add Wage" form (`#employee-compensation-edit-form` →
 * `/employee/compensation/update`, hidden `employeeId`) and the history table
 * `table.table-employee-compensation-history`, newest first, the current record with an empty end date.
 */
import { escapeHtml as esc } from '../redirect-shell.js';
import type { EmployeeRecord, SiteTree } from '../tenant/model.js';
import { effectiveSiteIds } from '../tenant/model.js';
import { wageFields } from './employee-form.js';
import { renderFlashes, renderPage, type Flash } from './layout.js';

const DAY_MS = 86_400_000;

function toDate(formDate: string): Date {
  const [m, d, y] = formDate.split('/').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

function shiftFormDate(formDate: string, days: number): string {
  const d = new Date(toDate(formDate).getTime() + days * DAY_MS);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

export function compareFormDates(a: string, b: string): number {
  return toDate(a).getTime() - toDate(b).getTime();
}

const money = (v: string) => (v === '' ? '' : `$${Number(v).toFixed(2)}/hr`);

export function renderEmployeeCompensationPage(opts: { tree: SiteTree; userName: string; flashes: readonly Flash[]; employee: EmployeeRecord; today: string }): string {
  const e = opts.employee;
  const name = `${e.firstName} ${e.lastName}`;
  const latest = e.wageHistory[e.wageHistory.length - 1];
  const granted = new Set(effectiveSiteIds(opts.tree, e.siteAccess));
  const sites = opts.tree.sites.filter((s) => granted.has(s.id));
  const newestFirst = [...e.wageHistory].reverse();
  const rows = newestFirst.map((w, i) => {
    const newer = newestFirst[i - 1];
    const end = newer ? shiftFormDate(newer.effectiveDate, -1) : '';
    const eligible = w.isOvertimeEligible
      ? '<i class="fa fa-lg fa-check text-success" data-toggle="tooltip" title="Employee is Eligible for Overtime"></i>'
      : '<i class="fa fa-lg fa-times text-danger" data-toggle="tooltip" title="Employee is not Eligible for Overtime"></i>';
    return (
      '                <tr>\n' +
      `                    <td class="employee-compensation-col-wage-type">${w.isHourly ? 'Hourly' : 'Salary'}</td>\n` +
      `                    <td class="employee-compensation-col-wage">${money(w.regularRate)}</td>\n` +
      `                    <td class="employee-compensation-col-overtime-eligible text-center">${eligible}</td>\n` +
      `                    <td class="employee-compensation-col-overtime-rate">${w.isOvertimeEligible ? money(w.overtimeRate) : ''}</td>\n` +
      `                    <td class="employee-compensation-col-effective-date">${w.effectiveDate}</td>\n` +
      `                    <td class="employee-compensation-col-end-date">${end}</td>\n` +
      '                </tr>\n'
    );
  });
  const main =
    '    <header class="sonny-header head-btns">\n        <div class="row">\n            <div class="col-head-title">\n' +
    `                <h1 id="page-title">Compensation for ${esc(name)}</h1>\n            </div>\n` +
    '            <div class="col-head-btn col-head-btn-top-b">\n' +
    '                <button type="button" id="btn-toggle-add-wage" class="btn btn-success btn-block" data-toggle="collapse" data-target="#employee-compensation-add-wage" aria-expanded="false">Add Wage</button>\n' +
    '            </div>\n        </div>\n    </header>\n\n    <div class="form-sonny">\n' +
    renderFlashes(opts.flashes) +
    '        <div id="employee-compensation-add-wage" class="collapse">\n' +
    '        <form data-submit-once id="employee-compensation-edit-form" class="employee-compensation-crud-form" action="/employee/compensation/update" method="post">\n' +
    `            <input type="hidden" id="employee-id" name="employeeId" value="${e.id}">\n\n` +
    '<div class="form-group validate-wage-effective-date">\n    <label for="wage-effective-date" class="control-label">Effective Date <span class="field-required">*</span></label>\n' +
    '    <div class="row">\n        <div class="form-col-main">\n' +
    `            <input type="text" id="wage-effective-date" name="wage[effectiveDate]" class="form-control pickadate-date" data-value="${opts.today}"` +
    `${latest ? ` data-pickadate-min="${shiftFormDate(latest.effectiveDate, 1)}"` : ''} placeholder="00/00/00" aria-describedby="wage-effective-date-help" required>\n` +
    '        </div>\n        <div class="form-col-aside">\n            <div class="valign-match-input">\n                <div class="inner">\n' +
    '                    <p id="wage-effective-date-help" class="help-block">The effective date for a new wage must be at least a day after the effective date of the latest wage.</p>\n' +
    '                </div>\n            </div>\n        </div>\n    </div>\n</div>\n\n' +
    wageFields(sites) +
    '            <div class="row">\n                <div class="form-col-main">\n' +
    '                    <button type="submit" id="btn-employee-compensation-submit" class="btn btn-success btn-lg btn-block">Save</button>\n' +
    '                </div>\n            </div>\n        </form>\n        </div>\n\n' +
    '        <div class="table-responsive">\n            <table class="table table-full-width table-striped table-employee-compensation-history">\n' +
    '                <thead>\n                <tr>\n' +
    '                    <th class="employee-compensation-col-wage-type">Wage Type</th>\n                    <th class="employee-compensation-col-wage">Wage</th>\n' +
    '                    <th class="employee-compensation-col-overtime-eligible text-center">Overtime</th>\n                    <th class="employee-compensation-col-overtime-rate">Overtime Rate</th>\n' +
    '                    <th class="employee-compensation-col-effective-date">Effective Date</th>\n                    <th class="employee-compensation-col-end-date">End Date</th>\n' +
    '                </tr>\n                </thead>\n                <tbody>\n' +
    rows.join('') +
    '                </tbody>\n            </table>\n        </div>\n    </div>\n';
  return renderPage({ title: `Compensation for ${name}`, userName: opts.userName, main, scripts: ['/js/app/employeeCompensationEdit.js'] });
}
