/**
 * Conformance of the employee reads and the edit round-trip with the pages captured from a live tenant
 * (../shared/reference). No compensation page was ever captured: that page is written here from the
 * protocol's description (§2.5) and says so.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FakeBackoffice, html, redirect } from '../../test/support/fake-backoffice.js';
import { BackofficeClient } from '../client.js';
import { profileOf } from '../operations/get-employee.js';
import { parseEmployeeCompensationPage } from './employee-compensation.js';
import { parseEmployeeEditPage } from './employee-edit.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const pagesDir = join(repoRoot, '..', 'shared', 'reference', 'backoffice-pages');
const present = existsSync(pagesDir);
if (!present) console.warn(`Skipping the captured-page employee conformance suite: ${pagesDir} (../shared/reference/backoffice-pages) is absent.`);
const page = (name: string): string => readFileSync(join(pagesDir, name), 'utf8');

/** A compensation page with the real form and column names of §2.5 (not a capture: none exists). */
function compensationPage(employeeId: number, rows: string[]): string {
  return (
    '<html><body><div class="alerts alerts-server"></div>' +
    '<form data-submit-once id="employee-compensation-edit-form" class="employee-compensation-crud-form" action="/employee/compensation/update" method="post">' +
    `<input type="hidden" id="employee-id" name="employeeId" value="${employeeId}">` +
    '<input type="text" id="wage-effective-date" name="wage[effectiveDate]" class="form-control pickadate-date" data-value="11/24/2026" data-pickadate-min="07/08/2025">' +
    '<select name="wage[isHourly]"><option value="1" selected>Hourly</option><option value="0">Salary</option></select>' +
    '<input type="number" name="wage[regularRate]" value=""><input type="checkbox" name="wage[isOvertimeEligible]" value="1">' +
    '<input type="number" name="wage[overtimeRate]" disabled><select name="wage[siteId]" disabled><option value="1">FIESTA</option></select>' +
    '<button type="submit" id="btn-employee-compensation-submit">Save</button></form>' +
    '<table class="table table-employee-compensation-history"><thead><tr><th class="employee-compensation-col-wage-type">Wage Type</th></tr></thead><tbody>' +
    rows.join('') +
    '</tbody></table></body></html>'
  );
}

function wageRow(type: string, wage: string, eligible: boolean, overtime: string, effective: string, end: string): string {
  const icon = eligible
    ? '<i class="fa fa-lg fa-check text-success" data-toggle="tooltip" data-original-title="Employee is Eligible for Overtime"></i>'
    : '<i class="fa fa-lg fa-times text-danger"></i>';
  return (
    `<tr><td class="employee-compensation-col-wage-type">${type}</td><td class="employee-compensation-col-wage">${wage}</td>` +
    `<td class="employee-compensation-col-overtime-eligible text-center">${icon}</td><td class="employee-compensation-col-overtime-rate">${overtime}</td>` +
    `<td class="employee-compensation-col-effective-date">${effective}</td><td class="employee-compensation-col-end-date">${end}</td></tr>`
  );
}

const EMPLOYEE_486 = {
  employeeId: 486,
  posUserId: 99003,
  firstName: 'WrapperExplore',
  lastName: 'DeleteMe-E5F7',
  phone: '5555550003',
  email: 'wrapper-explore-E5F7@example.invalid',
  departments: ['Greeter'],
  startDate: '2026-04-13',
  active: true,
  availableSites: ['Wash 37135', 'Wash 37055', 'Wash 37062'],
  emergencyContactName: '',
  emergencyContactPhone: '',
  payrollEmployeeId: '',
};

describe.skipIf(!present)('captured pages: the edit page read in full', () => {
  it('reads every profile field of employee-edit-active.html: start date from data-value, departments by name, long site names', () => {
    expect(profileOf(parseEmployeeEditPage(page('employee-edit-active.html')))).toEqual(EMPLOYEE_486);
  });

  it('reads the inactive and the all-sites captures', () => {
    expect(profileOf(parseEmployeeEditPage(page('employee-edit-after-disable.html')))).toEqual({ ...EMPLOYEE_486, active: false });
    expect(profileOf(parseEmployeeEditPage(page('employee-edit-after-rejected-update.html')))).toMatchObject({ employeeId: 484, availableSites: 'all', active: true });
  });
});

