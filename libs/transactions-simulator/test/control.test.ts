import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { startTransactionsSimulator, type TransactionsSimulator } from '../src/index.js';
import { call, FIXED_NOW, headersFor, SITE_DAY } from './helpers.js';

describe('control surface', () => {
  let sim: TransactionsSimulator;
  beforeAll(async () => {
    sim = await startTransactionsSimulator({ clock: new VirtualClock(FIXED_NOW) });
  });
  afterAll(() => sim.close());

  it('logs each request: method, path, query, status, API id (never the key), endpoint, time', async () => {
    sim.control.reset();
    await call(sim, '/transaction', { query: { ...SITE_DAY, limit: 5 } });
    await call(sim, '/transaction/load-job', { method: 'POST', query: SITE_DAY });
    await call(sim, '/site/list', { headers: headersFor('demo', 'nope') });
    await call(sim, '/nowhere', { headers: {} });
    const log = sim.control.requests();
    expect(log).toEqual([
      { method: 'GET', path: '/v1/transaction', query: { ...stringify(SITE_DAY), limit: '5' }, status: 200, apiId: 'demo', endpoint: 'list', at: FIXED_NOW },
      { method: 'POST', path: '/v1/transaction/load-job', query: stringify(SITE_DAY), status: 200, apiId: 'demo', endpoint: 'loadJob', at: FIXED_NOW },
      { method: 'GET', path: '/v1/site/list', query: {}, status: 403, apiId: 'demo', endpoint: 'siteList', at: FIXED_NOW },
      { method: 'GET', path: '/v1/nowhere', query: {}, status: 404, at: FIXED_NOW },
    ]);
    expect(JSON.stringify(log)).not.toContain('nope');
    // The log is a copy: changing it changes nothing inside.
    log[0]!.query['limit'] = '99';
    expect(sim.control.requests()[0]!.query['limit']).toBe('5');
    sim.control.clearRequests();
    expect(sim.control.requests()).toEqual([]);
  });

  it('reset() clears the log, the throttle windows, the jobs and the v2 cache', async () => {
    sim.control.reset();
    const hash = (await call(sim, '/transaction/load-job', { method: 'POST', query: SITE_DAY })).body.data.hash;
    for (let i = 0; i < 20; i++) await call(sim, '/site/list');
    expect((await call(sim, '/site/list')).status).toBe(429);
    sim.control.reset();
    expect(sim.control.requests()).toEqual([]);
    expect((await call(sim, '/site/list')).status).toBe(200);
    expect((await call(sim, '/transaction/get-job-data', { query: { hash } })).status).toBe(404);
  });

  it('lists the sites and regions of the chain', () => {
    const sites = sim.control.sites();
    // The BackOffice demo tenant's 22 sites, plus the online store.
    expect(sites).toHaveLength(23);
    expect(sites.filter((s) => s.code === 'ECOM')).toHaveLength(1);
    for (const s of sites) {
      expect(s.code).toMatch(/^[A-Za-z0-9]{3,6}$/);
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: s.timezone })).not.toThrow();
    }
    const regions = sim.control.regions();
    expect(regions.map((r) => r.code)).toEqual(['GLOBAL', 'ILLINOIS', 'INDIANA']);
    expect(regions.flatMap((r) => r.siteCodes).sort()).toEqual(sites.map((s) => s.code).sort());
  });
});

function stringify(query: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
}
