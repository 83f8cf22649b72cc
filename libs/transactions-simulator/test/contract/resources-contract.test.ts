/**
 * Contract test of the other resources: every endpoint's responses (data, empty pages, errors) checked against the
 * vendor's OpenAPI schemas, strict, with the deviations of ./deviations.ts and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '@washops/clock';
import { resolveRealism } from '../../src/envelopes.js';
import { startTransactionsSimulator, type TransactionsSimulator, type TransactionsSimulatorOptions } from '../../src/index.js';
import { call, DAY_S, FIXED_NOW, headersFor, unix, type ApiResponse } from '../helpers.js';
import { deviationsFor, RESOURCE_LISTS, type Mode } from './deviations.js';
import { compileResponses, loadOpenApi, sharedAvailable, type ResponseSchemas } from './openapi.js';

/** The transactions' modes but "numbers as strings", which changes transaction money only. */
const MODES: Array<{ name: string; options: TransactionsSimulatorOptions; mode: Mode }> = [
  { name: 'live quirks (default)', options: {}, mode: { realism: resolveRealism(true), envelope: 'flat' } },
  { name: 'no quirks', options: { realism: false }, mode: { realism: resolveRealism(false), envelope: 'flat' } },
  { name: 'wrapped errors', options: { errorEnvelope: 'wrapped' }, mode: { realism: resolveRealism(true), envelope: 'wrapped' } },
];

const NOW_S = unix(FIXED_NOW);
const TODAY = new Date(FIXED_NOW).toISOString().slice(0, 10);
const daysAgo = (n: number): string => new Date(FIXED_NOW - n * DAY_S * 1000).toISOString().slice(0, 10);

/** Each list with a query that finds rows (at NAPER) and one that finds none. */
const LIST_QUERIES: Record<string, { rows: Record<string, string | number>; none: Record<string, string | number> }> = {
  '/customer': { rows: {}, none: { lastName: 'Nobody-by-this-name' } },
  '/recurring/account/list': { rows: { startDate: NOW_S - 60 * DAY_S }, none: { startDate: NOW_S - 60 * DAY_S, customerId: '1:1' } },
  '/recurring/account/details/list': { rows: { startDate: NOW_S - 30 * DAY_S }, none: { startDate: NOW_S - 30 * DAY_S, offset: 999 } },
  '/recurring/account/status-list': { rows: { startDate: NOW_S - 60 * DAY_S }, none: { startDate: NOW_S - 60 * DAY_S, offset: 999 } },
  '/recurring/account/modifications': { rows: { startDate: NOW_S - 90 * DAY_S }, none: { startDate: NOW_S - 90 * DAY_S, offset: 999 } },
  '/washbook/account/list': { rows: { startDate: NOW_S - 90 * DAY_S }, none: { startDate: NOW_S - 90 * DAY_S, customerId: '1:1' } },
  '/giftcard-liablilty': { rows: { startDate: NOW_S - 60 * DAY_S }, none: { prepaidNumber: 'no-such-card' } },
  '/item': { rows: {}, none: { departmentName: 'recipe' } },
  '/employee': { rows: {}, none: { offset: 999 } },
  '/sales-outcome/list': { rows: { startDate: daysAgo(3), endDate: TODAY }, none: { offset: 999 } },
};

