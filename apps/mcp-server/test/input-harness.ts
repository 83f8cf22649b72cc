import { Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BackofficeClient } from '@washops/backoffice-client';
import type { ActorOperations, BackofficeReads } from '@washops/operations';
import { NotFoundError } from '@washops/shared-errors';
import { TransactionsClient } from '@washops/transactions-client';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpLogger } from '../src/log.js';
import { createServer } from '../src/server.js';
import type { AuditReads, ToolServices } from '../src/services.js';
import { notA } from './arbitraries.js';
import { auditedServicesOver, type AuditedServices } from './audited-services.js';

/*
 * What the generated-input suites share: a server over real clients whose every request is counted (and
 * answered 404), a server over a service double that records which method a tool called, and the two
 * properties each tool case is checked against.
 */

export let fetches = 0;
/** The network, counted: every request answers 404, so a call that got this far ends NOT_FOUND. */
async function countingFetch(): Promise<Response> {
  fetches += 1;
  return new Response(JSON.stringify({ type: 'EntityNotFoundError', message: 'Nothing here (test double).' }), {
    status: 404,
    headers: { 'content-type': 'application/json' },
  });
}

/** A Back Office and audit service (reads and audited writes) that records which method a tool called. */
export const serviceCalls: string[] = [];
const recordingBackoffice = new Proxy(
  {},
  {
    get: (_target, name) =>
      name === 'then'
        ? undefined
        : () => {
            serviceCalls.push(String(name));
            return Promise.reject(new NotFoundError('Nothing here (test double).'));
          },
  },
) as BackofficeReads & ActorOperations & AuditReads;

const real = {
  backofficeClient: new BackofficeClient({ subdomain: 'demo', username: 'bot', password: 'bot-password-e2a1', baseUrl: 'http://backoffice.invalid', fetch: countingFetch }),
  transactions: new TransactionsClient({
    apiId: 'demo',
    apiKey: 'api-key-5c7d',
    baseUrl: 'http://api.invalid/v1',
    fetch: countingFetch,
    maxRetries: 0,
    rateLimit: { requests: 1_000_000, windowMs: 1000 },
  }),
};
const quiet = createMcpLogger(new Writable({ write: (_chunk, _encoding, done) => done() }));
export let withRealClients: Client;
let withRecordingBackoffice: Client;
let audited: AuditedServices;

async function connect(services: ToolServices): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'inputs', version: '1' });
  await Promise.all([createServer({ services, logger: quiet }).connect(serverSide), client.connect(clientSide)]);
  return client;
}

export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; text: string }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { isError: result.isError === true, text: result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n') };
}

/** Starts both servers before the file's tests and closes them after. */
export function useInputHarness(): void {
  beforeAll(async () => {
    audited = await auditedServicesOver(real.backofficeClient);
    withRealClients = await connect({ ...audited.servicesFor(), transactions: real.transactions });
    withRecordingBackoffice = await connect({ backoffice: recordingBackoffice, operations: recordingBackoffice, audit: recordingBackoffice, transactions: real.transactions });
  });

  afterAll(async () => {
    await Promise.allSettled([withRealClients?.close(), withRecordingBackoffice?.close()]);
    await Promise.allSettled([audited?.close(), real.transactions.close()]);
  });
}

export interface Invalid {
  args: Record<string, unknown>;
  /** What the message must name for the model to correct the call. */
  names: RegExp;
}

/** A valid input with one field broken by a value from `breakers`. */
export function breaking(valid: fc.Arbitrary<Record<string, unknown>>, breakers: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Invalid> {
  const changes = Object.entries(breakers).map(([field, arbitrary]) => arbitrary.map((value) => ({ field, value })));
  return fc.tuple(valid, fc.oneof(...changes)).map(([args, { field, value }]) => ({ args: { ...args, [field]: value }, names: new RegExp(field) }));
}

export const badPosUserId = fc.oneof(fc.constantFrom(0, -1, 2_147_483_648, 1.5), notA('number'));
export const badEmail = fc.oneof(fc.constantFrom('', 'ana@', 'a b@c.de', 'no-at-sign'), notA('string'));
export const blankOrLong = (max: number) => fc.oneof(fc.constantFrom('', '   '), fc.string({ minLength: max + 1, maxLength: max + 20 }).filter((s) => s.trim().length > max), notA('string'));
export const refreshArgs = fc.record({ refresh: fc.boolean() }, { requiredKeys: [] });
export const badRefresh = { refresh: notA('boolean') };

export interface ToolCase {
  tool: string;
  /** The Back Office method a valid call reaches; absent for transaction tools (they reach the network). */
  method?: string;
  valid: fc.Arbitrary<Record<string, unknown>>;
  invalid?: fc.Arbitrary<Invalid>;
}

/** Valid generated arguments reach the service; invalid ones are refused naming the problem, sending nothing. */
export function describeToolCases(cases: ToolCase[]): void {
  describe.each(cases)('$tool', ({ tool, method, valid }) => {
    it('passes generated valid arguments on to the service', async () => {
      await fc.assert(
        fc.asyncProperty(valid, async (args) => {
          const [callsBefore, fetchesBefore] = [serviceCalls.length, fetches];
          const result = await call(withRecordingBackoffice, tool, args);
          // NOT_FOUND is the test double's answer: the call got past every check.
          expect(result.text, JSON.stringify(args)).toMatch(/^NOT_FOUND: /);
          if (method) expect(serviceCalls.slice(callsBefore)).toEqual([method]);
          else expect(fetches).toBeGreaterThan(fetchesBefore);
        }),
        { numRuns: 25 },
      );
    });
  });

  describe.each(cases.filter((c) => c.invalid))('$tool', ({ tool, invalid }) => {
    it('refuses generated invalid arguments with a message naming the problem, sending nothing', async () => {
      await fc.assert(
        fc.asyncProperty(invalid!, async ({ args, names }) => {
          const before = fetches;
          const result = await call(withRealClients, tool, args);
          expect(result.isError, JSON.stringify(args)).toBe(true);
          expect(result.text, JSON.stringify(args)).toMatch(names);
          expect(fetches, JSON.stringify(args)).toBe(before);
        }),
        { numRuns: 40 },
      );
    });
  });
}
