import { Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BackofficeClient } from '@washops/backoffice-client';
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { BULK_LIMITS } from '@washops/operations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpLogger } from '../src/log.js';
import type { BulkOutput } from '../src/schemas/bulk.js';
import { createServer } from '../src/server.js';
import type { ToolServices } from '../src/services.js';
import { auditedServicesOver, type AuditedServices } from './audited-services.js';
import { textOf } from './mcp-harness.js';

/*
 * bulk_create_employees and bulk_disable_employees as a model calls them: a real MCP client, the server, the bulk
 * engine over an in-memory store, and the BackOffice simulator, whose request log shows what was written.
 */

const BOT = { username: 'bot', password: 'bot-password-canary-b51e' };
const ACTOR = 'assistant';
/** Secrets a model put in rows: they may be written, never answered. */
const PLANTED_PIN = 58_213;
const PLANTED_PASSWORD = 'planted-password-canary-61f0';

let bo: BackofficeSimulator;
let audited: AuditedServices;
let services: ToolServices;
let client: Client;
/** Every answer the bulk tools gave, to prove no secret reached one. */
const answers: string[] = [];
const logged: string[] = [];
const logger = createMcpLogger(
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString());
      done();
    },
  }),
);

async function connect(options: Omit<Parameters<typeof createServer>[0], 'logger'>): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const c = new Client({ name: 'bulk-test', version: '1' });
  await Promise.all([createServer({ logger, ...options }).connect(serverSide), c.connect(clientSide)]);
  return c;
}

type Progress = { progress: number; total?: number };
async function call(name: string, args: Record<string, unknown>, options: { onprogress?: (p: Progress) => void; signal?: AbortSignal } = {}): Promise<CallToolResult> {
  const result = (await client.callTool({ name, arguments: args }, undefined, { timeout: 60_000, ...options })) as CallToolResult;
  answers.push(JSON.stringify(result));
  return result;
}

function outputOf(result: CallToolResult): BulkOutput {
  expect(result.isError, textOf(result)).toBeFalsy();
  return result.structuredContent as BulkOutput;
}

/** Every POST but the bot's sign-in: what changed the tenant. */
const writes = () => bo.control.requests().filter((request) => request.method === 'POST' && request.path !== '/login_check');
const holders = (posUserId: number) => bo.control.employees().filter((employee) => employee.posUserId === posUserId);

let serial = 0;
/** A new hire no seeded employee collides with. */
function hire(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  serial += 1;
  return {
    firstName: 'Bulk',
    lastName: `Hire${serial}`,
    phone: `555${6_100_000 + serial}`,
    email: `bulk.hire${serial}@example.com`,
    posUserId: 93_000 + serial,
    wageRate: 15.5,
    startDate: '2026-11-02',
    availableSites: [bo.control.sites()[0]!.name],
    permission: 'Cashier',
    departments: ['Cashier'],
    ...overrides,
  };
}

beforeAll(async () => {
  bo = await startBackofficeSimulator({ port: 0, users: [BOT] });
  audited = await auditedServicesOver(new BackofficeClient({ subdomain: 'demo', ...BOT, baseUrl: bo.url }), logger);
  services = audited.servicesFor(ACTOR);
  client = await connect({ services });
});

afterAll(async () => {
  await client?.close();
  await audited?.close();
  await bo?.close();
});

