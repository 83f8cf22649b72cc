/**
 * `GET /employee/create` and `GET /employee/edit/<id>`: the employee form (`#employee-create-edit-form`), posting to
 * `/employee/insert` or `/employee/update`. Server HTML: bare `checked`/`selected`/`disabled`, the start date in
 * `data-value` with no `value`.
 */
import { escapeHtml as esc } from '../redirect-shell.js';
import { DEPARTMENTS } from '../tenant/catalog.js';
import type { EmployeeRecord, Site, SiteAccess, SiteTree } from '../tenant/model.js';
import { EMPLOYEE_TREE, renderSiteTree } from '../site-tree.js';
import { renderFlashes, renderPage, type Flash } from './layout.js';

function aside(inner = ''): string {
  return (
    '        <div class="form-col-aside">\n            <div class="valign-match-input">\n                <div class="inner">\n' +
    inner +
    '                </div>\n                <!-- /inner -->\n            </div>\n            <!-- /valign-match-input -->\n        </div>\n        <!-- /col -->\n'
  );
}

function textGroup(opts: { group: string; id: string; label: string; name: string; value: string; type?: string; maxlength: number; extra?: string; help?: string }): string {
  return (
    `<div class="form-group ${opts.group}">\n    <label for="${opts.id}" class="control-label">${opts.label}</label>\n\n    <div class="row">\n        <div class="form-col-main">\n` +
    `            <input type="${opts.type ?? 'text'}"\n                   id="${opts.id}"\n                   name="${opts.name}"\n                   value="${esc(opts.value)}"\n                   class="form-control"\n` +
    `                   maxlength="${opts.maxlength}"${opts.extra ?? ''}>\n        </div>\n        <!-- /col -->\n` +
    aside(opts.help ?? '') +
    '    </div>\n    <!-- /row -->\n</div>\n<!-- /form-group -->\n\n'
  );
}

const ASIDE_VALIDATE =
  'validate-employee-compensation-wage-type validate-employee-compensation-wage validate-employee-compensation-overtime-wage validate-employee-compensation-overtime-wage';

const REQUIRED = '\n                <span class="field-required">*</span>';

export interface EmployeeFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  departmentIds: number[];
  startDate: string;
  siteAccess: SiteAccess;
  posUserId: string;
  posPin: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  adpEmployeeId: string;
}

