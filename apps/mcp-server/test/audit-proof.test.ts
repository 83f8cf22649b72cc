import { Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { BackofficeFault } from '@washops/backoffice-simulator';
import type { AuditEvent } from '@washops/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpHttpServer, type McpHttpHandle } from '../src/http.js';
import { createMcpLogger } from '../src/log.js';
import { createServer } from '../src/server.js';
import { allTools } from '../src/tools/index.js';
import { startAuditedBackoffice, type AuditedBackoffice } from './audited-services.js';
import { textOf } from './mcp-harness.js';

/**
 * The audit proof: every tool that can change something, called as a model calls it (over HTTP with a
 * named token), leaves exactly one finished audit event naming that token on the `mcp` channel — when it
 * succeeds, when it is refused with a typed error, and when it stops half-way. A write tool without a
 * scenario here fails the first test; one that writes without an event fails the others. The bulk tools
 * write each row through the same operations: a dry run leaves no event, a run one per row written.
 */

const BOT = { username: 'bot', password: 'bot-password-canary-a4d2' };
const TOKEN_NAME = 'ops-bot';
const TOKEN = 'ops-bot-token-canary-0123456789abcdef0123';

const written: string[] = [];
const logger = createMcpLogger(
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString());
      done();
    },
  }),
);

let backoffice: AuditedBackoffice;
let http: McpHttpHandle;
let client: Client;

type Args = Record<string, unknown>;

interface WriteScenarios {
  success(): Args;
  /** Refused with this typed error before anything changed. */
  failure: { code: string; args(): Args };
  /** Faults that stop the write after a step was done (or may have been); `arm` injects them, returning their removers. */
  partial: { arm(): Array<{ remove(): void }>; args(): Args };
}

let serial = 0;
/** Values no seeded employee has: each call gets its own. */
const fresh = () => {
  serial += 1;
  return { posUserId: 96_000 + serial, email: `audit.proof${serial}@example.com`, phone: `555${7_000_000 + serial}` };
};

const newEmployee = (): Args => {
  const unique = fresh();
  return {
    firstName: 'Audit',
    lastName: `Proof${serial}`,
    phone: unique.phone,
    email: unique.email,
    posUserId: unique.posUserId,
    wageRate: 15,
    startDate: '2026-11-02',
    availableSites: [backoffice.bo.control.sites()[0]!.name],
    permission: 'Cashier',
    departments: ['Cashier'],
  };
};

/** A seeded employee (active or disabled) not used by an earlier call. */
const usedPosIds = new Set<number>();
function seededPosUserId(active = true, grantsOtherThan?: number[]): number {
  const other = (grants: number[]) => !grantsOtherThan || grants.join() !== grantsOtherThan.join();
  const employee = backoffice.bo.control.employees().find((e) => e.isActive === active && e.posUserId && !usedPosIds.has(e.posUserId) && other(e.grants));
  usedPosIds.add(employee!.posUserId!);
  return employee!.posUserId!;
}
const activePosUserId = () => seededPosUserId(true);

/** A seeded Back Office user other than the bot, not used by an earlier call. */
const usedUsers = new Set<string>();
function seededUsername(): string {
  const user = backoffice.bo.control.users().find((u) => u.username !== BOT.username && !usedUsers.has(u.username));
  usedUsers.add(user!.username);
  return user!.username;
}

/** The write's POST goes through, but the read that would verify it fails once: whether it took effect is unknown. */
const readBackFails = (post: string, read: string) => () => {
  const faults: Array<{ remove(): void }> = [];
  backoffice.afterNext(post, () => faults.push(inject({ route: read, kind: 'serverError', count: 1 })));
  return [{ remove: () => faults.forEach((fault) => fault.remove()) }];
};

/** The day of an employee's latest compensation record: a new record must start at least a day later. */
const latestEffectiveDate = (posUserId: number) =>
  backoffice.bo.control.employees().find((e) => e.posUserId === posUserId)!.wageHistory.map((w) => w.effectiveDate).sort().at(-1)!;

const UNKNOWN_POS_USER_ID = 98_765_432;
/** A PIN given to update_employee: it may be named as changed, never recorded or shown. */
const PLANTED_PIN = 47_391;

