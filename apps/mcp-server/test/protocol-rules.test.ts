import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { LoggingMessageNotificationSchema, ResourceUpdatedNotificationSchema, type CallToolResult, type LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import { BackofficeClient } from '@washops/backoffice-client';
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import type { ActorOperations } from '@washops/operations';
import { registerSecret } from '@washops/shared-errors';
import { TransactionsClient } from '@washops/transactions-client';
import { pinnedClock, startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayToClient } from '../src/client-log.js';
import { allPrompts } from '../src/prompts/index.js';
import { createServer, selectPromptsFor, selectResourcesFor, type CreateServerOptions } from '../src/server.js';
import type { ToolServices } from '../src/services.js';
import { allTools } from '../src/tools/index.js';
import { auditedServicesOver, type AuditedServices } from './audited-services.js';
import { fakeKpis } from './fake-kpis.js';
import { fakeReports } from './fake-reports.js';
import { fakeWarehouse, syncStatusOf, unit } from './fake-warehouse.js';
import { quiet } from './mcp-harness.js';

// What the protocol suite (stdio and HTTP) cannot show from outside: which configurations list what, the sync
// status's subscription, completion's cost in vendor requests, and the clients' own warnings reaching the caller.

const BOT = { username: 'bot', password: 'bot-password-canary-e42' };
const API = { apiId: 'demo', apiKey: 'api-key-canary-0d9f' };
const clock = pinnedClock();
let bo: BackofficeSimulator;
let api: TransactionsSimulator;
let audited: AuditedServices;
/** The Back Office requests the client sent, as `METHOD /path`. */
const boRequests: string[] = [];

beforeAll(async () => {
  [bo, api] = await Promise.all([startBackofficeSimulator({ port: 0, users: [BOT] }), startTransactionsSimulator({ port: 0, credentials: [API], timeScale: 0.01, clock })]);
  const countingFetch: typeof fetch = (input, init) => {
    boRequests.push(`${init?.method ?? 'GET'} ${new URL(input instanceof Request ? input.url : input).pathname}`);
    return fetch(input, init);
  };
  audited = await auditedServicesOver(new BackofficeClient({ subdomain: 'demo', ...BOT, baseUrl: bo.url, fetch: countingFetch }), quiet);
}, 60_000);

afterAll(async () => {
  await audited?.close();
  await Promise.allSettled([bo?.close(), api?.close()]);
});

async function connect(options: CreateServerOptions): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'protocol-rules', version: '1' });
  await Promise.all([createServer({ logger: quiet, ...options }).connect(serverSide), client.connect(clientSide)]);
  return client;
}

describe('what is listed', () => {
  const full = (): ToolServices => ({
    ...audited.servicesFor(),
    transactions: new TransactionsClient({ ...API, baseUrl: api.url, clock }),
    warehouse: fakeWarehouse().services,
    reports: fakeReports().reports,
    kpis: fakeKpis().kpis,
  });

  it('names only real tools in every prompt', () => {
    for (const prompt of allPrompts) for (const tool of prompt.uses) expect(allTools, `${prompt.name} uses ${tool.name}`).toContain(tool);
  });

  it('lists a prompt or a resource only when the tools it names are registered', () => {
    const names = (options: CreateServerOptions) => [...selectPromptsFor(options), ...selectResourcesFor(options)].map((item) => item.name);
    expect(names({ services: {} })).toEqual([]);
    expect(names({ services: { transactions: full().transactions! } })).toEqual(['investigate_transaction', 'data-api-sites', 'transaction']);
    const backofficeOnly = names({ services: audited.servicesFor() });
    expect(backofficeOnly).toEqual(['onboard_employee', 'offboard_employee', 'give_raise', 'sites', 'departments', 'permission-templates', 'employee']);
    // Read-only: no prompt that would write, the reads stay.
    expect(names({ services: audited.servicesFor(), readOnly: true })).toEqual(['sites', 'departments', 'permission-templates', 'employee']);
    expect(selectPromptsFor({ services: full() })).toHaveLength(7);
  });

  it('answers prompts/list and resources/list with nothing to list as the protocol says (no capability, no handler)', async () => {
    const client = await connect({ services: {} });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, logging: {} });
    expect(client.getServerCapabilities()?.prompts).toBeUndefined();
    expect(client.getServerCapabilities()?.resources).toBeUndefined();
    await client.close();
  });
});

