import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/index.js';
import { EMPTY_FORM_ERRORS, createBody, encodeSites, flashTexts, serializeForm, useSignedInSimulator } from './helpers.js';

const FORM = 'form#employee-create-edit-form';

const t = useSignedInSimulator();

async function create(granted: number[] | 'all', overrides: Record<string, string> = {}): Promise<number> {
  const fields = granted === 'all' ? undefined : encodeSites(t.sim.control.sites(), granted);
  const res = await t.b.post('/employee/insert', createBody(overrides, fields));
  expect(res.location).toMatch(/^\/employee\/permissions\/\d+$/);
  return Number(res.location?.split('/').pop());
}

describe('GET /employee/edit/<id> and POST /employee/update: what the page renders and a browser posts back', () => {
  it('renders the stored values as server HTML: bare checked/selected, start date only in data-value', async () => {
    const id = await create([17, 18, 19]);
    const page = await t.b.get(`/employee/edit/${id}`);
    const $ = page.$;
    expect($('h1#page-title').text()).toBe('Edit Robin Newhire');
    expect($(FORM).attr('action')).toBe('/employee/update');
    expect($('input[name="employee[id]"]#employee-id').attr('value')).toBe(String(id));
    expect($('input[name="posCredential[id]"]#employee-pos-credentials-id').attr('value')).toMatch(/^\d+$/);
    const start = $('input[name="employee[startDate]"]');
    expect(start.attr('data-value')).toBe('05/01/2026');
    expect(start.attr('value')).toBeUndefined();
    expect($('#employee-departments option[selected]').map((_, o) => $(o).attr('value')).get()).toEqual(['3']);
    expect($('#employee-departments option').map((_, o) => $(o).text()).get()).toEqual(['Cashier', 'Greeter', 'Line', 'Management']);
    expect($('input[name="employee[isActive]"]').is('[checked]')).toBe(true);
    expect(page.text).toMatch(/\n\s+checked>/); // a bare attribute, not checked="checked"
    expect($('input[name="posCredential[POSLoginID]"]').attr('value')).toBe('99001');
    expect($('input[name="posCredential[POSLoginPassword]"]').attr('value')).toBe('54321');
  });

  it('renders the site tree with the §3.3 polarity and locks the inputs of denied regions and districts', async () => {
    const id = await create([17, 18, 19]);
    const $ = (await t.b.get(`/employee/edit/${id}`)).$;
    expect($('#boac-permission-type-region').is('[checked]')).toBe(false);
    // Region 1 (sites 17–20) partly granted: not denied; its district not denied.
    expect($('#boac-permission-region-1').is('[checked]')).toBe(false);
    expect($('#boac-permission-district-1').is('[checked]')).toBe(false);
    for (const s of [17, 18, 19]) {
      expect($(`#boac-permission-site-${s}`).is('[checked]')).toBe(false);
      expect($(`#boac-permission-site-option-hidden-input-${s}`).is('[disabled]')).toBe(false);
    }
    expect($('#boac-permission-site-20').is('[checked]')).toBe(true);
    expect($('#boac-permission-site-option-hidden-input-20').is('[disabled]')).toBe(true);
    // Regions 2 and 4: denied; every input inside their boxes is disabled.
    for (const r of [2, 4]) {
      expect($(`#boac-permission-region-${r}`).is('[checked]')).toBe(true);
      expect($(`#boac-permission-region-${r}`).is('[disabled]')).toBe(false);
      const inside = $(`#sbox-boac-permission-region-${r}-box`).find('input');
      expect(inside.length).toBeGreaterThan(3);
      inside.each((_, el) => void expect($(el).is('[disabled]'), $(el).attr('name')).toBe(true));
    }
    expect($('#boac-permission-district-2').is('[checked]')).toBe(true);
    expect($('#boac-permission-site-1').is('[checked]')).toBe(true);
  });

  it('renders "all" like the real page: roll-ups checked, the options under them locked', async () => {
    const id = await create('all');
    const $ = (await t.b.get(`/employee/edit/${id}`)).$;
    expect($('#boac-permission-type-region').is('[checked]')).toBe(true);
    expect($('#boac-permission-region-1').is('[disabled]')).toBe(true);
    expect($('#boac-permission-type-district-for-region-1').is('[checked]')).toBe(true);
    expect($('#boac-permission-district-1').is('[disabled]')).toBe(true);
    expect($('#boac-permission-type-site-for-district-1').is('[checked]')).toBe(true);
    expect($('#boac-permission-site-17').is('[checked]')).toBe(false);
    expect($('#boac-permission-site-option-hidden-input-17').is('[disabled]')).toBe(true);
  });

  it.each([
    ['a restricted list', [17, 18, 19] as number[] | 'all'],
    ['a single site in another region', [1]],
    ['one site per region', [1, 17, 24]],
    ['every site, individually', 'all-individually' as const],
    ['all', 'all'],
  ])('round-trips %s through an unchanged browser-style full-form post', async (_label, granted) => {
    const ids = granted === 'all-individually' ? t.sim.control.sites().map((s) => s.id) : granted;
    const id = await create(ids as number[] | 'all');
    const before = t.sim.control.employee(id);
    const page = await t.b.get(`/employee/edit/${id}`);
    const body = serializeForm(page.$, FORM);
    expect(body.some(([k]) => k === 'employee[isActive]')).toBe(true);
    const res = await t.b.post('/employee/update', body);
    expect(res.location).toBe('/employee');
    expect(t.sim.control.employee(id)).toEqual(before);
    // And once more from the re-rendered page.
    const again = await t.b.post('/employee/update', serializeForm((await t.b.get(`/employee/edit/${id}`)).$, FORM));
    expect(again.location).toBe('/employee');
    expect(t.sim.control.employee(id)).toEqual(before);
  });
});

