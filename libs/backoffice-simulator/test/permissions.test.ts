import { beforeEach, describe, expect, it } from 'vitest';
import { POS_TEMPLATES } from '../src/index.js';
import { createBody, serializeForm, useSignedInSimulator } from './helpers.js';

const FORM = 'form#employee-permission-update-form';

describe('POS permissions page and update', () => {
  const t = useSignedInSimulator();
  let id: number;
  beforeEach(async () => {
    const res = await t.b.post('/employee/insert', createBody());
    id = Number(res.location?.split('/').pop());
  });

  async function accessOf(employeeId: number): Promise<string> {
    const page = await t.b.get(`/employee?posUserId=${t.sim.control.employee(employeeId)?.posUserId}&active=all`);
    return page.$('td.employees-col-template').text().trim();
  }

  it('renders the matrix: ids 1–34, id 1 twice, templates with their sets, blank template selected', async () => {
    const page = await t.b.get(`/employee/permissions/${id}`);
    const $ = page.$;
    expect($('h1#page-title').text()).toBe('Employee Access');
    expect($('h3#page-sub-title').text()).toBe('Name: Robin Newhire, POS ID: 99001');
    expect($(FORM).attr('action')).toBe('/employee/permissions/update');
    expect($('input[name="employeeId"]').attr('value')).toBe(String(id));
    const ids = $('input[name$="[id]"][name^="permissions["]').map((_, el) => Number($(el).attr('value'))).get();
    expect(ids.filter((n) => n === 1)).toHaveLength(2);
    expect([...new Set(ids)].sort((x, y) => x - y)).toEqual(Array.from({ length: 34 }, (_, i) => i + 1));
    expect($('input[name="permissions[1][label]"]').first().attr('value')).toBe('Action Approval Authority');
    expect($('input[name="permissions[1][label]"]').last().attr('value')).toBe('Manager Approval');
    expect($('input[name="permissions[31][label]"]').attr('value')).toBe('Percent discount');
    expect($('input[name="hasActionApprovalAuthority"]').attr('value')).toBe('0');
    const options = $('select[name="templateId"] option');
    expect(options.first().attr('value')).toBe('');
    expect(options.first().is('[selected]')).toBe(true);
    const templates = options.slice(1).map((_, o) => ({
      id: Number($(o).attr('value')),
      name: $(o).text().trim(),
      grants: $(o).attr('data-permissions-set'),
      overrides: $(o).attr('data-manager-override-permissions-set'),
    })).get();
    expect(templates).toEqual(POS_TEMPLATES.map((t) => ({ id: t.id, name: t.name, grants: t.grants.join(','), overrides: t.overrides.join(',') })));
    expect(templates.map((t) => t.id)).not.toContain(7);
    expect($('input.permission-grant[checked]')).toHaveLength(0);
  });

  it('replaces grants and overrides with exactly what was posted, and the roster shows the template', async () => {
    const csa = POS_TEMPLATES.find((t) => t.name === 'CSA');
    const body: Array<[string, string]> = [['employeeId', String(id)], ['templateId', '8'], ['hasActionApprovalAuthority', '0']];
    for (const n of csa?.grants ?? []) body.push([`permissions[${n}][hasGrantAccess]`, '1']);
    for (const n of csa?.overrides ?? []) body.push([`permissions[${n}][requiresOverride]`, '1']);
    const res = await t.b.post('/employee/permissions/update', body);
    expect(res.status).toBe(302);
    expect(res.location).toBe('/employee');
    expect(res.text).toHaveLength(282);
    expect(t.sim.control.employee(id)).toMatchObject({ grants: csa?.grants, overrides: csa?.overrides });
    expect(await accessOf(id)).toBe('CSA');
    const page = await t.b.get(`/employee/permissions/${id}`);
    expect(page.$('#perm-grant-2').is('[checked]')).toBe(true);
    expect(page.$('#perm-override-4').is('[checked]')).toBe(true);
    expect(page.$('#perm-grant-1').is('[checked]')).toBe(false);
    // Now General User: the earlier sets are replaced, not merged.
    await t.b.post('/employee/permissions/update', [['employeeId', String(id)], ['permissions[22][hasGrantAccess]', '1']]);
    expect(t.sim.control.employee(id)).toMatchObject({ grants: [22], overrides: [] });
    expect(await accessOf(id)).toBe('General User');
    // A grant set matching no template is Custom.
    await t.b.post('/employee/permissions/update', [['employeeId', String(id)], ['permissions[22][hasGrantAccess]', '1'], ['permissions[23][hasGrantAccess]', '0']]);
    expect(t.sim.control.employee(id)?.grants).toEqual([22, 23]);
    expect(await accessOf(id)).toBe('Custom');
  });

  it('accepts templateId alone with 302 /employee but changes nothing', async () => {
    await t.b.post('/employee/permissions/update', [['employeeId', String(id)], ['permissions[22][hasGrantAccess]', '1']]);
    const res = await t.b.post('/employee/permissions/update', [['employeeId', String(id)], ['templateId', '1'], ['hasActionApprovalAuthority', '0']]);
    expect(res.location).toBe('/employee');
    expect(t.sim.control.employee(id)).toMatchObject({ grants: [22], overrides: [] });
    expect(await accessOf(id)).toBe('General User');
    // On a fresh employee the same post leaves the roster at "None", as observed on the real server.
    const other = Number((await t.b.post('/employee/insert', createBody({ 'posCredential[POSLoginID]': '99002', 'employee[email]': '', 'employee[phone]': '' }))).location?.split('/').pop());
    await t.b.post('/employee/permissions/update', [['employeeId', String(other)], ['templateId', '3'], ['hasActionApprovalAuthority', '0']]);
    expect(await accessOf(other)).toBe('None');
  });

  it('round-trips the page through a browser-style post (the AAA hidden override input included)', async () => {
    await t.b.post('/employee/permissions/update', [['employeeId', String(id)], ['permissions[22][hasGrantAccess]', '1'], ['permissions[25][hasGrantAccess]', '1'], ['permissions[25][requiresOverride]', '1']]);
    const body = serializeForm((await t.b.get(`/employee/permissions/${id}`)).$, FORM);
    expect(body.filter(([k]) => k === 'permissions[1][requiresOverride]')).toEqual([['permissions[1][requiresOverride]', '0']]);
    await t.b.post('/employee/permissions/update', body);
    const e = t.sim.control.employee(id);
    expect(e?.grants).toEqual([22, 25]);
    // Presence binds: the always-present hidden `permissions[1][requiresOverride]=0` reads as an override of 1.
    expect(e?.overrides).toEqual([1, 25]);
  });

  it('answers 404 for an unknown employee page', async () => {
    expect((await t.b.get('/employee/permissions/999999')).status).toBe(404);
  });
});