describe.skipIf(!sharedAvailable)('contract: the other resources match the vendor OpenAPI document', { timeout: 600_000 }, () => {
  for (const { name, options, mode } of MODES) {
    describe(name, () => {
      let sim: TransactionsSimulator;
      let schemas: ResponseSchemas;
      const clock = new VirtualClock(FIXED_NOW);
      const covered = new Set<string>();
      const naper = headersFor('demo', 'demo-key', 'NAPER');

      beforeAll(async () => {
        const doc = loadOpenApi();
        for (const d of deviationsFor(mode)) d.patch?.(doc);
        schemas = compileResponses(doc);
        sim = await startTransactionsSimulator({
          clock,
          credentials: [
            { apiId: 'demo', apiKey: 'demo-key' },
            { apiId: 'north', apiKey: 'north-key', siteCodes: ['NAPER', 'JOLIET'] },
          ],
          ...options,
        });
      });
      afterAll(() => sim.close());

      /** One request in a fresh throttle window (the clock moves 15 s), then checked against the document. */
      async function check(specPath: string, path: string, init: Parameters<typeof call>[2] = {}): Promise<ApiResponse> {
        await clock.advance(15_000);
        const res = await call(sim, path, { headers: naper, ...init });
        const validator = schemas.validator(specPath, 'get', res.status);
        expect(validator, `GET ${specPath} answered ${res.status}, which the document does not list`).toBeDefined();
        const body = mode.envelope === 'wrapped' && res.status >= 400 ? res.body.error : res.body;
        expect(validator!(body), `GET ${path} ${res.status}: ${JSON.stringify(validator!.errors?.slice(0, 3))}\n${res.text.slice(0, 400)}`).toBe(true);
        covered.add(`${specPath} ${res.status}`);
        return res;
      }

      it('every list: rows, an empty page, 403, 422 and 500', async () => {
        for (const path of RESOURCE_LISTS) {
          const { rows, none } = LIST_QUERIES[path]!;
          const full = await check(path, path, { query: rows });
          expect(Object.values(full.body.data).some((v) => Array.isArray(v) && v.length > 0), path).toBe(true);
          await check(path, path, { query: none });
          await check(path, path, { query: rows, headers: headersFor('north', 'north-key', 'FIESTA') }); // 403
          await check(path, path, { query: { ...rows, offset: 0 } }); // 422
          sim.control.inject({ kind: 'serverError', count: 1 });
          await check(path, path, { query: rows }); // 500
        }
      });

      it('every detail by an id its list gave, and 404s', async () => {
        const customer = (await check('/customer', '/customer', { query: { limit: 5 } })).body.data.customers;
        for (const c of customer) await check('/customer/{customer_id}', `/customer/${c.customerId}`);
        await check('/customer/{customer_id}', '/customer/1:1007');
        const accounts = (await check('/recurring/account/list', '/recurring/account/list', { query: { startDate: NOW_S - 120 * DAY_S, limit: 10 } })).body.data.accounts;
        for (const a of accounts) {
          await check('/recurring/account/{account_id}/detail', `/recurring/account/${a.id}/detail`);
          await check('/washbook/account/{account_id}/detail', `/washbook/account/${a.id}/detail`);
        }
        await check('/recurring/account/{account_id}/detail', '/recurring/account/nope/detail');
        const books = (await check('/washbook/account/list', '/washbook/account/list', { query: { startDate: NOW_S - 120 * DAY_S, limit: 10 } })).body.data.accounts;
        for (const b of books) await check('/washbook/account/{account_id}/detail', `/washbook/account/${b.id}/detail`);
        await check('/washbook/account/{account_id}/detail', '/washbook/account/nope/detail');
        const staff = (await check('/employee', '/employee', { query: { limit: 10 } })).body.data.employees;
        for (const e of staff) {
          await check('/employee/{employee_id}', `/employee/${e.employeeId}`);
          await check('/employee/{employee_id}/clock-entries', `/employee/${e.employeeId}/clock-entries`, { query: { startDate: daysAgo(13), endDate: TODAY } });
        }
        await check('/employee/{employee_id}', '/employee/0');
        await check('/employee/{employee_id}/clock-entries', '/employee/0/clock-entries');
        await check('/employee/{employee_id}/clock-entries', `/employee/${staff[0].employeeId}/clock-entries`, { query: { startDate: daysAgo(20), endDate: TODAY } }); // 422
      });

      it('400 for a date that is not Unix seconds, 404 for unknown site arguments', async () => {
        for (const path of ['/recurring/account/list', '/recurring/account/details/list', '/recurring/account/status-list', '/recurring/account/modifications', '/washbook/account/list', '/giftcard-liablilty']) {
          await check(path, path, { query: { startDate: TODAY } });
        }
        await check('/giftcard-liablilty', '/giftcard-liablilty', { query: { site: 'invalid' } });
        await check('/recurring/account/modifications', '/recurring/account/modifications', { query: { sites: 'invalid' } });
      });

      it('covered every resource path with a 200', () => {
        const paths = [
          ...RESOURCE_LISTS,
          '/customer/{customer_id}',
          '/recurring/account/{account_id}/detail',
          '/washbook/account/{account_id}/detail',
          '/employee/{employee_id}',
          '/employee/{employee_id}/clock-entries',
        ];
        expect(paths.filter((p) => !covered.has(`${p} 200`))).toEqual([]);
      });
    });
  }
});
