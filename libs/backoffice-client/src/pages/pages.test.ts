import { BackofficeServerError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { parseEmployeeCreatePage } from './employee-create.js';
import { parseEmployeeEditPage } from './employee-edit.js';
import { parseEmployeePermissionsPage } from './employee-permissions.js';
import { findRosterRowsContaining, parseRoster } from './roster.js';
import { parseUserCreatePage } from './user-create.js';
import { parseUserListPage } from './user-list.js';
import { parseUserPermissionsPage } from './user-permissions.js';

const row = (id: number, first: string, pos: string, active: boolean, extra = '') =>
  `<tr><td class="employees-col-first-name"><span style="white-space: pre">${first}</span></td>` +
  `<td class="employees-col-last-name"><span>Smith</span></td><td class="employees-col-sites">\n   CAROL,\n   WHEAT</td>` +
  `<td class="employees-col-template">None</td><td class="employees-col-pos-user-id">${pos}</td>` +
  `<td class="employees-col-departments"><ul><li>Greeter</li><li>Line &amp; Wash</li></ul></td>` +
  `<td class="employees-col-phone text-nowrap"><a href="tel:">${extra}</a></td><td class="employees-col-wage-type">Salary</td>` +
  `<td class="employees-col-active text-center"><i class="fa ${active ? 'fa-check' : 'fa-times'} fa-lg"></i></td>` +
  `<td class="customers-col-edit"><a id="link-employee-compensation-${id}" href="/employee/compensation/${id}"></a><a href="/employee/edit/${id}"></a></td></tr>`;

describe('roster scan', () => {
  it('reads rows, decodes entities (also rare named ones) and tells inactive rows', () => {
    const html = `<table class="table table-employees-list"><thead><tr><th>First</th></tr></thead><tbody>${row(7, 'Se&aacute;n O&#039;Brien', '12', false, 'jo@x.co')}${row(8, 'Jos&#xE9;', '', true)}</tbody></table>`;
    const rows = parseRoster(html);
    expect(rows).toEqual([
      expect.objectContaining({ employeeId: 7, firstName: "Seán O'Brien", posUserId: 12, active: false, siteCodes: ['CAROL', 'WHEAT'], departments: ['Greeter', 'Line & Wash'], wageType: 'Salary', access: 'None' }),
      expect.objectContaining({ employeeId: 8, firstName: 'José', posUserId: null, active: true, phone: '', phoneDigits: '' }),
    ]);
    expect(findRosterRowsContaining(html, 'JO@X.CO').map((r) => r.employeeId)).toEqual([7]);
  });

  it('names the page and the selector when the table or a row link is missing', () => {
    const error = (() => {
      try {
        parseRoster('<html><body>maintenance</body></html>');
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as BackofficeServerError).details).toEqual({ page: 'roster', element: 'table', selector: 'table.table-employees-list' });
    expect(() => parseRoster('<table class="table-employees-list"><tbody><tr><td class="employees-col-first-name">x</td></tr></tbody></table>')).toThrow(/employeeLink/);
  });
});

describe('missing elements', () => {
  it.each([
    ['employee-create', () => parseEmployeeCreatePage('<html></html>'), 'form[action="/employee/insert"]'],
    ['employee-edit', () => parseEmployeeEditPage('<form action="/employee/update"></form>'), 'input[name="employee[id]"]'],
    ['employee-permissions', () => parseEmployeePermissionsPage('<form action="/employee/permissions/update"></form>'), 'input[name$="][id]"][name^="permissions["]'],
    ['user-create', () => parseUserCreatePage('<form action="/user/insert"></form>'), 'select[name="user[employeeId]"]'],
    ['user-list', () => parseUserListPage('<p>no table</p>'), 'table.table-users-list'],
    ['user-permissions', () => parseUserPermissionsPage('<form action="/user/permissions/update"></form>'), 'select[name="templateId"]'],
  ])('%s: a BackofficeServerError naming page and selector', (page, parse, selector) => {
    try {
      parse();
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BackofficeServerError);
      expect((error as BackofficeServerError).details).toMatchObject({ page, selector });
      expect((error as Error).message).toContain(selector);
    }
  });
});

describe('Back Office pages', () => {
  it('reads the user list and the Back Office templates by name', () => {
    const list =
      '<table class="table table-users-list"><tbody><tr><td class="users-col-first-name">Alex</td><td class="users-col-last-name">Sample</td>' +
      '<td class="users-col-username">ASample</td><td class="users-col-email">a@example.com</td><td class="users-col-active"><i class="fa fa-check"></i></td>' +
      '<td class="customers-col-edit"><a id="link-edit-permissions-user-2944451" href="/user/permissions/2944451"></a></td></tr></tbody></table>';
    expect(parseUserListPage(list)).toEqual([{ userId: 2944451, username: 'ASample', email: 'a@example.com', firstName: 'Alex', lastName: 'Sample', active: true }]);
    const permissions =
      '<form action="/user/permissions/update"><select name="template"><option value=""></option>' +
      '<option value="1" data-permissions-set="category.list,user.all">Administrator</option><option value="3" data-permissions-set="category.list">General User</option></select></form>';
    expect(parseUserPermissionsPage(permissions)).toEqual([
      { id: 1, name: 'Administrator' },
      { id: 3, name: 'General User' },
    ]);
  });
});