const scenarios: Record<string, WriteScenarios> = {
  create_employee: {
    success: newEmployee,
    failure: { code: 'DUPLICATE_ERROR', args: () => ({ ...newEmployee(), posUserId: activePosUserId() }) },
    partial: { arm: () => [inject({ route: 'POST /employee/permissions/update', kind: 'serverError', count: 1 })], args: newEmployee },
  },
  disable_employee: {
    success: () => ({ posUserId: activePosUserId() }),
    failure: { code: 'NOT_FOUND', args: () => ({ posUserId: UNKNOWN_POS_USER_ID }) },
    // The disable is applied, but the read that would confirm it fails.
    partial: { arm: readBackFails('POST /employee/update', 'GET /employee/edit/*'), args: () => ({ posUserId: activePosUserId() }) },
  },
  update_employee: {
    success: () => ({ posUserId: activePosUserId(), phone: fresh().phone, posPin: PLANTED_PIN }),
    failure: { code: 'NOT_FOUND', args: () => ({ posUserId: UNKNOWN_POS_USER_ID, phone: fresh().phone, posPin: PLANTED_PIN }) },
    partial: { arm: readBackFails('POST /employee/update', 'GET /employee/edit/*'), args: () => ({ posUserId: activePosUserId(), phone: fresh().phone }) },
  },
  reactivate_employee: {
    success: () => ({ posUserId: seededPosUserId(false) }),
    failure: { code: 'NOT_FOUND', args: () => ({ posUserId: UNKNOWN_POS_USER_ID }) },
    partial: { arm: readBackFails('POST /employee/update', 'GET /employee/edit/*'), args: () => ({ posUserId: seededPosUserId(false) }) },
  },
  set_employee_wage: {
    success: () => ({ posUserId: activePosUserId(), regularRate: 18.25 }),
    // An effective date the server would silently ignore: refused before any POST.
    failure: {
      code: 'VALIDATION_ERROR',
      args: () => {
        const posUserId = activePosUserId();
        return { posUserId, regularRate: 18.25, effectiveDate: latestEffectiveDate(posUserId) };
      },
    },
    partial: { arm: readBackFails('POST /employee/compensation/update', 'GET /employee/compensation/*'), args: () => ({ posUserId: activePosUserId(), regularRate: 19.5 }) },
  },
  set_employee_permission: {
    success: () => ({ posUserId: activePosUserId(), template: 'Manager' }),
    failure: { code: 'NOT_FOUND', args: () => ({ posUserId: UNKNOWN_POS_USER_ID, template: 'Manager' }) },
    // An employee who does not have the template yet (General User grants only 22), so the matrix is posted.
    partial: {
      arm: readBackFails('POST /employee/permissions/update', 'GET /employee/permissions/*'),
      args: () => ({ posUserId: seededPosUserId(true, [22]), template: 'General User' }),
    },
  },
  apply_backoffice_template: {
    success: () => ({ username: seededUsername(), template: 'Manager' }),
    failure: { code: 'NOT_FOUND', args: () => ({ username: 'nobodyHere123', template: 'Manager' }) },
    // Seeded users have General User's tokens: another template's are posted.
    partial: { arm: readBackFails('POST /user/permissions/update', 'GET /user/permissions/*'), args: () => ({ username: seededUsername(), template: 'Shift Leader' }) },
  },
  create_backoffice_user: {
    success: () => ({ username: `auditProof${fresh().posUserId}`, email: fresh().email, permission: 'General User', firstName: 'Audit', lastName: 'Proof' }),
    failure: { code: 'NOT_FOUND', args: () => ({ username: `auditLinked${fresh().posUserId}`, email: fresh().email, permission: 'General User', linkToEmployeePosUserId: UNKNOWN_POS_USER_ID }) },
    // The user is created, but the page that would confirm it cannot be read.
    partial: {
      arm: () => [inject({ route: 'GET /user/permissions/*', kind: 'serverError', count: 1 }), inject({ route: 'GET /user/edit/*', kind: 'serverError', count: 1 })],
      args: () => ({ username: `auditPartial${fresh().posUserId}`, email: fresh().email, permission: 'General User', firstName: 'Audit', lastName: 'Partial' }),
    },
  },
};

const inject = (fault: BackofficeFault) => backoffice.bo.control.inject(fault);

/** The bulk tools write row by row through the same operations: each row written leaves its own event (below). */
const bulkTools = allTools.filter((tool) => tool.area === 'bulk').map((tool) => tool.name);
const writeTools = allTools.filter((tool) => !tool.annotations.readOnlyHint && tool.area !== 'bulk').map((tool) => tool.name);

interface BulkScenario {
  operation: string;
  rows(): Args[];
  /** One row whose write stops after a step was done (or may have been). */
  partial: { arm(): Array<{ remove(): void }>; row(): Args };
}

const bulkScenarios: Record<string, BulkScenario> = {
  bulk_create_employees: {
    operation: 'employee.create',
    rows: () => [newEmployee(), newEmployee()],
    partial: { arm: () => [inject({ route: 'POST /employee/permissions/update', kind: 'serverError', count: 1 })], row: newEmployee },
  },
  bulk_disable_employees: {
    operation: 'employee.disable',
    rows: () => [{ posUserId: activePosUserId() }, { posUserId: activePosUserId() }],
    partial: { arm: readBackFails('POST /employee/update', 'GET /employee/edit/*'), row: () => ({ posUserId: activePosUserId() }) },
  },
};

