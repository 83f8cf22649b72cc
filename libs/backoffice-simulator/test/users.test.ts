import { describe, expect, it } from 'vitest';
import { MESSAGES, type SimEmployee } from '../src/index.js';
import { Browser, flashTexts, useSignedInSimulator } from './helpers.js';

const t = useSignedInSimulator();

const linkedBody = (e: SimEmployee, username: string, password = 'Str0ng!pass'): Array<[string, string]> => [
  ['employee[isOnSiteEmployee]', '1'],
  ['user[employeeId]', String(e.id)],
  ['employee[email]', e.email || `${username}@example.invalid`],
  ['user[username]', username],
  ['user[password]', password],
  ['user[confirmPassword]', password],
];

describe('Back Office users: creating one', () => {
  it('renders /user/create with the employee dropdown (active employees, data-email) and the real field names', async () => {
    const page = await t.b.get('/user/create');
    const $ = page.$;
    expect($('h1#page-title').text()).toBe('Create Back Office User');
    expect($('form#user-create-edit-form').attr('action')).toBe('/user/insert');
    expect($('#employee-of-the-wash-toggle[name="employee[isOnSiteEmployee]"]').is('[checked]')).toBe(true);
    const options = $('select[name="user[employeeId]"] option[value!=""]');
    const active = t.sim.control.employees().filter((e) => e.isActive);
    expect(options).toHaveLength(active.length);
    const first = active[0] as SimEmployee;
    const option = $(`select[name="user[employeeId]"] option[value="${first.id}"]`);
    expect(option.attr('data-email')).toBe(first.email);
    expect(option.attr('data-first-name')).toBe(first.firstName);
    expect(option.attr('data-last-name')).toBe(first.lastName);
    const inactive = t.sim.control.employees().find((e) => !e.isActive) as SimEmployee;
    expect($(`select[name="user[employeeId]"] option[value="${inactive.id}"]`)).toHaveLength(0);
    expect($('#user-username').attr('pattern')).toBe('[A-Za-z][\\w]{2,63}');
    for (const name of ['employee[firstName]', 'employee[lastName]', 'employee[email]', 'user[username]', 'user[password]', 'user[confirmPassword]', 'user[linkExistingAccount]']) {
      expect($(`[name="${name}"]`), name).toHaveLength(1);
    }
  });

  it('creates a linked user: 302 /user/permissions/<7-digit id>?userIsNew=1, and the new user can sign in', async () => {
    const e = t.sim.control.employees().find((x) => x.isActive && x.email !== '' && !t.sim.control.users().some((u) => u.employeeId === x.id)) as SimEmployee;
    const res = await t.b.post('/user/insert', linkedBody(e, 'newbo_user1'));
    expect(res.status).toBe(302);
    const m = /^\/user\/permissions\/(\d{7})\?userIsNew=1$/.exec(res.location ?? '');
    expect(m).not.toBeNull();
    const user = t.sim.control.users().find((u) => u.id === Number(m?.[1]));
    expect(user).toMatchObject({ username: 'newbo_user1', employeeId: e.id, firstName: e.firstName, lastName: e.lastName, active: true });
    const page = await t.b.get(res.location ?? '');
    expect(page.$('form#user-permissions-update-form input[name="userIsNew"]').attr('value')).toBe('1');
    expect(page.$('h1#page-title').text()).toBe('Back Office Access Control');
    expect((await new Browser(t.sim.url).login('newbo_user1', 'Str0ng!pass')).location).toBe('/');
  });

  it('refuses to link a disabled employee with the real flash and redirect, keeping the typed values', async () => {
    const e = t.sim.control.employees().find((x) => !x.isActive) as SimEmployee;
    const before = t.sim.control.users().length;
    const res = await t.b.post('/user/insert', linkedBody(e, 'wrapperE5F7bo'));
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^\/user\/create\?actionXfer=[A-Za-z0-9]{8}$/);
    expect(res.text).toHaveLength(374);
    expect(t.sim.control.users()).toHaveLength(before);
    const page = await t.b.get(res.location ?? '');
    expect(page.$('.alerts.alerts-server .alert-danger p').text()).toBe(MESSAGES.relatedEmployeeInactive);
    expect(page.$('#user-username').attr('value')).toBe('wrapperE5F7bo');
    expect(page.$('#user-password').attr('value')).toBe('');
  });

  it('creates a standalone user when employee[isOnSiteEmployee] is absent', async () => {
    const res = await t.b.post('/user/insert', [
      ['employee[firstName]', 'Ext'],
      ['employee[lastName]', 'Auditor'],
      ['employee[email]', 'ext.auditor@example.invalid'],
      ['user[username]', 'ExtAuditor'],
      ['user[password]', 'longenough1'],
      ['user[confirmPassword]', 'longenough1'],
    ]);
    expect(res.location).toMatch(/^\/user\/permissions\/\d{7}\?userIsNew=1$/);
    expect(t.sim.control.users().find((u) => u.username === 'ExtAuditor')).toMatchObject({ employeeId: null, firstName: 'Ext', lastName: 'Auditor' });
  });

  it('reads employee[isOnSiteEmployee]=0 as linked (presence), so a standalone payload with it fails', async () => {
    const res = await t.b.post('/user/insert', [
      ['employee[isOnSiteEmployee]', '0'],
      ['employee[firstName]', 'Ext'],
      ['employee[lastName]', 'Auditor'],
      ['employee[email]', 'ext2@example.invalid'],
      ['user[username]', 'ExtAuditor2'],
      ['user[password]', 'longenough1'],
      ['user[confirmPassword]', 'longenough1'],
    ]);
    expect(res.location).toMatch(/^\/user\/create\?actionXfer=/);
    expect(flashTexts((await t.b.get(res.location ?? '')).$).errors[0]).toMatch(/^Employee requires a valid selection/);
  });
});

