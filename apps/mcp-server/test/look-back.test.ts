import { Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { LoadJobOptionsSchema, TransactionListParamsSchema, TransactionsClient } from '@washops/transactions-client';
import { pinnedClock, startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMcpLogger } from '../src/log.js';
import { toDateParam, toListParams } from '../src/schemas/transactions.js';
import { createServer } from '../src/server.js';

const API = { apiId: 'demo', apiKey: 'api-key-look-back-91c2' };
const DAY_S = 86_400;
const clock = pinnedClock();

let api: TransactionsSimulator;
let transactions: TransactionsClient;
let client: Client;

beforeAll(async () => {
  api = await startTransactionsSimulator({ port: 0, credentials: [API], timeScale: 0.01, clock });
  transactions = new TransactionsClient({ ...API, baseUrl: api.url, rateLimit: { requests: 20, windowMs: 150 }, clock });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'look-back', version: '1' });
  const logger = createMcpLogger(new Writable({ write: (_chunk, _encoding, done) => done() }));
  await Promise.all([createServer({ services: { transactions }, logger }).connect(serverSide), client.connect(clientSide)]);
});

afterAll(async () => {
  await client?.close();
  await transactions?.close();
  await api?.close();
});

/** A range that starts 190 to 400 days back, past the Data API's six months, and is otherwise fine. */
const oldRange = (maxSpan: number) =>
  fc.tuple(fc.integer({ min: 190, max: 400 }), fc.integer({ min: 0, max: maxSpan })).map(([ago, span]) => {
    const start = Math.floor(clock.now() / 1000) - ago * DAY_S;
    return { startDate: new Date(start * 1000).toISOString(), endDate: new Date((start + span) * 1000).toISOString() };
  });

const tools = [
  { name: 'list_transactions', extra: {}, job: false },
  { name: 'list_transactions_v2', extra: {}, job: false },
  { name: 'list_transactions_by_type', extra: { type: 'wash' }, job: false },
  { name: 'load_transaction_job', extra: {}, job: true },
];

it.each(tools)('$name refuses a start past the six-month look-back, saying so, with no request once the client schema has the rule', async ({ name, extra, job }) => {
  const site = api.control.sites()[0]!.code;
  await fc.assert(
    fc.asyncProperty(oldRange(job ? DAY_S : 20 * DAY_S), async (dates) => {
      const args = { ...dates, site, ...extra };
      const before = api.control.requests().length;
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
      expect(result.isError, text).toBe(true);
      expect(text).toMatch(/6 months/);
      const clientParams = job ? { startDate: toDateParam(dates.startDate), endDate: toDateParam(dates.endDate), site } : toListParams(args);
      const schema = job ? LoadJobOptionsSchema : TransactionListParamsSchema;
      if (!schema.safeParse(clientParams).success) expect(api.control.requests().length).toBe(before);
    }),
    { numRuns: 8 },
  );
});
