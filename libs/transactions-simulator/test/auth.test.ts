import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { startTransactionsSimulator, type TransactionsSimulator } from '../src/index.js';
import { call, FIXED_NOW, headersFor, SITE_DAY } from './helpers.js';

describe('auth: X-Sonnys-API-ID and X-Sonnys-API-Key', () => {
  let sim: TransactionsSimulator;
  beforeAll(async () => {
    sim = await startTransactionsSimulator({
      clock: new VirtualClock(FIXED_NOW),
      credentials: [
        { apiId: 'demo', apiKey: 'demo-key' },
        { apiId: 'north', apiKey: 'north-key', siteCodes: ['NAPER', 'JOLIET'] },
        { apiId: 'sandbox-id', apiKey: 'sandbox-key', environment: 'sandbox' },
        { apiId: 'unlicensed', apiKey: 'unlicensed-key', licensed: false },
      ],
    });
  });
  afterAll(() => sim.close());

  const cases: Array<[string, Record<string, string>, string]> = [
    ['no headers at all', {}, 'MissingClientCredentialsError'],
    ['only the id', { 'X-Sonnys-API-ID': 'demo' }, 'MissingClientCredentialsError'],
    ['only the key', { 'X-Sonnys-API-Key': 'demo-key' }, 'MissingClientCredentialsError'],
    ['an empty key', { 'X-Sonnys-API-ID': 'demo', 'X-Sonnys-API-Key': '' }, 'MissingClientCredentialsError'],
    ['an unknown id', headersFor('nobody', 'demo-key'), 'BadClientCredentialsError'],
    ['a wrong key', headersFor('demo', 'wrong-key'), 'BadClientCredentialsError'],
    ['another credential\'s key', headersFor('demo', 'north-key'), 'BadClientCredentialsError'],
    ['sandbox credentials on production', headersFor('sandbox-id', 'sandbox-key'), 'MismatchCredentialsError'],
    ['an unlicensed credential', headersFor('unlicensed', 'unlicensed-key'), 'NotAuthorizedError'],
    ['an unknown site code', headersFor('demo', 'demo-key', 'NOPE'), 'BadSiteCredentialsError'],
    ['a site code outside the credential', headersFor('north', 'north-key', 'NILES'), 'NotAuthorizedSiteCredentialsError'],
  ];
  for (const [what, headers, type] of cases) {
    it(`answers 403 ${type} for ${what}, with a message and no 401`, async () => {
      for (const path of ['/transaction', '/site/list', '/transaction/123:1001', '/transaction/get-job-data?hash=x']) {
        const res = await call(sim, path, { headers });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ type, message: expect.any(String) });
        expect(res.headers.get('content-type')).toBe('application/json');
      }
    });
  }

  it('answers NotAuthorizedSiteArgsError when the site argument differs from the site-code header', async () => {
    const res = await call(sim, '/transaction', { headers: headersFor('demo', 'demo-key', 'NAPER'), query: { ...SITE_DAY, site: 'JOLIET' } });
    expect(res.status).toBe(403);
    expect(res.body.type).toBe('NotAuthorizedSiteArgsError');
    const same = await call(sim, '/transaction', { headers: headersFor('demo', 'demo-key', 'NAPER'), query: { ...SITE_DAY, site: 'naper' } });
    expect(same.status).toBe(200);
  });

  it('answers NotAuthorizedSiteArgsError for a site argument outside a restricted credential, 404 for an unknown one', async () => {
    const outside = await call(sim, '/transaction', { headers: headersFor('north', 'north-key'), query: { ...SITE_DAY, site: 'NILES' } });
    expect(outside.status).toBe(403);
    expect(outside.body.type).toBe('NotAuthorizedSiteArgsError');
    const unknown = await call(sim, '/transaction', { headers: headersFor('north', 'north-key'), query: { ...SITE_DAY, site: 'invalid' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ type: 'EntityNotFoundError', message: 'Site code not found.' });
  });

  it('scopes every endpoint to the site-code header', async () => {
    const headers = headersFor('demo', 'demo-key', 'JOLIET');
    const sites = await call(sim, '/site/list', { headers });
    expect(sites.body.data.sites.map((s: { code: string }) => s.code)).toEqual(['JOLIET']);
    const { site: _site, ...range } = SITE_DAY;
    const list = await call(sim, '/transaction', { headers, query: range });
    expect(list.status).toBe(200);
    expect(list.body.data.transactions.length).toBeGreaterThan(0);
    for (const t of list.body.data.transactions) expect(t.transId).toMatch(/:1010$/);
    // A transaction of another site is not found through this scope.
    const other = await call(sim, '/transaction', { query: { ...SITE_DAY, limit: 1 } });
    const otherId = other.body.data.transactions[0].transId as string;
    expect(otherId).toMatch(/:1007$/);
    expect((await call(sim, `/transaction/${otherId}`, { headers })).status).toBe(404);
    expect((await call(sim, `/transaction/${otherId}`)).status).toBe(200);
  });

  it('limits a restricted credential to its sites everywhere', async () => {
    const headers = headersFor('north', 'north-key');
    const sites = await call(sim, '/site/list', { headers });
    expect(sites.body.data.sites.map((s: { code: string }) => s.code)).toEqual(['NAPER', 'JOLIET']);
    const { site: _site, ...range } = SITE_DAY;
    const list = await call(sim, '/transaction', { headers, query: range });
    const suffixes = new Set(list.body.data.transactions.map((t: { transId: string }) => t.transId.split(':')[1]));
    expect([...suffixes].every((s) => s === '1007' || s === '1010')).toBe(true);
  });

  it('in sandbox mode answers the vendor\'s magic site codes ABC and DEF', async () => {
    const sandbox = await startTransactionsSimulator({
      environment: 'sandbox',
      clock: new VirtualClock(FIXED_NOW),
      credentials: [{ apiId: 'sb', apiKey: 'sb-key', environment: 'sandbox' }, { apiId: 'prod', apiKey: 'prod-key' }],
    });
    try {
      const abc = await call(sandbox, '/site/list', { headers: headersFor('sb', 'sb-key', 'ABC') });
      expect(abc.body.type).toBe('NotAuthorizedSiteCredentialsError');
      const def = await call(sandbox, '/site/list', { headers: headersFor('sb', 'sb-key', 'DEF') });
      expect(def.body.type).toBe('NotAuthorizedSiteArgsError');
      const invalid = await call(sandbox, '/site/list', { headers: headersFor('sb', 'sb-key', 'INVALID') });
      expect(invalid.body.type).toBe('BadSiteCredentialsError');
      const missing = await call(sandbox, '/transaction/999:999', { headers: headersFor('sb', 'sb-key') });
      expect(missing.status).toBe(404);
      const mismatch = await call(sandbox, '/site/list', { headers: headersFor('prod', 'prod-key') });
      expect(mismatch.body.type).toBe('MismatchCredentialsError');
    } finally {
      await sandbox.close();
    }
  });

  it('never echoes the API key in any response', async () => {
    const res = await call(sim, '/transaction', { headers: headersFor('demo', 'secret-guess-123') });
    expect(res.text).not.toContain('secret-guess-123');
    expect(JSON.stringify(sim.control.requests())).not.toContain('secret-guess-123');
  });
});
