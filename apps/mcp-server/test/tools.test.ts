import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BackofficeClient } from '@washops/backoffice-client';
import { BO_TEMPLATES, startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { TransactionsClient } from '@washops/transactions-client';
import { pinnedClock, startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpLogger } from '../src/log.js';
import { createServer } from '../src/server.js';
import { allTools } from '../src/tools/index.js';
import type { ToolServices } from '../src/services.js';
import { auditedServicesOver, type AuditedServices } from './audited-services.js';

const BOT = { username: 'bot', password: 'bot-password-canary-7c1' };
const API = { apiId: 'demo', apiKey: 'api-key-canary-93be' };

let bo: BackofficeSimulator;
let api: TransactionsSimulator;
let services: Required<ToolServices>;
let audited: AuditedServices;
let transactions: TransactionsClient;
let client: Client;
/** Every result this suite received, to prove no secret ever reached one. */
const seen: string[] = [];
/** Every line the server logged (what stderr would show), likewise. */
const logged: string[] = [];
const logger = createMcpLogger(
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString());
      done();
    },
  }),
);

async function connect(options: Parameters<typeof createServer>[0]): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const c = new Client({ name: 'test', version: '1' });
  await Promise.all([createServer({ logger, ...options }).connect(serverSide), c.connect(clientSide)]);
  return c;
}

async function call(name: string, args: Record<string, unknown> = {}, c = client): Promise<CallToolResult> {
  const result = (await c.callTool({ name, arguments: args })) as CallToolResult;
  seen.push(JSON.stringify(result));
  return result;
}

