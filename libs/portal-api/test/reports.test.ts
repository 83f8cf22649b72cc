import { ValidationError } from '@washops/shared-errors';
import { StoreUnavailableError } from '@washops/store';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reportCsvDownload, signedInDownload, type PortalDeps } from '../src/index.js';
import { RecordingReports } from './fake-reports.js';
import { callerAs, errorOf, makeDeps, sessionCookieOf } from './helpers.js';

// The reports router and the CSV download over a service that records its calls: who may read,
// that every input is checked before the service runs, and how its refusals reach the page.

let deps: PortalDeps;
let reports: RecordingReports;

beforeAll(async () => {
  deps = await makeDeps();
});

beforeEach(() => {
  reports = new RecordingReports();
  deps = { ...deps, reports };
});

const week = { from: '2026-11-16', to: '2026-11-22' };

describe('reports.run', () => {
  it('answers a viewer and an admin with the service\'s report, the sync time as an ISO string', async () => {
    for (const role of ['viewer', 'admin'] as const) {
      const result = await callerAs(deps, role).reports.run({ kind: 'hours', ...week, region: 'Illinois', groupBy: 'region' });
      expect(result).toMatchObject({ kind: 'hours', summary: 'FIESTA took $123.45.', partial: false, coverage: { complete: true, syncedAt: '2026-11-23T05:00:00.000Z' } });
    }
    expect(reports.calls).toEqual([
      { kind: 'hours', ...week, region: 'Illinois', groupBy: 'region' },
      { kind: 'hours', ...week, region: 'Illinois', groupBy: 'region' },
    ]);
  });

  it('refuses a signed-out caller without asking the service', async () => {
    const caller = callerAs(deps, 'viewer', { cookieHeader: null });
    expect((await errorOf(caller.reports.run({ kind: 'sales', ...week }))).code).toBe('UNAUTHORIZED');
    expect(reports.calls).toEqual([]);
  });

  it.each([
    ['a reversed range', { kind: 'sales', from: '2026-11-22', to: '2026-11-16' }, /comes before/],
    ['a range over a year', { kind: 'sales', from: '2025-01-01', to: '2026-11-22' }, /at most 366 days/],
    ['sites and a region', { kind: 'sales', ...week, sites: ['FIESTA'], region: 'Illinois' }, /not both/],
    ['an unknown kind', { kind: 'weather', ...week }, /kind/],
    ['an unknown field', { kind: 'sales', ...week, everything: true }, /everything/],
  ])('refuses %s before the service runs', async (_name, input, message) => {
    const error = await errorOf(callerAs(deps, 'viewer').reports.run(input as never));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(message);
    expect(reports.calls).toEqual([]);
  });

  it('answers a range not synced as PRECONDITION_FAILED with what is missing, and a partial one when allowed', async () => {
    deps = { ...deps, reports: new RecordingReports([{ siteCode: 'FIESTA', day: '2026-11-22' }]) };
    const error = await errorOf(callerAs(deps, 'viewer').reports.run({ kind: 'sales', ...week }));
    expect(error).toMatchObject({ code: 'PRECONDITION_FAILED', message: '1 of 2 site-days of 2026-11-16 to 2026-11-22 are not synced.' });
    const partial = await callerAs(deps, 'viewer').reports.run({ kind: 'sales', ...week, allowPartial: true });
    expect(partial).toMatchObject({ partial: true, coverage: { missingCount: 1, complete: false } });
  });

  it('answers an unknown site as BAD_REQUEST naming it', async () => {
    const error = await errorOf(callerAs(deps, 'viewer').reports.run({ kind: 'sales', ...week, sites: ['NOWHERE'] }));
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('NOWHERE') });
  });
});

describe('reports.compare', () => {
  it('answers a viewer with both ranges, their sync times as ISO strings', async () => {
    const result = await callerAs(deps, 'viewer').reports.compare({ current: week, sites: ['FIESTA'] });
    expect(result.current.coverage.syncedAt).toBe('2026-11-23T05:00:00.000Z');
    expect(result.previous).toMatchObject({ scope: { from: '2026-11-09', to: '2026-11-15' }, coverage: { syncedAt: '2026-11-23T05:00:00.000Z' } });
    expect(reports.calls).toEqual([{ current: week, sites: ['FIESTA'] }]);
  });

  it('refuses a reversed range and a signed-out caller', async () => {
    const reversed = await errorOf(callerAs(deps, 'viewer').reports.compare({ current: { from: '2026-11-22', to: '2026-11-16' } }));
    expect(reversed.code).toBe('BAD_REQUEST');
    const signedOut = await errorOf(callerAs(deps, 'viewer', { cookieHeader: null }).reports.compare({ current: week }));
    expect(signedOut.code).toBe('UNAUTHORIZED');
    expect(reports.calls).toEqual([]);
  });
});

