/**
 * `GET /employee/permissions/<id>`: the POS permission matrix (`#employee-permission-update-form`). Permission 1
 * appears twice (the "Action Approval Authority" block, then "Manager Approval" in General); the template select
 * always renders with its blank option selected.
 */
import { escapeHtml as esc } from '../redirect-shell.js';
import { ACTION_APPROVAL_AUTHORITY, POS_PERMISSION_GROUPS, POS_PERMISSIONS, POS_TEMPLATES } from '../tenant/catalog.js';
import type { EmployeeRecord } from '../tenant/model.js';
import { renderFlashes, renderPage, type Flash } from './layout.js';

function permissionRow(id: number, granted: boolean, override: boolean): string {
  const p = POS_PERMISSIONS.find((x) => x.id === id);
  if (!p) return '';
  return (
    `\n                <h4>${esc(p.label)}</h4>\n                <div class="row">\n                    <div class="form-col-main">\n\n` +
    '                        <div class="sbox sbox-bg sbox-edge2edge sbox-toggle-list">\n                            <div class="form-group">\n' +
    `                                <input type="hidden" name="permissions[${id}][id]" value="${id}" />\n` +
    `                                <input type="hidden" name="permissions[${id}][label]" value="${esc(p.label)}" />\n` +
    `                                <input type="hidden" name="permissions[${id}][description]" value="${esc(p.description)}" />\n` +
    `                                <input type="checkbox"\n                                       id="perm-grant-${id}"\n                                       aria-describedby="perm-${id}-help"\n` +
    `                                       class="permission-grant"\n                                       name="permissions[${id}][hasGrantAccess]"\n                                       value="1"\n` +
    `                                       data-permission-id="${id}"\n                                       data-toggle="toggle"\n                                       data-size="small"\n                                       data-width="70"\n` +
    '                                       data-onstyle="success"\n                                       data-offstyle="danger"\n                                       data-on="Grant"\n                                       data-off="Deny"\n' +
    `                                       data-fhchecked-toggle-collapse-open="#sbox-perm-override-${id}"\n                                       ${granted ? 'checked' : ''}>\n` +
    `                                <label for="perm-grant-${id}" class="control-label">Access</label>\n                            </div><!-- /form-group -->\n                        </div><!-- /sbox -->\n` +
    '                         <div class="sbox-collapse sbox-collapse-edge2edge">\n    <div class="sbox-collapse-area-wrapper">\n' +
    `        <div id="sbox-perm-override-${id}"\n             class="sbox-collapse-area collapse${granted ? ' in' : ''}"\n             aria-expanded="${granted}">\n\n` +
    '                            <div class="sbox sbox-bg sbox-edge2edge sbox-toggle-list">\n                                <div class="form-group">\n' +
    `                                    <input type="checkbox"\n                                           id="perm-override-${id}"\n                                           aria-describedby="perm-${id}-help"\n` +
    `                                           class="permission-override"\n                                           name="permissions[${id}][requiresOverride]"\n                                           value="1"\n` +
    '                                           data-toggle="toggle"\n                                           data-size="small"\n                                           data-width="70"\n' +
    '                                           data-onstyle="success"\n                                           data-offstyle="danger"\n                                           data-on="Yes"\n                                           data-off="No"\n' +
    `                                           ${override ? 'checked' : ''}>\n` +
    `                                    <label for="perm-override-${id}" class="control-label">Requires Approval</label>\n                                </div><!-- /form-group -->\n                            </div><!-- /sbox -->\n` +
    '                                </div>\n        <!-- /sbox-collapse-area -->\n    </div>\n    <!-- /sbox-collapse-area-wrapper -->\n</div>\n<!-- /sbox-collapse -->\n' +
    '                    </div><!-- /col -->\n                    <div class="form-col-aside">\n                        <div class="valign-match-input">\n                            <div class="inner">\n' +
    `                                <p id="perm-${id}-help" class="help-block">${esc(p.description)}</p>\n` +
    '                            </div><!-- /inner -->\n                        </div><!-- /valign-match-input -->\n                    </div>\n                </div><!-- /row -->\n'
  );
}

