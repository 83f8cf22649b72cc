/**
 * `GET /user/create`: the Back Office user form (`#user-create-edit-form` → `/user/insert`). The employee dropdown
 * lists active employees sorted by first name, each option carrying `data-email`, `data-first-name`, `data-last-name`.
 * After a rejected insert the email and username come back filled in, as on the real page.
 */
import { escapeHtml as esc } from '../redirect-shell.js';
import type { EmployeeRecord } from '../tenant/model.js';
import { renderFlashes, renderPage, type Flash } from './layout.js';

function nameInput(id: string, name: string, label: string, value: string): string {
  return (
    `<div class="margin-top-form-group">\n    <label for="${id}" class="control-label">${label} <span class="field-required">*</span></label>\n    <div class="row">\n        <div class="form-col-main">\n` +
    `            <input type="text"\n                   class="form-control"\n                   id="${id}"\n                   name="${name}"\n                   aria-describedby="${id}"\n` +
    `                   value="${esc(value)}"\n                   maxlength="64"\n                   minlength="2"\n                   required\n                   autocomplete="dummy">\n        </div>\n        <!-- /col -->\n` +
    `        <div class="form-col-aside">\n            <div class="valign-match-input">\n                <div class="inner" data-validate data-validate-${id}>\n` +
    `                    <p id="${id}-help" class="help-block">\n                    </p>\n                </div><!-- /inner -->\n            </div><!-- /valign-match-input -->\n        </div><!-- /col -->\n    </div>\n    <!-- /row -->\n</div>\n`
  );
}

export interface UserCreateRefill {
  isOnSiteEmployee: boolean;
  employeeId: string;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
}