describe('the report CSV download', () => {
  const tables: unknown[] = [];
  const csvOf = (table: unknown) => {
    tables.push(table);
    return 'Site,Revenue\r\nFIESTA,123.45\r\n';
  };
  const params = (query: string) => new URLSearchParams(query);

  beforeEach(() => void tables.splice(0));

  it('is the report\'s table as CSV, named by kind and range, read from the query string the page links to', async () => {
    const download = await reportCsvDownload(reports, csvOf, params('kind=sales&from=2026-11-16&to=2026-11-22&sites=fiesta,%20LAKE&period=week&groupBy=chain'));
    expect(download).toEqual({ ok: true, filename: 'sales-2026-11-16-to-2026-11-22.csv', csv: 'Site,Revenue\r\nFIESTA,123.45\r\n' });
    expect(reports.calls).toEqual([{ kind: 'sales', ...week, sites: ['fiesta', 'LAKE'], period: 'week', groupBy: 'chain' }]);
    expect(tables).toEqual([(await reports.run({ kind: 'sales', ...week })).table]);
  });

  it('names a partial report so, when the page allowed one', async () => {
    const partial = new RecordingReports([{ siteCode: 'FIESTA', day: '2026-11-22' }]);
    const download = await reportCsvDownload(partial, csvOf, params('kind=staff&from=2026-11-16&to=2026-11-22&region=Illinois&allowPartial=true'));
    expect(download).toMatchObject({ ok: true, filename: 'staff-2026-11-16-to-2026-11-22-partial.csv' });
    expect(partial.calls).toEqual([{ kind: 'staff', ...week, region: 'Illinois', allowPartial: true }]);
  });

  it('refuses filters that are not valid (400, naming them), an unknown site (400) and a range not synced (409, pointing at Data sync)', async () => {
    const unknownKind = await reportCsvDownload(reports, csvOf, params('kind=weather&from=2026-11-16&to=2026-11-22'));
    expect(unknownKind).toMatchObject({ ok: false, status: 400, message: expect.stringMatching(/^The report's filters are not valid\. kind: .*"sales"/) });
    const reversed = await reportCsvDownload(reports, csvOf, params('kind=sales&from=2026-11-22&to=2026-11-16'));
    expect(reversed).toEqual({ ok: false, status: 400, message: "The report's filters are not valid. to: The last day comes before the first." });
    expect(reports.calls).toEqual([]);
    expect(await reportCsvDownload(reports, csvOf, params('kind=sales&from=2026-11-16&to=2026-11-22&sites=NOWHERE'))).toEqual({ ok: false, status: 400, message: 'Unknown site: NOWHERE.' });
    const unsynced = new RecordingReports([{ siteCode: 'FIESTA', day: '2026-11-22' }]);
    expect(await reportCsvDownload(unsynced, csvOf, params('kind=sales&from=2026-11-16&to=2026-11-22'))).toEqual({
      ok: false,
      status: 409,
      message: '1 of 2 site-days of 2026-11-16 to 2026-11-22 are not synced. Sync the range on the Data sync page (/sync).',
    });
    expect(tables).toEqual([]);
  });
});

describe('signedInDownload, the download routes\' session check', () => {
  const request = (cookie?: string) => new Request('http://portal.test/api/reports/csv', { headers: cookie ? { cookie } : {} });
  const answered = async () => new Response('the file');

  it('answers a signed-in user with the route\'s answer, given the session', async () => {
    const cookie = await sessionCookieOf(deps, 'viewer');
    let seen: string | undefined;
    const response = await signedInDownload(request(cookie), async () => deps, 'Sign in.', async ({ session }) => {
      seen = session.username;
      return answered();
    });
    expect(await response.text()).toBe('the file');
    expect(seen).toBe('viewer');
  });

  it('refuses a signed-out request with 401 and the route\'s words, without answering', async () => {
    let asked = false;
    const response = await signedInDownload(request(), async () => deps, 'Sign in to download reports.', async () => {
      asked = true;
      return answered();
    });
    expect(response.status).toBe(401);
    expect(await response.text()).toBe('Sign in to download reports.');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(asked).toBe(false);
  });

  it('answers 503 with a retry hint when the database cannot be reached, and 400 for a request the checks refuse', async () => {
    const down = await signedInDownload(request(), async () => Promise.reject(new StoreUnavailableError('The database is unavailable; retry in a few seconds.')), 'Sign in.', answered);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await down.text()).toBe('The database is unavailable; retry in a few seconds.');
    const cookie = await sessionCookieOf(deps, 'admin');
    const refused = await signedInDownload(request(cookie), async () => deps, 'Sign in.', async () => Promise.reject(new ValidationError('Unknown site: NOWHERE.')));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe('Unknown site: NOWHERE.');
  });
});
