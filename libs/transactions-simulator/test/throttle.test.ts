import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { startTransactionsSimulator, type TransactionsSimulator } from '../src/index.js';
import { call, FIXED_NOW, headersFor, SITE_DAY } from './helpers.js';

const RATE_BODY = {
  type: 'RequestRateExceedError',
  message: 'The number of requests exceeded the allowed API rate. Request blocked.',
};

describe('throttle: 20 requests per 15 s fixed window per API id', () => {
  let sim: TransactionsSimulator | undefined;
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });

  it('allows exactly 20, answers the 21st with 429 RequestRateExceedError and no Retry-After, and resets after the window', async () => {
    const clock = new VirtualClock(FIXED_NOW);
    sim = await startTransactionsSimulator({ clock });
    for (let i = 1; i <= 20; i++) expect((await call(sim, '/site/list')).status, `request ${i}`).toBe(200);
    const refused = await call(sim, '/site/list');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(RATE_BODY);
    expect(refused.headers.get('retry-after')).toBeNull();
    await clock.advance(14_999);
    expect((await call(sim, '/site/list')).status).toBe(429);
    await clock.advance(1);
    expect((await call(sim, '/site/list')).status).toBe(200);
  });

  it('counts every endpoint, including requests answered 404, 422 or 403 for a site', async () => {
    sim = await startTransactionsSimulator({ clock: new VirtualClock(FIXED_NOW) });
    const requests: Array<[string, Record<string, string | number>?, Record<string, string>?]> = [
      ['/transaction', SITE_DAY],
      ['/transaction/type/wash', SITE_DAY],
      ['/transaction/version-2', SITE_DAY],
      ['/transaction/1:1001'],
      ['/transaction/get-job-data', { hash: 'unknown' }],
      ['/site/list'],
      ['/transaction', { limit: 1000 }],
      ['/site/list', {}, headersFor('demo', 'demo-key', 'NOPE')],
    ];
    let sent = 0;
    while (sent < 20) {
      const [path, query, headers] = requests[sent % requests.length]!;
      const res = await call(sim, path, { ...(query ? { query } : {}), ...(headers ? { headers } : {}) });
      expect(res.status).not.toBe(429);
      sent++;
    }
    const post = await call(sim, '/transaction/load-job', { method: 'POST', query: SITE_DAY });
    expect(post.status).toBe(429);
  });

  it('keeps one window per API id', async () => {
    sim = await startTransactionsSimulator({
      clock: new VirtualClock(FIXED_NOW),
      credentials: [
        { apiId: 'a', apiKey: 'ka' },
        { apiId: 'b', apiKey: 'kb' },
      ],
    });
    for (let i = 0; i < 20; i++) await call(sim, '/site/list', { headers: headersFor('a', 'ka') });
    expect((await call(sim, '/site/list', { headers: headersFor('a', 'ka') })).status).toBe(429);
    expect((await call(sim, '/site/list', { headers: headersFor('b', 'kb') })).status).toBe(200);
  });

  it('does not count requests refused for their credentials (checked before the throttle)', async () => {
    sim = await startTransactionsSimulator({ clock: new VirtualClock(FIXED_NOW) });
    for (let i = 0; i < 25; i++) expect((await call(sim, '/site/list', { headers: headersFor('demo', 'bad') })).status).toBe(403);
    for (let i = 0; i < 20; i++) expect((await call(sim, '/site/list')).status).toBe(200);
    expect((await call(sim, '/site/list')).status).toBe(429);
  });

  it('scales the window with timeScale (0.01 → 150 ms), also when changed at run time', async () => {
    const clock = new VirtualClock(FIXED_NOW);
    sim = await startTransactionsSimulator({ clock, timeScale: 0.01 });
    for (let i = 0; i < 20; i++) await call(sim, '/site/list');
    expect((await call(sim, '/site/list')).status).toBe(429);
    await clock.advance(149);
    expect((await call(sim, '/site/list')).status).toBe(429);
    await clock.advance(1);
    expect((await call(sim, '/site/list')).status).toBe(200);
    sim.control.setTimeScale(1);
    for (let i = 0; i < 19; i++) await call(sim, '/site/list');
    await clock.advance(170);
    expect((await call(sim, '/site/list')).status).toBe(429);
    await clock.advance(15_000);
    expect((await call(sim, '/site/list')).status).toBe(200);
  });

  it('counts on the injected clock: 20 pass, the 21st is a 429, and 15 s of its time later 20 more pass', async () => {
    const clock = new VirtualClock(FIXED_NOW);
    sim = await startTransactionsSimulator({ clock });
    for (let i = 1; i <= 20; i++) {
      expect((await call(sim, '/site/list')).status, `request ${i}`).toBe(200);
      await clock.advance(500); // the window began at the first request: the 21st comes 10 s into it
    }
    const refused = await call(sim, '/site/list');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(RATE_BODY);
    await clock.advance(4_999); // the window's last millisecond
    expect((await call(sim, '/site/list')).status).toBe(429);
    await clock.advance(1);
    for (let i = 1; i <= 20; i++) expect((await call(sim, '/site/list')).status, `request ${i} of the next window`).toBe(200);
    expect((await call(sim, '/site/list')).status).toBe(429);
    expect(sim.control.requests().map((r) => r.at - FIXED_NOW)).toEqual([
      ...Array.from({ length: 20 }, (_, i) => i * 500),
      10_000,
      14_999,
      ...Array.from({ length: 21 }, () => 15_000),
    ]);
  });

  it('runs on the real clock by default', async () => {
    sim = await startTransactionsSimulator({ timeScale: 0.02 }); // a 300 ms window
    const started = Date.now();
    for (let i = 0; i < 20; i++) await call(sim, '/site/list');
    const refused = await call(sim, '/site/list');
    // Under a very slow machine the window may already have rolled over; only then is a 200 acceptable.
    if (Date.now() - started < 290) expect(refused.status).toBe(429);
    await new Promise((r) => setTimeout(r, 320));
    expect((await call(sim, '/site/list')).status).toBe(200);
  });

  it('wraps the 429 body when the wrapped envelope is chosen', async () => {
    sim = await startTransactionsSimulator({ clock: new VirtualClock(FIXED_NOW), errorEnvelope: 'wrapped' });
    for (let i = 0; i < 20; i++) await call(sim, '/site/list');
    const res = await call(sim, '/site/list');
    expect(res.body).toEqual({ error: RATE_BODY });
  });
});
