import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BackofficeSimulator } from '../src/index.js';
import { Browser, createBody, startSim } from './helpers.js';

describe('control: faults, latency and the request log', () => {
  let sim: BackofficeSimulator;
  let b: Browser;
  beforeAll(async () => {
    sim = await startSim();
  });
  beforeEach(async () => {
    sim.control.reset();
    sim.control.setLatency(0);
    b = new Browser(sim.url);
    await b.login();
  });
  afterAll(() => sim.close());

  it('serverError answers the given 5xx for matching requests only, count times', async () => {
    sim.control.inject({ route: 'GET /employee/edit/*', kind: 'serverError', status: 503, count: 2 });
    expect((await b.get('/employee')).status).toBe(200);
    const first = await b.get('/employee/edit/12');
    expect(first.status).toBe(503);
    expect(first.text).toContain('503 Service Unavailable');
    expect((await b.get('/employee/edit/13')).status).toBe(503);
    expect((await b.get('/employee/edit/12')).status).toBe(200);
  });

  it('serverError on a POST applies nothing', async () => {
    sim.control.inject({ route: 'POST /employee/insert', kind: 'serverError' });
    const before = sim.control.employees().length;
    expect((await b.post('/employee/insert', createBody())).status).toBe(500);
    expect(sim.control.employees()).toHaveLength(before);
  });

  it('drop closes the connection without an answer', async () => {
    sim.control.inject({ route: '/employee', kind: 'drop', count: 1 });
    await expect(b.get('/employee')).rejects.toThrow();
    expect((await b.get('/employee')).status).toBe(200);
    const dropped = sim.control.requests().filter((r) => r.path === '/employee');
    expect(dropped.map((r) => r.status)).toEqual([0, 200]);
  });

  it('dropAfterApply applies a POST, then closes the connection without an answer', async () => {
    sim.control.inject({ route: 'POST /employee/insert', kind: 'dropAfterApply', count: 1 });
    const before = sim.control.employees().length;
    const body = createBody();
    await expect(b.post('/employee/insert', body)).rejects.toThrow();
    expect(sim.control.employees()).toHaveLength(before + 1);
    const posUserId = Number(new URLSearchParams(body).get('posCredential[POSLoginID]'));
    expect(sim.control.employees().filter((e) => e.posUserId === posUserId)).toHaveLength(1);
    expect(sim.control.requests().filter((r) => r.path === '/employee/insert').map((r) => r.status)).toEqual([0]);
  });

  it('slow delays the answer by delayMs', async () => {
    sim.control.inject({ route: 'GET /', kind: 'slow', delayMs: 250, count: 1 });
    const t0 = performance.now();
    expect((await b.get('/')).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(240);
  });

  it('brokenMarkup truncates the page before its form or table', async () => {
    sim.control.inject({ route: 'GET /employee', kind: 'brokenMarkup', count: 1 });
    const broken = await b.get('/employee');
    expect(broken.status).toBe(200);
    expect(broken.$('table.table-employees-list')).toHaveLength(0);
    expect(broken.text).not.toContain('</html>');
    sim.control.inject({ route: 'GET /employee/edit/*', kind: 'brokenMarkup', count: 1 });
    expect((await b.get('/employee/edit/12')).$('form#employee-create-edit-form')).toHaveLength(0);
    expect((await b.get('/employee/edit/12')).$('form#employee-create-edit-form')).toHaveLength(1);
  });

  it('acceptButIgnore answers a POST exactly as a success but keeps nothing', async () => {
    const before = sim.control.employees();
    sim.control.inject({ route: 'POST /employee/insert', kind: 'acceptButIgnore', count: 1 });
    const ignored = await b.post('/employee/insert', createBody());
    expect(ignored.status).toBe(302);
    expect(ignored.location).toMatch(/^\/employee\/permissions\/\d+$/);
    expect(sim.control.employees()).toEqual(before);
    const applied = await b.post('/employee/insert', createBody());
    expect(applied.location).toBe(ignored.location);
    expect(sim.control.employees()).toHaveLength(before.length + 1);
  });

  it('expireSession ends the session just before the matching request, which then goes to /login unapplied', async () => {
    sim.control.inject({ route: 'POST /employee/insert', kind: 'expireSession', count: 1 });
    const before = sim.control.employees().length;
    const res = await b.post('/employee/insert', createBody());
    expect(res.status).toBe(302);
    expect(res.location).toBe('/login');
    expect(sim.control.employees()).toHaveLength(before);
    expect((await b.get('/employee')).location).toBe('/login');
  });

  it('draws probabilistic faults from the seeded PRNG, and remove() / clearFaults() stop them', async () => {
    const run = async () => {
      sim.control.reset();
      const c = new Browser(sim.url);
      await c.login();
      sim.control.inject({ route: 'GET /', kind: 'serverError', probability: 0.5 });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await c.get('/')).status);
      return statuses;
    };
    const first = await run();
    expect(first).toContain(500);
    expect(first).toContain(200);
    expect(await run()).toEqual(first);
    sim.control.clearFaults();
    await b.login();
    expect((await b.get('/')).status).toBe(200);
    const handle = sim.control.inject({ kind: 'serverError' });
    expect((await b.get('/employee')).status).toBe(500);
    handle.remove();
    expect((await b.get('/employee')).status).toBe(200);
    expect(() => sim.control.inject({ kind: 'nonsense' as never })).toThrow();
  });

  it('adds latency to every answer', async () => {
    sim.control.setLatency(150);
    const t0 = performance.now();
    await b.get('/');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
    sim.control.setLatency(0);
  });

  it('logs requests with query, parsed body, status and Location; clearRequests() empties the log', async () => {
    sim.control.clearRequests();
    await b.get('/employee?active=all&limit=5');
    const insert = await b.post('/employee/insert', createBody());
    const log = sim.control.requests();
    expect(log[0]).toMatchObject({ method: 'GET', path: '/employee', query: { active: 'all', limit: '5' }, status: 200 });
    expect(log[1]).toMatchObject({ method: 'POST', path: '/employee/insert', status: 302, location: insert.location });
    expect(log[1]?.body).toContainEqual(['employee[departments][]', '3']);
    expect(log[1]?.body?.[0]).toEqual(['employee[firstName]', 'Robin']);
    expect(typeof log[1]?.at).toBe('number');
    sim.control.clearRequests();
    expect(sim.control.requests()).toEqual([]);
  });

  it('reset() restores the seeded tenant and ends sessions', async () => {
    const seeded = sim.control.employees();
    await b.post('/employee/insert', createBody());
    expect(sim.control.employees()).toHaveLength(seeded.length + 1);
    sim.control.reset();
    expect(sim.control.employees()).toEqual(seeded);
    expect((await b.get('/')).location).toBe('/login');
  });
});
