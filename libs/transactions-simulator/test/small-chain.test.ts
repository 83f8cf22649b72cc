import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { SMALL_CHAIN_ACROSS_UTC_SITES, SMALL_CHAIN_SITES, startTransactionsSimulator, type TransactionsSimulator } from '../src/index.js';
import { call, DAY_S, dayStart, FIXED_NOW, unix } from './helpers.js';

/** Minutes east of UTC in `timeZone` at `at` (negative west of it). */
function utcOffsetMinutes(timeZone: string, at: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

const localDateAndHour = (timeZone: string, iso: string): { date: string; hour: number } => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', hourCycle: 'h23' }).formatToParts(Date.parse(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
};

describe('a small chain (the `sites` option)', () => {
  let whole: TransactionsSimulator;
  let small: TransactionsSimulator;
  let acrossUtc: TransactionsSimulator;
  beforeAll(async () => {
    whole = await startTransactionsSimulator({ clock: new VirtualClock(FIXED_NOW), realism: false });
    small = await startTransactionsSimulator({ clock: new VirtualClock(FIXED_NOW), realism: false, sites: SMALL_CHAIN_SITES });
    acrossUtc = await startTransactionsSimulator({ clock: new VirtualClock(FIXED_NOW), realism: false, sites: SMALL_CHAIN_ACROSS_UTC_SITES });
  });
  afterAll(async () => {
    await whole.close();
    await small.close();
    await acrossUtc.close();
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
      clock: new VirtualClock(FIXED_NOW),
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

  it('with the site abroad, serves time zones on both sides of UTC, each site trading on its own local day', async () => {
    const offsets = acrossUtc.control.sites().map((s) => utcOffsetMinutes(s.timezone, FIXED_NOW));
    expect(offsets.some((minutes) => minutes < 0)).toBe(true);
    expect(offsets.some((minutes) => minutes > 0)).toBe(true);
    const listed = await call(acrossUtc, '/site/list');
    expect(listed.body.data.sites.map((s: { code: string }) => s.code).sort()).toEqual([...SMALL_CHAIN_ACROSS_UTC_SITES].sort());
    expect(listed.body.data.sites).toContainEqual({ siteID: 1090, code: 'BERLIN', name: 'WashU Berlin', timezone: 'Europe/Berlin' });
    expect(acrossUtc.control.regions().map((r) => r.code)).toEqual(whole.control.regions().map((r) => r.code));

    const date = new Date(dayStart(2) * 1000).toISOString().slice(0, 10);
    const dayStarts: number[] = [];
    for (const [site, timeZone] of [['BERLIN', 'Europe/Berlin'], ['HOBART', 'America/Chicago']] as const) {
      const midnight = Date.parse(`${date}T00:00:00Z`) - utcOffsetMinutes(timeZone, Date.parse(`${date}T12:00:00Z`)) * 60_000;
      dayStarts.push(midnight);
      const day = { startDate: unix(midnight), endDate: unix(midnight) + DAY_S - 1 };
      const first = await call(acrossUtc, '/transaction', { query: { ...day, site, limit: 1 } });
      expect(first.body.data.total).toBeGreaterThan(0);
      const last = await call(acrossUtc, '/transaction', { query: { ...day, site, limit: 1, offset: first.body.data.total } });
      const [opening, closing] = [first, last].map((r) => localDateAndHour(timeZone, r.body.data.transactions[0].date));
      // The local day's first and last sales fall within its local trading hours, whichever side of UTC it is on.
      expect({ site, date: opening?.date, early: opening!.hour >= 3, late: closing!.hour <= 21 }).toEqual({ site, date, early: true, late: true });
      expect(closing?.date).toBe(date);
    }
    // Berlin's day begins before UTC midnight, Chicago's after it.
    expect(dayStarts[0]).toBeLessThan(Date.parse(`${date}T00:00:00Z`));
    expect(dayStarts[1]).toBeGreaterThan(Date.parse(`${date}T00:00:00Z`));

    // The small chain's sites hold the same records beside the site abroad.
    const day = { startDate: dayStart(2), endDate: dayStart(1) - 1, site: 'HOBART', limit: 100 };
    const [beside, alone] = await Promise.all([acrossUtc, small].map((sim) => call(sim, '/transaction', { query: day })));
    expect(beside?.body.data).toEqual(alone?.body.data);
  });

  it('keeps the site abroad out of the whole chain: not listed, and not visible even to a credential that names it', async () => {
    const listed = await call(whole, '/site/list');
    expect(listed.body.data.sites.map((s: { code: string }) => s.code)).not.toContain('BERLIN');
    expect(whole.control.sites().map((s) => s.code)).not.toContain('BERLIN');
    const day = { startDate: dayStart(2), endDate: dayStart(1) - 1 };
    const asked = await call(whole, '/transaction', { query: { ...day, site: 'BERLIN' } });
    expect([asked.status, asked.body.type]).toEqual([403, 'NotAuthorizedSiteArgsError']);
    const naming = await startTransactionsSimulator({
      clock: new VirtualClock(FIXED_NOW),
      credentials: [{ apiId: 'demo', apiKey: 'demo-key', siteCodes: ['HOBART', 'BERLIN'] }],
    });
    try {
      const res = await call(naming, '/site/list');
      expect(res.body.data.sites.map((s: { code: string }) => s.code)).toEqual(['HOBART']);
    } finally {
      await naming.close();
    }
  });

  it('refuses an unknown site or an empty chain before it starts', async () => {
    await expect(startTransactionsSimulator({ sites: ['NOPE'] })).rejects.toThrow(/Unknown site code: nope/i);
    await expect(startTransactionsSimulator({ sites: [] })).rejects.toThrow(/at least one site/);
  });
});