function commonFields(tree: SiteTree, v: EmployeeFormValues, isActive: boolean | null): string {
  const open = isActive === null;
  const out: string[] = [];
  out.push(
    '<style>\n    .all-sites-centered {\n        display: flex;\n        justify-content: center;\n    }\n</style>\n\n' +
      '<div class="row">\n    <div class="form-col-main">\n\n' +
      `        <div class="form-group validate-employee-name-first">\n            <label for="employee-name-first" class="control-label">First Name${REQUIRED}</label>\n` +
      `            <input type="text"\n                   id="employee-name-first"\n                   name="employee[firstName]"\n                   value="${esc(v.firstName)}"\n                   class="form-control"\n                   maxlength="50"\n                   required>\n        </div>\n        <!-- /form-group -->\n\n` +
      `        <div class="form-group validate-employee-name-last">\n            <label for="employee-name-last" class="control-label">Last Name${REQUIRED}</label>\n` +
      `            <input type="text"\n                   id="employee-name-last"\n                   name="employee[lastName]"\n                   value="${esc(v.lastName)}"\n                   class="form-control"\n                   maxlength="100"\n                   required>\n        </div>\n        <!-- /form-group -->\n` +
      '    </div>\n    <!-- /col -->\n    <div class="form-col-aside validate-employee-name-first validate-employee-name-last">\n        <div class="valign-match-input margin-top-label">\n            <div class="inner">\n            </div>\n        </div>\n    </div>\n    <!-- /col -->\n</div>\n<!-- /row -->\n\n',
  );
  out.push(textGroup({ group: 'validate-employee-phone', id: 'employee-phone', label: 'Phone', name: 'employee[phone]', value: v.phone, type: 'tel', maxlength: 20 }));
  out.push(
    '<div class="margin-top-form-group" id="group-user-employee-email">\n    <label for="employee-email" class="control-label">Email</label>\n\n    <div class="row">\n\n        <div class="form-col-main">\n            <div class="input-group">\n' +
      `                <input type="text"\n                       class="form-control"\n                       id="user-email"\n                       name="employee[email]"\n                       aria-describedby="employee-email"\n                       value="${esc(v.email)}"\n                       data-required="false"\n                       autocomplete="dummy">\n\n` +
      '                <span class="input-group-btn">\n                    <button type="button" id="employee-email-check" class="btn btn-clear-success square" title="Email Availability Check" data-toggle="tooltip">\n' +
      '                        <i id="employee-email-check-icon" class="fa fa-check"></i>\n                    </button>\n                </span>\n            </div>\n        </div>\n        <br>\n        <!-- /col -->\n' +
      '        <div class="form-col-aside">\n            <div class="valign-match-input">\n                <div class="inner" data-validate data-validate-employee-last-name>\n' +
      '                    <p id="employee-last-name-help" class="help-block">\n                        The email must be unique among the employees and Back Office users.\n                    </p>\n' +
      '                </div><!-- /inner -->\n            </div><!-- /valign-match-input -->\n        </div><!-- /col -->\n    </div>\n    <!-- /row -->\n</div>\n<!-- email -->\n\n',
  );
  const departments = [...DEPARTMENTS].sort((a, b) => a.name.localeCompare(b.name));
  out.push(
    `<div class="form-group validate-employee-departments">\n    <label for="employee-departments" class="control-label">Departments${REQUIRED}</label>\n\n    <div class="row">\n        <div class="form-col-main">\n` +
      '                    <select data-placeholder="Choose Departments" id="employee-departments" name="employee[departments][]" multiple class="form-control chosen-select" aria-describedby="employee-departments-help" required>' +
      departments.map((d) => `<option value="${d.id}"${v.departmentIds.includes(d.id) ? ' selected' : ''}>${esc(d.name)}</option>`).join('') +
      '</select>\n        </div>\n        <!-- /col -->\n' +
      aside('                    <p id="employee-departments-help" class="help-block">An Employee must belong to at least\n                        one department.</p>\n') +
      '    </div>\n    <!-- /row -->\n</div>\n<!-- /form-group -->\n\n',
  );
  out.push(
    `<div class="form-group validate-employee-start-date">\n    <label for="employee-start-date" class="control-label">Start Date${REQUIRED}</label>\n\n    <div class="row">\n        <div class="form-col-main">\n` +
      `            <input type="text"\n                   id="employee-start-date"\n                   name="employee[startDate]"\n                   class="form-control pickadate-date"\n                   data-value="${esc(v.startDate)}"\n` +
      '                   placeholder="00/00/00"\n                   aria-describedby="employee-start-date-help"\n                   data-pickadate-small\n                   required>\n        </div>\n        <!-- /col -->\n' +
      aside() +
      '    </div>\n    <!-- /row -->\n</div>\n<!-- /form-group -->\n\n',
  );
  if (isActive !== null) {
    out.push(
      '<div class="row">\n    <div class="form-col-main">\n        <div class="sbox sbox-bg sbox-toggle-list">\n            <div class="form-group">\n' +
        '                <input type="checkbox"\n                       id="employee-is-active"\n                       name="employee[isActive]"\n                       value="1"\n                       data-toggle="toggle"\n' +
        '                       data-size="small"\n                       data-onstyle="success"\n                       data-offstyle="danger"\n                       data-on="Active"\n                       data-off="Inactive"\n                       class=""\n' +
        `                       ${isActive ? ' checked' : ''}>\n                <label for="employee-is-active" class="control-label">Status</label>\n` +
        '            </div><!-- /form-group -->\n        </div><!--/sbox -->\n    </div><!-- /col -->\n</div><!-- /row -->\n\n',
    );
  }
  out.push(
    '<div class="row">\n    <div class="form-col-main">\n\n        <div class="sbox-collapse sbox-toggle-egde2edge">\n' +
      `    <a id="link-sbox-collapse-item-available"\n       class="sbox-collapse-head${open ? '' : '  collapsed'}"\n       role="button"\n       data-toggle="collapse"\n       href="#sbox-item-available"\n       aria-expanded="${open}"\n       aria-controls="sbox-item-available">\n` +
      '        <div class="sbox-collapse-icon">\n            <i class="fa fa-chevron-down sbox-collapse-icon-down"></i>\n            <i class="fa fa-chevron-right sbox-collapse-icon-right"></i>\n        </div>\n' +
      '                <h3 class="sbox-collapse-title">Available To Work<span class="sr-only">View Options</span></h3>\n        <div class="btn-faux btn btn-primary btn-block">View Options</div>\n    </a>\n\n' +
      `    <!-- /link-sbox-collapse-item-available -->\n    <div class="sbox-collapse-area-wrapper">\n        <div id="sbox-item-available"\n             class="sbox-collapse-area collapse${open ? ' in' : ''}"\n             aria-labelledby="link-sbox-collapse-item-available">\n\n` +
      renderSiteTree(tree, v.siteAccess, EMPLOYEE_TREE) +
      '        </div>\n        <!-- /sbox-collapse-area -->\n    </div>\n    <!-- /sbox-collapse-area-wrapper -->\n</div>\n<!-- /sbox-collapse -->\n        <!-- /sbox-collapse-item-available -->\n\n' +
      '    </div>\n    <!-- /col -->\n    <div class="form-col-aside">\n        <div class="valign-match-input margin-top-label">\n            <div class="inner">\n' +
      '                <p id="site-available-all-help" class="help-block outside-form-group">\n\n' +
      "                    Available to Clock In at the Site's POS. All employees, <strong><span class=\"text-success\">active</span></strong>\n" +
      '                    and <strong><span class="text-danger">inactive</span></strong>, must be assigned to at least\n' +
      '                    <strong>one</strong> site  to remain visible on the employee list page. Set the employee to\n' +
      '                    inactive if  they are no  longer employed.\n\n                </p>\n            </div>\n            <!-- /inner -->\n        </div>\n        <!-- /valign-match-input -->\n    </div>\n    <!-- /col -->\n</div>\n<!-- /row -->\n\n',
  );
  out.push(
    '<h2>POS Login</h2>\n\n' +
      `<div class="form-group validate-employee-pos-user-id">\n    <label for="employee-pos-user-id" class="control-label">POS User ID${REQUIRED}</label>\n\n    <div class="row">\n        <div class="form-col-main">\n` +
      `            <input type="number"\n                   min="1"\n                   id="employee-pos-user-id"\n                   name="posCredential[POSLoginID]"\n                   value="${esc(v.posUserId)}"\n                   class="form-control"\n` +
      '                   aria-describedby="employee-pos-user-id-help"\n                   data-unique\n                   required>\n        </div>\n        <!-- /col -->\n' +
      aside('                    <p id="employee-pos-user-id-help" class="help-block"\n                       data-collision-message="That POS user ID is already in use!"></p>\n') +
      '    </div>\n    <!-- /row -->\n</div>\n<!-- /form-group -->\n\n' +
      `<div class="form-group validate-employee-pos-user-pin">\n    <label for="employee-pos-user-pin" class="control-label">POS User Pin${REQUIRED}</label>\n\n    <div class="row">\n        <div class="form-col-main">\n` +
      `            <input type="number"\n                   min="1"\n                   id="employee-pos-user-pin"\n                   name="posCredential[POSLoginPassword]"\n                   value="${esc(v.posPin)}"\n                   class="form-control"\n                   required\n                    >\n        </div>\n        <!-- /col -->\n` +
      aside() +
      '    </div>\n    <!-- /row -->\n</div>\n<!-- /form-group -->\n\n<h2>Emergency Contact</h2>\n\n',
  );
  out.push(textGroup({ group: 'validate-employee-emergency-name', id: 'employee-emergency-name', label: 'Name', name: 'employee[emergencyContactName]', value: v.emergencyContactName, maxlength: 100 }));
  out.push(textGroup({ group: 'validate-employee-emergency-phone', id: 'employee-emergency-phone', label: 'Phone', name: 'employee[emergencyContactPhone]', value: v.emergencyContactPhone, type: 'tel', maxlength: 20 }));
  out.push('<h2>ADP Report</h2>\n\n');
  out.push(
    textGroup({
      group: 'validate-adp-employee-id',
      id: 'adp-employee-id',
      label: 'Employee ID',
      name: 'employee[adpEmployeeId]',
      value: v.adpEmployeeId,
      maxlength: 32,
      extra: '\n                   autocomplete="off"',
      help:
        '                     <p id="adp-employee-id-help" class="help-block">\n                         Employee ID in ADP\'s system. Can be found on <strong><span class="text-success">\n' +
        '                                 Employment profile</span></strong> on ADP site.\n                     </p>\n',
    }),
  );
  return out.join('');
}

