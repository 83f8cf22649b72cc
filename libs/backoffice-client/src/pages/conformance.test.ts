/**
 * Conformance: the parsers read the pages captured from a live tenant (../shared/reference).
 * The expected values are the ones those pages really contain.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BackofficeServerError, ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { FakeBackoffice, html, redirect } from '../../test/support/fake-backoffice.js';
import { BackofficeClient } from '../client.js';
import { emailKey } from '../normalize.js';
import { permissionMatrix } from '../operations/pos-permission-matrix.js';
import { encodeSites, resolveSites } from '../operations/site-encoding.js';
import { parseEmployeeCreatePage } from './employee-create.js';
import { parseEmployeeEditPage } from './employee-edit.js';
import { parseEmployeePermissionsPage } from './employee-permissions.js';
import { parseFlash } from './flash.js';
import { isLoginPage } from './login.js';
import { parseRoster } from './roster.js';
import { parseUserCreatePage } from './user-create.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const pagesDir = join(repoRoot, '..', 'shared', 'reference', 'backoffice-pages');
const present = existsSync(pagesDir);
if (!present) console.warn(`Skipping the captured-page conformance suite: ${pagesDir} (../shared/reference/backoffice-pages) is absent.`);
const page = (name: string): string => readFileSync(join(pagesDir, name), 'utf8');

describe.skipIf(!present)('captured pages: the login form', () => {
  it('login.html is recognised as the login form', () => {
    expect(isLoginPage(page('login.html'))).toBe(true);
    expect(isLoginPage(page('employee-list-page1.html'))).toBe(false);
  });
});

describe.skipIf(!present)('captured pages: roster: employee-list-page1.html', () => {
  const rows = present ? parseRoster(page('employee-list-page1.html')) : [];

  it('has the 25 rows of the default page, each with its employee id', () => {
    expect(rows).toHaveLength(25);
    expect(new Set(rows.map((r) => r.employeeId)).size).toBe(25);
    expect(rows.every((r) => r.active)).toBe(true);
  });

  it('reads every column of the first rows', () => {
    expect(rows[0]).toEqual({
      employeeId: 54,
      firstName: 'avery',
      lastName: 'example',
      siteCodes: ['FIESTA'],
      access: 'Custom',
      posUserId: 7217,
      departments: ['Greeter'],
      phone: '(555) 010-0001',
      phoneDigits: '5550100001',
      wageType: 'Hourly',
      active: true,
    });
    expect(rows[1]).toMatchObject({
      employeeId: 62,
      firstName: 'Casey',
      lastName: 'Sample',
      siteCodes: ['CAROL', 'VILLAP', 'WHEAT'],
      access: 'Shift Leader',
      posUserId: 9130,
      phoneDigits: '5550100002',
    });
    expect(rows[2]).toMatchObject({ employeeId: 206, lastName: 'Tester', siteCodes: ['EVRGRN'], access: 'CSA', posUserId: 6485 });
  });
});

describe.skipIf(!present)('captured pages: create form: employee-create.html', () => {
  const form = present ? parseEmployeeCreatePage(page('employee-create.html')) : undefined;

  it('reads the hierarchical site tree: 2 regions, 2 districts, 19 sites with long names and short codes', () => {
    expect(form?.tree.kind).toBe('hierarchical');
    expect(form?.tree.regions).toEqual([
      { id: 1, name: 'Global Region' },
      { id: 2, name: 'WashU Illinois' },
    ]);
    expect(form?.tree.districts).toEqual([
      { id: 1, name: 'Global District', regionId: 1 },
      { id: 2, name: "Carlos' District", regionId: 2 },
    ]);
    expect(form?.sites).toHaveLength(19);
    expect(form?.sites[0]).toEqual({ id: 17, name: 'Wash 37135', code: 'NOLO', districtId: 1, regionId: 1 });
    expect(form?.sites.find((s) => s.id === 1)).toEqual({ id: 1, name: 'WashU Fiesta', code: 'FIESTA', districtId: 2, regionId: 2 });
    expect(form?.sites.find((s) => s.id === 16)).toMatchObject({ name: 'WashU Burbank T2', code: 'BurbT2' });
    expect(form?.sites.map((s) => s.id)).toEqual([17, 18, 19, 20, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
  });

  it('reads the departments in page order', () => {
    expect(form?.departments).toEqual([
      { id: 1, name: 'Cashier' },
      { id: 3, name: 'Greeter' },
      { id: 2, name: 'Line' },
      { id: 4, name: 'Management' },
    ]);
  });

  it('encodes a Fiesta-only employee with the polarity the live tenant stores', () => {
    if (!form) return;
    const pairs = encodeSites(form, resolveSites(form, ['washu fiesta']), false);
    expect(pairs.filter(([n]) => n.startsWith('employee[disabled'))).toEqual([
      ['employee[disabledRegions][]', '1'],
      ['employee[disabledDistricts][]', '1'],
    ]);
    expect(pairs).toContainEqual(['employee[sites][1][siteId]', '1']);
    expect(pairs).not.toContainEqual(['employee[sites][1][isAvailable]', '1']);
    expect(pairs.filter(([n]) => n.endsWith('[isAvailable]'))).toHaveLength(18);
    expect(pairs.some(([n]) => n.includes('isAll'))).toBe(false);
  });

  it('encodes sites 17-19 like the live-accepted create of employee 486', () => {
    if (!form) return;
    const pairs = encodeSites(form, resolveSites(form, ['NOLO', 'Wash 37055', 'frvw']), false);
    expect(pairs.filter(([n]) => n.startsWith('employee[disabled'))).toEqual([
      ['employee[disabledRegions][]', '2'],
      ['employee[disabledDistricts][]', '2'],
    ]);
    expect(pairs.filter(([n]) => n.endsWith('[siteId]')).map(([, v]) => v)).toEqual(['17', '18', '19']);
    expect(pairs.filter(([n]) => n.endsWith('[isAvailable]')).map(([, v]) => Number(v)).sort((a, b) => a - b)).toEqual([
      1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20,
    ]);
    expect(encodeSites(form, form.sites, true)).toEqual([['employee[isAllRegionsAllowed]', '1']]);
  });
});

describe.skipIf(!present)('captured pages: edit form round-trip', () => {
  const active = present ? parseEmployeeEditPage(page('employee-edit-active.html')) : undefined;
  const disabled = present ? parseEmployeeEditPage(page('employee-edit-after-disable.html')) : undefined;
  // What a browser submits for the raw page of employee 486, minus employee[isActive].
  const expected = [
    ['employee[id]', '486'],
    ['posCredential[id]', '429'],
    ['employee[firstName]', 'WrapperExplore'],
    ['employee[lastName]', 'DeleteMe-E5F7'],
    ['employee[phone]', '5555550003'],
    ['employee[email]', 'wrapper-explore-E5F7@example.invalid'],
    ['employee[departments][]', '3'],
    ['employee[startDate]', '04/13/2026'],
    ['employee[sites][17][siteId]', '17'],
    ['employee[sites][18][siteId]', '18'],
    ['employee[sites][19][siteId]', '19'],
    ['employee[sites][20][isAvailable]', '20'],
    ['employee[disabledRegions][]', '2'],
    ...[1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16].map((id) => [`employee[sites][${id}][isAvailable]`, String(id)]),
    ['posCredential[POSLoginID]', '99003'],
    ['posCredential[POSLoginPassword]', '99997'],
    ['employee[emergencyContactName]', ''],
    ['employee[emergencyContactPhone]', ''],
    ['employee[adpEmployeeId]', ''],
  ];

  it('serializes the active employee as a browser would: start date from data-value, disabled inputs and unchecked boxes left out', () => {
    expect(active?.isActive).toBe(true);
    expect(active?.fields.filter(([n]) => n !== 'employee[isActive]')).toEqual(expected);
    expect(active?.fields).toContainEqual(['employee[isActive]', '1']);
    expect(active?.fields.some(([n]) => n === 'employee[disabledDistricts][]')).toBe(false); // checked but disabled
    expect(active?.fields.some(([n]) => n.startsWith('employee[isAll'))).toBe(false); // unchecked rollups
    expect(active?.storedSites).toEqual([17, 18, 19]);
    expect(active).toMatchObject({ employeeId: 486, posUserId: 99003, firstName: 'WrapperExplore' });
  });

  it('reads the box unchecked after the disable, with the same fields otherwise', () => {
    expect(disabled?.isActive).toBe(false);
    expect(disabled?.fields).toEqual(expected);
    expect(disabled?.storedSites).toEqual([17, 18, 19]);
    expect(parseFlash(page('employee-edit-after-disable.html')).successes).toEqual(['WrapperExplore DeleteMe-E5F7 was updated successfully.']);
  });

  it('reads an all-sites employee as "all"', () => {
    const rejected = parseEmployeeEditPage(page('employee-edit-after-rejected-update.html'));
    expect(rejected).toMatchObject({ employeeId: 484, isActive: true, storedSites: 'all' });
    expect(rejected.fields).toContainEqual(['employee[isAllRegionsAllowed]', 'on']);
  });
});

describe.skipIf(!present)('captured pages: permissions: employee-permissions-new.html', () => {
  const perms = present ? parseEmployeePermissionsPage(page('employee-permissions-new.html')) : undefined;

  it('reads the schema: ids 1-34 once, the first label of id 1', () => {
    expect(perms?.schema.map((p) => p.id)).toEqual(Array.from({ length: 34 }, (_, i) => i + 1));
    expect(perms?.schema[0]).toEqual({
      id: 1,
      label: 'Action Approval Authority',
      description: 'When Granted this user has access to all POS features and can approve any Action for users requiring approval.',
    });
    expect(perms?.schema.find((p) => p.id === 22)?.label).toBe('Time Clock');
    expect(perms?.schema.find((p) => p.id === 34)?.label).toBe('SPS Admin');
    expect(perms?.granted).toEqual([]);
  });

  it('reads the seven templates with their grant and override sets', () => {
    const range = (a: number, b: number): number[] => Array.from({ length: b - a + 1 }, (_, i) => a + i);
    expect(perms?.templates.map((t) => [t.id, t.name])).toEqual([
      [1, 'Manager'],
      [2, 'Cashier'],
      [3, 'General User'],
      [4, 'General Manager'],
      [5, 'Assistant Manager'],
      [6, 'Shift Leader'],
      [8, 'CSA'],
    ]);
    expect(perms?.templates[0]).toMatchObject({ grants: range(1, 34), overrides: [] });
    expect(perms?.templates[1]).toMatchObject({ grants: range(2, 34), overrides: [2, 3, 4, 6, 7, 8, 9, 24, 28, 29, 30, 31, 32, 33, 34] });
    expect(perms?.templates[2]).toMatchObject({ grants: [22], overrides: [] });
    expect(perms?.templates[4]?.grants).toEqual([...range(1, 27), ...range(30, 34)]);
    expect(perms?.templates[5]?.overrides).toEqual([18, 33]);
    expect(perms?.templates[6]?.overrides).toEqual([4, 17, 18, 30, 31, 33]);
  });

  it('builds the full matrix of General User: every permission posted, only 22 granted', () => {
    if (!perms) return;
    const generalUser = perms.templates.find((t) => t.name === 'General User');
    if (!generalUser) throw new Error('General User missing');
    const pairs = permissionMatrix(486, generalUser, perms);
    expect(pairs.slice(0, 3)).toEqual([
      ['employeeId', '486'],
      ['templateId', '3'],
      ['hasActionApprovalAuthority', '0'],
    ]);
    expect(pairs.filter(([n]) => n.endsWith('[id]'))).toHaveLength(34);
    expect(pairs.filter(([n]) => n.endsWith('[hasGrantAccess]'))).toEqual([['permissions[22][hasGrantAccess]', '1']]);
    expect(pairs.some(([n]) => n.endsWith('[requiresOverride]'))).toBe(false);
  });
});

describe.skipIf(!present)('captured pages: user create: the email map', () => {
  const users = present ? parseUserCreatePage(page('user-create.html')) : undefined;

  it('maps every employee with an email, lower-cased, to its id', () => {
    expect(users?.employees).toHaveLength(192);
    expect(users?.emailMap.size).toBe(users?.employees.filter((e) => e.email).length);
    expect(users?.emailMap.get(emailKey(' PERSON001@example.com'))).toBe(54);
    expect(users?.emailMap.get('person002@example.com')).toBe(62);
    expect(users?.employees.find((e) => e.employeeId === 206)).toMatchObject({ email: '', firstName: 'Casey', lastName: 'Tester' });
  });
});

describe.skipIf(!present)('captured pages: error flashes', () => {
  it('reads the eight messages of the rejected update, as the server wrote them', () => {
    expect(parseFlash(page('employee-edit-after-rejected-update.html'))).toEqual({
      errors: [
        'First Name must be  between 1 and 64 characters long.',
        'Last Name must be  between 1 and 64 characters long.',
        'Departments requires no less than 1 valid selection.',
        'Start Date must be a valid date.',
        'Available To Work requires no less than 1 valid selection.',
        'The employee must be assigned to at least one site. Please select a site where \n            the employee is Available to Work or set to inactive if they are no longer employed.',
        'POS Login ID must be a number which is no less than 1 and has no decimals.',
        'POS Login Password must be a number which is no less than 1 and has no decimals.',
      ],
      successes: [],
    });
  });

  it('reads the "related employee is active" paragraph of the rejected user insert', () => {
    expect(parseFlash(page('user-create-after-rejected-insert.html')).errors).toEqual([
      'Unable to save the user information. Please make sure that the related employee is active and try again.',
    ]);
  });
});

describe.skipIf(!present)('captured pages: disableEmployee over the captured pages (injected fetch)', () => {
  const rosterWith = (employeeId: number, posUserId: number): string =>
    '<table class="table table-employees-list"><tbody><tr>' +
    `<td class="employees-col-first-name"><span>WrapperExplore</span></td><td class="employees-col-pos-user-id">${posUserId}</td>` +
    `<td class="employees-col-active text-center"><i class="fa fa-check fa-lg text-success"></i></td>` +
    `<td class="customers-col-edit"><a id="link-edit-employee-${employeeId}" href="/employee/edit/${employeeId}">Edit</a></td>` +
    '</tr></tbody></table>';

  function setup(employeeId: number, posUserId: number, pages: { before: string; after: string; update: () => Response }): {
    fake: FakeBackoffice;
    bo: BackofficeClient;
  } {
    const fake = new FakeBackoffice();
    let edits = 0;
    fake.routes.set('GET /employee', () => html(rosterWith(employeeId, posUserId)));
    fake.routes.set(`GET /employee/edit/${employeeId}`, (call) => html(call.path.includes('actionXfer') || edits++ > 0 ? pages.after : pages.before));
    fake.routes.set('POST /employee/update', pages.update);
    const bo = new BackofficeClient({ baseUrl: 'http://backoffice.test', username: 'bot', password: fake.password, fetch: fake.fetch });
    return { fake, bo };
  }

  it('posts the browser field list without employee[isActive] and verifies the unchecked box', async () => {
    const { fake, bo } = setup(486, 99003, {
      before: page('employee-edit-active.html'),
      after: page('employee-edit-after-disable.html'),
      update: () => redirect('/employee'),
    });
    const result = await bo.disableEmployee({ posUserId: 99003 });
    expect(result).toMatchObject({ employeeId: 486, posUserId: 99003 });
    const post = fake.calls.find((c) => c.method === 'POST' && c.path === '/employee/update');
    const sent = [...new URLSearchParams(post?.body)];
    expect(sent).toEqual(parseEmployeeEditPage(page('employee-edit-after-disable.html')).fields);
    expect(sent.some(([n]) => n === 'employee[isActive]')).toBe(false);
    expect(fake.calls.filter((c) => c.path !== '/login' && c.path !== '/login_check').map((c) => `${c.method} ${c.path.split('?')[0]}`)).toEqual([
      'GET /employee',
      'GET /employee/edit/486',
      'POST /employee/update',
      'GET /employee/edit/486',
    ]);
  });

  it.each([
    ['cut at <h2>Emergency Contact</h2>', (raw: string) => raw.slice(0, raw.indexOf('<h2>Emergency Contact</h2>'))],
    ['without its submit button', (raw: string) => raw.replace(/<button type="submit"/g, '<button type="button"')],
    ['without its closing </form>', (raw: string) => raw.replace('</form>', '')],
  ])('refuses to post back the captured edit page %s, before any POST', async (_, damage) => {
    const { fake, bo } = setup(486, 99003, {
      before: damage(page('employee-edit-active.html')),
      after: page('employee-edit-after-disable.html'),
      update: () => redirect('/employee'),
    });
    const error = await bo.disableEmployee({ posUserId: 99003 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as BackofficeServerError).details).toMatchObject({ page: 'employee-edit' });
    expect(fake.calls.filter((c) => c.method === 'POST' && c.path !== '/login_check')).toEqual([]);
  });

  it('finds every field the page map expects on the whole captured page', () => {
    expect(parseEmployeeEditPage(page('employee-edit-active.html')).gaps).toEqual([]);
    expect(parseEmployeePermissionsPage(page('employee-permissions-new.html')).schema.length).toBeGreaterThan(0);
  });

  it('raises BackofficeServerError when the verification read still shows the box checked', async () => {
    const { bo } = setup(486, 99003, {
      before: page('employee-edit-active.html'),
      after: page('employee-edit-active.html'),
      update: () => redirect('/employee'),
    });
    const error = await bo.disableEmployee({ posUserId: 99003 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as Error).message).toMatch(/still active/);
  });

  it("turns the server's rejection flash into a ValidationError carrying its eight messages", async () => {
    const { bo } = setup(484, 99001, {
      before: page('employee-edit-active.html').replaceAll('486', '484'),
      after: page('employee-edit-after-rejected-update.html'),
      update: () => redirect('/employee/edit/484?actionXfer=QjlJuNJ7'),
    });
    const error = await bo.disableEmployee({ posUserId: 99001 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details['messages']).toHaveLength(8);
    expect((error as Error).message).toContain('Start Date must be a valid date.');
    expect((error as Error).message).toContain('POS Login Password must be a number which is no less than 1 and has no decimals.');
  });
});
