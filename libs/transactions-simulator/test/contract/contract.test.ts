/**
 * Contract test: every endpoint's responses, success and error, checked against the schemas of the vendor's OpenAPI
 * document (read at run time from ../shared), with the deliberate deviations of ./deviations.ts applied and nothing
 * else. Runs in four modes: live quirks (default), no quirks, wrapped errors, and string numbers.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { resolveRealism } from '../../src/envelopes.js';
import { startTransactionsSimulator, type TransactionsSimulator, type TransactionsSimulatorOptions } from '../../src/index.js';
import { call, dayStart, FIXED_NOW, headersFor, SITE_DAY, type ApiResponse } from '../helpers.js';
import { DEVIATIONS, deviationsFor, type Mode } from './deviations.js';
import { compileResponses, CONTRACT_PATH, loadOpenApi, SHARED_DIR, sharedAvailable, type ResponseSchemas } from './openapi.js';

if (!sharedAvailable) {
  console.warn(`Contract tests skipped: the shared reference folder ${SHARED_DIR} (reference/data-api/) is absent.`);
}

const MODES: Array<{ name: string; options: TransactionsSimulatorOptions; mode: Mode }> = [
  { name: 'live quirks (default)', options: {}, mode: { realism: resolveRealism(true), envelope: 'flat' } },
  { name: 'no quirks', options: { realism: false }, mode: { realism: resolveRealism(false), envelope: 'flat' } },
  { name: 'wrapped errors', options: { errorEnvelope: 'wrapped' }, mode: { realism: resolveRealism(true), envelope: 'wrapped' } },
  {
    name: 'numbers as strings',
    options: { realism: { numbersAsStrings: true } },
    mode: { realism: resolveRealism({ numbersAsStrings: true }), envelope: 'flat' },
  },
];

const LISTS = [
  ['/transaction', '/transaction'],
  ['/transaction/type/{item_type}', '/transaction/type/wash'],
  ['/transaction/version-2', '/transaction/version-2'],
] as const;

describe.skipIf(!sharedAvailable)('contract: responses match the vendor OpenAPI document (../shared/reference/data-api)', () => {
  it('quotes, for every deviation, text that is in data-api-contract.md', () => {
    const contract = readFileSync(CONTRACT_PATH, 'utf8');
    for (const d of DEVIATIONS) expect(contract, `${d.id}: "${d.quote}"`).toContain(d.quote);
    expect(new Set(DEVIATIONS.map((d) => d.id)).size).toBe(DEVIATIONS.length);
  });

  it('has a validator that fails bodies that break the schema (the check can fail)', () => {
    const schemas = compileResponses(loadOpenApi());
    const list = schemas.validator('/transaction', 'get', 200)!;
    const good = { data: { transactions: [{ transNumber: 1, transId: '1:2', total: 1.5, date: '2026-01-01T00:00:00.000Z' }], offset: 1, limit: 100, total: 1 } };
    expect(list(good)).toBe(true);
    expect(list({ data: { ...good.data, total: null } })).toBe(false);
    expect(list({ data: { ...good.data, transactions: [{ ...good.data.transactions[0], total: '1.50' }] } })).toBe(false);
    expect(list({ data: { ...good.data, transactions: [{ transNumber: 1, transId: '1:2', total: 1 }] } })).toBe(false);
    expect(list({ data: { ...good.data, extra: true } })).toBe(false);
    const forbidden = schemas.validator('/transaction', 'get', 403)!;
    expect(forbidden({ type: 'MissingClientCredentialsError', message: 'x' })).toBe(true);
    expect(forbidden({ type: 'BadSiteCredentialsError', message: 'x' })).toBe(false); // the spec's own enum bug
    expect(schemas.validator('/transaction', 'get', 422)).toBeUndefined(); // no path lists 422
  });

  for (const { name, options, mode } of MODES) {
    describe(name, () => {
      let sim: TransactionsSimulator;
      let schemas: ResponseSchemas;
      const clock = new VirtualClock(FIXED_NOW);
      const covered = new Set<string>();

      beforeAll(async () => {
        const doc = loadOpenApi();
        for (const d of deviationsFor(mode)) d.patch?.(doc);
        schemas = compileResponses(doc);
        sim = await startTransactionsSimulator({
          clock,
          jobDurationMs: 20_000,
          credentials: [
            { apiId: 'demo', apiKey: 'demo-key' },
            { apiId: 'north', apiKey: 'north-key', siteCodes: ['NAPER', 'JOLIET'] },
            { apiId: 'sandbox', apiKey: 'sandbox-key', environment: 'sandbox' },
            { apiId: 'unlicensed', apiKey: 'unlicensed-key', licensed: false },
          ],
          ...options,
        });
      });
      afterAll(() => sim.close());

      /** One request in a fresh throttle window (the clock moves 15 s), then checked against the document. */
      async function check(specPath: string, method: 'get' | 'post', path: string, init: Parameters<typeof call>[2] = {}): Promise<ApiResponse> {
        await clock.advance(15_000);
        const res = await call(sim, path, { ...init, method: method.toUpperCase() });
        validate(specPath, method, res);
        return res;
      }

      function validate(specPath: string, method: string, res: ApiResponse): void {
        const validator = schemas.validator(specPath, method, res.status);
        expect(validator, `${method.toUpperCase()} ${specPath} answered ${res.status}, which the document does not list`).toBeDefined();
        expect(res.headers.get('content-type')).toBe('application/json');
        let body = res.body;
        if (mode.envelope === 'wrapped' && res.status >= 400) {
          expect(Object.keys(body)).toEqual(['error']);
          body = body.error;
        }
        const ok = validator!(body);
        expect(ok, `${method.toUpperCase()} ${specPath} ${res.status}: ${JSON.stringify(validator!.errors?.slice(0, 3))}\n${res.text.slice(0, 400)}`).toBe(true);
        covered.add(`${specPath} ${res.status}`);
      }

      it('lists (all three): data, empty, paging past the end, and every error status', async () => {
        const quiet = { startDate: dayStart(2) + 9 * 3600, endDate: dayStart(2) + 9 * 3600 + 1, site: 'ECOM' };
        for (const [spec, path] of LISTS) {
          const full = await check(spec, 'get', path, { query: SITE_DAY });
          expect(full.body.data.transactions.length).toBe(100);
          await check(spec, 'get', path, { query: quiet });
          await check(spec, 'get', path, { query: { ...SITE_DAY, offset: 500 } });
          await check(spec, 'get', path, { query: { site: 'NAPER' } }); // today so far
          for (let h = 0; h < 6; h++) await check(spec, 'get', path, { query: { site: 'NILES', startDate: dayStart(5) + h * 3600, endDate: dayStart(5) + h * 3600 + 3599 } });
          await check(spec, 'get', path, { query: { ...SITE_DAY, startDate: 'yesterday' } }); // 400
          await check(spec, 'get', path, { query: SITE_DAY, headers: {} }); // 403
          await check(spec, 'get', path, { query: SITE_DAY, headers: headersFor('demo', 'demo-key', 'NAPER') });
          await check(spec, 'get', path, { query: { ...SITE_DAY, site: 'JOLIET' }, headers: headersFor('demo', 'demo-key', 'NAPER') });
          await check(spec, 'get', path, { query: { ...SITE_DAY, site: 'invalid' } }); // 404
          await check(spec, 'get', path, { query: { ...SITE_DAY, limit: 500 } }); // 422
          sim.control.inject({ kind: 'serverError', count: 1 });
          await check(spec, 'get', path, { query: SITE_DAY }); // 500
          sim.control.inject({ kind: 'rateLimitStorm', count: 1 });
          await check(spec, 'get', path, { query: SITE_DAY }); // 429
        }
        await check('/transaction/type/{item_type}', 'get', '/transaction/type/motorbike', { query: SITE_DAY });
        for (const type of ['prepaid-wash', 'recurring', 'washbook', 'giftcard', 'merchandise', 'house-account']) {
          await check('/transaction/type/{item_type}', 'get', `/transaction/type/${type}`, { query: SITE_DAY });
        }
      });

      it('every 403 type, the real throttle, and the 404 of a missing transaction', async () => {
        for (const headers of [
          {},
          headersFor('demo', 'nope'),
          headersFor('sandbox', 'sandbox-key'),
          headersFor('unlicensed', 'unlicensed-key'),
          headersFor('demo', 'demo-key', 'NOPE'),
          headersFor('north', 'north-key', 'NILES'),
        ]) {
          await check('/site/list', 'get', '/site/list', { headers });
          await check('/transaction/{trans_id}', 'get', '/transaction/1:1001', { headers });
        }
        await check('/transaction/{trans_id}', 'get', '/transaction/999:999');
        await check('/transaction/{trans_id}', 'get', '/transaction/not-an-id');
        await check('/site/list', 'get', '/site/list');
        await check('/site/list', 'get', '/site/list', { headers: headersFor('north', 'north-key') });
        // The throttle's own 429, not an injected one.
        await clock.advance(15_000);
        for (let i = 0; i < 20; i++) await call(sim, '/site/list');
        validate('/site/list', 'get', await call(sim, '/site/list'));
      });

      it('details of every kind of transaction, by id and through jobs', async () => {
        // A whole busy afternoon at two sites through jobs: every page is checked.
        const ids: string[] = [];
        for (const site of ['JOLIET', 'MERRIL']) {
          for (let page = 1; page <= 4; page++) {
            const query = { startDate: dayStart(4) + 16 * 3600, endDate: dayStart(4) + 23 * 3600, site, offset: page };
            const hash = (await check('/transaction/load-job', 'post', '/transaction/load-job', { query })).body.data.hash;
            const working = await check('/transaction/get-job-data', 'get', '/transaction/get-job-data', { query: { hash } });
            expect(working.body.data.status).toBe('working');
            await clock.advance(10_000);
            const done = await check('/transaction/get-job-data', 'get', '/transaction/get-job-data', { query: { hash } });
            expect(done.body.data.status).toBe('pass');
            expect(done.body.data.data).toHaveLength(100);
            ids.push(...done.body.data.data.filter((_: unknown, i: number) => i % 25 === 0).map((t: { id: string }) => t.id));
          }
        }
        for (const id of ids) await check('/transaction/{trans_id}', 'get', `/transaction/${id}`);
        // Voids and returns, which are rare, by id.
        const v2 = await call(sim, '/transaction/version-2', { query: { startDate: dayStart(4), endDate: dayStart(4) + 86_399, site: 'JOLIET', limit: 100, offset: 3 } });
        for (const t of v2.body.data.transactions.slice(0, 30)) await check('/transaction/{trans_id}', 'get', `/transaction/${t.transId}`);
      });

      it('jobs: empty, past the end, failed, unknown, and invalid requests', async () => {
        const quiet = { startDate: dayStart(2) + 9 * 3600, endDate: dayStart(2) + 9 * 3600 + 1, site: 'ECOM' };
        sim.control.setJobDuration(0);
        for (const query of [quiet, { ...SITE_DAY, offset: 40 }]) {
          const hash = (await check('/transaction/load-job', 'post', '/transaction/load-job', { query })).body.data.hash;
          await check('/transaction/get-job-data', 'get', '/transaction/get-job-data', { query: { hash } });
        }
        sim.control.inject({ kind: 'jobFail', count: 1 });
        const failing = (await check('/transaction/load-job', 'post', '/transaction/load-job', { query: { ...SITE_DAY, offset: 2 } })).body.data.hash;
        const failed = await check('/transaction/get-job-data', 'get', '/transaction/get-job-data', { query: { hash: failing } });
        expect(failed.body.data.status).toBe('fail');
        await check('/transaction/get-job-data', 'get', '/transaction/get-job-data', { query: { hash: 'ffffffffffffffffffffffffffffffff' } });
        await check('/transaction/get-job-data', 'get', '/transaction/get-job-data');
        await check('/transaction/get-job-data', 'get', '/transaction/get-job-data', { query: { hash: failing }, headers: {} });
        const { site: _site, ...noSite } = SITE_DAY;
        await check('/transaction/load-job', 'post', '/transaction/load-job', { query: noSite }); // 422 one site
        await check('/transaction/load-job', 'post', '/transaction/load-job', { query: { ...SITE_DAY, endDate: 'x' } }); // 400
        await check('/transaction/load-job', 'post', '/transaction/load-job', { query: { ...SITE_DAY, site: 'invalid' } }); // 404
        await check('/transaction/load-job', 'post', '/transaction/load-job', { query: SITE_DAY, headers: headersFor('demo', 'x') }); // 403
        sim.control.inject({ kind: 'serverError', count: 1, endpoint: 'loadJob' });
        await check('/transaction/load-job', 'post', '/transaction/load-job', { query: SITE_DAY }); // 500
        sim.control.setJobDuration(20_000);
      });

      it('covered every endpoint with a success and its error statuses', () => {
        const expected = [
          ...LISTS.flatMap(([spec]) => [200, 400, 403, 404, 422, 429, 500].map((s) => `${spec} ${s}`)),
          ...[200, 403, 404, 422].map((s) => `/transaction/{trans_id} ${s}`),
          ...[200, 400, 403, 404, 422, 500].map((s) => `/transaction/load-job ${s}`),
          ...[200, 403, 404, 422].map((s) => `/transaction/get-job-data ${s}`),
          ...[200, 403, 429].map((s) => `/site/list ${s}`),
        ];
        expect([...covered].filter((c) => !expected.includes(c))).toEqual([]);
        expect(expected.filter((e) => !covered.has(e))).toEqual([]);
      });
    });
  }
});