describe('Back Office users: validation, the list and permissions', () => {
  it.each([
    ['starts with a digit', '1abc'],
    ['is too short', 'ab'],
    ['has a dash', 'ab-cd'],
    ['is 65 characters long', `a${'b'.repeat(64)}`],
  ])('rejects a username that %s', async (_label, username) => {
    const e = t.sim.control.employees().find((x) => x.isActive) as SimEmployee;
    const res = await t.b.post('/user/insert', linkedBody(e, username));
    expect(res.location).toMatch(/^\/user\/create\?actionXfer=/);
    expect(flashTexts((await t.b.get(res.location ?? '')).$).errors).toContain('Username must start with a letter and contain 3 to 64 alpha-numeric characters.');
  });

  it('rejects a taken username, a taken email and mismatched passwords', async () => {
    const e = t.sim.control.employees().find((x) => x.isActive && x.email !== '') as SimEmployee;
    const other = t.sim.control.employees().find((x) => x.id !== e.id && x.email !== '') as SimEmployee;
    const body = linkedBody(e, 'BOT').map(([k, v]): [string, string] => [k, k === 'employee[email]' ? other.email : k === 'user[confirmPassword]' ? 'different1' : v]);
    const res = await t.b.post('/user/insert', body);
    const errors = flashTexts((await t.b.get(res.location ?? '')).$).errors;
    expect(errors).toEqual([
      'Password and Confirm Password must match and have at least 8 alpha-numeric characters.',
      'Username BOT is already taken.',
      `Email ${other.email} is already taken by another employee or Back Office user.`,
    ]);
  });

  it('lists users on /user with the shield link to their permissions page', async () => {
    const page = await t.b.get('/user');
    const users = t.sim.control.users();
    expect(page.$('table.table-users-list tbody tr')).toHaveLength(users.length);
    const u = users[0];
    expect(page.$(`a#link-edit-permissions-user-${u?.id}`).attr('href')).toBe(`/user/permissions/${u?.id}`);
    expect(page.$(`a#link-edit-user-${u?.id}`).attr('href')).toBe(`/user/edit/${u?.id}`);
    const perms = await t.b.get(`/user/permissions/${u?.id}`);
    const options = perms.$('select[name="template"] option[value!=""]');
    expect(options.map((_, o) => perms.$(o).text()).get()).toEqual(['Administrator', 'Manager', 'General User', 'General Manager', 'Shift Leader']);
    expect(perms.$('input[name^="perms["][name$="[token]"]')).toHaveLength(105);
  });

  it('updates Back Office permissions and rejects a post with no accessible site', async () => {
    const u = t.sim.control.users()[0];
    const denied = await t.b.post('/user/permissions/update', [['userId', String(u?.id)], ['userIsNew', ''], ['disabledRegions[]', '1'], ['disabledRegions[]', '2'], ['disabledRegions[]', '4'], ['template', '3']]);
    expect(denied.location).toMatch(new RegExp(`^/user/permissions/${u?.id}\\?userIsNew=&actionXfer=[A-Za-z0-9]{8}$`));
    expect(flashTexts((await t.b.get(denied.location ?? '')).$).errors).toEqual([MESSAGES.accessibleSites]);
    const ok = await t.b.post('/user/permissions/update', [['userId', String(u?.id)], ['userIsNew', ''], ['disabledRegions[]', '1'], ['disabledRegions[]', '4'], ['siteIds[]', '1'], ['perms[0][token]', 'category.list'], ['perms[0][isEnabled]', '1'], ['perms[1][token]', 'category.write']]);
    expect(ok.location).toBe('/user');
    expect(t.sim.control.users().find((x) => x.id === u?.id)).toMatchObject({ siteIds: [1], tokens: ['category.list'] });
  });
});