describe('bulk_create_employees', () => {
  it('dry-runs by default: reports each bad row by row and field, writes nothing and records no run', async () => {
    const taken = bo.control.employees().find((employee) => employee.isActive && employee.posUserId)!.posUserId;
    const twin = hire();
    const rows = [hire(), hire({ availableSites: ['Atlantis'] }), twin, { ...hire(), posUserId: twin['posUserId'] }, hire({ posUserId: taken })];
    const before = writes().length;

    const out = outputOf(await call('bulk_create_employees', { rows }));

    expect(writes()).toHaveLength(before);
    expect(await audited.bulk.list()).toEqual([]);
    expect(out).toMatchObject({ kind: 'create', dryRun: true });
    expect(out.run).toBeUndefined();
    expect(out.check!.counts).toMatchObject({ total: 5, error: 3 });
    const errorRows = out.check!.problems.filter((problem) => problem.severity === 'error').map((problem) => problem.row);
    expect([...new Set(errorRows)].sort()).toEqual([2, 4, 5]);
    expect(out.check!.problems).toContainEqual(expect.objectContaining({ row: 2, severity: 'error', message: expect.stringContaining('Atlantis') }));
    expect(out.check!.problems).toContainEqual(expect.objectContaining({ row: 5, severity: 'error', field: 'posUserId' }));
    expect(out.nextStep).toMatch(/^Nothing was written\. Fix row\(s\) 2, 4, 5/);
  });

  it('refuses to run while a row has an error, naming the rows to fix, and writes nothing', async () => {
    const before = writes().length;
    const result = await call('bulk_create_employees', { rows: [hire(), hire({ departments: ['Nowhere'] })], dryRun: false });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^BULK_CHECK_FAILED: .*Rows to fix: 2\. Nothing was written/s);
    expect(writes()).toHaveLength(before);
  });

  it('refuses more rows than the limit, none, or a malformed row, before anything is read or written', async () => {
    const before = bo.control.requests().length;
    const runs = (await audited.bulk.list()).length;
    const tooMany = await call('bulk_create_employees', { rows: Array.from({ length: BULK_LIMITS.maxJsonRows + 1 }, () => hire()) });
    expect(tooMany.isError).toBe(true);
    expect(textOf(tooMany)).toMatch(/rows/);
    expect(textOf(tooMany)).toContain(`at most ${BULK_LIMITS.maxJsonRows} rows`);
    const none = await call('bulk_create_employees', { rows: [] });
    expect(none.isError).toBe(true);
    expect(textOf(none)).toMatch(/at least one row/);
    const malformed = await call('bulk_create_employees', { rows: [hire(), hire({ email: 'not-an-email' })] });
    expect(malformed.isError).toBe(true);
    expect(textOf(malformed)).toMatch(/rows.*1.*email/s);
    const tooFast = await call('bulk_create_employees', { rows: [hire()], concurrency: BULK_LIMITS.maxConcurrency + 1 });
    expect(tooFast.isError).toBe(true);
    expect(textOf(tooFast)).toMatch(/concurrency/);
    expect(bo.control.requests()).toHaveLength(before);
    expect(await audited.bulk.list()).toHaveLength(runs);
  });

  it('creates the rows as the caller with progress notifications; the answer holds no PIN or password, the results file does', async () => {
    const rows = [hire(), hire({ posPin: PLANTED_PIN }), hire({ requiresBackoffice: true, backofficeUsername: `bulkUser${serial + 1}` }), hire({ requiresBackoffice: true, backofficeUsername: `bulkUser${serial + 2}`, backofficePassword: PLANTED_PASSWORD })];
    const progress: Progress[] = [];

    const result = await call('bulk_create_employees', { rows, dryRun: false }, { onprogress: (p) => progress.push(p) });

    const out = outputOf(result);
    expect(out.run).toMatchObject({ state: 'finished', counts: { total: 4, done: 4, failed: 0, remaining: 0 } });
    for (const [index, row] of rows.entries()) {
      const [created] = holders(row['posUserId'] as number);
      expect(holders(row['posUserId'] as number), `row ${index + 1}`).toHaveLength(1);
      expect(out.run!.rows[index]).toMatchObject({ row: index + 1, outcome: 'done', employeeId: created!.id, posUserId: row['posUserId'] });
    }
    expect(out.run!.rows[2]!.backofficeUsername).toBe(rows[2]!['backofficeUsername']);
    expect(out.nextStep).toContain(`Bulk changes page (run ${out.run!.id})`);
    expect(out.nextStep).toContain(`washops employees results ${out.run!.id}`);

    // Rows done rise to the total, never back.
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ progress: 4, total: 4 });
    expect(progress.map((p) => p.progress)).toEqual([...progress.map((p) => p.progress)].sort((a, b) => a - b));

    // Each row's write is audited as the caller.
    const events = [];
    for await (const event of audited.store.audit.stream({ operation: 'employee.create', actor: ACTOR })) events.push(event);
    expect(events.filter((event) => event.state === 'succeeded' && event.channel === 'mcp')).toHaveLength(4);

    // The secrets the run wrote with (kept in the store for the results file): the answer has none of them.
    const answer = JSON.stringify(result);
    const kept = await audited.store.bulkRuns.readSecrets(out.run!.id);
    const pins = rows.map((row) => holders(row['posUserId'] as number)[0]!.posPin);
    expect([1, 2, 3, 4].map((row) => kept.get(row)?.['posPin'])).toEqual(pins);
    expect(pins[1]).toBe(PLANTED_PIN);
    const generatedPassword = String(kept.get(3)?.['backofficePassword']);
    expect(generatedPassword).toHaveLength(16);
    expect(kept.get(4)?.['backofficePassword']).toBe(PLANTED_PASSWORD);
    for (const pin of pins) expect(answer).not.toMatch(new RegExp(`\\b${pin}\\b`));
    expect(answer).not.toContain(generatedPassword);
    expect(answer).not.toContain(PLANTED_PASSWORD);
    expect(answer).not.toMatch(/posPin|password"/i);
    // Where a person gets them instead: the results file, once.
    const results = await audited.bulk.resultsCsv(out.run!.id, { revealSecrets: true });
    expect(results.secretsIncluded).toBe(true);
    for (const secret of [...pins.map(String), generatedPassword, PLANTED_PASSWORD]) expect(results.csv).toContain(secret);
  });

  it('stops when the call is cancelled, after the rows in flight; the same rows again resume the run and create nobody twice', async () => {
    const rows = Array.from({ length: 6 }, () => hire());
    const inserts = () => writes().filter((request) => request.path === '/employee/insert').length;
    const insertsBefore = inserts();
    bo.control.setLatency(60);
    const controller = new AbortController();
    const cancelled = call('bulk_create_employees', { rows, dryRun: false, concurrency: 1 }, {
      signal: controller.signal,
      onprogress: (p) => {
        if (p.progress >= 1) controller.abort();
      },
    });
    await expect(cancelled).rejects.toThrow();
    await expect.poll(async () => (await audited.bulk.list({ limit: 1 }))[0]!.state, { timeout: 10_000 }).toBe('cancelled');
    bo.control.setLatency(0);
    const [stopped] = await audited.bulk.list({ limit: 1 });
    expect(stopped!.progress.done).toBeGreaterThanOrEqual(1);
    expect(stopped!.progress.done).toBeLessThan(rows.length);

    const dryRun = outputOf(await call('bulk_create_employees', { rows }));
    expect(dryRun.check!.resumes).toEqual({ runId: stopped!.id, done: stopped!.progress.done, remaining: rows.length - stopped!.progress.done });
    expect(dryRun.check!.counts.error).toBe(0);
    expect(dryRun.nextStep).toContain(`continues run ${stopped!.id}`);

    const resumed = outputOf(await call('bulk_create_employees', { rows, dryRun: false }));
    expect(resumed.run).toMatchObject({ id: stopped!.id, state: 'finished', counts: { done: rows.length, failed: 0 } });
    for (const row of rows) expect(holders(row['posUserId'] as number)).toHaveLength(1);
    expect(inserts() - insertsBefore).toBe(rows.length);
  });
});

