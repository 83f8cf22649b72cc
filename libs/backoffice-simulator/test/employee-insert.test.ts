import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/index.js';
import { EMPTY_FORM_ERRORS, createBody, encodeSites, flashTexts, useSignedInSimulator } from './helpers.js';

const t = useSignedInSimulator();

describe('POST /employee/insert: what is stored', () => {
  it('creates the employee, answers 302 to its permissions page with the real shell, and flashes the real message', async () => {
    const before = t.sim.control.employees();
    const res = await t.b.post('/employee/insert', createBody());
    expect(res.status).toBe(302);
    const m = /^\/employee\/permissions\/(\d+)$/.exec(res.location ?? '');
    expect(m).not.toBeNull();
    const id = Number(m?.[1]);
    expect(id).toBeGreaterThan(Math.max(...before.map((e) => e.id)));
    expect(res.text).toBe(
      `<!DOCTYPE html>\n<html>\n    <head>\n        <meta charset="UTF-8" />\n        <meta http-equiv="refresh" content="0;url='/employee/permissions/${id}'" />\n\n        <title>Redirecting to /employee/permissions/${id}</title>\n    </head>\n    <body>\n        Redirecting to <a href="/employee/permissions/${id}">/employee/permissions/${id}</a>.\n    </body>\n</html>`,
    );
    expect(res.headers.get('cache-control')).toBe('max-age=0, must-revalidate, no-cache, no-store, private');
    expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    const stored = t.sim.control.employee(id);
    expect(stored).toMatchObject({
      firstName: 'Robin',
      lastName: 'Newhire',
      email: 'robin.newhire@example.invalid',
      phone: '5555550199',
      posUserId: 99001,
      posPin: 54321,
      isActive: true,
      departmentIds: [3],
      siteIds: 'all',
      grants: [],
      overrides: [],
      startDate: '2026-05-01',
    });
    // As captured: the permissions page the redirect leads to shows no flash; the next page (the edit page) does.
    const next = await t.b.get(res.location ?? '');
    expect(flashTexts(next.$)).toEqual({ errors: [], successes: [] });
    const edit = await t.b.get(`/employee/edit/${id}`);
    expect(flashTexts(edit.$).successes).toEqual(['Robin Newhire has been created successfully! Please setup their POS permissions.']);
    // One-time: gone on the following page.
    expect(flashTexts((await t.b.get(`/employee/edit/${id}`)).$).successes).toEqual([]);
  });

  it('stores exactly the granted sites of the §3.3 encoding', async () => {
    const sites = t.sim.control.sites();
    const res = await t.b.post('/employee/insert', createBody({}, encodeSites(sites, [17, 18, 19])));
    const id = Number(res.location?.split('/').pop());
    expect(t.sim.control.employee(id)?.siteIds).toEqual([17, 18, 19]);
    const fiesta = await t.b.post('/employee/insert', createBody({ 'posCredential[POSLoginID]': '99002', 'employee[email]': '', 'employee[phone]': '' }, encodeSites(sites, [1])));
    expect(t.sim.control.employee(Number(fiesta.location?.split('/').pop()))?.siteIds).toEqual([1]);
  });

  it('reads a checked denial (any value) as "No", and a site sent both ways as denied', async () => {
    const fields: Array<[string, string]> = [
      ['employee[disabledRegions][]', '1'],
      ['employee[disabledRegions][]', '4'],
      ['employee[sites][1][siteId]', '1'],
      ['employee[sites][2][siteId]', '2'],
      ['employee[sites][2][isAvailable]', '0'],
      ['employee[sites][17][siteId]', '17'],
    ];
    const res = await t.b.post('/employee/insert', createBody({}, fields));
    expect(t.sim.control.employee(Number(res.location?.split('/').pop()))?.siteIds).toEqual([1]);
  });

  it('honours the roll-ups: all districts of a region, all sites of a district', async () => {
    const fields: Array<[string, string]> = [
      ['employee[disabledRegions][]', '1'],
      ['employee[isAllDistrictsAllowedByRegion][]', '4'],
      ['employee[isAllSitesAllowedByDistrict][2]', 'on'],
    ];
    const res = await t.b.post('/employee/insert', createBody({}, fields));
    const all2 = t.sim.control.sites().filter((s) => s.districtId === 2 || s.regionId === 4).map((s) => s.id).sort((x, y) => x - y);
    expect(t.sim.control.employee(Number(res.location?.split('/').pop()))?.siteIds).toEqual(all2);
  });

  it('treats employee[isAllRegionsAllowed]=0 as checked (presence), so the employee gets every site', async () => {
    const res = await t.b.post('/employee/insert', createBody({}, [['employee[isAllRegionsAllowed]', '0'], ['employee[sites][1][siteId]', '1']]));
    expect(t.sim.control.employee(Number(res.location?.split('/').pop()))?.siteIds).toBe('all');
  });
});