export function renderEmployeePermissionsPage(opts: { userName: string; flashes: readonly Flash[]; employee: EmployeeRecord }): string {
  const e = opts.employee;
  const grants = new Set(e.grants);
  const overrides = new Set(e.overrides);
  const out: string[] = [];
  out.push(
    '                    <header class="sonny-header head-btns">\n        <div class="row">\n            <div class="col-head-title">\n' +
      '                <h1 id="page-title">Employee Access</h1>\n' +
      `                <h3 id="page-sub-title">Name: <strong>${esc(`${e.firstName} ${e.lastName}`)}</strong>, POS ID: <strong>${e.posUserId}</strong></h3>\n` +
      '            </div>\n            <!-- /col -->\n        </div>\n        <!-- /row -->\n    </header>\n    <!-- /sonny-header -->\n\n    <div class="form-sonny">\n\n',
  );
  out.push(renderFlashes(opts.flashes));
  out.push(
    '        <form data-submit-once id="employee-permission-update-form" action="/employee/permissions/update" method="post">\n\n' +
      `            <input type="hidden" name="employeeId" value="${e.id}">\n` +
      '            <div class="form-group">\n                <label class="control-label" for="template">Permissions Templates</label>\n                <div class="row">\n                    <div class="form-col-main">\n' +
      '                        <select\n                                id="template"\n                                class="form-control chosen-select"\n                                data-placeholder="Load from a Template"\n                                name="templateId">\n' +
      '                            <option value="" class="placeholder" selected></option>\n' +
      POS_TEMPLATES.map(
        (t) =>
          `                                                            <option\n                                        value="${t.id}"\n` +
          `                                        data-permissions-set="${t.grants.join(',')}"\n                                        data-manager-override-permissions-set="${t.overrides.join(',')}"\n` +
          `                                        \n                                >${esc(t.name)}</option>\n`,
      ).join('') +
      '                                                    </select>\n                    </div><!-- col -->\n' +
      '                    <div class="form-col-aside">\n                        <div class="valign-match-input">\n                            <div class="inner">\n' +
      '                                <p id="template-help" class="help-block">By selecting an template from the available templates it will load a set of pre-configured permissions chosen to help out during setup. It is <strong>not</strong> required to choose any template and, even if you choose one, the permission set for each employee is completely custom.</p>\n' +
      '                            </div><!-- /inner -->\n                        </div><!-- /valign-match-input -->\n                    </div><!-- col -->\n                </div><!-- row -->\n            </div><!-- /form-group -->\n\n',
  );
  const aaa = ACTION_APPROVAL_AUTHORITY;
  out.push(
    '            <h4>Action Approval Authority</h4>\n            <div class="row">\n                <div class="form-col-main">\n                    <div class="sbox sbox-bg sbox-edge2edg sbox-toggle-list">\n                        <div class="form-group">\n' +
      '                            <input type="hidden" id="has-action-approval-authority" name="hasActionApprovalAuthority" value="0" />\n' +
      `                            <input type="hidden" name="permissions[1][id]" value="1" />\n` +
      `                            <input type="hidden" name="permissions[1][label]" value="${esc(aaa.label)}" />\n` +
      `                            <input type="hidden" name="permissions[1][description]" value="${esc(aaa.description)}" />\n` +
      '                            <input type="hidden" name="permissions[1][requiresOverride]" value="0" />\n' +
      '                            <input type="checkbox"\n                                   id="action-approval-authority"\n                                   aria-describedby="action-approval-authority-help"\n' +
      '                                   name="permissions[1][hasGrantAccess]"\n                                   value="1"\n                                   data-toggle="toggle"\n                                   data-size="small"\n                                   data-width="70"\n' +
      '                                   data-onstyle="success"\n                                   data-offstyle="danger"\n                                   data-on="Yes"\n                                   data-off="No"\n' +
      `                                   ${grants.has(1) ? 'checked' : ''}>\n` +
      '                            <label for="action-approval-authority" class="control-label">Give Authority</label>\n                        </div><!-- /form-group -->\n                    </div><!-- /sbox -->\n                </div><!-- /col -->\n' +
      '                <div class="form-col-aside">\n                    <div class="valign-match-input">\n                        <div class="inner">\n' +
      `                            <p id="action-approval-authority-help" class="help-block">${esc(aaa.description)}</p>\n` +
      '                        </div><!-- /inner -->\n                    </div><!-- /valign-match-input -->\n                </div><!-- /col -->\n            </div><!-- /row -->\n\n            <h2>Permissions</h2>\n\n',
  );
  for (const group of POS_PERMISSION_GROUPS) {
    out.push(
      '                <div class="sbox-collapse ">\n' +
        `    <a id="link-sbox-collapse-permission-group${group.key}"\n       class="sbox-collapse-head  collapsed"\n       role="button"\n       data-toggle="collapse"\n` +
        `       href="#sbox-permission-group${group.key}"\n       aria-expanded="false"\n       aria-controls="sbox-permission-group${group.key}">\n` +
        '        <div class="sbox-collapse-icon">\n            <i class="fa fa-chevron-down sbox-collapse-icon-down"></i>\n            <i class="fa fa-chevron-right sbox-collapse-icon-right"></i>\n        </div>\n' +
        `                <h3 class="sbox-collapse-title">${esc(group.title)}<span class="sr-only">View Options</span></h3>\n        <div class="btn-faux btn btn-primary btn-block">View Permissions</div>\n    </a>\n\n` +
        `    <!-- /link-sbox-collapse-permission-group${group.key} -->\n    <div class="sbox-collapse-area-wrapper">\n        <div id="sbox-permission-group${group.key}"\n` +
        `             class="sbox-collapse-area collapse"\n             aria-labelledby="link-sbox-collapse-permission-group${group.key}">\n\n`,
    );
    for (const id of group.ids) out.push(permissionRow(id, grants.has(id), overrides.has(id)));
    out.push('\n                        </div>\n        <!-- /sbox-collapse-area -->\n    </div>\n    <!-- /sbox-collapse-area-wrapper -->\n</div>\n<!-- /sbox-collapse -->\n\n');
  }
  out.push(
    '            <br>\n            <br>\n\n            <div class="row">\n                <div class="form-col-main">\n                    <div class="row">\n                        <div class="col-xs-6">\n' +
      '                            <button type="submit"\n                                    id="btn-customer-save"\n                                    class="btn btn-lg btn-block btn-success"\n' +
      '                                    data-save-text="Save"\n                                    data-save-classes="btn-success"\n                                    data-delete-text="Delete"\n                                    data-delete-classes="btn-danger">\n                                Save\n                            </button>\n' +
      '                        </div><!-- /col -->\n                        <div class="col-xs-6">\n                            <a href="/employee"\n                               id="btn-employee-cancel"\n                               class="btn btn-default btn-lg btn-block">Cancel</a>\n' +
      '                        </div><!-- /col -->\n                    </div><!-- /row -->\n                </div><!-- /col -->\n            </div><!-- /row -->\n        </form>\n    </div><!-- /form-sonny -->\n',
  );
  return renderPage({
    title: `Employee Access for ${e.firstName} ${e.lastName}`,
    userName: opts.userName,
    main: out.join(''),
    scripts: ['/js/app/employeePermissionEdit.js'],
  });
}
