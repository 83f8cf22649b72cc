import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ResourceReads } from '@washops/operations';
import { NotFoundError } from '@washops/shared-errors';
import fc from 'fast-check';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpLogger } from '../src/log.js';
import { createServer } from '../src/server.js';
import { notA } from './arbitraries.js';

/*
 * The resource tools' inputs, generated: valid arguments reach the resource service's method with the page defaults
 * filled in; invalid ones (wrong types, blank text, reversed or too-long ranges, page sizes out of range, days that do
 * not exist, unknown fields) are refused naming the problem, and the service is never called.
 */

const called: Array<{ method: string; args: unknown[] }> = [];
const recording = new Proxy(
  {},
  {
    get: (_target, name) =>
      name === 'then'
        ? undefined
        : (...args: unknown[]) => {
            called.push({ method: String(name), args });
            return Promise.reject(new NotFoundError('Nothing here (test double).'));
          },
  },
) as ResourceReads;

let client: Client;
beforeAll(async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'resource-inputs', version: '1' });
  const quiet = createMcpLogger(new Writable({ write: (_chunk, _encoding, done) => done() }));
  await Promise.all([createServer({ services: { resources: recording }, logger: quiet }).connect(serverSide), client.connect(clientSide)]);
});
afterAll(async () => {
  await client.close();
});

async function call(name: string, args: Record<string, unknown>): Promise<{ isError: boolean; text: string }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { isError: result.isError === true, text: result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n') };
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const base = Date.parse('2026-01-01T00:00:00Z');
/** A range of `min`–`max` days from a day in 2026. */
const rangeOf = (min: number, max: number) =>
  fc.tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: min, max: max })).map(([start, days]) => ({ from: dayOf(base + start * DAY_MS), to: dayOf(base + (start + days - 1) * DAY_MS) }));
const paging = fc.record({ page: fc.integer({ min: 1, max: 50 }), pageSize: fc.integer({ min: 1, max: 100 }) }, { requiredKeys: [] });
const code = fc.stringMatching(/^[A-Z0-9]{2,8}$/);
const id = fc.stringMatching(/^\d{1,6}:\d{4}$/);
const badPage = { page: fc.oneof(fc.constantFrom(0, -1, 1.5), notA('number')), pageSize: fc.oneof(fc.constantFrom(0, 101, 2.5), notA('number')) };
const badDay = fc.oneof(fc.constantFrom('2026-02-30', '2026-13-01', 'yesterday', '01/02/2026', ''), notA('string'));

interface Case {
  tool: string;
  method: keyof ResourceReads;
  valid: fc.Arbitrary<Record<string, unknown>>;
  /** Each field with values that break it. */
  breakers: Record<string, fc.Arbitrary<unknown>>;
  /** Ranges the rules refuse, with what the message says. */
  badRanges?: fc.Arbitrary<{ args: Record<string, unknown>; names: RegExp }>;
}

