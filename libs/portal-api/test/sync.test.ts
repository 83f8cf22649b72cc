import { BackofficeClient } from '@washops/backoffice-client';
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import type { Site } from '@washops/backoffice-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SYNC_RANGE_DAYS, type PortalDeps } from '../src/index.js';
import { RecordingSync } from './fake-sync.js';
import { callerAs, errorOf, makeDeps } from './helpers.js';

// The sync router over a sync that records its calls: who may do what, and that every input is
// checked (days, the range, sites and regions against the BackOffice's site tree) before the sync
// is called. The sync itself is the operations library's, tested there and in the e2e suite.

const BOT = { username: 'bot', password: 'bot-password-5ync' };

let sim: BackofficeSimulator;
let client: BackofficeClient;
let deps: PortalDeps;
let sync: RecordingSync;
let tree: Site[];

beforeAll(async () => {
  sim = await startBackofficeSimulator({ port: 0, seed: 'sync', users: [BOT], employeeCount: 5 });
  client = new BackofficeClient({ subdomain: 'demo', ...BOT, baseUrl: sim.url });
  deps = await makeDeps(client);
  tree = await client.listSites();
});

afterAll(async () => {
  await client?.close();
  await sim?.close();
});

beforeEach(() => {
  sync = new RecordingSync();
  deps = { ...deps, sync };
});

const codes = () => tree.flatMap((site) => (site.code ? [site.code] : []));
const range = { from: '2026-01-01', to: '2026-01-02' };

describe('sync.status', () => {
  it('answers a viewer with the ledger, the budget and the schedule, times as ISO strings', async () => {
    const status = await callerAs(deps, 'viewer').sync.status(range);
    expect(status.units[0]).toMatchObject({ siteCode: 'FIESTA', state: 'done', records: 12, syncedAt: '2026-01-02T03:04:05.000Z' });
    expect(status.budget).toMatchObject({ requests: 20, inUse: 3, pausedUntil: null });
    expect(status.nightly.cron).toBe('30 4 * * *');
    expect(sync.calls).toEqual([{ method: 'status', query: range }]);
  });

  it('resolves a region of the site tree to its sites, in any case', async () => {
    const region = tree.find((site) => site.code && site.regionName)!;
    const inRegion = tree.filter((site) => site.code && site.regionId === region.regionId).map((site) => site.code);
    await callerAs(deps, 'viewer').sync.status({ ...range, region: region.regionName!.toUpperCase() });
    expect(sync.calls).toEqual([{ method: 'status', query: { ...range, siteCodes: inRegion } }]);
  });
});

describe('the admin controls', () => {
  it('backfill queues the sites named, as the tree spells them, as the signed-in admin', async () => {
    const [first, second] = codes();
    const result = await callerAs(deps, 'admin').sync.backfill({ ...range, sites: [first!.toLowerCase(), second!] });
    expect(result.queued).toBe(4);
    expect(sync.calls).toEqual([{ method: 'backfill', request: { ...range, siteCodes: [first, second] }, actor: { channel: 'portal', name: 'admin' } }]);
  });

  it('a site only the Data API lists (an online store) is accepted; a code neither knows is refused', async () => {
    const transactions = { listSites: async () => [{ siteId: 1099, code: 'ECOM', name: 'WashU Online Store', timezone: null }] };
    // A real tenant's BackOffice has no site for its online store; the Data API lists one.
    const withStore = { ...deps, transactions: transactions as unknown as PortalDeps['transactions'] };
    await callerAs(withStore, 'admin').sync.backfill({ ...range, sites: ['ecom'] });
    expect(sync.calls).toEqual([{ method: 'backfill', request: { ...range, siteCodes: ['ECOM'] }, actor: { channel: 'portal', name: 'admin' } }]);
    const error = await errorOf(callerAs(withStore, 'admin').sync.backfill({ ...range, sites: ['NOWHERE'] }));
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('NOWHERE') });
  });

  it('pause, resume and retryFailed reach the sync as the signed-in admin', async () => {
    const admin = callerAs(deps, 'admin');
    expect(await admin.sync.pause()).toEqual({ paused: true });
    expect(await admin.sync.resume()).toEqual({ paused: false });
    expect(await admin.sync.retryFailed(range)).toEqual({ queued: 3 });
    const actor = { channel: 'portal', name: 'admin' };
    expect(sync.calls).toEqual([
      { method: 'pause', actor },
      { method: 'resume', actor },
      { method: 'retryFailed', query: range, actor },
    ]);
  });

  it('refuses every control to a viewer, without calling the sync', async () => {
    const viewer = callerAs(deps, 'viewer');
    for (const call of [() => viewer.sync.backfill(range), () => viewer.sync.pause(), () => viewer.sync.resume(), () => viewer.sync.retryFailed(range)]) {
      expect((await errorOf(call())).code).toBe('FORBIDDEN');
    }
    expect(sync.calls).toEqual([]);
  });

  it('refuses a cross-site request to change anything', async () => {
    const crossSite = callerAs(deps, 'admin', { origin: 'http://evil.test', secFetchSite: 'cross-site' });
    expect((await errorOf(crossSite.sync.pause())).code).toBe('FORBIDDEN');
    expect(sync.calls).toEqual([]);
  });
});

describe('input checks before anything runs', () => {
  const bad: Array<[string, Record<string, unknown>, RegExp]> = [
    ['a day not as YYYY-MM-DD', { from: '01/02/2026', to: '2026-01-02' }, /YYYY-MM-DD/],
    ['a day that is not on the calendar', { from: '2026-02-30', to: '2026-03-01' }, /calendar day/],
    ['a reversed range', { from: '2026-01-05', to: '2026-01-01' }, /comes before/],
    ['a range over the maximum', { from: '2026-01-01', to: '2026-03-01' }, new RegExp(`at most ${MAX_SYNC_RANGE_DAYS} days`)],
    ['sites and a region at once', { ...range, sites: ['FIESTA'], region: 'x' }, /not both/],
    ['an unknown field', { ...range, everything: true }, /everything/],
  ];

  it.each(bad)('refuses %s', async (_name, input, message) => {
    const error = await errorOf(callerAs(deps, 'admin').sync.backfill(input as never));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(message);
    expect(sync.calls).toEqual([]);
  });

  it('refuses a site the tree does not know, and a region without sites, naming them', async () => {
    const transactions = { listSites: async () => [] };
    const admin = callerAs({ ...deps, transactions: transactions as unknown as PortalDeps['transactions'] }, 'admin');
    const unknownSite = await errorOf(admin.sync.backfill({ ...range, sites: [codes()[0]!, 'NOWHERE'] }));
    expect(unknownSite.code).toBe('BAD_REQUEST');
    expect(unknownSite.message).toContain('NOWHERE');
    const noRegion = await errorOf(admin.sync.retryFailed({ ...range, region: 'Atlantis' }));
    expect(noRegion.code).toBe('BAD_REQUEST');
    expect(noRegion.message).toContain('Atlantis');
    expect(sync.calls).toEqual([]);
  });

  it('is the same range a month long at most, for the status too', async () => {
    const error = await errorOf(callerAs(deps, 'viewer').sync.status({ from: '2026-01-01', to: '2026-02-01' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(await callerAs(deps, 'viewer').sync.status({ from: '2026-01-01', to: '2026-01-31' })).toMatchObject({ from: '2026-01-01' });
  });
});