function text(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

function structured<T = Record<string, unknown>>(result: CallToolResult): T {
  expect(result.isError, text(result)).toBeFalsy();
  return result.structuredContent as T;
}

/** Error results read `CODE: message`; input errors caught by the schema carry the SDK's own text. */
function errorOf(result: CallToolResult): { code: string; message: string } {
  expect(result.isError).toBe(true);
  const match = /^([A-Z_]+): ([\s\S]*)$/.exec(text(result));
  return match ? { code: match[1]!, message: match[2]! } : { code: 'INPUT', message: text(result) };
}

/** The first two sites of the simulated chain. */
const siteCode = (index: number) => api.control.sites()[index]!.code;

/** A two-hour window yesterday (UTC): enough transactions for paging, few enough for a quick job. */
const clock = pinnedClock();
const yesterday = new Date(clock.now() - 86_400_000).toISOString().slice(0, 10);
const window = { startDate: `${yesterday}T14:00:00Z`, endDate: `${yesterday}T16:00:00Z` };

beforeAll(async () => {
  [bo, api] = await Promise.all([
    startBackofficeSimulator({ port: 0, users: [BOT] }),
    startTransactionsSimulator({ port: 0, credentials: [API], timeScale: 0.01, jobDurationMs: 2000, clock }),
  ]);
  audited = await auditedServicesOver(new BackofficeClient({ subdomain: 'demo', ...BOT, baseUrl: bo.url }), logger);
  transactions = new TransactionsClient({ ...API, baseUrl: api.url, rateLimit: { requests: 20, windowMs: 150 }, clock });
  services = { ...(audited.servicesFor() as Required<ToolServices>), transactions };
  client = await connect({ services });
});

afterAll(async () => {
  await client?.close();
  await Promise.allSettled([audited?.close(), transactions?.close()]);
  await Promise.allSettled([bo?.close(), api?.close()]);
});

const WRITE_TOOLS = allTools.filter((tool) => !tool.annotations.readOnlyHint).map((tool) => tool.name);

describe('the tool list', () => {
  it('registers all twenty-seven tools with a title, a description and all four annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        ...['create_employee', 'disable_employee', 'update_employee', 'reactivate_employee', 'set_employee_wage', 'set_employee_permission'],
        ...['create_backoffice_user', 'apply_backoffice_template', 'list_backoffice_users', 'get_employee', 'find_employees', 'list_employees'],
        ...['list_sites', 'list_departments', 'list_permissions', 'is_pos_user_id_available', 'is_email_available', 'is_phone_available'],
        ...['list_transaction_sites', 'list_transactions', 'list_transactions_by_type', 'list_transactions_v2', 'get_transaction'],
        ...['load_transaction_job', 'list_audit_events', 'bulk_create_employees', 'bulk_disable_employees'],
      ].sort(),
    );
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description!.length, tool.name).toBeGreaterThan(60);
      expect(tool.outputSchema, tool.name).toBeDefined();
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
        expect(typeof tool.annotations?.[hint], `${tool.name}.${hint}`).toBe('boolean');
      }
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    // [readOnly, destructive, idempotent]: a wage call adds a record; an update overwrites fields; a permission or template call replaces a whole set.
    const hints: Record<string, [boolean, boolean, boolean]> = {
      disable_employee: [false, true, true],
      create_employee: [false, false, false],
      update_employee: [false, true, true],
      reactivate_employee: [false, false, true],
      set_employee_wage: [false, false, false],
      set_employee_permission: [false, true, true],
      apply_backoffice_template: [false, true, true],
      get_employee: [true, false, true],
      find_employees: [true, false, true],
      list_backoffice_users: [true, false, true],
      list_transactions: [true, false, true],
      // The same rows again resume their run or are refused: no second effect.
      bulk_create_employees: [false, false, true],
      bulk_disable_employees: [false, true, true],
    };
    for (const [name, [readOnlyHint, destructiveHint, idempotentHint]] of Object.entries(hints)) {
      expect(byName[name]!.annotations, name).toMatchObject({ readOnlyHint, destructiveHint, idempotentHint });
    }
  });

  it('lists only the read tools in read-only mode', async () => {
    const readOnly = await connect({ services, readOnly: true });
    const { tools } = await readOnly.listTools();
    expect(tools).toHaveLength(17);
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['list_audit_events', 'get_employee', 'find_employees', 'list_backoffice_users']));
    expect(tools.map((t) => t.name).filter((name) => WRITE_TOOLS.includes(name))).toEqual([]);
    for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    await readOnly.close();
  });

  it('registers the write tools only with the audited operations', async () => {
    const { operations: _operations, ...withoutOperations } = services;
    const readsOnly = await connect({ services: withoutOperations });
    const names = (await readsOnly.listTools()).tools.map((t) => t.name);
    expect(names).toContain('list_employees');
    expect(names).toEqual(expect.arrayContaining(['get_employee', 'find_employees', 'list_backoffice_users']));
    expect(names.filter((name) => WRITE_TOOLS.includes(name))).toEqual([]);
    await readsOnly.close();
  });

  it('registers only the tools of the areas that have a client', async () => {
    const onlyTx = await connect({ services: { transactions } });
    const names = (await onlyTx.listTools()).tools.map((t) => t.name);
    expect(names.sort()).toEqual(
      ['get_transaction', 'list_transaction_sites', 'list_transactions', 'list_transactions_by_type', 'list_transactions_v2', 'load_transaction_job'].sort(),
    );
    await onlyTx.close();
  });
});