/** The wage fields shared by the create form and the compensation page; the labor-site select lists `sites` by code. */
export function wageFields(sites: readonly Site[]): string {
  const sitesByCode = [...sites].sort((a, b) => a.code.toLowerCase().localeCompare(b.code.toLowerCase()));
  const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const timeCell = (d: number, which: 'start' | 'end') =>
    `                        <td class="">\n                            <div class="input-group">\n` +
    `                                <input type="text" id="day-${d}-${which}-time" data-day="${d}" name="wage[scheduleDay][${d}][${which}Time]" class="form-control clockpicker day-schedule" value="" placeholder="00:00AM" aria-describedby="schedule-${which}-${d}-help">\n` +
    `                                <span class="input-group-btn">\n                                    <button type="button" id="btn-clear-time-${which}-${d}" class="btn btn-clear-danger square" data-fhclear="#day-${d}-${which}-time">\n` +
    '                                        <i class="fa fa-times fa-lg" title="Clear Filter"></i>\n                                        <span class="sr-only">Clear Time</span>\n                                    </button>\n                                </span>\n                            </div>\n                        </td>\n';
  return (
    '<div class="row">\n    <div class="form-col-main">\n        <div class="row">\n            <div class="col-xs-12 col-sm-4">\n' +
    '                <div class="form-group validate-employee-compensation-wage-type">\n                    <label for="employee-compensation-wage-type" class="control-label">Type</label>\n' +
    '                    <select id="employee-compensation-wage-type" name="wage[isHourly]" class="form-control chosen-select" aria-describedby="employee-compensation-help">\n' +
    '                        <option value="1" selected>Hourly</option>\n                        <option value="0">Salary</option>\n                    </select>\n                </div>\n            </div>\n' +
    '            <div class="col-xs-12 col-sm-8">\n                <div class="form-group validate-employee-compensation-wage">\n' +
    `                    <label for="employee-compensation-wage" class="control-label">Effective Hourly Rate${REQUIRED}</label>\n` +
    '                    <div class="input-group">\n                        <span class="input-group-addon">$</span>\n' +
    '                        <input type="number" id="employee-compensation-wage" name="wage[regularRate]" value="" placeholder="0.00" class="form-control" aria-describedby="employee-compensation-help" min="0" max="999999999.99" step="0.01" required>\n' +
    '                        <span id="employee-compensation-wage-type-label" class="input-group-addon">per hour</span>\n                    </div>\n                </div>\n            </div>\n        </div>\n    </div>\n</div>\n\n' +
    '<div class="row overtime-wrapper">\n    <div class="form-col-main">\n        <div class="sbox sbox-bg sbox-edge2edge sbox-toggle-list sbox-stack">\n' +
    '            <div class="form-group validate-employee-compensation-overtime-eligible">\n' +
    '                <input type="checkbox" id="employee-compensation-overtime-eligible" name="wage[isOvertimeEligible]" value="1" aria-describedby="employee-compensation-help" data-toggle="toggle" data-size="small" data-onstyle="success" data-offstyle="danger" data-on="Eligible" data-off="Ineligible" data-fhcheck-enable="#employee-compensation-overtime-rate" data-fhchecked-toggle-collapse-open="#sbox-employee-compensation-overtime-fields">\n' +
    '                <label for="employee-compensation-overtime-eligible" class="control-label">Overtime</label>\n            </div>\n        </div>\n' +
    '        <div class="sbox-collapse sbox-collapse-edge2edge">\n    <div class="sbox-collapse-area-wrapper">\n        <div id="sbox-employee-compensation-overtime-fields" class="sbox-collapse-area collapse" aria-expanded="false">\n' +
    '        <div class="sbox sbox-bg">\n            <div class="form-group validate-employee-compensation-overtime-rate">\n' +
    '                <label for="employee-compensation-overtime-rate" class="control-label sr-only">Overtime Rate</label>\n                <div class="input-group">\n                    <span class="input-group-addon">$</span>\n' +
    '                    <input type="number" id="employee-compensation-overtime-rate" name="wage[overtimeRate]" class="form-control" aria-describedby="employee-compensation-help" min="0" max="999999999.99" step="0.01" value="" placeholder="0.00" required disabled>\n' +
    '                    <span class="input-group-addon">per hour</span>\n                </div>\n            </div>\n        </div>\n        </div>\n    </div>\n</div>\n    </div>\n' +
    `    <div class="form-col-aside">\n        <div class="inner ${ASIDE_VALIDATE}">\n            <p id="employee-compensation-help" class="help-block outside-form-group">Consult your state and local\n                labor laws before completing this section.</p>\n        </div>\n    </div>\n</div>\n\n` +
    '<div class="salary-schuedule-wrapper hide">\n    <div class="row ignore-salary-schuedule">\n        <div class="form-col-main">\n' +
    '            <div class="sbox sbox-bg sbox-edge2edge sbox-toggle-list sbox-stack">\n                <div class="form-group validate-employee-compensation-overtime-eligible">\n' +
    '                    <label for="employee-compensation-salary-wage-calc" class="control-label">Effective Hourly Rate Calculator</label>\n                </div>\n            </div>\n' +
    '             <div class="sbox-collapse sbox-collapse-edge2edge">\n    <div class="sbox-collapse-area-wrapper">\n        <div id="sbox-employee-compensation-salary-calc" class="sbox-collapse-area collapse in" aria-expanded="true">\n' +
    '            <div class="sbox sbox-bg">\n' +
    '                <div class="form-group validate-employee-compensation-overtime-rate">\n                    <label for="employee-compensation-overtime-rate" class="control-label sr-only">Salary Rate</label>\n                    <div class="input-group">\n                        <span class="input-group-addon">Salary</span>\n' +
    '                        <input type="number" id="employee-compensation-salary-wage" class="form-control" name="wage[salaryRate]" aria-describedby="employee-compensation-help" min="0" max="999999999.99" step="0.01" value="" placeholder="0.00">\n' +
    '                        <span class="input-group-btn">\n                            <select id="employee-compensation-salary-wage-type" class="form-control chosen-select" aria-describedby="employee-compensation-help">\n' +
    '                            <option value="year">Per Year</option>\n                            <option value="week">Per Week</option>\n                        </select></span>\n                    </div>\n                </div>\n' +
    '                <div class="form-group validate-employee-compensation-overtime-rate">\n                    <label for="employee-compensation-salary-calc-hours" class="control-label sr-only">Hours</label>\n                    <div class="input-group">\n' +
    '                        <input type="number" id="employee-compensation-salary-calc-hours" class="form-control" name="wage[hoursPerWeek]" aria-describedby="employee-compensation-help" min="0" max="999999999.99" value="" step="0.01" placeholder="0.00">\n' +
    '                        <span class="input-group-addon">Hours Per Week</span>\n                    </div>\n                </div>\n' +
    '                <div class="form-group validate-employee-compensation-overtime-rate">\n                    <button type="button" class="btn btn-info btn-block wage-rate-calc-apply">Calculate Rate</button>\n                </div>\n' +
    '            </div>\n        </div>\n    </div>\n</div>\n        </div>\n' +
    `        <div class="form-col-aside">\n            <div class="inner ${ASIDE_VALIDATE}">\n                <p id="employee-compensation-help" class="help-block outside-form-group">\n` +
    '                    Converts salary wage into an hourly rate for Labor Cost reporting by using the standard 52 working weeks in a year. Enter in Salary per year (or week). Enter in number of hours per week worked.\n' +
    '                </p>\n            </div>\n        </div>\n    </div>\n\n    <div class="row">\n        <div class="form-col-main">\n' +
    '            <div>\n                <label for="employee-compensation-salary-wage-schedule-choice" class="control-label">Labor Scheduled Cost</label>\n            </div>\n' +
    '            <div class="radio nix-tm">\n                <label>\n                    <input type="radio" name="wage[ignoreSalarySchedule]" id="employee-compensation-salary-wage-schedule-choice-1" value="0" aria-describedby="discount-type-help" data-fhcheck-enable="#employee-compensation-salary-wage-site">Use Labor Scheduled Cost\n                </label>\n            </div>\n' +
    '            <div class="radio">\n                <label>\n                    <input type="radio" name="wage[ignoreSalarySchedule]" id="employee-compensation-salary-wage-schedule-choice-2" value="1" aria-describedby="discount-type-help" data-fhcheck-disable="#employee-compensation-salary-wage-site" checked>Use Employee Clock-Ins\n                </label>\n            </div>\n        </div>\n    </div>\n\n' +
    '<div class="row salary-schedule">\n    <div class="form-col-main">\n        <div>\n            <div class="form-group validate-employee-compensation-ignore-salary-site">\n' +
    `                <label for="employee-compensation-salary-wage-site" class="control-label">Employee Labor Site <span class="field-required">*</span></label>\n` +
    '                        <select data-placeholder="Select Site" id="employee-compensation-salary-wage-site" name="wage[siteId]" class="form-control chosen-select" required disabled><option class="placeholder" value=""></option>' +
    sitesByCode.map((s) => `<option value="${s.id}">${esc(s.code)}</option>`).join('') +
    '</select>\n            </div>\n        </div>\n    </div>\n\n    <div class="form-col-main">\n        <div>\n' +
    '            <label for="employee-compensation-wage-type" class="control-label">\n                Labor Report Schedule\n            </label>\n' +
    '            <span class="text-right pull-right">\n                <span class="salary-hours-schueduled text-info">0</span> Hours\n            </span>\n' +
    '            <table class="table table-condensed table-bordered">\n                <thead>\n                <tr>\n                    <th>Day</th>\n                    <th>Start</th>\n                    <th>End</th>\n                </tr>\n                </thead>\n                <tbody>\n' +
    days
      .map(
        (day, d) =>
          `                    <tr>\n                        <td style="vertical-align: middle;">\n                            <span class="dayofweek" style="">${day}</span>\n                        </td>\n` +
          timeCell(d, 'start') +
          timeCell(d, 'end') +
          '                    </tr>\n',
      )
      .join('') +
    '                </tbody>\n            </table>\n        </div>\n    </div>\n' +
    `    <div class="form-col-aside">\n        <div class="inner ${ASIDE_VALIDATE}">\n            <p id="employee-compensation-help" class="help-block outside-form-group">\n` +
    '                Enter the employee labor schedule to apply effective hourly rate for Labor cost reporting.\n            </p>\n        </div>\n    </div>\n</div>\n\n</div>\n\n'
  );
}

