import { Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BackofficeClient } from '@washops/backoffice-client';
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { AmbiguousMatchError, registerSecret } from '@washops/shared-errors';
import { TransactionsClient } from '@washops/transactions-client';
import { pinnedClock, startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMcpLogger } from '../src/log.js';
import { createServer } from '../src/server.js';
import type { ActorOperations, BackofficeReads } from '@washops/operations';
import type { ToolServices } from '../src/services.js';
import { auditedServicesOver, type AuditedServices } from './audited-services.js';

const BOT = { username: 'bot', password: 'bot-password-canary-5e0' };
const API = { apiId: 'demo', apiKey: 'api-key-canary-d41f' };
const INTERNAL_CANARY = 'internal-canary-b7f3a9';

interface LogLine {
  level: number;
  msg: string;
  tool?: string;
  reference?: string;
  code?: string;
  error?: { name: string; message: string; stack?: string; details?: Record<string, unknown>; cause?: { stack?: string } };
}

/** What the logger writes, as it would reach stderr. */
const written: string[] = [];
const captured = new Writable({
  write(chunk: Buffer, _encoding, done) {
    written.push(chunk.toString());
    done();
  },
});
const logger = createMcpLogger(captured, 'info');
const lines = (): LogLine[] => written.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogLine);

let bo: BackofficeSimulator;
let api: TransactionsSimulator;
let services: Required<ToolServices>;
let audited: AuditedServices;
const clients: Client[] = [];

async function connect(toolServices: ToolServices): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1' });
  await Promise.all([createServer({ services: toolServices, logger }).connect(serverSide), client.connect(clientSide)]);
  clients.push(client);
  return client;
}

function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

/** The reference a failed result shows, and the one log line that carries it. */
function referenced(result: CallToolResult): { text: string; line: LogLine } {
  expect(result.isError).toBe(true);
  const text = textOf(result);
  const reference = /\(Reference: ([0-9a-f-]{36})\)$/.exec(text)?.[1];
  expect(reference, text).toBeDefined();
  const matching = lines().filter((line) => line.reference === reference);
  expect(matching).toHaveLength(1);
  return { text, line: matching[0]! };
}

const clock = pinnedClock();
const yesterday = new Date(clock.now() - 86_400_000).toISOString().slice(0, 10);
const window = { startDate: `${yesterday}T10:00:00Z`, endDate: `${yesterday}T11:00:00Z` };

beforeAll(async () => {
  [bo, api] = await Promise.all([
    startBackofficeSimulator({ port: 0, users: [BOT] }),
    startTransactionsSimulator({ port: 0, credentials: [API], timeScale: 0.01, clock }),
  ]);
  audited = await auditedServicesOver(new BackofficeClient({ subdomain: 'demo', ...BOT, baseUrl: bo.url, getRetries: 0 }), logger);
  services = { ...(audited.servicesFor() as Required<ToolServices>), transactions: new TransactionsClient({ ...API, baseUrl: api.url, maxRetries: 0, clock }) };
});

beforeEach(() => {
  written.length = 0;
});

afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await Promise.allSettled([audited?.close(), services?.transactions.close()]);
  await Promise.allSettled([bo?.close(), api?.close()]);
});