describe('bulk_create_employees on a run someone else started', () => {
  it('writes the rows it resumes as the caller, and the same rows after the run finished come back to it with nothing written', async () => {
    const rows = Array.from({ length: 2 }, () => hire());
    const alice = await connect({ services: audited.servicesFor('alice') });
    const fault = bo.control.inject({ route: 'POST /employee/insert', kind: 'serverError', count: 1 });
    let started: BulkOutput;
    try {
      started = outputOf((await alice.callTool({ name: 'bulk_create_employees', arguments: { rows, dryRun: false, concurrency: 1 } })) as CallToolResult);
    } finally {
      fault.remove();
      await alice.close();
    }
    expect(started.run).toMatchObject({ state: 'finished', counts: { done: 1, failed: 1 } });
    const runId = started.run!.id;

    const resumed = outputOf(await call('bulk_create_employees', { rows, dryRun: false }));
    expect(resumed.run).toMatchObject({ id: runId, state: 'finished', counts: { done: 2, failed: 0 } });
    const createdBy = new Map<unknown, string>();
    for await (const event of audited.store.audit.stream({ operation: 'employee.create' })) if (event.state === 'succeeded') createdBy.set(event.target.posUserId, event.actor);
    expect(rows.map((row) => createdBy.get(row['posUserId']))).toEqual([ACTOR, 'alice']);
    expect(await audited.bulk.get(runId)).toMatchObject({ actor: { channel: 'mcp', name: 'alice' } });

    const before = writes().length;
    const dryRun = outputOf(await call('bulk_create_employees', { rows }));
    expect(dryRun.check).toMatchObject({ counts: { error: 0 }, resumes: { runId, done: 2, remaining: 0 } });
    const again = outputOf(await call('bulk_create_employees', { rows, dryRun: false }));
    expect(again.run).toMatchObject({ id: runId, state: 'finished', counts: { done: 2, failed: 0 } });
    expect(writes().length).toBe(before);
  });
});

describe('bulk_create_employees, the same rows twice at once', () => {
  it('answers RUN_IN_PROGRESS while their run is being written, and the run goes on to create each row once', async () => {
    const rows = [hire(), hire(), hire()];
    bo.control.setLatency(60);
    const first = call('bulk_create_employees', { rows, dryRun: false, concurrency: 1 });
    await expect.poll(async () => (await audited.bulk.list({ limit: 1 }))[0]?.state, { timeout: 10_000 }).toBe('running');

    const second = await call('bulk_create_employees', { rows, dryRun: false });
    bo.control.setLatency(0);

    expect(second.isError).toBe(true);
    expect(textOf(second)).toMatch(/^RUN_IN_PROGRESS: .* Another process is writing these rows now: wait for it to end/);
    expect(outputOf(await first).run).toMatchObject({ state: 'finished', counts: { done: 3, failed: 0 } });
    for (const row of rows) expect(holders(row['posUserId'] as number)).toHaveLength(1);
  });
});