describe('the compensation page as §2.5 describes it (no real capture exists)', () => {
  it('reads the history newest first in cents, the check icon as eligible and anything else as not', () => {
    const parsed = parseEmployeeCompensationPage(
      compensationPage(54, [
        wageRow('Hourly', '$16.00/hr', false, '', '08/01/2025', ''),
        wageRow('Hourly', '$14.75/hr', true, '$22.13/hr', '07/07/2025', '07/31/2025'),
        wageRow('Salary', '$1,250.50/hr', true, '$1,875.75/hr', '01/02/2024', '07/06/2025'),
      ]),
    );
    expect(parsed.history).toEqual([
      { wageType: 'hourly', regularRateCents: 1600, overtimeEligible: false, overtimeRateCents: null, effectiveDate: '2025-08-01', endDate: null },
      { wageType: 'hourly', regularRateCents: 1475, overtimeEligible: true, overtimeRateCents: 2213, effectiveDate: '2025-07-07', endDate: '2025-07-31' },
      { wageType: 'salary', regularRateCents: 125_050, overtimeEligible: true, overtimeRateCents: 187_575, effectiveDate: '2024-01-02', endDate: '2025-07-06' },
    ]);
    expect(parsed.fields).toEqual([
      ['employeeId', '54'],
      ['wage[effectiveDate]', '11/24/2026'],
      ['wage[isHourly]', '1'],
      ['wage[regularRate]', ''],
    ]);
    expect(parsed.gaps).toEqual([]);
  });

  it('refuses a history table cut short, naming the page', () => {
    const whole = compensationPage(54, [wageRow('Hourly', '$16.00/hr', true, '$24.00/hr', '08/01/2025', '')]);
    expect(() => parseEmployeeCompensationPage(whole.slice(0, whole.indexOf('</tbody>')))).toThrow(/employee-compensation page arrived cut short/);
    expect(() => parseEmployeeCompensationPage(whole.replace(/<table[\s\S]*<\/table>/, ''))).toThrow(/employee-compensation page has no history/);
  });
});

describe.skipIf(!present)('captured pages: getEmployee and updateEmployee replayed (injected fetch)', () => {
  function setup(editPages: string[]): { fake: FakeBackoffice; bo: BackofficeClient } {
    const fake = new FakeBackoffice();
    let edits = 0;
    fake.routes.set('GET /employee/edit/486', () => html(editPages[Math.min(edits++, editPages.length - 1)] ?? ''));
    fake.routes.set('GET /employee/compensation/486', () => html(compensationPage(486, [wageRow('Hourly', '$14.75/hr', true, '$22.12/hr', '04/13/2026', '')])));
    fake.routes.set('GET /employee/permissions/486', () => html(page('employee-permissions-new.html')));
    fake.routes.set('POST /employee/update', () => redirect('/employee'));
    // The duplicate pre-check of a new phone reads the roster and the email map.
    fake.routes.set('GET /employee', () => html(page('employee-list-page1.html')));
    fake.routes.set('GET /user/create', () => html(page('user-create.html')));
    const bo = new BackofficeClient({ baseUrl: 'http://backoffice.test', username: 'bot', password: fake.password, fetch: fake.fetch });
    return { fake, bo };
  }

  it('getEmployee returns the captured employee with its history and permission, and never its PIN', async () => {
    const { bo } = setup([page('employee-edit-active.html')]);
    const employee = await bo.getEmployee({ employeeId: 486 });
    expect(employee).toEqual({
      ...EMPLOYEE_486,
      compensation: [{ wageType: 'hourly', regularRateCents: 1475, overtimeEligible: true, overtimeRateCents: 2212, effectiveDate: '2026-04-13', endDate: null }],
      permission: { custom: true, templateId: null, template: 'custom', grants: [], overrides: [] },
    });
    expect(JSON.stringify(employee)).not.toContain('99997');
  });

  it('updateEmployee posts the captured form back with only the phone replaced, and verifies it', async () => {
    const before = page('employee-edit-active.html');
    const after = before.replace('value="5555550003"', 'value="3125550188"');
    expect(after).not.toBe(before);
    const { fake, bo } = setup([before, after]);
    const result = await bo.updateEmployee({ employeeId: 486 }, { phone: '312-555-0188', firstName: 'WrapperExplore' });
    expect(result).toMatchObject({ changed: ['phone'], unchanged: ['firstName'] });
    const post = fake.calls.find((c) => c.method === 'POST' && c.path === '/employee/update');
    const served = parseEmployeeEditPage(before).fields;
    expect([...new URLSearchParams(post?.body)]).toEqual(served.map(([n, v]) => [n, n === 'employee[phone]' ? '3125550188' : v]));
  });
});