function buttons(saveText: string, cancelId: string): string {
  return (
    '            <div class="alerts alerts-js"></div>\n\n            <br>\n            <br>\n\n            <div class="row">\n                <div class="form-col-main">\n                    <div class="row">\n' +
    `                        <div class="col-xs-6">\n                            <button type="submit"\n                                    id="btn-user-save"\n                                    class="btn btn-success btn-lg btn-block">${saveText}</button>\n                        </div>\n` +
    `                        <div class="col-xs-6">\n                            <a href="/employee"\n                               id="${cancelId}"\n                               class="btn btn-default btn-lg btn-block">Cancel</a>\n                        </div>\n` +
    '                    </div>\n                </div>\n            </div>\n'
  );
}

/** The default of a blank create form, as on the real tenant: the first region switched to "No". */
function defaultCreateAccess(tree: SiteTree): SiteAccess {
  if (tree.kind === 'flat') return { all: false, regionsAll: [], districtsAll: [], siteIds: tree.sites.map((s) => s.id) };
  const first = tree.regions[0];
  return {
    all: false,
    regionsAll: [],
    districtsAll: [],
    siteIds: tree.sites.filter((s) => s.regionId !== first?.id).map((s) => s.id),
  };
}

export function renderEmployeeCreatePage(opts: { tree: SiteTree; userName: string; flashes: readonly Flash[]; today: string }): string {
  const values: EmployeeFormValues = {
    firstName: '',
    lastName: '',
    phone: '',
    email: '',
    departmentIds: [],
    startDate: opts.today,
    siteAccess: defaultCreateAccess(opts.tree),
    posUserId: '',
    posPin: '',
    emergencyContactName: '',
    emergencyContactPhone: '',
    adpEmployeeId: '',
  };
  const main =
    '    <header class="sonny-header">\n        <h1 id="page-title">Create Employee</h1>\n    </header>\n    <!-- /sonny-header -->\n\n    <div class="form-sonny">\n\n' +
    renderFlashes(opts.flashes) +
    '\n        <form data-check-unique="/employee/checkunique" id="employee-create-edit-form" class="employee-crud-form" action="/employee/insert" autocomplete="off" method="post">\n\n' +
    commonFields(opts.tree, values, null) +
    '            <h2>Compensation</h2>\n\n' +
    wageFields(opts.tree.sites) +
    buttons('Set POS Access', 'btn-employee-create-cancel') +
    '        </form>\n    </div>\n    <!-- /form-sonny -->\n';
  return renderPage({ title: 'Create Employee', userName: opts.userName, main, scripts: ['/js/app/employeeCreateEdit.js'] });
}

