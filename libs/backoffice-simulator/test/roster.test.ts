import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackofficeSimulator, SimEmployee } from '../src/index.js';
import { Browser, startSim } from './helpers.js';

interface Row {
  id: number;
  first: string;
  last: string;
  pos: string;
  access: string;
  sites: string[];
  active: boolean;
}

function rows(b: Awaited<ReturnType<Browser['get']>>): Row[] {
  const $ = b.$;
  return $('table.table-employees-list tbody tr')
    .map((_, tr) => {
      const t = $(tr);
      const href = t.find('a[href^="/employee/edit/"]').attr('href') ?? '';
      return {
        id: Number(href.split('/').pop()),
        first: t.find('td.employees-col-first-name').text().trim(),
        last: t.find('td.employees-col-last-name').text().trim(),
        pos: t.find('td.employees-col-pos-user-id').text().trim(),
        access: t.find('td.employees-col-template').text().trim(),
        sites: t.find('td.employees-col-sites').text().split(',').map((s) => s.trim()).filter(Boolean),
        active: t.find('td.employees-col-active i.fa-check').length === 1,
      };
    })
    .get();
}

describe('GET /employee (roster)', () => {
  let sim: BackofficeSimulator;
  let b: Browser;
  let all: SimEmployee[];
  beforeAll(async () => {
    sim = await startSim({ employeeCount: 140 });
    b = new Browser(sim.url);
    await b.login();
    all = sim.control.employees();
  });
  afterAll(() => sim.close());

  it('shows active employees by default, 25 per page, sorted by first name, with the pager', async () => {
    const page = await b.get('/employee');
    const got = rows(page);
    expect(got).toHaveLength(25);
    expect(got.every((r) => r.active)).toBe(true);
    const firsts = got.map((r) => r.first.toLowerCase());
    expect([...firsts].sort()).toEqual(firsts);
    const activeCount = all.filter((e) => e.isActive).length;
    const pages = Math.ceil(activeCount / 25);
    expect(page.$('nav#pager-employees')).toHaveLength(1);
    expect(page.$('a#pager-employees-next').attr('href')).toMatch(/^\/employee\/2\?sort_type=first_name&sort_dir=1&active=active&sites%5B0%5D=\d+/);
    expect(page.$('li.active a#pager-employees-page-1')).toHaveLength(1);
    expect(page.$(`a#pager-employees-page-${pages}`)).toHaveLength(1);
    expect(page.$('#employee-filter-active option[selected]').attr('value')).toBe('active');
    // Every page together lists each active employee once.
    const seen = new Set<number>();
    for (let p = 1; p <= pages; p++) for (const r of rows(await b.get(`/employee/${p}`))) seen.add(r.id);
    expect(seen.size).toBe(activeCount);
    const last = await b.get(`/employee/${pages}`);
    expect(last.$('a#pager-employees-next')).toHaveLength(0);
    expect(last.$('a#pager-employees-prev').attr('href')).toMatch(new RegExp(`^/employee/${pages - 1}\\?`));
  });

  it('renders rows with the real td classes and the four action links', async () => {
    const page = await b.get('/employee?limit=5');
    const tr = page.$('table.table-employees-list tbody tr').first();
    for (const cls of ['employees-col-first-name', 'employees-col-last-name', 'employees-col-sites', 'employees-col-template', 'employees-col-pos-user-id', 'employees-col-departments', 'employees-col-phone', 'employees-col-wage-type', 'employees-col-active', 'customers-col-edit']) {
      expect(tr.find(`td.${cls}`), cls).toHaveLength(1);
    }
    const id = rows(page)[0]?.id;
    expect(tr.find('td.customers-col-edit a').map((_, a) => page.$(a).attr('id')).get()).toEqual([
      `link-employee-compensation-${id}`,
      `link-employee-permission-${id}`,
      `link-employee-timesheet-${id}`,
      `link-edit-employee-${id}`,
    ]);
    expect(tr.find(`a#link-employee-permission-${id}`).attr('href')).toBe(`/employee/permissions/${id}`);
    expect(page.$('thead th a#sort-employee-first-name')).toHaveLength(1);
    expect(page.$('thead a[href*="/employee/"]')).toHaveLength(0);
    const e = all.find((x) => x.id === id);
    expect(tr.find('td.employees-col-phone a').attr('href')).toBe(`tel:${e?.phone}`);
    expect(tr.find('td.employees-col-departments ul.list-inline li')).toHaveLength(e?.departmentIds.length ?? -1);
  });

  it('honours active=all|inactive, limit, and case-insensitive prefix filters AND-combined', async () => {
    const everyone = rows(await b.get('/employee?limit=10000&active=all'));
    const withSites = all.filter((e) => e.siteIds === 'all' || e.siteIds.length > 0);
    expect(everyone).toHaveLength(withSites.length);
    const inactive = rows(await b.get('/employee?limit=10000&active=inactive'));
    expect(inactive.length).toBe(withSites.filter((e) => !e.isActive).length);
    expect(inactive.length).toBeGreaterThan(0);
    expect(inactive.every((r) => !r.active)).toBe(true);
    const target = all.find((e) => e.isActive) as SimEmployee;
    const prefix = target.firstName.slice(0, 2).toUpperCase();
    const byFirst = rows(await b.get(`/employee?first_name=${encodeURIComponent(prefix)}&active=all&limit=10000`));
    expect(byFirst.length).toBe(withSites.filter((e) => e.firstName.toLowerCase().startsWith(prefix.toLowerCase())).length);
    const both = rows(await b.get(`/employee?first_name=${encodeURIComponent(target.firstName)}&last_name=${encodeURIComponent(target.lastName.slice(0, 3).toLowerCase())}&active=all`));
    expect(both.map((r) => r.id)).toContain(target.id);
    expect(both.every((r) => r.first.toLowerCase().startsWith(target.firstName.toLowerCase()) && r.last.toLowerCase().startsWith(target.lastName.slice(0, 3).toLowerCase()))).toBe(true);
    expect(rows(await b.get('/employee?limit=7'))).toHaveLength(7);
  });

  it('matches posUserId exactly, inactive employees included with active=all', async () => {
    const target = all.find((e) => !e.isActive) as SimEmployee;
    const found = rows(await b.get(`/employee?sort_type=first_name&sort_dir=1&first_name=&last_name=&posUserId=${target.posUserId}&active=all&limit=10000`));
    expect(found.map((r) => r.id)).toEqual([target.id]);
    expect(found[0]?.pos).toBe(String(target.posUserId));
    expect(rows(await b.get(`/employee?posUserId=${target.posUserId}`))).toHaveLength(0);
    expect(rows(await b.get(`/employee?posUserId=${String(target.posUserId).slice(0, -1)}&active=all`)).map((r) => r.id)).not.toContain(target.id);
  });

  it('shows the Access column as the template name, Custom or None', async () => {
    const everyone = rows(await b.get('/employee?limit=10000&active=all'));
    const byId = new Map(all.map((e) => [e.id, e]));
    const seen = new Set(everyone.map((r) => r.access));
    expect(seen.has('None')).toBe(true);
    expect(seen.has('Custom')).toBe(true);
    expect(seen.has('General User')).toBe(true);
    for (const r of everyone) {
      const e = byId.get(r.id);
      if (e?.grants.length === 0) expect(r.access).toBe('None');
      if (e?.grants.join(',') === '22') expect(r.access).toBe('General User');
    }
  });

  it('filters by site and lists short codes', async () => {
    const fiesta = rows(await b.get('/employee?sites%5B0%5D=1&active=all&limit=10000'));
    expect(fiesta.length).toBeGreaterThan(0);
    expect(fiesta.every((r) => r.sites.includes('FIESTA'))).toBe(true);
  });

  it('renders a 10,000-employee roster in one page', async () => {
    const big = await startSim({ employeeCount: 10_000 });
    try {
      const c = new Browser(big.url);
      await c.login();
      const page = await c.get('/employee?limit=10000&active=all');
      const expected = big.control.employees().filter((e) => e.siteIds === 'all' || e.siteIds.length > 0).length;
      expect(page.text.match(/<td class="employees-col-pos-user-id">/g)).toHaveLength(expected);
      expect(page.text.match(/id="link-edit-employee-\d+"/g)).toHaveLength(expected);
      expect(page.text).not.toContain('id="pager-employees"');
    } finally {
      await big.close();
    }
  });
});
