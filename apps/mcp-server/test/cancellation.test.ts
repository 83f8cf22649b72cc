import { Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { BackofficeClient } from '@washops/backoffice-client';
import { TransactionsClient } from '@washops/transactions-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpLogger } from '../src/log.js';
import { createServer } from '../src/server.js';
import type { ToolServices } from '../src/services.js';
import { auditedServicesOver, type AuditedServices } from './audited-services.js';

/*
 * A cancelled tool call stops its client's work: the handler's signal reaches the request on the wire. The
 * network here never answers, so a request only ends when a signal aborts it (the clients' own timeouts are
 * far longer than these tests).
 */

const sent: AbortSignal[] = [];
async function silentFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const signal = init?.signal ?? (input instanceof Request ? input.signal : null);
  if (!signal) throw new Error('a request without a signal cannot be stopped');
  sent.push(signal);
  return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
}

const quiet = createMcpLogger(new Writable({ write: (_chunk, _encoding, done) => done() }));
const clients = {
  backoffice: new BackofficeClient({
    subdomain: 'demo',
    username: 'bot',
    password: 'bot-password-6d2a',
    baseUrl: 'http://backoffice.invalid',
    fetch: silentFetch,
    timeoutMs: 600_000,
  }),
  transactions: new TransactionsClient({
    apiId: 'demo',
    apiKey: 'api-key-9b1e',
    baseUrl: 'http://api.invalid/v1',
    fetch: silentFetch,
    timeoutMs: 600_000,
    maxRetries: 0,
  }),
};
let client: Client;
let audited: AuditedServices;

beforeAll(async () => {
  audited = await auditedServicesOver(clients.backoffice, quiet);
  const services: ToolServices = { ...audited.servicesFor(), transactions: clients.transactions };
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'cancellation', version: '1' });
  await Promise.all([createServer({ services, logger: quiet }).connect(serverSide), client.connect(clientSide)]);
});

afterAll(async () => {
  await client?.close();
  await Promise.all([audited.close(), clients.transactions.close()]);
});

const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const window = { startDate: `${yesterday}T14:00:00Z`, endDate: `${yesterday}T16:00:00Z` };

/** Calls a tool, waits for its first request, cancels the call, and returns that request's signal. */
async function cancelOnFirstRequest(name: string, args: Record<string, unknown>): Promise<AbortSignal> {
  const before = sent.length;
  const controller = new AbortController();
  const pending = client.callTool({ name, arguments: args }, undefined, { signal: controller.signal });
  await expect.poll(() => sent.length, { timeout: 2000 }).toBeGreaterThan(before);
  const request = sent[before]!;
  expect(request.aborted).toBe(false);
  controller.abort();
  await expect(pending).rejects.toThrow();
  return request;
}

const employee = {
  firstName: 'Morgan',
  lastName: 'Cancel',
  phone: '(555) 777-0199',
  email: 'morgan.cancel@example.com',
  posUserId: 97_099,
  wageRate: 15.25,
  startDate: '2026-11-01',
  availableSites: 'all',
  permission: 'cashier',
  departments: ['Cashier'],
};

describe('a cancelled tool call', () => {
  it.each([
    ['list_sites', {}],
    ['list_departments', {}],
    ['list_permissions', { scope: 'pos' }],
    ['list_employees', {}],
    ['is_pos_user_id_available', { posUserId: 98_765 }],
    ['is_email_available', { email: 'nobody@example.com' }],
    ['is_phone_available', { phone: '5559991234' }],
    ['create_employee', employee],
    ['disable_employee', { posUserId: 97_099 }],
    ['create_backoffice_user', { username: 'cancelMe', email: 'cancel.me@example.com', permission: 'General User', firstName: 'Cancel', lastName: 'Me' }],
  ])('%s aborts the BackOffice request it is waiting on, and sends no other', async (name, args) => {
    const request = await cancelOnFirstRequest(name, args);
    await expect.poll(() => request.aborted, { timeout: 1000 }).toBe(true);
    const afterAbort = sent.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(sent.length).toBe(afterAbort);
  });

  it.each([
    ['list_transaction_sites', {}],
    ['get_transaction', { transId: '876:1001' }],
    ['list_transactions', { ...window }],
    ['list_transactions_by_type', { type: 'wash', ...window }],
    ['list_transactions_v2', { ...window }],
    ['load_transaction_job', { site: 'FIESTA', ...window }],
  ])('%s aborts the Data API request it is waiting on, and sends no other', async (name, args) => {
    const request = await cancelOnFirstRequest(name, args);
    await expect.poll(() => request.aborted, { timeout: 1000 }).toBe(true);
    const afterAbort = sent.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(sent.length).toBe(afterAbort);
  });
});
