import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { startTransactionsSimulator, type TransactionsSimulator } from '../src/index.js';
import { call, dayStart, FIXED_NOW } from './helpers.js';

describe('a first request to each endpoint', () => {
  let sim: TransactionsSimulator;
  beforeAll(async () => {
    sim = await startTransactionsSimulator({ clock: new VirtualClock(FIXED_NOW), timeScale: 0.01 });
  });
  afterAll(() => sim.close());

  it('serves the base URL under /v1 on 127.0.0.1', () => {
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  it('lists sites with siteID, code, name and timezone', async () => {
    const res = await call(sim, '/site/list');
    expect(res.status).toBe(200);
    expect(res.body.data.sites.length).toBeGreaterThanOrEqual(6);
    expect(res.body.data.sites[0]).toEqual({ siteID: 1001, code: 'FIESTA', name: 'WashU Fiesta', timezone: 'America/Chicago' });
  });

  it('lists, gets and runs a job that agree with one another', async () => {
    const query = { startDate: dayStart(1), endDate: dayStart(1) + 3600 * 18, site: 'NAPER', limit: 100, offset: 1 };
    const list = await call(sim, '/transaction', { query });
    expect(list.status).toBe(200);
    const first = list.body.data.transactions[0];
    const detail = await call(sim, `/transaction/${first.transId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id: first.transId, number: first.transNumber, total: first.total, completeDate: first.date });
    const job = await call(sim, '/transaction/load-job', { method: 'POST', query: { ...query, offset: 1 } });
    expect(job.body.data.hash).toMatch(/^[0-9a-f]{32}$/);
  });
});