beforeAll(async () => {
  backoffice = await startAuditedBackoffice(BOT, logger);
  http = await startMcpHttpServer({
    host: '127.0.0.1',
    port: 0,
    tokens: [
      { name: 'someone-else', token: 'someone-else-token-0123456789abcdef01' },
      { name: TOKEN_NAME, token: TOKEN },
    ],
    allowedOrigins: [],
    serverFactory: (actorName) => createServer({ services: backoffice.servicesFor(actorName), logger }),
  });
  client = new Client({ name: 'audit-proof', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
});

afterAll(async () => {
  await client?.close();
  await http?.close();
  await backoffice?.close();
});

async function allEvents(): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  for await (const event of backoffice.store.audit.stream({})) events.push(event);
  return events;
}

/** Calls the tool and returns its result with the events it added. */
async function callAndCollect(name: string, args: Args): Promise<{ result: CallToolResult; added: AuditEvent[] }> {
  const before = new Set((await allEvents()).map((event) => event.id));
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const added = (await allEvents()).filter((event) => !before.has(event.id));
  return { result, added };
}

describe('every write tool leaves exactly one finished audit event', () => {
  it('has a success, a typed failure and a partial failure scenario for each write tool', () => {
    expect(writeTools.length).toBeGreaterThan(0);
    expect(Object.keys(scenarios).sort()).toEqual([...writeTools].sort());
  });

  describe.each(writeTools)('%s', (name) => {
    const scenario = () => scenarios[name] as WriteScenarios;

    it('on success: state succeeded, the token\'s name as actor, channel mcp', async () => {
      const { result, added } = await callAndCollect(name, scenario().success());
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(added).toEqual([expect.objectContaining({ actor: TOKEN_NAME, channel: 'mcp', state: 'succeeded', finishedAt: expect.any(Date) })]);
    });

    it('on a typed failure: state failed, and the result\'s reference is the event\'s correlation id', async () => {
      const { result, added } = await callAndCollect(name, scenario().failure.args());
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(new RegExp(`^${scenario().failure.code}: `));
      expect(added).toEqual([
        expect.objectContaining({ actor: TOKEN_NAME, channel: 'mcp', state: 'failed', outcome: expect.objectContaining({ code: scenario().failure.code }) }),
      ]);
      expect(textOf(result)).toContain(`(Reference: ${added[0]!.correlationId})`);
      expect(written.join('')).toContain(added[0]!.correlationId);
    });

    it('on a partial failure: state partial, with the steps', async () => {
      const faults = scenario().partial.arm();
      const { result, added } = await callAndCollect(name, scenario().partial.args()).finally(() => faults.forEach((fault) => fault.remove()));
      expect(result.isError, textOf(result)).toBe(true);
      expect(added).toEqual([expect.objectContaining({ actor: TOKEN_NAME, channel: 'mcp', state: 'partial', finishedAt: expect.any(Date) })]);
      expect(textOf(result)).toContain(`(Reference: ${added[0]!.correlationId})`);
    });
  });

  describe('the bulk tools: none for a dry run, one per row written', () => {
    it('has a scenario for each bulk tool', () => {
      expect(bulkTools.length).toBeGreaterThan(0);
      expect(Object.keys(bulkScenarios).sort()).toEqual([...bulkTools].sort());
    });

    describe.each(bulkTools)('%s', (name) => {
      const scenario = () => bulkScenarios[name] as BulkScenario;

      it('dry run: no event; run: one succeeded event per row, the token\'s name as actor, channel mcp', async () => {
        const rows = scenario().rows();
        const dryRun = await callAndCollect(name, { rows });
        expect(dryRun.result.isError, textOf(dryRun.result)).toBeFalsy();
        expect(dryRun.added).toEqual([]);
        const run = await callAndCollect(name, { rows, dryRun: false });
        expect(run.result.isError, textOf(run.result)).toBeFalsy();
        const finished = expect.objectContaining({ operation: scenario().operation, actor: TOKEN_NAME, channel: 'mcp', state: 'succeeded', finishedAt: expect.any(Date) });
        expect(run.added).toEqual(rows.map(() => finished));
      });

      it('a row stopped half-way: its event is partial, and every event of the run is finished under the token\'s name', async () => {
        const faults = scenario().partial.arm();
        const { result, added } = await callAndCollect(name, { rows: [scenario().partial.row()], dryRun: false }).finally(() => faults.forEach((fault) => fault.remove()));
        expect(result.isError, textOf(result)).toBeFalsy();
        expect(added.filter((event) => event.operation === scenario().operation).map((event) => event.state)).toEqual(['partial']);
        expect(added.every((event) => event.actor === TOKEN_NAME && event.channel === 'mcp' && event.finishedAt instanceof Date)).toBe(true);
      });
    });
  });

  it('records no secret: not the bot\'s password, not the token, not a PIN or generated password', async () => {
    const recorded = JSON.stringify(await allEvents());
    expect(recorded).not.toContain(BOT.password);
    expect(recorded).not.toContain(TOKEN);
    expect(recorded).not.toMatch(/"posPin":\s*\d/);
    expect(recorded).not.toContain(String(PLANTED_PIN));
    expect(recorded).toContain('"posPin":"set"');
    expect(recorded).not.toMatch(/"generatedPassword"/);
    expect(written.join('')).not.toContain(TOKEN);
  });
});
