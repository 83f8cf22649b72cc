import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { DEPARTMENTS, startBackofficeSimulator, type BackofficeSimulator } from '../src/index.js';
import { Browser, createBody, encodeSites, FIXED_TODAY, serializeForm, startSim } from './helpers.js';

describe('seeded tenant', () => {
  it('is the same for the same seed and different for another', async () => {
    const [a, b, c] = await Promise.all([startSim({ seed: 's1' }), startSim({ seed: 's1' }), startSim({ seed: 's2' })]);
    try {
      expect(a.control.employees()).toEqual(b.control.employees());
      expect(a.control.users()).toEqual(b.control.users());
      expect(a.control.employees()).not.toEqual(c.control.employees());
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it('keeps the demo tenant a user may already know: the same first employees and Back Office users', async () => {
    const sim = await startBackofficeSimulator({ seed: 'demo' });
    try {
      const first = sim.control.employees().slice(0, 3).map((e) => [e.id, e.firstName, e.lastName, e.posUserId]);
      expect(first).toEqual([[12, 'Taylor', 'Lee', 12255], [14, 'Harper', 'sample', 12362], [15, 'Gray', 'Fakename', 2239]]);
      expect(sim.control.users().slice(0, 2).map((u) => [u.id, u.username])).toEqual([[2944451, 'OSample19'], [2944461, 'RPlaceholder29']]);
    } finally {
      await sim.close();
    }
  });

  it('has the demo shape: regions → districts → sites, disabled employees, BO users with 7-digit ids, varied phones', async () => {
    const sim = await startBackofficeSimulator({ seed: 'demo' });
    try {
      const employees = sim.control.employees();
      expect(employees.length).toBe(300);
      expect(employees.some((e) => !e.isActive)).toBe(true);
      expect(new Set(employees.map((e) => e.posUserId)).size).toBe(employees.length);
      const digits = employees.map((e) => e.phone.replace(/\D/g, '')).filter(Boolean);
      expect(new Set(digits).size).toBe(digits.length);
      expect(employees.some((e) => /^\(\d{3}\) \d{3}-\d{4}$/.test(e.phone))).toBe(true);
      expect(employees.some((e) => /^\d{10}$/.test(e.phone))).toBe(true);
      expect(employees.some((e) => e.phone === '')).toBe(true);
      const users = sim.control.users();
      expect(users.some((u) => u.employeeId !== null)).toBe(true);
      expect(users.every((u) => /^\d{7}$/.test(String(u.id)))).toBe(true);
      expect(users.find((u) => u.username === 'bot')).toMatchObject({ employeeId: null, active: true });
      const sites = sim.control.sites();
      expect(sites.map((s) => s.id)).not.toContain(3);
      expect(sites.find((s) => s.id === 1)).toMatchObject({ name: 'WashU Fiesta', code: 'FIESTA', districtId: 2, regionId: 2 });
      expect(new Set(sites.map((s) => s.regionId)).size).toBeGreaterThanOrEqual(2);
      expect(DEPARTMENTS.map((d) => [d.id, d.name])).toEqual([[1, 'Cashier'], [2, 'Line'], [3, 'Greeter'], [4, 'Management']]);
    } finally {
      await sim.close();
    }
  });

  it('refuses invalid options', async () => {
    await expect(startBackofficeSimulator({ timeScale: 0 })).rejects.toThrow(/timeScale/);
    await expect(startBackofficeSimulator({ latencyMs: -1 })).rejects.toThrow(/latencyMs/);
    await expect(startBackofficeSimulator({ employeeCount: 1.5 })).rejects.toThrow(/employeeCount/);
    await expect(startBackofficeSimulator({ tenant: 'round' as never })).rejects.toThrow(/tenant/);
    await expect(startBackofficeSimulator({ users: [{ username: 'x', password: '' }] })).rejects.toThrow(/password/);
  });

  it('seeds employeeCount employees', async () => {
    const sim = await startSim({ employeeCount: 7 });
    try {
      expect(sim.control.employees()).toHaveLength(7);
    } finally {
      await sim.close();
    }
  });
});

describe('create page', () => {
  let sim: BackofficeSimulator;
  beforeAll(async () => {
    sim = await startSim({ employeeCount: 10 });
  });
  afterAll(() => sim.close());

  it('lists the tree, departments, today in data-value, and the wage block', async () => {
    const b = new Browser(sim.url);
    await b.login();
    const page = await b.get('/employee/create');
    const $ = page.$;
    expect($('form#employee-create-edit-form').attr('action')).toBe('/employee/insert');
    expect($('input.boac-permission-region-option')).toHaveLength(3);
    expect($('input.boac-permission-district-option')).toHaveLength(4);
    expect($('input.boac-permission-site-option')).toHaveLength(sim.control.sites().length);
    expect($('label[for="boac-permission-site-1"] strong').text()).toBe('(WashU Fiesta)');
    expect($('label[for="boac-permission-district-2"] strong').text()).toBe("(Carlos' District)");
    expect($('input.boac-permission-district-option[data-district-id="2"]').attr('data-region-id')).toBe('2');
    expect($('#employee-start-date').attr('data-value')).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect($('#employee-start-date').attr('data-value')).toBe(FIXED_TODAY);
    expect($('select[name="wage[siteId]"]').is('[disabled]')).toBe(true);
    expect($('select[name="wage[siteId]"] option[value="1"]').text()).toBe('FIESTA');
    expect($('input[name="wage[overtimeRate]"]').is('[disabled]')).toBe(true);
    // As on the real tenant, the first region starts switched to "No".
    expect($('#boac-permission-region-1').is('[checked]')).toBe(true);
  });
});

describe('flat tenant (§3.4)', () => {
  let sim: BackofficeSimulator;
  let b: Browser;
  beforeAll(async () => {
    sim = await startSim({ tenant: 'flat', employeeCount: 20 });
    b = new Browser(sim.url);
    await b.login();
  });
  afterAll(() => sim.close());

  it('has no region options; sites are options with labels', async () => {
    const $ = (await b.get('/employee/create')).$;
    expect($('input.boac-permission-region-option')).toHaveLength(0);
    expect($('input.boac-permission-site-option')).toHaveLength(6);
    expect($('label[for="boac-permission-site-4"] strong').text()).toBe('(WashU Niles)');
  });

  it('reads employee[siteIds][] as a blocklist and isAllSitesAllowed as all, and round-trips the edit page', async () => {
    const sites = sim.control.sites().map((s) => s.id);
    const restricted = createBody({}, sites.filter((id) => id !== 4 && id !== 12).map((id): [string, string] => ['employee[siteIds][]', String(id)]));
    const res = await b.post('/employee/insert', restricted);
    const id = Number(res.location?.split('/').pop());
    expect(sim.control.employee(id)?.siteIds).toEqual([4, 12]);
    const page = await b.get(`/employee/edit/${id}`);
    expect(page.$('#boac-permission-site-4').is('[checked]')).toBe(false);
    expect(page.$('#boac-permission-site-1').is('[checked]')).toBe(true);
    const before = sim.control.employee(id);
    expect((await b.post('/employee/update', serializeForm(page.$, 'form#employee-create-edit-form'))).location).toBe('/employee');
    expect(sim.control.employee(id)).toEqual(before);
    const all = await b.post('/employee/insert', createBody({ 'posCredential[POSLoginID]': '99002', 'employee[email]': '', 'employee[phone]': '' }, [['employee[isAllSitesAllowed]', '1']]));
    const allId = Number(all.location?.split('/').pop());
    expect(sim.control.employee(allId)?.siteIds).toBe('all');
    const allPage = await b.get(`/employee/edit/${allId}`);
    expect(allPage.$('input[name="employee[isAllSitesAllowed]"]').is('[checked]')).toBe(true);
    expect((await b.post('/employee/update', serializeForm(allPage.$, 'form#employee-create-edit-form'))).location).toBe('/employee');
    expect(sim.control.employee(allId)?.siteIds).toBe('all');
  });
});

describe("the clock's calendar", () => {
  it("gives the forms' today, a new employee's status date and the log's times; its day turns at UTC midnight", async () => {
    const start = Date.UTC(2031, 0, 2, 23, 50, 0);
    const clock = new VirtualClock(start);
    const sim = await startSim({ employeeCount: 5, clock });
    try {
      const b = new Browser(sim.url);
      await b.login();
      expect((await b.get('/employee/create')).$('#employee-start-date').attr('data-value')).toBe('01/02/2031');
      const created = await b.post('/employee/insert', createBody({}, encodeSites(sim.control.sites(), [1])));
      const id = Number(created.location?.split('/').pop());
      const roster = (await b.get('/employee?active=all&limit=100')).$;
      const row = roster('table.table-employees-list tbody tr').filter((_, tr) => roster(tr).text().includes('Newhire'));
      expect(row.find('td.employees-col-active').attr('data-date-utc')).toBe('2031-01-02 23:50:00');
      await clock.advance(20 * 60_000);
      expect((await b.get(`/employee/compensation/${id}`)).$('#wage-effective-date').attr('data-value')).toBe('01/03/2031');
      expect((await b.get('/employee/create')).$('#employee-start-date').attr('data-value')).toBe('01/03/2031');
      expect(sim.control.requests().map((r) => r.at - start)).toEqual([0, 0, 0, 0, 0, 20 * 60_000, 20 * 60_000]);
    } finally {
      await sim.close();
    }
  });
});
