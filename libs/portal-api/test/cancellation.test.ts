import { BackofficeClient } from '@washops/backoffice-client';
import { TransactionsClient } from '@washops/transactions-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDeps } from '../src/index.js';
import { callerAs, makeDeps } from './helpers.js';

/*
 * An aborted procedure stops its client's work: the request's signal reaches the request on the wire. The
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

const transactions = new TransactionsClient({
  apiId: 'demo',
  apiKey: 'api-key-3f0c',
  baseUrl: 'http://api.invalid/v1',
  fetch: silentFetch,
  timeoutMs: 600_000,
  maxRetries: 0,
});
const backoffice = new BackofficeClient({
  subdomain: 'demo',
  username: 'bot',
  password: 'bot-password-71c4',
  baseUrl: 'http://backoffice.invalid',
  fetch: silentFetch,
  timeoutMs: 600_000,
});
let deps: PortalDeps;

beforeAll(async () => {
  deps = { ...(await makeDeps(backoffice)), transactions };
});

afterAll(async () => {
  deps?.exports.close();
  await Promise.all([backoffice.close(), transactions.close()]);
});

const DAY = 86_400;
const yesterday = Math.floor(Date.now() / 86_400_000) * DAY - DAY;
const day = { startDate: yesterday, endDate: yesterday + DAY - 1 };

type Caller = ReturnType<typeof callerAs>;

const employee = {
  firstName: 'Morgan',
  lastName: 'Cancel',
  phone: '(555) 777-0199',
  email: 'morgan.cancel@example.com',
  posUserId: 97_099,
  wageRate: '15.25',
  startDate: '2026-11-01',
  availableSites: 'all' as const,
  permission: 'Cashier',
  departments: ['Cashier'],
};

/** Starts a procedure, waits for its first request, aborts the call, and returns that request's signal. */
async function abortOnFirstRequest(start: (caller: Caller) => Promise<unknown>, role: 'viewer' | 'admin' = 'viewer'): Promise<AbortSignal> {
  const before = sent.length;
  const controller = new AbortController();
  const pending = start(callerAs(deps, role, {}, controller.signal));
  await expect.poll(() => sent.length, { timeout: 2000 }).toBeGreaterThan(before);
  const request = sent[before]!;
  expect(request.aborted).toBe(false);
  controller.abort();
  await expect(pending).rejects.toBeDefined();
  return request;
}

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of stream) void _chunk;
}

describe('an aborted procedure', () => {
  it.each<[string, (caller: Caller) => Promise<unknown>]>([
    ['transactions.sites', (caller) => caller.transactions.sites()],
    ['transactions.get', (caller) => caller.transactions.get({ transId: '876:1001' })],
    ['transactions.list', async (caller) => drain(await caller.transactions.list({ ...day, version: 'v1' }))],
    ['transactions.list (v2)', async (caller) => drain(await caller.transactions.list({ ...day, version: 'v2' }))],
    ['transactions.list (by type)', async (caller) => drain(await caller.transactions.list({ ...day, type: 'wash' }))],
  ])('%s aborts the Data API request it is waiting on, and sends no other', async (_name, start) => {
    const request = await abortOnFirstRequest(start);
    await expect.poll(() => request.aborted, { timeout: 1000 }).toBe(true);
    const afterAbort = sent.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(sent.length).toBe(afterAbort);
  });

  it.each<[string, (caller: Caller) => Promise<unknown>]>([
    ['discovery.sites', (caller) => caller.discovery.sites()],
    ['discovery.departments', (caller) => caller.discovery.departments()],
    ['discovery.permissions', (caller) => caller.discovery.permissions({ scope: 'pos' })],
    ['employees.list', (caller) => caller.employees.list()],
    ['employees.isPosUserIdAvailable', (caller) => caller.employees.isPosUserIdAvailable({ posUserId: 98_765 })],
    ['employees.isEmailAvailable', (caller) => caller.employees.isEmailAvailable({ email: 'nobody@example.com' })],
    ['employees.isPhoneAvailable', (caller) => caller.employees.isPhoneAvailable({ phone: '5559991234' })],
    ['employees.create', (caller) => caller.employees.create(employee)],
    ['employees.disable', (caller) => caller.employees.disable({ posUserId: 97_099 })],
    [
      'backofficeUsers.create',
      (caller) =>
        caller.backofficeUsers.create({ username: 'cancelMe', email: 'cancel.me@example.com', permission: 'General User', firstName: 'Cancel', lastName: 'Me', availableSites: 'all' }),
    ],
  ])('%s aborts the BackOffice request it is waiting on, and sends no other', async (_name, start) => {
    const request = await abortOnFirstRequest(start, 'admin');
    await expect.poll(() => request.aborted, { timeout: 1000 }).toBe(true);
    const afterAbort = sent.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(sent.length).toBe(afterAbort);
  });
});
