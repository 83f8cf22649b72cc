import { beforeEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { Browser, createBody, FIXED_NOW, startSim, useSignedInSimulator } from './helpers.js';

const t = useSignedInSimulator();
beforeEach(async () => {
  t.sim.control.setLatency(0);
});

describe('control: what each fault kind does', () => {
  it('serverError answers the given 5xx for matching requests only, count times', async () => {
    t.sim.control.inject({ route: 'GET /employee/edit/*', kind: 'serverError', status: 503, count: 2 });
    expect((await t.b.get('/employee')).status).toBe(200);
    const first = await t.b.get('/employee/edit/12');
    expect(first.status).toBe(503);
    expect(first.text).toContain('503 Service Unavailable');
    expect((await t.b.get('/employee/edit/13')).status).toBe(503);
    expect((await t.b.get('/employee/edit/12')).status).toBe(200);
  });

  it('serverError on a POST applies nothing', async () => {
    t.sim.control.inject({ route: 'POST /employee/insert', kind: 'serverError' });
    const before = t.sim.control.employees().length;
    expect((await t.b.post('/employee/insert', createBody())).status).toBe(500);
    expect(t.sim.control.employees()).toHaveLength(before);
  });

  it('drop closes the connection without an answer', async () => {
    t.sim.control.inject({ route: '/employee', kind: 'drop', count: 1 });
    await expect(t.b.get('/employee')).rejects.toThrow();
    expect((await t.b.get('/employee')).status).toBe(200);
    const dropped = t.sim.control.requests().filter((r) => r.path === '/employee');
    expect(dropped.map((r) => r.status)).toEqual([0, 200]);
  });

  it('dropAfterApply applies a POST, then closes the connection without an answer', async () => {
    t.sim.control.inject({ route: 'POST /employee/insert', kind: 'dropAfterApply', count: 1 });
    const before = t.sim.control.employees().length;
    const body = createBody();
    await expect(t.b.post('/employee/insert', body)).rejects.toThrow();
    expect(t.sim.control.employees()).toHaveLength(before + 1);
    const posUserId = Number(new URLSearchParams(body).get('posCredential[POSLoginID]'));
    expect(t.sim.control.employees().filter((e) => e.posUserId === posUserId)).toHaveLength(1);
    expect(t.sim.control.requests().filter((r) => r.path === '/employee/insert').map((r) => r.status)).toEqual([0]);
  });

  it('slow delays the answer by delayMs', async () => {
    t.sim.control.inject({ route: 'GET /', kind: 'slow', delayMs: 250, count: 1 });
    const t0 = performance.now();
    expect((await t.b.get('/')).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(240);
  });

  it('brokenMarkup truncates the page before its form or table', async () => {
    t.sim.control.inject({ route: 'GET /employee', kind: 'brokenMarkup', count: 1 });
    const broken = await t.b.get('/employee');
    expect(broken.status).toBe(200);
    expect(broken.$('table.table-employees-list')).toHaveLength(0);
    expect(broken.text).not.toContain('</html>');
    t.sim.control.inject({ route: 'GET /employee/edit/*', kind: 'brokenMarkup', count: 1 });
    expect((await t.b.get('/employee/edit/12')).$('form#employee-create-edit-form')).toHaveLength(0);
    expect((await t.b.get('/employee/edit/12')).$('form#employee-create-edit-form')).toHaveLength(1);
  });

  it('truncatedForm cuts the page inside its form: at cutAt when given, else halfway', async () => {
    t.sim.control.inject({ route: 'GET /employee/edit/*', kind: 'truncatedForm', cutAt: '<h2>Emergency Contact</h2>', count: 1 });
    const cut = await t.b.get('/employee/edit/12');
    expect(cut.status).toBe(200);
    expect(cut.text).toContain('name="employee[firstName]"');
    expect(cut.text).not.toContain('Emergency Contact');
    expect(cut.text).not.toContain('name="employee[adpEmployeeId]"');
    expect(cut.text).not.toContain('</form>');
    const whole = (await t.b.get('/employee/permissions/12')).text;
    t.sim.control.inject({ route: 'GET /employee/permissions/*', kind: 'truncatedForm', count: 1 });
    const half = (await t.b.get('/employee/permissions/12')).text;
    expect(half).toContain('<form');
    expect(half).not.toContain('</form>');
    expect(half.length).toBeLessThan(whole.length);
  });

  it('acceptButIgnore answers a POST exactly as a success but keeps nothing', async () => {
    const before = t.sim.control.employees();
    t.sim.control.inject({ route: 'POST /employee/insert', kind: 'acceptButIgnore', count: 1 });
    const ignored = await t.b.post('/employee/insert', createBody());
    expect(ignored.status).toBe(302);
    expect(ignored.location).toMatch(/^\/employee\/permissions\/\d+$/);
    expect(t.sim.control.employees()).toEqual(before);
    const applied = await t.b.post('/employee/insert', createBody());
    expect(applied.location).toBe(ignored.location);
    expect(t.sim.control.employees()).toHaveLength(before.length + 1);
  });

  it('expireSession ends the session just before the matching request, which then goes to /login unapplied', async () => {
    t.sim.control.inject({ route: 'POST /employee/insert', kind: 'expireSession', count: 1 });
    const before = t.sim.control.employees().length;
    const res = await t.b.post('/employee/insert', createBody());
    expect(res.status).toBe(302);
    expect(res.location).toBe('/login');
    expect(t.sim.control.employees()).toHaveLength(before);
    expect((await t.b.get('/employee')).location).toBe('/login');
  });

});

describe('control: fault draws, latency, the request log and reset', () => {
  it('draws probabilistic faults from the seeded PRNG, and remove() / clearFaults() stop them', async () => {
    const run = async () => {
      t.sim.control.reset();
      const c = new Browser(t.sim.url);
      await c.login();
      t.sim.control.inject({ route: 'GET /', kind: 'serverError', probability: 0.5 });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await c.get('/')).status);
      return statuses;
    };
    const first = await run();
    expect(first).toContain(500);
    expect(first).toContain(200);
    expect(await run()).toEqual(first);
    t.sim.control.clearFaults();
    await t.b.login();
    expect((await t.b.get('/')).status).toBe(200);
    const handle = t.sim.control.inject({ kind: 'serverError' });
    expect((await t.b.get('/employee')).status).toBe(500);
    handle.remove();
    expect((await t.b.get('/employee')).status).toBe(200);
    expect(() => t.sim.control.inject({ kind: 'nonsense' as never })).toThrow();
  });

  it('refuses a fault that could never be meant: an unknown kind, a probability outside 0..1, a count below 0', () => {
    expect(() => t.sim.control.inject({ kind: 'nonsense' as never })).toThrow(TypeError);
    expect(() => t.sim.control.inject({ kind: 'drop', probability: 1.5 })).toThrow('probability');
    expect(() => t.sim.control.inject({ kind: 'drop', count: -1 })).toThrow('count');
    expect(() => t.sim.control.inject({ kind: 'drop', count: 1.5 })).toThrow('count');
  });
  it('adds latency to every answer', async () => {
    t.sim.control.setLatency(150);
    const t0 = performance.now();
    await t.b.get('/');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
    t.sim.control.setLatency(0);
  });

  it('logs requests with query, parsed body, status and Location; clearRequests() empties the log', async () => {
    t.sim.control.clearRequests();
    await t.b.get('/employee?active=all&limit=5');
    const insert = await t.b.post('/employee/insert', createBody());
    const log = t.sim.control.requests();
    expect(log[0]).toMatchObject({ method: 'GET', path: '/employee', query: { active: 'all', limit: '5' }, status: 200 });
    expect(log[1]).toMatchObject({ method: 'POST', path: '/employee/insert', status: 302, location: insert.location });
    expect(log[1]?.body).toContainEqual(['employee[departments][]', '3']);
    expect(log[1]?.body?.[0]).toEqual(['employee[firstName]', 'Robin']);
    expect(typeof log[1]?.at).toBe('number');
    t.sim.control.clearRequests();
    expect(t.sim.control.requests()).toEqual([]);
  });

  it('reset() restores the seeded tenant and ends sessions', async () => {
    const seeded = t.sim.control.employees();
    await t.b.post('/employee/insert', createBody());
    expect(t.sim.control.employees()).toHaveLength(seeded.length + 1);
    t.sim.control.reset();
    expect(t.sim.control.employees()).toEqual(seeded);
    expect((await t.b.get('/')).location).toBe('/login');
  });
});