describe('Back Office tools', () => {
  it('list sites, departments, permissions and employees', async () => {
    const sites = structured<{ sites: Array<{ name: string }> }>(await call('list_sites')).sites;
    expect(sites.length).toBeGreaterThan(3);
    const departments = structured<{ departments: Array<{ name: string }> }>(await call('list_departments')).departments;
    expect(departments.map((d) => d.name)).toEqual(expect.arrayContaining(['Cashier', 'Greeter', 'Line', 'Management']));
    const pos = structured<{ permissions: Array<{ scope: string; name: string }> }>(await call('list_permissions', { scope: 'pos' }));
    expect(pos.permissions.map((p) => p.name)).toEqual(expect.arrayContaining(['Manager', 'Cashier', 'General User']));
    expect(pos.permissions.every((p) => p.scope === 'pos')).toBe(true);

    const someone = bo.control.employees().find((e) => e.isActive && e.posUserId)!;
    const found = structured<{ employees: Array<{ posUserId: number }>; matched: number }>(
      await call('list_employees', { search: String(someone.posUserId) }),
    );
    expect(found.employees.map((e) => e.posUserId)).toContain(someone.posUserId);
    const capped = structured<{ employees: unknown[]; truncated: boolean; note?: string }>(await call('list_employees', { active: 'all', maxResults: 5 }));
    expect(capped.employees).toHaveLength(5);
    expect(capped.truncated).toBe(true);
    expect(capped.note).toMatch(/search/);
  });

  it('check availability of POS ids, emails and phones', async () => {
    const taken = bo.control.employees().find((e) => e.email && e.phone)!;
    expect(structured(await call('is_pos_user_id_available', { posUserId: taken.posUserId })).available).toBe(false);
    expect(structured(await call('is_pos_user_id_available', { posUserId: 98_765_432 })).available).toBe(true);
    expect(structured(await call('is_email_available', { email: taken.email.toUpperCase() })).available).toBe(false);
    expect(structured(await call('is_email_available', { email: 'nobody-here@example.com' })).available).toBe(true);
    expect(structured(await call('is_phone_available', { phone: taken.phone })).available).toBe(false);
    const result = await call('is_phone_available', { phone: '(555) 999-1234' });
    expect(structured(result).available).toBe(true);
    expect(text(result)).toBe('Phone (555) 999-1234 is free.');
  });

  it('creates an employee, reports a duplicate and an unknown site as errors, then disables it', async () => {
    const [site] = structured<{ sites: Array<{ name: string }> }>(await call('list_sites')).sites;
    const input = {
      firstName: 'Morgan',
      lastName: 'Toolcall',
      phone: '(555) 777-0101',
      email: 'morgan.toolcall@example.com',
      posUserId: 97_001,
      wageRate: 15.25,
      startDate: '2026-11-01',
      availableSites: [site!.name],
      permission: 'cashier',
      departments: ['Cashier'],
    };
    const created = structured<{ employeeId: number; posPin: number; permission: string }>(await call('create_employee', input));
    expect(created.permission).toBe('Cashier');
    expect(created.posPin).toBeGreaterThanOrEqual(10_000);
    expect(bo.control.employee(created.employeeId)).toMatchObject({ firstName: 'Morgan', isActive: true, posUserId: 97_001 });

    const duplicate = errorOf(await call('create_employee', { ...input, email: 'other@example.com', phone: '5557770102' }));
    expect(duplicate.code).toBe('DUPLICATE_ERROR');
    expect(duplicate.message).toMatch(/97001|POS/i);

    const unknownSite = errorOf(await call('create_employee', { ...input, posUserId: 97_002, email: 'x2@example.com', phone: '5557770103', availableSites: ['Atlantis'] }));
    expect(unknownSite.code).toBe('LOOKUP_ERROR');
    expect(unknownSite.message).toContain('Atlantis');

    const disabled = structured<{ employeeId: number; warnings: string[] }>(await call('disable_employee', { posUserId: 97_001 }));
    expect(disabled.employeeId).toBe(created.employeeId);
    expect(bo.control.employee(created.employeeId)!.isActive).toBe(false);
  });

  it('says what was wrong with bad input, before anything is sent', async () => {
    const before = bo.control.requests().length;
    const badEmail = await call('is_email_available', { email: 'not-an-email' });
    expect(badEmail.isError).toBe(true);
    expect(text(badEmail)).toMatch(/email/i);
    const both = errorOf(await call('disable_employee', { posUserId: 5, email: 'a@b.co' }));
    expect(both.message).toMatch(/exactly one/);
    const missing = await call('create_employee', { firstName: 'A' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/lastName|phone|email/);
    expect(bo.control.requests().length).toBe(before);
  });

  it('creates a standalone Back Office user with a generated password and its template applied, and refuses to link a disabled employee', async () => {
    const result = await call('create_backoffice_user', { username: 'toolStandalone', email: 'tool.standalone@example.com', permission: 'Manager', firstName: 'Tool', lastName: 'Standalone' });
    const created = structured<{ userId: number; mode: string; generatedPassword?: string; templateApplied: boolean; warnings: string[] }>(result);
    expect(created).toMatchObject({ mode: 'standalone', templateApplied: true, warnings: [] });
    expect(created.generatedPassword).toHaveLength(16);
    expect(bo.control.users().find((u) => u.id === created.userId)!.tokens.sort()).toEqual([...BO_TEMPLATES.find((t) => t.name === 'Manager')!.tokens].sort());
    expect(text(result)).toContain('template "Manager" applied and verified');

    const inactive = bo.control.employees().find((e) => !e.isActive && e.posUserId)!;
    const refused = errorOf(
      await call('create_backoffice_user', { username: 'toolLinked', email: 'tool.linked@example.com', permission: 'General User', linkToEmployeePosUserId: inactive.posUserId }),
    );
    expect(refused.code).toBe('BACKOFFICE_SERVER_ERROR');
    expect(refused.message).toMatch(/active/);
  });
});

describe('the audit tool', () => {
  interface Listed {
    events: Array<{ id: string; actor: string; channel: string; operation: string; state: string; startedAt: string; finishedAt: string | null; needsAttention: boolean; target: Record<string, unknown>; input: Record<string, unknown>; correlationId: string }>;
    nextCursor: string | null;
  }

  it('lists the writes the tools above made, newest first, with ISO times, the actor and the channel', async () => {
    const listed = structured<Listed>(await call('list_audit_events', { channel: 'mcp' }));
    const operations = listed.events.map((e) => `${e.operation} ${e.state}`);
    // From the Back Office tests: the disable, a refused link, the standalone user, two refused creates and the create.
    expect(operations).toEqual(expect.arrayContaining(['employee.create succeeded', 'employee.create failed', 'employee.disable succeeded', 'backoffice_user.create succeeded']));
    expect(listed.events.every((e) => e.actor === 'test' && e.channel === 'mcp' && !e.needsAttention)).toBe(true);
    const startedAt = listed.events.map((e) => e.startedAt);
    expect([...startedAt].sort().reverse()).toEqual(startedAt);
    expect(startedAt[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const created = listed.events.find((e) => e.operation === 'employee.create' && e.state === 'succeeded')!;
    expect(created.target).toMatchObject({ posUserId: 97_001, employeeId: expect.any(Number) });
    expect(created.input).toMatchObject({ firstName: 'Morgan', posPin: 'generated' });
  });

  it('filters by operation, state, employee and day, and pages with the cursor', async () => {
    const disables = structured<Listed>(await call('list_audit_events', { operation: 'employee.disable', state: 'succeeded' }));
    expect(disables.events).toHaveLength(1);
    const employeeId = disables.events[0]!.target['employeeId'] as number;
    const forEmployee = structured<Listed>(await call('list_audit_events', { employeeId }));
    // The create, the disable, and the refused duplicate that named this employee as the POS id's holder.
    expect(forEmployee.events.map((e) => `${e.operation} ${e.state}`).sort()).toEqual(['employee.create failed', 'employee.create succeeded', 'employee.disable succeeded']);
    // The audit log keeps the system's time (it is not the Data API's calendar).
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(structured<Listed>(await call('list_audit_events', { since: tomorrow })).events).toEqual([]);

    const all = structured<Listed>(await call('list_audit_events', { limit: 100 })).events;
    expect(all.length).toBeGreaterThan(2);
    const first = structured<Listed>(await call('list_audit_events', { limit: 2 }));
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = structured<Listed>(await call('list_audit_events', { limit: 2, cursor: first.nextCursor }));
    expect([...first.events, ...second.events].map((e) => e.id)).toEqual(all.slice(0, 4).map((e) => e.id));
    const page = await call('list_audit_events', { limit: 2 });
    expect(text(page)).toMatch(/^2 audit event\(s\), newest first:\n- \d{4}-/);
    expect(text(page)).toContain(`More: call again with cursor "${first.nextCursor}".`);
  });

  it('refuses a bad state, channel, date, limit or cursor, naming it', async () => {
    for (const [args, names] of [
      [{ state: 'done' }, /state/],
      [{ channel: 'fax' }, /channel/],
      [{ since: '2026-13-45' }, /since/],
      [{ limit: 101 }, /limit/],
      [{ cursor: 'not-a-cursor' }, /cursor/],
    ] as const) {
      const result = await call('list_audit_events', args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(text(result), JSON.stringify(args)).toMatch(names);
    }
  });
});

describe('transaction tools', () => {
  it('lists sites, then transactions capped with a note on how to narrow the query', async () => {
    const { sites } = structured<{ sites: Array<{ code: string }> }>(await call('list_transaction_sites'));
    expect(sites.map((s) => s.code)).toEqual(api.control.sites().map((s) => s.code));
    const capped = structured<{ transactions: unknown[]; truncated: boolean; note?: string; returned: number }>(
      await call('list_transactions', { ...window, maxResults: 30 }),
    );
    expect(capped.returned).toBe(30);
    expect(capped.truncated).toBe(true);
    expect(capped.note).toMatch(/narrow the date range/);
  });

  it('lists by type and v2 for one site, and gets one transaction in full', async () => {
    const washes = structured<{ transactions: Array<{ transId: string }>; truncated: boolean }>(
      await call('list_transactions_by_type', { type: 'wash', site: siteCode(0), ...window, maxResults: 1000 }),
    );
    expect(washes.transactions.length).toBeGreaterThan(0);
    expect(washes.truncated).toBe(false);
    const v2 = structured<{ transactions: Array<{ transactionStatus: string }> }>(await call('list_transactions_v2', { site: siteCode(0), ...window, maxResults: 10 }));
    expect(v2.transactions[0]!.transactionStatus).toEqual(expect.any(String));
    const one = structured<{ transaction: { id: string; items: unknown[]; tenders: unknown[] } }>(await call('get_transaction', { transId: washes.transactions[0]!.transId }));
    expect(one.transaction.id).toBe(washes.transactions[0]!.transId);
    expect(one.transaction.items.length).toBeGreaterThan(0);
  });

  it('turns API and range errors into actionable isError results', async () => {
    const notFound = errorOf(await call('get_transaction', { transId: '999999:999' }));
    expect(notFound.code).toBe('NOT_FOUND');
    const tooLong = errorOf(await call('list_transactions', { startDate: '2026-09-01', endDate: '2026-10-15' }));
    expect(tooLong.code).toBe('DATE_RANGE_ERROR');
    expect(tooLong.message).toMatch(/31 days/);
    const badId = await call('get_transaction', { transId: '../site/list' });
    expect(badId.isError).toBe(true);
  });

  it('exports a site-day through batch jobs with progress notifications', async () => {
    const progress: Array<{ progress: number; total?: number }> = [];
    const result = (await client.callTool(
      { name: 'load_transaction_job', arguments: { site: siteCode(0), ...window, maxRecords: 5 } },
      undefined,
      { onprogress: (p) => progress.push(p), timeout: 60_000 },
    )) as CallToolResult;
    seen.push(JSON.stringify(result));
    const out = structured<{ recordCount: number; records: unknown[]; truncated: boolean; byType: Record<string, number> }>(result);
    expect(out.recordCount).toBeGreaterThan(5);
    expect(out.records).toHaveLength(5);
    expect(out.truncated).toBe(true);
    expect(Object.values(out.byType).reduce((a, b) => a + b, 0)).toBe(out.recordCount);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)!.progress).toBe(progress.at(-1)!.total);
  });

  it('stops polling when the caller cancels', async () => {
    const fault = api.control.inject({ endpoint: 'loadJob', kind: 'jobNeverFinishes' });
    const polls = () => api.control.requests().filter((r) => r.path.endsWith('/get-job-data')).length;
    const before = polls();
    const controller = new AbortController();
    const pending = client.callTool({ name: 'load_transaction_job', arguments: { site: siteCode(1), ...window } }, undefined, {
      signal: controller.signal,
      timeout: 60_000,
    });
    await expect.poll(polls, { timeout: 5000 }).toBeGreaterThan(before);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 100));
    const atCancel = polls();
    // Longer than the client's 2 s poll interval: a job still being polled would show here.
    await new Promise((r) => setTimeout(r, 2500));
    expect(polls()).toBe(atCancel);
    fault.remove();
  });
});

describe('secrets', () => {
  it('never reach a tool result or the log', () => {
    expect(seen.length).toBeGreaterThan(20);
    expect(logged.length).toBeGreaterThan(3);
    for (const text of [...seen, ...logged]) {
      expect(text).not.toContain(BOT.password);
      expect(text).not.toContain(API.apiKey);
      expect(text).not.toMatch(/PHPSESSID=(?!\[REDACTED\])/);
    }
  });
});