describe('subscriptions', () => {
  it("tells a subscriber of the sync status when workers change it, not when only the budget in use moves, and stops on unsubscribe", async () => {
    const options: { status?: ReturnType<typeof syncStatusOf> } = { status: syncStatusOf([unit('NILES', '2026-11-19', 'pending')]) };
    const warehouse = fakeWarehouse(options);
    const client = await connect({ services: { warehouse: warehouse.services }, syncStatusPollMs: 20 });
    const updated: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
    await client.subscribeResource({ uri: 'washops://warehouse/sync-status' });
    const polled = () => warehouse.calls.status.length;
    const after = async (reads: number) => expect.poll(polled).toBeGreaterThanOrEqual(reads);

    options.status = syncStatusOf([unit('NILES', '2026-11-19', 'pending')], { budget: { key: 'demo', requests: 20, windowMs: 15_000, inUse: 17, pausedUntil: null } });
    await after(polled() + 3);
    expect(updated).toEqual([]);
    options.status = syncStatusOf([unit('NILES', '2026-11-19', 'done')]);
    await expect.poll(() => updated).toEqual(['washops://warehouse/sync-status']);

    await client.unsubscribeResource({ uri: 'washops://warehouse/sync-status' });
    const stoppedAt = polled();
    options.status = syncStatusOf([unit('NILES', '2026-11-19', 'failed')]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(polled()).toBeLessThanOrEqual(stoppedAt + 1);
    expect(updated).toHaveLength(1);
    await client.close();
  });
});

describe('subscriptions to one employee', () => {
  it("tells a subscriber of an employee's resource when a write changed that employee, and refuses an address no resource has", async () => {
    const client = await connect({ services: audited.servicesFor() });
    const updated: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
    const { employees } = (await client.callTool({ name: 'list_employees', arguments: {} })).structuredContent as { employees: Array<{ posUserId: number | null }> };
    const [first, second] = employees.filter((e) => e.posUserId !== null).map((e) => e.posUserId!);
    await client.subscribeResource({ uri: `washops://employees/${first}` });
    const update = async (posUserId: number) => {
      const result = (await client.callTool({ name: 'update_employee', arguments: { posUserId, email: `subscribed.${posUserId}.${Date.now()}@example.com` } })) as CallToolResult;
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    };
    await update(second!);
    await update(first!);
    await expect.poll(() => updated).toEqual([`washops://employees/${first}`]);
    await expect(client.subscribeResource({ uri: 'washops://employees/' })).rejects.toThrow(/Cannot subscribe.*washops:\/\/employees\/\{posUserId\}/);
    await client.close();
  });

  it('tells the subscribers of each employee a bulk run wrote to, and no one for a dry run', async () => {
    const client = await connect({ services: audited.servicesFor() });
    const updated: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
    const { employees } = (await client.callTool({ name: 'list_employees', arguments: { active: 'active' } })).structuredContent as { employees: Array<{ posUserId: number | null }> };
    const [leaver, stayer] = employees.filter((e) => e.posUserId !== null).slice(-2).map((e) => e.posUserId!);
    await client.subscribeResource({ uri: `washops://employees/${leaver}` });
    await client.subscribeResource({ uri: `washops://employees/${stayer}` });
    const rows = [{ posUserId: leaver }];
    const dryRun = (await client.callTool({ name: 'bulk_disable_employees', arguments: { rows } })) as CallToolResult;
    expect(dryRun.isError, JSON.stringify(dryRun.content)).toBeFalsy();
    await client.listTools();
    expect(updated).toEqual([]);
    const run = (await client.callTool({ name: 'bulk_disable_employees', arguments: { rows, dryRun: false } })) as CallToolResult;
    expect(run.structuredContent).toMatchObject({ run: { counts: { done: 1 } } });
    await expect.poll(() => updated).toEqual([`washops://employees/${leaver}`]);
    await client.close();
  });
});

describe('completion', () => {
  it('costs at most the one cached discovery read, and completes nothing (no error) when the Back Office cannot answer', async () => {
    const client = await connect({ services: audited.servicesFor() });
    const complete = (name: string, argument: string, value: string) =>
      client.complete({ ref: { type: 'ref/prompt', name }, argument: { name: argument, value } }).then((r) => r.completion.values);
    await complete('onboard_employee', 'site', '');
    await complete('offboard_employee', 'employee', '');
    await complete('onboard_employee', 'permission', '');
    await complete('onboard_employee', 'backofficeTemplate', '');
    const warm = boRequests.length;
    for (const prefix of ['W', 'Wa', 'Was', 'Wash', 'Wash ']) await complete('onboard_employee', 'site', prefix);
    for (const prefix of ['P', 'Pa', '7', '70']) await complete('offboard_employee', 'employee', prefix);
    await complete('onboard_employee', 'department', 'C');
    await complete('onboard_employee', 'permission', 'C');
    expect(boRequests.slice(warm)).toEqual([]);
    await client.close();

    const down = new BackofficeClient({ subdomain: 'demo', ...BOT, baseUrl: 'http://127.0.0.1:9', getRetries: 0 });
    const failing = await auditedServicesOver(down, quiet);
    const offline = await connect({ services: failing.servicesFor() });
    const values = await offline.complete({ ref: { type: 'ref/prompt', name: 'onboard_employee' }, argument: { name: 'site', value: 'W' } });
    expect(values.completion.values).toEqual([]);
    await offline.close();
    await failing.close();
  });
});

describe('log notifications', () => {
  const logsOf = (client: Client) => {
    const received: LoggingMessageNotification['params'][] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void received.push(n.params));
    return received;
  };

  it("sends the Data API client's rate-limit wait to the caller whose call waited, redacted", async () => {
    // The logger every server shares, as services-factory builds it: its warnings go to the caller of the moment.
    const logged: unknown[] = [];
    const logger = { debug: () => {}, info: () => {}, warn: (obj: object) => void logged.push(obj), error: () => {} };
    const transactions = new TransactionsClient({ ...API, baseUrl: api.url, logger: relayToClient(logger), clock });
    const client = await connect({ services: { transactions } });
    const bystander = await connect({ services: { transactions } });
    const received = logsOf(client);
    const notSent = logsOf(bystander);
    const fault = api.control.inject({ endpoint: 'siteList', kind: 'rateLimitStorm', count: 1, retryAfterSeconds: 1 });
    const result = (await client.callTool({ name: 'list_transaction_sites', arguments: {} })) as CallToolResult;
    fault.remove();
    expect(result.isError).toBeFalsy();
    expect(received).toContainEqual(expect.objectContaining({ level: 'warning', data: expect.objectContaining({ message: expect.stringMatching(/rate limit reached; requests wait \d+ ms/) }) }));
    expect(notSent).toEqual([]);
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(received)).not.toContain(API.apiKey);
    expect(JSON.stringify(logged)).not.toContain(API.apiKey);
    await Promise.all([client.close(), bystander.close()]);
    await transactions.close();
  });

  it('masks a secret in a warning sent to the caller', async () => {
    const canary = 'warning-secret-canary-91c4';
    registerSecret(canary);
    const disableEmployee = async () => ({ employeeId: 1, posUserId: 7, disabledAt: '2026-11-28T00:00:00Z', warnings: [`Back Office user with password ${canary} is still enabled`] });
    const leaky = { ...audited.servicesFor(), operations: { disableEmployee } as unknown as ActorOperations };
    const client = await connect({ services: leaky });
    const received = logsOf(client);
    const result = (await client.callTool({ name: 'disable_employee', arguments: { posUserId: 7 } })) as CallToolResult;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toMatchObject({ level: 'warning', logger: 'washops', data: { tool: 'disable_employee', message: expect.stringContaining('is still enabled') } });
    expect(JSON.stringify(received)).not.toContain(canary);
    await client.close();
  });

  it('sends a partial failure (created, permissions not applied) as an error notification', async () => {
    const client = await connect({ services: audited.servicesFor() });
    const received = logsOf(client);
    const [site] = bo.control.sites();
    const fault = bo.control.inject({ route: 'POST /employee/permissions/update', kind: 'serverError', count: 1 });
    const result = (await client.callTool({
      name: 'create_employee',
      arguments: {
        firstName: 'Pat',
        lastName: 'Halfway',
        phone: '555 777 0419',
        email: 'pat.halfway@example.com',
        posUserId: 97_419,
        wageRate: 14,
        startDate: '2026-11-02',
        availableSites: [site!.name],
        permission: 'Cashier',
        departments: ['Cashier'],
      },
    })) as CallToolResult;
    fault.remove();
    expect(result.isError).toBe(true);
    await expect.poll(() => received.map((r) => r.level)).toContain('error');
    expect(received.find((r) => r.level === 'error')!.data).toMatchObject({ tool: 'create_employee', message: expect.stringMatching(/was created/) });
    expect(JSON.stringify(received)).not.toContain(BOT.password);
    await client.close();
  });
});