describe('the waits run on the injected clock', () => {
  it('holds a slow fault and the latency until the clock has moved by them, not for real time', async () => {
    const clock = new VirtualClock(FIXED_NOW);
    const sim = await startSim({ employeeCount: 5, clock });
    try {
      const b = new Browser(sim.url);
      sim.control.inject({ route: 'GET /login', kind: 'slow', count: 1 }); // the default 5 s
      const slow = settling(b.get('/login'));
      await sleeping(clock);
      await clock.advance(4_999);
      expect(slow.settled).toBe(false);
      await clock.advance(1);
      expect((await slow.promise).status).toBe(200);
      sim.control.setLatency(150);
      const late = settling(b.get('/login'));
      await sleeping(clock);
      await clock.advance(149);
      expect(late.settled).toBe(false);
      await clock.advance(1);
      expect((await late.promise).status).toBe(200);
      expect(sim.control.requests().map((r) => r.at - FIXED_NOW)).toEqual([0, 5_000]);
    } finally {
      await sim.close();
    }
  });
});

/** A promise and whether it has settled yet. */
function settling<T>(promise: Promise<T>): { promise: Promise<T>; settled: boolean } {
  const tracked = { promise, settled: false };
  promise.then(
    () => (tracked.settled = true),
    () => (tracked.settled = true),
  );
  return tracked;
}

/** Resolves once a request waits on the clock (it has arrived and reached its sleep). */
async function sleeping(clock: VirtualClock): Promise<void> {
  for (let i = 0; i < 400 && clock.pending === 0; i++) await new Promise((r) => setTimeout(r, 5));
  expect(clock.pending).toBe(1);
}