describe('GET /employee/edit/<id> and POST /employee/update: binding and validation', () => {
  it('disables through a full-form post without employee[isActive], with the real success flash', async () => {
    const id = await create([1, 2]);
    const body = serializeForm((await t.b.get(`/employee/edit/${id}`)).$, FORM).filter(([k]) => k !== 'employee[isActive]');
    const res = await t.b.post('/employee/update', body);
    expect(res.status).toBe(302);
    expect(res.location).toBe('/employee');
    expect(res.text).toHaveLength(282);
    const stored = t.sim.control.employee(id);
    expect(stored?.isActive).toBe(false);
    expect(stored?.siteIds).toEqual([1, 2]);
    const page = await t.b.get(`/employee/edit/${id}`);
    expect(page.$('input[name="employee[isActive]"]').is('[checked]')).toBe(false);
    expect(flashTexts(page.$).successes).toEqual(['Robin Newhire was updated successfully.']);
  });

  it('changes the sites when a post also carries the unchecked boxes (the early-client bug the presence rule causes)', async () => {
    const id = await create([17, 18, 19]);
    const page = await t.b.get(`/employee/edit/${id}`);
    const naive: Array<[string, string]> = [];
    page.$('form#employee-create-edit-form').find('input[name], select[name]').each((_, el) => {
      const node = page.$(el);
      if (node.is('[disabled]') || node.is('select')) return;
      naive.push([node.attr('name') ?? '', node.attr('value') ?? node.attr('data-value') ?? '']);
    });
    naive.push(['employee[departments][]', '3']);
    expect((await t.b.post('/employee/update', naive)).location).toBe('/employee');
    expect(t.sim.control.employee(id)?.siteIds).toBe('all');
  });

  it('reactivates through a full-form post that carries employee[isActive] again, everything else kept', async () => {
    const id = await create([1, 2], { 'employee[emergencyContactName]': 'Pat Newhire', 'employee[adpEmployeeId]': 'ADP-5' });
    const active = serializeForm((await t.b.get(`/employee/edit/${id}`)).$, FORM);
    await t.b.post('/employee/update', active.filter(([k]) => k !== 'employee[isActive]'));
    const disabled = t.sim.control.employee(id);
    expect(disabled?.isActive).toBe(false);
    const page = await t.b.get(`/employee/edit/${id}`);
    expect(page.$('input[name="employee[emergencyContactName]"]').attr('value')).toBe('Pat Newhire');
    expect(page.$('input[name="employee[adpEmployeeId]"]').attr('value')).toBe('ADP-5');
    const body = serializeForm(page.$, FORM);
    expect(body.some(([k]) => k === 'employee[isActive]')).toBe(false);
    body.push(['employee[isActive]', '1']);
    expect((await t.b.post('/employee/update', body)).location).toBe('/employee');
    expect(t.sim.control.employee(id)).toEqual({ ...disabled, isActive: true });
    expect((await t.b.get(`/employee/edit/${id}`)).$('input[name="employee[isActive]"]').is('[checked]')).toBe(true);
  });

  it('reads employee[isActive]=0 as checked (presence), so it does not disable', async () => {
    const id = await create([1]);
    const body = serializeForm((await t.b.get(`/employee/edit/${id}`)).$, FORM).filter(([k]) => k !== 'employee[isActive]');
    body.push(['employee[isActive]', '0']);
    await t.b.post('/employee/update', body);
    expect(t.sim.control.employee(id)?.isActive).toBe(true);
  });

  it('rejects a partial post (only id and isActive) with the eight messages, changing nothing', async () => {
    const id = await create([1]);
    const before = t.sim.control.employee(id);
    const res = await t.b.post('/employee/update', [
      ['employee[id]', String(id)],
      ['employee[isActive]', '0'],
    ]);
    expect(res.location).toMatch(new RegExp(`^/employee/edit/${id}\\?actionXfer=[A-Za-z0-9]{8}$`));
    expect(t.sim.control.employee(id)).toEqual(before);
    const page = await t.b.get(res.location ?? '');
    expect(flashTexts(page.$).errors).toEqual(EMPTY_FORM_ERRORS);
    // The page still shows the stored employee.
    expect(page.$('input[name="employee[firstName]"]').attr('value')).toBe('Robin');
  });

  it('rejects a full-form post whose start date was read from `value` (empty)', async () => {
    const id = await create([1]);
    const body = serializeForm((await t.b.get(`/employee/edit/${id}`)).$, FORM).map(([k, v]): [string, string] => [k, k === 'employee[startDate]' ? '' : v]);
    const res = await t.b.post('/employee/update', body);
    expect(res.location).toMatch(/actionXfer=/);
    expect(flashTexts((await t.b.get(res.location ?? '')).$).errors).toEqual([MESSAGES.startDate]);
  });

  it('binds omitted optional fields as empty', async () => {
    const id = await create([1], { 'employee[emergencyContactName]': 'Pat Newhire' });
    expect(t.sim.control.employee(id)?.emergencyContactName).toBe('Pat Newhire');
    const body = serializeForm((await t.b.get(`/employee/edit/${id}`)).$, FORM).filter(([k]) => k !== 'employee[emergencyContactName]' && k !== 'employee[email]');
    expect((await t.b.post('/employee/update', body)).location).toBe('/employee');
    expect(t.sim.control.employee(id)).toMatchObject({ emergencyContactName: '', email: '' });
  });

  it('checks uniqueness against others only, and changes sites by the posted encoding', async () => {
    const id = await create([1]);
    const other = t.sim.control.employees().find((e) => e.id !== id && e.phone !== '');
    const page = await t.b.get(`/employee/edit/${id}`);
    const same = serializeForm(page.$, FORM);
    expect((await t.b.post('/employee/update', same)).location).toBe('/employee');
    const clash = same.map(([k, v]): [string, string] => [k, k === 'employee[phone]' ? (other?.phone ?? '') : v]);
    const res = await t.b.post('/employee/update', clash);
    expect(res.location).toMatch(/actionXfer=/);
    expect(flashTexts((await t.b.get(res.location ?? '')).$).errors[0]).toMatch(/^Phone .* is already taken/);
    const moved = same.filter(([k]) => !k.includes('[sites]') && !k.includes('disabled') && !k.includes('isAll'));
    moved.push(...encodeSites(t.sim.control.sites(), [24]));
    expect((await t.b.post('/employee/update', moved)).location).toBe('/employee');
    expect(t.sim.control.employee(id)?.siteIds).toEqual([24]);
  });

  it('answers 404 for an unknown employee and fails an update of one', async () => {
    expect((await t.b.get('/employee/edit/999999')).status).toBe(404);
    const res = await t.b.post('/employee/update', [['employee[id]', '999999']]);
    expect(res.location).toMatch(/^\/employee\?actionXfer=/);
  });
});