export function renderEmployeeEditPage(opts: { tree: SiteTree; userName: string; flashes: readonly Flash[]; employee: EmployeeRecord }): string {
  const e = opts.employee;
  const fullName = `${e.firstName} ${e.lastName}`;
  const values: EmployeeFormValues = {
    firstName: e.firstName,
    lastName: e.lastName,
    phone: e.phone,
    email: e.email,
    departmentIds: e.departmentIds,
    startDate: e.startDate,
    siteAccess: e.siteAccess,
    posUserId: String(e.posUserId),
    posPin: String(e.posPin),
    emergencyContactName: e.emergencyContactName,
    emergencyContactPhone: e.emergencyContactPhone,
    adpEmployeeId: e.adpEmployeeId,
  };
  const main =
    `    <header class="sonny-header">\n        <h1 id="page-title">Edit ${esc(fullName)}</h1>\n    </header>\n    <!-- /sonny-header -->\n\n    <div class="form-sonny">\n\n` +
    renderFlashes(opts.flashes) +
    '\n        <form id="employee-create-edit-form"\n              data-check-unique="/employee/checkunique"\n              class="employee-crud-form"\n              action="/employee/update"\n              method="post">\n\n' +
    `                        <input type="hidden" id="employee-id" data-unique name="employee[id]" value="${e.id}">\n` +
    `            <input type="hidden" id="selected-employee-id" value="${e.id}">\n` +
    `            <input type="hidden" id="employee-pos-credentials-id" data-unique name="posCredential[id]" value="${e.posCredentialId}">\n\n` +
    commonFields(opts.tree, values, e.isActive) +
    buttons('Save', 'btn-employee-edit-cancel') +
    '        </form>\n        <!-- /form -->\n    </div>\n    <!-- /form-sonny -->\n\n' +
    '    <div class="modal fade" id="confirm-deactivate-employee-sites-available" tabindex="-1" role="dialog" aria-hidden="true">\n        <div class="modal-dialog">\n            <div class="modal-content">\n' +
    '                <div class="modal-header">\n                    <h3 style="margin: 0;">Employee Work Status</h3>\n                </div>\n' +
    `                <div class="modal-body">\n                    The employee <strong>${esc(fullName)}</strong> must\n                    be assigned to at least one site. Please select a site\n` +
    `                    where <strong>${esc(fullName)}</strong> is Available\n                    to Work. Set the employee to inactive if they are no longer employed.\n                </div>\n` +
    '                <div class="modal-footer">\n                    <a class="btn btn-info btn-confirm"  data-dismiss="modal">OK</a>\n                </div>\n            </div>\n        </div>\n    </div>\n';
  return renderPage({ title: `Edit ${fullName}`, userName: opts.userName, main, scripts: ['/js/app/employeeCreateEdit.js'] });
}
