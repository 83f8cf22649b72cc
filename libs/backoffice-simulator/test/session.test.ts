import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import type { BackofficeSimulator } from '../src/index.js';
import { Browser, FIXED_NOW, startSim } from './helpers.js';

describe('sessions and sign-in', () => {
  let sim: BackofficeSimulator;
  // Session ages move only when a test moves this clock.
  const clock = new VirtualClock(FIXED_NOW);
  beforeAll(async () => {
    sim = await startSim({ users: [{ username: 'bot', password: 'bot-password' }], clock });
  });
  afterAll(() => sim.close());

  it('serves the login form with a PHPSESSID cookie and the real ids', async () => {
    const b = new Browser(sim.url);
    const page = await b.get('/login');
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toMatch(/^PHPSESSID=[a-z0-9]{26}; path=\/; HttpOnly/);
    expect(page.$('form#login-form').attr('action')).toBe('/login_check');
    expect(page.$('input[name="_username"]#login-username')).toHaveLength(1);
    expect(page.$('input[name="_password"]#login-password')).toHaveLength(1);
    expect(page.$('.alerts.alerts-server')).toHaveLength(1);
    expect(page.$('title').text().replace(/\s+/g, ' ').trim()).toBe("Sonny's Controls | Login");
  });

  it('signs in with a 302 to / and a new session id, and answers protected pages', async () => {
    const b = new Browser(sim.url);
    await b.get('/login');
    const anonymous = b.cookie;
    const res = await b.post('/login_check', [
      ['_username', 'bot'],
      ['_password', 'bot-password'],
    ]);
    expect(res.status).toBe(302);
    expect(res.location).toBe('/');
    expect(res.text).toContain('Redirecting to <a href="/">/</a>.');
    expect(b.cookie).toBeDefined();
    expect(b.cookie).not.toBe(anonymous);
    const home = await b.get('/');
    expect(home.status).toBe(200);
    expect(home.text).not.toContain('name="_username"');
    expect(home.headers.get('server')).toBe('Sonnys Controls');
  });

  it('sends bad credentials back to /login, whose page still has the login form', async () => {
    const b = new Browser(sim.url);
    const res = await b.login('bot', 'wrong');
    expect(res.status).toBe(302);
    expect(res.location).toBe('/login');
    const page = await b.get('/login');
    expect(page.text).toContain('name="_username"');
    expect(page.text).toContain('name="_password"');
    expect(page.$('.alerts.alerts-server .alert-danger').text()).toContain('Invalid credentials.');
    expect((await b.get('/employee')).location).toBe('/login');
  });

  it('redirects every protected page and form post to /login without a session, applying nothing', async () => {
    const b = new Browser(sim.url);
    for (const path of ['/', '/employee', '/employee/create', '/employee/edit/12', '/user/create', '/user']) {
      const res = await b.get(path);
      expect(res.status, path).toBe(302);
      expect(res.location, path).toBe('/login');
    }
    const before = sim.control.employees().length;
    const post = await b.post('/employee/insert', 'employee[firstName]=X');
    expect(post.location).toBe('/login');
    expect(sim.control.employees()).toHaveLength(before);
  });

  it('expires an idle session after the scaled lifetime', async () => {
    const b = new Browser(sim.url);
    await b.login();
    expect((await b.get('/employee')).status).toBe(200);
    sim.control.setTimeScale(0.00001); // 30 min → 18 ms
    await clock.advance(60);
    const res = await b.get('/employee');
    expect(res.status).toBe(302);
    expect(res.location).toBe('/login');
    sim.control.setTimeScale(1);
  });

  it('expires a session idle for longer than its 30 minutes on the clock; each request starts them over', async () => {
    const b = new Browser(sim.url);
    await b.login();
    const signedIn = b.cookie;
    expect(sim.control.sessionLifetimeMs()).toBe(30 * 60_000);
    expect((await b.get('/employee')).status).toBe(200);
    await clock.advance(30 * 60_000); // idle exactly the lifetime: still live, and this request renews it
    expect((await b.get('/employee')).status).toBe(200);
    await clock.advance(30 * 60_000 - 1);
    expect((await b.get('/employee')).status).toBe(200);
    await clock.advance(30 * 60_000 + 1);
    const res = await b.get('/employee');
    expect(res.status).toBe(302);
    expect(res.location).toBe('/login');
    expect(b.cookie).not.toBe(signedIn);
    expect((await b.get('/')).location).toBe('/login');
  });

  it('expireSessions() ends every session at once', async () => {
    const a = new Browser(sim.url);
    const c = new Browser(sim.url);
    await a.login();
    await c.login();
    sim.control.expireSessions();
    expect((await a.get('/')).location).toBe('/login');
    expect((await c.get('/employee')).location).toBe('/login');
  });

  it('logs out with GET /logout', async () => {
    const b = new Browser(sim.url);
    await b.login();
    const out = await b.get('/logout');
    expect(out.status).toBe(302);
    expect(out.location).toBe('/login');
    expect((await b.get('/')).location).toBe('/login');
  });

  it('accepts several configured sign-ins', async () => {
    const other = await startSim({ users: [{ username: 'alice', password: 'a-pass-1' }, { username: 'bob', password: 'b-pass-2' }], employeeCount: 5 });
    try {
      expect((await new Browser(other.url).login('bob', 'b-pass-2')).location).toBe('/');
      expect((await new Browser(other.url).login('bot', 'bot-password')).location).toBe('/login');
    } finally {
      await other.close();
    }
  });
});