export function renderUserCreatePage(opts: {
  userName: string;
  flashes: readonly Flash[];
  employees: readonly EmployeeRecord[];
  refill: UserCreateRefill | null;
}): string {
  const r = opts.refill;
  const onSite = r ? r.isOnSiteEmployee : true;
  const options = [...opts.employees]
    .filter((e) => e.isActive)
    .sort((a, b) => a.firstName.toLowerCase().localeCompare(b.firstName.toLowerCase()) || a.id - b.id)
    .map(
      (e) =>
        `                                                            <option\n                                        value="${e.id}"\n                                        data-email="${esc(e.email)}"\n` +
        `                                        data-first-name="${esc(e.firstName)}"\n                                        data-last-name="${esc(e.lastName)}"\n` +
        `                                        ${r && r.employeeId === String(e.id) ? 'selected' : ''}\n                                >${esc(`${e.firstName} ${e.lastName}`)}</option>\n`,
    )
    .join('');
  const main =
    '    <header class="sonny-header">\n        <h1 id="page-title">Create Back Office User</h1>\n    </header><!-- /sonny-header -->\n\n    <div class="form-sonny">\n\n' +
    renderFlashes(opts.flashes) +
    '        \n        <form id="user-create-edit-form"\n              action="/user/insert"\n              autocomplete="off"\n              method="post">\n\n' +
    '            <div class="row">\n                <div class="form-col-main">\n                    <div class="sbox sbox-bg sbox-edge2edge sbox-toggle-list sbox-stack">\n                        <div class="form-group" data-validate>\n' +
    '                            <input type="checkbox"\n                                   id="employee-of-the-wash-toggle"\n                                   name="employee[isOnSiteEmployee]"\n                                   value="1"\n' +
    '                                   aria-describedby="employee-of-the-wash-help"\n                                   data-toggle="toggle"\n                                   data-size="small"\n                                   data-width="60"\n' +
    '                                   data-onstyle="success"\n                                   data-offstyle="info"\n                                   data-on="Yes"\n                                   data-off="No"\n' +
    `                                   ${onSite ? ' checked' : ''}\n                            >\n` +
    '                            <label for="employee-of-the-wash-toggle" class="control-label">Is this user an Employee of the Wash?</label>\n                        </div>\n                        <!-- /form-group -->\n                    </div>\n                    <!-- /sbox -->\n                </div>\n                <!-- /col -->\n' +
    '                <div class="form-col-aside">\n                    <div class="valign-match-input">\n                        <div class="inner" data-validate data-validate-employee-of-the-wash>\n' +
    '                            <p id="employee-of-the-wash-help" class="help-block">\n                                Select <strong><span class="text-success">Yes</span></strong> if the back office user\n' +
    '                                is an employee that will require access to a POS. Select <strong><span class="text-info">No</span></strong>\n' +
    '                                if the back office user is an External User and will never require access to a POS.\n' +
    '                                External Users will only have access to the Back Office system. Only created Employees\n                                can have access to a POS\n                            </p>\n' +
    '                        </div>\n                        <!-- /inner -->\n                    </div>\n                    <!-- /valign-match-input -->\n                </div>\n                <!-- /col -->\n            </div><!-- /row -->\n\n' +
    '            <div id="wash-employee">\n\n            <div class="form-group" id="wash-employee" data-validate data-validate-sessions-filter-cashiers>\n' +
    '                <label for="user-employee" class="control-label">Employee  <span class="field-required">*</span></label>\n\n                <div class="row">\n                    <div class="form-col-main">\n' +
    '                        <select id="user-employee"\n                                class="form-control chosen-select"\n                                name="user[employeeId]"\n                                data-placeholder="Please Select Employee"\n                        >\n' +
    '                            <option class="placeholder" value=""></option>\n' +
    options +
    '                                                    </select>\n                    </div>\n                    <!-- /col -->\n' +
    '                    <div class="form-col-aside">\n                        <div class="valign-match-input">\n                            <div class="inner" data-validate data-validate-user-employee>\n' +
    '                                <p id="user-employee-help" class="help-block"></p>\n                            </div><!-- /inner -->\n                        </div><!-- /valign-match-input -->\n                    </div><!-- /col -->\n' +
    '                </div>\n            </div>\n            <!-- /form-group -->\n            </div>\n            <!-- wash employee -->\n\n' +
    `            <div class="form-group" id="non-wash-employee"${onSite ? ' style="display: none;"' : ''} data-validate>\n` +
    nameInput('employee-first-name', 'employee[firstName]', 'First Name', r?.firstName ?? '') +
    nameInput('employee-last-name', 'employee[lastName]', 'Last Name', r?.lastName ?? '') +
    '            </div>\n            <!-- /form-group -->\n\n            <input type="hidden" value="" id="selected-employee-id"/>\n' +
    '                    <div class="margin-top-form-group" id="group-user-employee-email">\n            <label for="employee-email" class="control-label">Email <span class="field-required">*</span></label>\n' +
    '            <div class="row">\n                <div class="form-col-main">\n                    <div class="input-group">\n' +
    '                        <input type="text"\n                               class="form-control"\n                               id="user-email"\n                               name="employee[email]"\n                               aria-describedby="employee-email"\n' +
    `                               required\n                               data-required="true"\n                               value="${esc(r?.email ?? '')}"\n                               autocomplete="dummy">\n` +
    '                        <span class="input-group-btn">\n                                <button\n                                        type="button"\n                                        id="employee-email-check"\n' +
    '                                        class="btn btn-clear-success square"\n                                        title="Email Availability Check"\n                                        data-toggle="tooltip">\n' +
    '                                    <i id="employee-email-check-icon" class="fa fa-check"></i>\n                                </button>\n                            </span>\n                    </div>\n                </div>\n' +
    '                <div class="form-col-aside">\n                    <div class="valign-match-input">\n                        <div class="inner" data-validate data-validate-employee-last-name>\n' +
    '                            <p id="employee-last-name-help" class="help-block">\n                                Email is required so user can reset their Password.\n                            </p>\n' +
    '                        </div>\n                    </div>\n                </div>\n            </div>\n        </div>\n' +
    '                <div class="form-group" data-validate data-validate-user-username id="group-user-username">\n' +
    '            <label for="user-username" class="control-label">Username <span class="field-required">*</span></label>\n' +
    '            <div class="row">\n                <div class="form-col-main">\n                    <div class="input-group">\n' +
    '                        <input type="text"\n                               class="form-control"\n                               id="user-username"\n                               name="user[username]"\n                               aria-describedby="user-username"\n' +
    `                               value="${esc(r?.username ?? '')}"\n                               maxlength="64"\n                               required\n                               autocomplete="dummy"\n                               pattern="[A-Za-z][\\w]{2,63}">\n` +
    '                        <span class="input-group-btn">\n                                <button\n                                        type="button"\n                                        id="username-check"\n' +
    '                                        class="btn btn-clear-success square"\n                                        title="Username Availability Check"\n                                        data-toggle="tooltip">\n' +
    '                                    <i id="username-check-icon" class="fa fa-check"></i>\n                                </button>\n                            </span>\n                    </div>\n                </div>\n' +
    '                <div class="form-col-aside">\n                    <div class="valign-match-input">\n                        <div class="inner" data-validate data-validate-user-username>\n' +
    '                            <p id="user-username-help" class="help-block">\n                                Must start with a letter and contain 3 to 64 alpha-numeric characters.\n                            </p>\n' +
    '                        </div>\n                    </div>\n                </div>\n            </div>\n        </div>\n' +
    '                        <div class="wrapperSsoMigrationConfirmation form-group hide">\n                <div class="row">\n                    <div class="form-col-main">\n                        <div class="text-center">\n' +
    '                                    <span class="ssoMigrationConfirmationMsg text-warning"></span>\n                            <div style="margin-top: 5px;">\n' +
    '                                <input type="checkbox"\n                                       class="linkExistingAccountField"\n                                       name="user[linkExistingAccount]"\n                                       value="1"\n' +
    '                                       data-toggle="toggle"\n                                       data-onstyle="info"\n                                       data-offstyle="info"\n                                       data-on="Yes"\n                                       data-off="No"\n' +
    '                                       data-submit-btn="#btn-user-save"\n                                       data-fhcheck-enable="#btn-user-save"\n                                       data-fhcheck-disable="#btn-user-save">\n' +
    '                            </div>\n                        </div>\n                    </div>\n                </div>\n            </div>\n' +
    '            <div class="form-group" data-validate data-validate-user-password id="group-user-password">\n' +
    '                <label for="user-password" class="control-label">Password <span class="field-required">*</span></label>\n' +
    '                <div class="row">\n                    <div class="form-col-main">\n                        <div class="input-group">\n' +
    '                            <input type="password"\n                                   class="form-control"\n                                   id="user-password"\n                                   name="user[password]"\n' +
    '                                   aria-describedby="user-password"\n                                   value=""\n                                   required\n                                   autocomplete="dummy">\n' +
    '                                <span class="input-group-btn">\n                                    <button\n                                            type="button"\n                                            id="show-hide-pass"\n' +
    '                                            class="btn btn-clear-success square"\n                                            title="Display / Hide Password"\n                                            data-toggle="tooltip">\n' +
    '                                        <i class="fa fa-eye-slash"></i>\n                                    </button>\n                                </span>\n                        </div>\n                    </div>\n                    <!-- /col -->\n' +
    '                    <div class="form-col-aside">\n                        <div class="valign-match-input">\n                            <div class="inner" data-validate data-validate-user-password>\n' +
    '                                <p id="user-password-help" class="help-block">\n                                    Password and Confirm Password must match and have at least 8 alpha-numeric characters.\n                                </p>\n' +
    '                            </div><!-- /inner -->\n                        </div><!-- /valign-match-input -->\n                    </div><!-- /col -->\n                </div>\n                <!-- /row -->\n            </div><!-- /form-group -->\n' +
    '            <div class="form-group" data-validate data-validate-user-confirm-password id="group-user-confirm-password">\n' +
    '                <label for="user-confirm-password" class="control-label">Confirm Password <span class="field-required">*</span></label>\n' +
    '                <div class="row">\n                    <div class="form-col-main">\n' +
    '                        <input type="password"\n                               class="form-control"\n                               id="user-confirm-password"\n                               name="user[confirmPassword]"\n' +
    '                               aria-describedby="user-confirm-password"\n                               value=""\n                               required\n                               autocomplete="dummy">\n' +
    '                    </div>\n                    <!-- /col -->\n                    <div class="form-col-aside">\n                        <div class="valign-match-input">\n' +
    '                            <div class="inner" data-validate data-validate-user-confirm-password>\n                                <p id="user-confirm-password-help" class="help-block"></p>\n' +
    '                            </div><!-- /inner -->\n                        </div><!-- /valign-match-input -->\n                    </div><!-- /col -->\n                </div>\n                <!-- /row -->\n            </div><!-- /form-group -->\n' +
    '            <br />\n            <div class="row">\n                <div class="form-col-main">\n                    <div class="row">\n                        <div class="col-xs-6">\n' +
    '                            <button type="submit"\n                                    id="btn-user-save"\n                                    class="btn btn-success btn-lg btn-block">Set Permissions\n                            </button>\n' +
    '                        </div>\n                        <!-- /col -->\n                        <div class="col-xs-6">\n                            <a href="/user"\n                               id="btn-user-cancel"\n                               class="btn btn-default btn-lg btn-block">Cancel</a>\n' +
    '                        </div>\n                        <!-- /col -->\n                    </div>\n                    <!-- /row -->\n                </div>\n                <!-- /col -->\n            </div>\n            <!-- /row -->\n' +
    '        </form>\n        <!-- /user-create-form -->\n    </div>\n';
  return renderPage({
    title: 'Create Back Office User',
    userName: opts.userName,
    main,
    scripts: ['/js/app/userCreateEdit.js', '/js/app/userUniqueUsernameCheck.js', '/js/app/employeeUniqueEmailCheck.js', '/js/app/ssoUserConversion.js'],
  });
}
