import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMALL_CHAIN_SITES, startTransactionsSimulator, type TransactionsSimulator } from '../src/index.js';
import { call, dayStart, FIXED_NOW } from './helpers.js';

describe('a small chain (the `sites` option)', () => {
  let whole: TransactionsSimulator;
  let small: TransactionsSimulator;
  beforeAll(async () => {
    whole = await startTransactionsSimulator({ now: () => FIXED_NOW, realism: false });
    small = await startTransactionsSimulator({ now: () => FIXED_NOW, realism: false, sites: SMALL_CHAIN_SITES });
  });
  afterAll(async () => {
    await whole.close();
    await small.close();
  });

  it('serves only its sites, with every region of the whole chain among them', async () => {
    const res = await call(small, '/site/list');
    expect(res.body.data.sites.map((s: { code: string }) => s.code).sort()).toEqual([...SMALL_CHAIN_SITES].sort());
    expect(small.control.sites().map((s) => s.code).sort()).toEqual([...SMALL_CHAIN_SITES].sort());
    expect(small.control.regions().every((r) => r.siteCodes.length > 0)).toBe(true);
    expect(small.control.regions().map((r) => r.code)).toEqual(whole.control.regions().map((r) => r.code));
  });

  it('holds the same records per site as the whole chain, and none of the other sites', async () => {
    const day = { startDate: dayStart(2), endDate: dayStart(1) - 1 };
    const chainDay = await call(small, '/transaction', { query: { ...day, limit: 100 } });
    expect(chainDay.status).toBe(200);
    const ofSites = SMALL_CHAIN_SITES.map((siteCode) => whole.control.summary({ siteCode, startMs: day.startDate * 1000, endMs: day.endDate * 1000 + 999 }));
    expect(chainDay.body.data.total).toBe(ofSites.reduce((n, s) => n + s.count, 0));
    expect(chainDay.body.data.total).toBeGreaterThan(0);
    // Each site's day, record for record, as the whole chain has it.
    for (const site of SMALL_CHAIN_SITES.slice(0, 2)) {
      const [own, inWhole] = await Promise.all([small, whole].map((sim) => call(sim, '/transaction', { query: { ...day, site, limit: 100 } })));
      expect(own?.body.data).toEqual(inWhole?.body.data);
    }
    // A site of the whole chain outside the small one answers as a site the credential may not see.
    const outside = await call(small, '/transaction', { query: { ...day, site: 'NAPER' } });
    expect([outside.status, outside.body.type]).toEqual([403, 'NotAuthorizedSiteArgsError']);
  });

  it('a credential keeps its own sites within the chain served', async () => {
    const scoped = await startTransactionsSimulator({
      now: () => FIXED_NOW,
      sites: SMALL_CHAIN_SITES,
      credentials: [{ apiId: 'demo', apiKey: 'demo-key', siteCodes: ['HOBART', 'NAPER'] }],
    });
    try {
      const res = await call(scoped, '/site/list');
      expect(res.body.data.sites.map((s: { code: string }) => s.code)).toEqual(['HOBART']);
    } finally {
      await scoped.close();
    }
  });

  it('refuses an unknown site or an empty chain before it starts', async () => {
    await expect(startTransactionsSimulator({ sites: ['NOPE'] })).rejects.toThrow(/Unknown site code: nope/i);
    await expect(startTransactionsSimulator({ sites: [] })).rejects.toThrow(/at least one site/);
  });
});