const reversed = rangeOf(2, 30).map(({ from, to }) => ({ args: { from: to, to: from }, names: /last day comes before the first/ }));
const cases: Case[] = [
  {
    tool: 'list_customers',
    method: 'searchCustomers',
    valid: fc.tuple(fc.oneof(fc.stringMatching(/^[A-Za-z]{1,12}( [A-Za-z]{1,12})?$/), fc.stringMatching(/^\d{4,10}$/)), paging).map(([query, p]) => ({ query, ...p })),
    breakers: { query: fc.oneof(fc.constantFrom('', '   ', '12', '(1)', 'x'.repeat(101)), notA('string')), ...badPage },
  },
  { tool: 'get_customer', method: 'getCustomer', valid: id.map((customerId) => ({ customerId })), breakers: { customerId: fc.oneof(fc.constantFrom('', '   ', 'x'.repeat(101)), notA('string')) } },
  {
    tool: 'list_memberships',
    method: 'listMemberships',
    valid: fc.record({ customerId: id, status: fc.constantFrom('Active', 'cancelled'), siteCode: code }, { requiredKeys: [] }).chain((f) => paging.map((p) => ({ ...f, ...p }))),
    breakers: { customerId: fc.oneof(fc.constantFrom('', '  '), notA('string')), status: fc.oneof(fc.constant(''), notA('string')), ...badPage },
  },
  { tool: 'get_membership', method: 'getMembership', valid: id.map((membershipId) => ({ membershipId })), breakers: { membershipId: fc.oneof(fc.constantFrom('', '   '), notA('string')) } },
  {
    tool: 'list_membership_status_changes',
    method: 'listMembershipStatusChanges',
    valid: fc.tuple(rangeOf(1, 366), paging).map(([r, p]) => ({ ...r, ...p })),
    breakers: { from: badDay, to: badDay, siteCode: fc.oneof(fc.constant(''), notA('string')), ...badPage },
    badRanges: fc.oneof(reversed, rangeOf(367, 500).map((args) => ({ args, names: /at most 366 days/ }))),
  },
  {
    tool: 'list_washbooks',
    method: 'listWashbooks',
    valid: fc.record({ customerId: id, status: fc.constantFrom('active', 'inactive') }, { requiredKeys: [] }).chain((f) => paging.map((p) => ({ ...f, ...p }))),
    breakers: { status: fc.oneof(fc.constantFrom('open', 'Active', ''), notA('string')), ...badPage },
  },
  { tool: 'list_gift_cards', method: 'listGiftCards', valid: fc.record({ siteCode: code }, { requiredKeys: [] }).chain((f) => paging.map((p) => ({ ...f, ...p }))), breakers: { siteCode: notA('string'), ...badPage } },
  { tool: 'list_items', method: 'listItems', valid: fc.record({ department: fc.constantFrom('Wash', 'Recurring Plan') }, { requiredKeys: [] }).chain((f) => paging.map((p) => ({ ...f, ...p }))), breakers: { department: fc.oneof(fc.constant(''), notA('string')), departmentName: fc.constant('Wash'), ...badPage } },
  {
    tool: 'list_clock_entries',
    method: 'listClockEntries',
    valid: fc.tuple(rangeOf(1, 62), fc.record({ employeeId: fc.integer({ min: 1, max: 99_999 }), siteCode: code }, { requiredKeys: [] }), paging).map(([r, f, p]) => ({ ...r, ...f, ...p })),
    breakers: { from: badDay, to: badDay, employeeId: fc.oneof(fc.constantFrom(0, -3, 1.5), notA('number')), ...badPage },
    badRanges: fc.oneof(reversed, rangeOf(63, 200).map((args) => ({ args, names: /at most 62 days/ }))),
  },
  {
    tool: 'list_sales_outcomes',
    method: 'listSalesOutcomes',
    valid: fc.tuple(rangeOf(1, 366), fc.record({ siteId: fc.integer({ min: 1, max: 99_999 }), employeeId: fc.stringMatching(/^\d{1,5}$/) }, { requiredKeys: [] }), paging).map(([r, f, p]) => ({ ...r, ...f, ...p })),
    breakers: { from: badDay, to: badDay, siteId: fc.oneof(fc.constantFrom(0, 1.5), notA('number')), ...badPage },
    badRanges: fc.oneof(reversed, rangeOf(367, 500).map((args) => ({ args, names: /at most 366 days/ }))),
  },
];

describe.each(cases)('$tool', ({ tool, method, valid, breakers, badRanges }) => {
  it('passes generated valid arguments to the service, page defaults filled in', async () => {
    await fc.assert(
      fc.asyncProperty(valid, async (args) => {
        const before = called.length;
        const result = await call(tool, args);
        expect(result.text, JSON.stringify(args)).toMatch(/^NOT_FOUND: /);
        const calls = called.slice(before);
        expect(calls.map((c) => c.method)).toEqual([method]);
        const [first] = calls[0]!.args as [unknown];
        if (typeof first === 'object' && first !== null && 'pageSize' in first) expect(first).toMatchObject({ page: args['page'] ?? 1, pageSize: args['pageSize'] ?? 25 });
      }),
      { numRuns: 25 },
    );
  });

  it('refuses generated invalid arguments naming the problem, calling nothing', async () => {
    const broken = fc
      .tuple(valid, fc.oneof(...Object.entries(breakers).map(([field, values]) => values.map((value) => ({ field, value })))))
      .map(([args, { field, value }]) => ({ args: { ...args, [field]: value }, names: new RegExp(field) }));
    await fc.assert(
      fc.asyncProperty(badRanges ? fc.oneof(broken, badRanges.chain((bad) => valid.map((args) => ({ args: { ...args, ...bad.args }, names: bad.names })))) : broken, async ({ args, names }) => {
        const before = called.length;
        const result = await call(tool, args);
        expect(result.isError, JSON.stringify(args)).toBe(true);
        expect(result.text, JSON.stringify(args)).toMatch(names);
        expect(called.length).toBe(before);
      }),
      { numRuns: 40 },
    );
  });
});