describe('bulk_create_employees, a row stopped half-way', () => {
  it('reports the row partial with what is left; the same rows again complete it without a second insert', async () => {
    const rows = [hire(), hire()];
    const inserts = () => writes().filter((request) => request.path === '/employee/insert').length;
    const insertsBefore = inserts();
    const fault = bo.control.inject({ route: 'POST /employee/permissions/update', kind: 'serverError', count: 1 });
    const first = outputOf(await call('bulk_create_employees', { rows, dryRun: false, concurrency: 1 }));
    fault.remove();

    expect(first.run).toMatchObject({ state: 'interrupted', counts: { total: 2, done: 1 } });
    const half = first.run!.rows.find((row) => row.outcome === 'partial')!;
    expect(half.employeeId).toBe(holders(half.posUserId!)[0]!.id);
    expect(half.error!.message).toEqual(expect.any(String));
    expect(first.nextStep).toContain(`stopped with row(s) ${half.row} half done: the employee exists, a later step did not finish`);
    expect(first.nextStep).toContain('Send the same rows again (dryRun: false) to complete them');

    const resumed = outputOf(await call('bulk_create_employees', { rows, dryRun: false }));
    expect(resumed.run).toMatchObject({ id: first.run!.id, state: 'finished', counts: { done: 2, failed: 0 } });
    expect(resumed.run!.rows[half.row - 1]).toMatchObject({ outcome: 'done', employeeId: half.employeeId });
    for (const row of rows) expect(holders(row['posUserId'] as number)).toHaveLength(1);
    expect(inserts() - insertsBefore).toBe(2);
    expect(bo.control.employee(half.employeeId!)!.grants.length).toBeGreaterThan(0);
  });
});

describe('bulk_disable_employees', () => {
  it('dry-runs an unknown employee as an error, then disables the others, each verified, as the caller', async () => {
    const active = bo.control.employees().filter((employee) => employee.isActive && employee.posUserId && employee.email);
    const [first, second] = [active[0]!, active[1]!];
    const before = writes().length;
    const unknown = 98_765_432;

    const dryRun = outputOf(await call('bulk_disable_employees', { rows: [{ posUserId: first.posUserId }, { email: second.email }, { posUserId: unknown }] }));
    expect(dryRun.check!.counts).toMatchObject({ total: 3, error: 1 });
    expect(dryRun.check!.problems).toContainEqual(expect.objectContaining({ row: 3, severity: 'error' }));
    expect(writes()).toHaveLength(before);

    const progress: Progress[] = [];
    const out = outputOf(await call('bulk_disable_employees', { rows: [{ posUserId: first.posUserId }, { email: second.email }], dryRun: false }, { onprogress: (p) => progress.push(p) }));
    expect(out.run).toMatchObject({ state: 'finished', counts: { total: 2, done: 2, failed: 0 } });
    expect(out.run!.rows.map((row) => row.employeeId)).toEqual([first.id, second.id]);
    expect(bo.control.employee(first.id)!.isActive).toBe(false);
    expect(bo.control.employee(second.id)!.isActive).toBe(false);
    expect(progress.at(-1)).toMatchObject({ progress: 2, total: 2 });
    const events = [];
    for await (const event of audited.store.audit.stream({ operation: 'employee.disable', actor: ACTOR })) events.push(event);
    expect(events.map((event) => event.state)).toEqual(['succeeded', 'succeeded']);
  });

  it('refuses a row that gives both keys or neither, before anything is read', async () => {
    const before = bo.control.requests().length;
    const result = await call('bulk_disable_employees', { rows: [{ posUserId: 7, email: 'a@example.com' }, {}] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/exactly one/);
    expect(bo.control.requests()).toHaveLength(before);
  });
});

describe('the bulk tools', () => {
  it('are not offered in read-only mode, nor without the bulk engine', async () => {
    const bulkNames = (c: Client) => c.listTools().then(({ tools }) => tools.map((tool) => tool.name).filter((name) => name.startsWith('bulk_')));
    expect(await bulkNames(client)).toEqual(['bulk_create_employees', 'bulk_disable_employees']);
    const readOnly = await connect({ services, readOnly: true });
    const { bulk: _bulk, ...withoutBulk } = services;
    const noEngine = await connect({ services: withoutBulk });
    expect(await bulkNames(readOnly)).toEqual([]);
    expect(await bulkNames(noEngine)).toEqual([]);
    await Promise.all([readOnly.close(), noEngine.close()]);
  });

  it('never answered or logged a secret', () => {
    expect(answers.length).toBeGreaterThan(8);
    for (const text of [...answers, ...logged]) {
      expect(text).not.toContain(BOT.password);
      expect(text).not.toContain(PLANTED_PASSWORD);
      expect(text).not.toMatch(new RegExp(`\\b${PLANTED_PIN}\\b`));
    }
  });
});