describe('a failed tool call', () => {
  it('logs an unexpected error with its stack and causes under the reference its result shows, secrets masked', async () => {
    registerSecret(INTERNAL_CANARY);
    const broken = {
      listSites: async () => {
        throw new TypeError(`cannot read the site tree (session ${INTERNAL_CANARY})`, { cause: new RangeError('index out of range') });
      },
    } as unknown as BackofficeReads;
    const client = await connect({ backoffice: broken });
    const { text, line } = referenced((await client.callTool({ name: 'list_sites', arguments: {} })) as CallToolResult);
    expect(text).toMatch(/^INTERNAL_ERROR: An unexpected internal error occurred\. The details were logged on the server\. \(Reference: /);
    expect(line).toMatchObject({ level: 50, tool: 'list_sites', code: 'INTERNAL_ERROR', error: { name: 'TypeError' } });
    expect(line.error!.message).toContain('cannot read the site tree');
    expect(line.error!.stack).toMatch(/TypeError: cannot read the site tree[\s\S]*at /);
    expect(line.error!.cause!.stack).toContain('RangeError: index out of range');
    expect(written.join('')).not.toContain(INTERNAL_CANARY);
    expect(text).not.toContain('site tree');
  });

  it('logs an upstream failure (a 502 from a gateway) as an error with its reference', async () => {
    const client = await connect(services);
    const fault = api.control.inject({ endpoint: 'list', kind: 'serverError', status: 502 });
    const { text, line } = referenced((await client.callTool({ name: 'list_transactions', arguments: window })) as CallToolResult);
    fault.remove();
    expect(text).toMatch(/^API_ERROR: /);
    expect(line).toMatchObject({ level: 50, tool: 'list_transactions', code: 'API_ERROR', error: { status: 502 } });
    expect(line.error!.stack).toContain('APIError');
  });

  it('logs a partial failure (employee created, permissions not applied) as an error, with the steps, under the write\'s correlation id', async () => {
    const client = await connect(services);
    const [site] = bo.control.sites();
    const fault = bo.control.inject({ route: 'POST /employee/permissions/update', kind: 'serverError', count: 1 });
    const result = (await client.callTool({
      name: 'create_employee',
      arguments: {
        firstName: 'Pat',
        lastName: 'Partial',
        phone: '555 777 0301',
        email: 'pat.partial@example.com',
        posUserId: 97_301,
        wageRate: 14,
        startDate: '2026-11-02',
        availableSites: [site!.name],
        permission: 'Cashier',
        departments: ['Cashier'],
      },
    })) as CallToolResult;
    fault.remove();
    const { text, line } = referenced(result);
    expect(text).toMatch(/^BACKOFFICE_SERVER_ERROR: Employee \d+ was created/);
    expect(line).toMatchObject({ level: 50, tool: 'create_employee', code: 'BACKOFFICE_SERVER_ERROR' });
    expect(line.error!.details).toMatchObject({ completedSteps: expect.arrayContaining(['insertEmployee']) });
    const [event] = (await audited.store.audit.list({ operation: 'employee.create', state: 'partial' })).events;
    expect(line).toMatchObject({ reference: event!.correlationId, correlationId: event!.correlationId });
    expect(written.join('')).not.toContain(BOT.password);
  });

  it('says how long to wait after a rate limit, from the error\'s retryAfterMs, and logs it as a warning', async () => {
    // A client of its own: the 429 holds its rate budget for the 90 seconds asked.
    await using transactions = new TransactionsClient({ ...API, baseUrl: api.url, maxRetries: 0, clock });
    const client = await connect({ transactions });
    const fault = api.control.inject({ endpoint: 'list', kind: 'rateLimitStorm', retryAfterSeconds: 90 });
    const { text, line } = referenced((await client.callTool({ name: 'list_transactions', arguments: window })) as CallToolResult);
    fault.remove();
    expect(text).toMatch(/^RATE_LIMIT_ERROR: .*retry in 90 seconds\./);
    expect(line).toMatchObject({ level: 40, code: 'RATE_LIMIT_ERROR', error: { details: { retryAfterMs: 90_000 } } });
  });

  it('turns an ambiguous match into an answer the model can act on: the message, every POS user id, and what to do', async () => {
    const ambiguous = new AmbiguousMatchError('2 employees match "Morgan Lee"; give a phone number or a POS user id.', { details: { posUserIds: [7217, 7345] } });
    const operations = { updateEmployee: async () => Promise.reject(ambiguous) } as unknown as ActorOperations;
    const client = await connect({ backoffice: services.backoffice, operations });
    const { text, line } = referenced((await client.callTool({ name: 'update_employee', arguments: { posUserId: 7217, phone: '5550100001' } })) as CallToolResult);
    expect(text).toMatch(/^AMBIGUOUS_MATCH: 2 employees match "Morgan Lee"; give a phone number or a POS user id\. Matching POS user ids: 7217, 7345\. /);
    expect(text).toContain('call again with that posUserId');
    expect(line).toMatchObject({ level: 40, tool: 'update_employee', code: 'AMBIGUOUS_MATCH' });
  });

  it('logs a caller\'s mistake as a warning, still with a reference', async () => {
    const client = await connect(services);
    const { text, line } = referenced((await client.callTool({ name: 'get_transaction', arguments: { transId: '999999:999' } })) as CallToolResult);
    expect(text).toMatch(/^NOT_FOUND: /);
    expect(line).toMatchObject({ level: 40, tool: 'get_transaction', code: 'NOT_FOUND' });
  });

  it('logs a call the caller cancelled as information, not as a failure', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const waiting = {
      listSites: ({ signal }: { signal: AbortSignal }) =>
        new Promise((_resolve, reject) => {
          started();
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    } as unknown as TransactionsClient;
    const client = await connect({ transactions: waiting });
    const controller = new AbortController();
    const pending = client.callTool({ name: 'list_transaction_sites', arguments: {} }, undefined, { signal: controller.signal });
    await running;
    controller.abort();
    await expect(pending).rejects.toThrow();
    await expect.poll(() => lines().map((line) => line.msg)).toContain('tool cancelled by the caller');
    expect(lines().filter((line) => line.level >= 40)).toEqual([]);
  });
});