describe('POST /employee/insert: validation', () => {
  it('rejects an empty post with the eight real messages in the real order and creates nothing', async () => {
    const before = t.sim.control.employees().length;
    const res = await t.b.post('/employee/insert', '');
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^\/employee\/create\?actionXfer=[A-Za-z0-9]{8}$/);
    expect(t.sim.control.employees()).toHaveLength(before);
    const page = await t.b.get(res.location ?? '');
    expect(flashTexts(page.$).errors).toEqual(EMPTY_FORM_ERRORS);
    expect(page.text).toContain('First Name must be  between 1 and 64 characters long.');
    expect(page.text).toContain('Please select a site where \n            the employee is Available to Work');
    expect(page.$('.alerts.alerts-server .alert-danger ul li')).toHaveLength(8);
  });

  it.each([
    ['a 65-character first name', { 'employee[firstName]': 'x'.repeat(65) }, MESSAGES.firstName],
    ['an impossible start date', { 'employee[startDate]': '02/30/2026' }, MESSAGES.startDate],
    ['an ISO start date', { 'employee[startDate]': '2026-05-01' }, MESSAGES.startDate],
    ['a decimal POS id', { 'posCredential[POSLoginID]': '12.5' }, MESSAGES.posLoginId],
    ['a zero PIN', { 'posCredential[POSLoginPassword]': '0' }, MESSAGES.posLoginPassword],
  ])('rejects %s', async (_label, overrides, message) => {
    const res = await t.b.post('/employee/insert', createBody(overrides));
    expect(res.location).toMatch(/actionXfer=/);
    expect(flashTexts((await t.b.get(res.location ?? '')).$).errors).toEqual([message]);
  });

  it('requires a known department', async () => {
    const body = createBody().filter(([k]) => k !== 'employee[departments][]');
    body.push(['employee[departments][]', '99']);
    const res = await t.b.post('/employee/insert', body);
    expect(flashTexts((await t.b.get(res.location ?? '')).$).errors).toEqual([MESSAGES.departments]);
  });

  it('rejects every site denied', async () => {
    const sites = t.sim.control.sites();
    const res = await t.b.post('/employee/insert', createBody({}, encodeSites(sites, [])));
    expect(flashTexts((await t.b.get(res.location ?? '')).$).errors).toEqual([MESSAGES.availableToWork, MESSAGES.atLeastOneSite]);
  });

  it('enforces unique POS id (disabled employees included), email (case-insensitive, BO users too) and phone (digits)', async () => {
    const employees = t.sim.control.employees();
    const disabled = employees.find((e) => !e.isActive);
    const withEmail = employees.find((e) => e.email !== '');
    const withPhone = employees.find((e) => e.phone !== '');
    const boUser = t.sim.control.users().find((u) => u.employeeId === null);
    expect(disabled && withEmail && withPhone && boUser).toBeTruthy();
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ 'posCredential[POSLoginID]': String(disabled?.posUserId) }, /^POS Login ID \d+ is already taken/],
      [{ 'employee[email]': ` ${withEmail?.email.toUpperCase()} ` }, /^Email .* is already taken/],
      [{ 'employee[email]': boUser?.email ?? '' }, /^Email .* is already taken/],
      [{ 'employee[phone]': (withPhone?.phone ?? '').replace(/\D/g, '').replace(/^(\d{3})(\d{3})/, '$1.$2.') }, /^Phone .* is already taken/],
    ];
    for (const [overrides, pattern] of cases) {
      const before = t.sim.control.employees().length;
      const res = await t.b.post('/employee/insert', createBody(overrides));
      expect(res.location, JSON.stringify(overrides)).toMatch(/^\/employee\/create\?actionXfer=/);
      const errors = flashTexts((await t.b.get(res.location ?? '')).$).errors;
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(pattern);
      expect(errors[0]).toContain('already');
      expect(t.sim.control.employees()).toHaveLength(before);
    }
  });

  it('ignores unknown keys and keeps the last of duplicated scalar keys', async () => {
    const body = createBody({ 'employee[firstName]': 'First' });
    body.push(['employee[firstName]', 'Second'], ['employee[nonsense]', 'x'], ['foo', 'bar']);
    const res = await t.b.post('/employee/insert', body);
    expect(t.sim.control.employee(Number(res.location?.split('/').pop()))?.firstName).toBe('Second');
  });
});
