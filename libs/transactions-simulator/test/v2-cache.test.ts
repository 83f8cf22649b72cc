import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { startTransactionsSimulator, type TransactionsSimulator } from '../src/index.js';
import { call, headersFor, unix } from './helpers.js';

describe('/transaction/version-2 caches each response for 10 minutes per criteria', () => {
  let sim: TransactionsSimulator | undefined;
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });

  it('answers byte-identical bodies from the cache while the data moves on, then refreshes', async () => {
    const clock = new VirtualClock(Date.UTC(2026, 10, 20, 18, 0, 0)); // noon in Chicago: sales every few seconds
    sim = await startTransactionsSimulator({ clock, realism: { nullTotals: false } });
    const today = { site: 'NAPER' }; // default range: today until now
    const first = await call(sim, '/transaction/version-2', { query: today });
    const firstList = await call(sim, '/transaction', { query: today });
    await clock.advance(5 * 60_000);
    const cached = await call(sim, '/transaction/version-2', { query: today });
    const live = await call(sim, '/transaction', { query: today });
    expect(cached.text).toBe(first.text);
    expect(live.body.data.total).toBeGreaterThan(firstList.body.data.total);
    // Other criteria (a different page) are built afresh.
    const page2 = await call(sim, '/transaction/version-2', { query: { ...today, offset: 2 } });
    expect(page2.body.data.total).toBe(live.body.data.total);
    await clock.advance(5 * 60_000 - 1);
    expect((await call(sim, '/transaction/version-2', { query: today })).text).toBe(first.text);
    await clock.advance(15_001); // also a fresh throttle window
    const fresh = await call(sim, '/transaction/version-2', { query: today });
    expect(fresh.text).not.toBe(first.text);
    expect(fresh.body.data.total).toBeGreaterThan(first.body.data.total);
  });

  it('keys the cache by API id and site-code scope, and scales its lifetime with timeScale', async () => {
    const clock = new VirtualClock(Date.UTC(2026, 10, 20, 18, 0, 0));
    sim = await startTransactionsSimulator({
      clock,
      timeScale: 0.01,
      realism: { nullTotals: false },
      credentials: [
        { apiId: 'demo', apiKey: 'demo-key' },
        { apiId: 'other', apiKey: 'other-key' },
      ],
    });
    const query = { startDate: unix(clock.now()) - 3600, endDate: unix(clock.now()) };
    const all = await call(sim, '/transaction/version-2', { query });
    const scoped = await call(sim, '/transaction/version-2', { query, headers: headersFor('demo', 'demo-key', 'VALPO') });
    expect(scoped.text).not.toBe(all.text);
    const other = await call(sim, '/transaction/version-2', { query: { site: 'NAPER' }, headers: headersFor('other', 'other-key') });
    await clock.advance(60_000);
    expect((await call(sim, '/transaction/version-2', { query: { site: 'NAPER' }, headers: headersFor('other', 'other-key') })).text).not.toBe(
      other.text,
    ); // 10 min × 0.01 = 6 s: expired
  });
});
