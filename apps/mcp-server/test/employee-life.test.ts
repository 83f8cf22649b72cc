import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BackofficeClient } from '@washops/backoffice-client';
import { BO_TEMPLATES, POS_TEMPLATES, startBackofficeSimulator, type BackofficeSimulator, type SimEmployee } from '@washops/backoffice-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/server.js';
import { auditedServicesOver, type AuditedServices } from './audited-services.js';
import { quiet, structured, textOf } from './mcp-harness.js';

/*
 * The employee's whole life through the tools, as a model calls them: a real MCP client, the server and the
 * audited operations over the client against the BackOffice simulator. Each write is checked in the simulator's
 * own state, not only in the tool's answer.
 */

const BOT = { username: 'bot', password: 'bot-password-canary-31d9' };

let bo: BackofficeSimulator;
let audited: AuditedServices;
let client: Client;
/** Every result this suite received, to prove no PIN or password reached one. */
const seen: string[] = [];

beforeAll(async () => {
  bo = await startBackofficeSimulator({ port: 0, users: [BOT] });
  audited = await auditedServicesOver(new BackofficeClient({ subdomain: 'demo', ...BOT, baseUrl: bo.url }), quiet);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'employee-life', version: '1' });
  await Promise.all([createServer({ services: audited.servicesFor('assistant'), logger: quiet }).connect(serverSide), client.connect(clientSide)]);
});

afterAll(async () => {
  await client?.close();
  await audited?.close();
  await bo?.close();
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  seen.push(JSON.stringify(result));
  return result;
}

const used = new Set<number>();
/** A seeded employee no earlier test used, matching `where`. */
function seeded(where: (e: SimEmployee) => boolean): SimEmployee {
  const employee = bo.control.employees().find((e) => e.posUserId !== null && !used.has(e.id) && where(e));
  if (!employee) throw new Error('the seeded tenant has no such employee left');
  used.add(employee.id);
  return employee;
}

const posPosts = (path: string) => bo.control.requests().filter((r) => r.method === 'POST' && r.path === path).length;
const isoDaysAfter = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface EmployeeOut {
  employeeId: number;
  posUserId: number | null;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  departments: string[];
  active: boolean;
  startDate: string | null;
  availableSites: 'all' | string[];
  emergencyContactName: string;
  payrollEmployeeId: string;
  compensation: Array<{ regularRateCents: number; overtimeRateCents: number | null; effectiveDate: string; endDate: string | null }>;
  permission: { custom: boolean; template: string; grants: number[] };
}

describe('reading an employee', () => {
  it('get_employee: profile, wage history newest first and POS permission, by POS user id or employee id; never the PIN', async () => {
    const someone = seeded((e) => e.isActive && e.wageHistory.length > 1);
    const byPos = structured<EmployeeOut>(await call('get_employee', { posUserId: someone.posUserId }));
    expect(byPos).toMatchObject({ employeeId: someone.id, posUserId: someone.posUserId, firstName: someone.firstName, lastName: someone.lastName, active: true });
    const history = [...someone.wageHistory].reverse();
    expect(byPos.compensation.map((w) => w.effectiveDate)).toEqual(history.map((w) => w.effectiveDate));
    expect(byPos.compensation[0]!.regularRateCents).toBe(Math.round(Number(history[0]!.regularRate) * 100));
    expect(byPos.compensation[0]!.endDate).toBeNull();
    expect(byPos.permission.grants).toEqual(someone.grants);
    const template = POS_TEMPLATES.find((t) => [...t.grants].sort((a, b) => a - b).join() === someone.grants.join());
    expect(byPos.permission.template).toBe(template?.name ?? 'custom');

    const byId = await call('get_employee', { employeeId: someone.id });
    expect(structured<EmployeeOut>(byId)).toEqual(byPos);
    expect(textOf(byId)).toContain(`${someone.firstName} ${someone.lastName}`);
    expect(JSON.stringify(byId)).not.toContain(String(someone.posPin));
  });

  it('get_employee: an unknown employee is NOT_FOUND; two keys, or none, are refused before any request', async () => {
    const unknown = await call('get_employee', { posUserId: 98_765_432 });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^NOT_FOUND: /);
    const before = bo.control.requests().length;
    for (const args of [{}, { posUserId: 7, employeeId: 12 }]) {
      const refused = await call('get_employee', args);
      expect(refused.isError, JSON.stringify(args)).toBe(true);
      expect(textOf(refused)).toMatch(/exactly one of employeeId and posUserId/);
    }
    expect(bo.control.requests().length).toBe(before);
  });

  it('find_employees: name prefixes in any case, and phone digits; every match; an empty list when nobody matches', async () => {
    const someone = seeded((e) => e.firstName.length > 3 && e.phone !== '');
    const prefix = someone.firstName.slice(0, 3).toUpperCase();
    const found = structured<{ employees: Array<{ employeeId: number; firstName: string }>; matched: number }>(await call('find_employees', { firstName: prefix }));
    const expected = bo.control.employees().filter((e) => e.firstName.toLowerCase().startsWith(prefix.toLowerCase()));
    expect(found.employees.map((e) => e.employeeId).sort()).toEqual(expected.map((e) => e.id).sort());
    expect(found.matched).toBe(expected.length);

    const digits = someone.phone.replace(/\D/g, '');
    const byPhone = structured<{ employees: Array<{ employeeId: number }> }>(await call('find_employees', { phone: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` }));
    expect(byPhone.employees.map((e) => e.employeeId)).toContain(someone.id);

    const nobody = await call('find_employees', { lastName: 'Zzyzxqv' });
    expect(structured<{ matched: number }>(nobody).matched).toBe(0);
    expect(textOf(nobody)).toBe('No employee matched.');
    const nothingAsked = await call('find_employees', { active: 'all' });
    expect(nothingAsked.isError).toBe(true);
    expect(textOf(nothingAsked)).toMatch(/at least one of firstName, lastName and phone/);
  });
});

describe('changing an employee', () => {
  it('update_employee: a new phone is stored and verified, and every other field reads back as before', async () => {
    const someone = seeded((e) => e.isActive);
    const before = structured<EmployeeOut>(await call('get_employee', { posUserId: someone.posUserId }));
    const updated = await call('update_employee', { posUserId: someone.posUserId, phone: '(555) 414-0199' });
    expect(structured(updated)).toMatchObject({ employeeId: someone.id, changed: ['phone'], unchanged: [] });
    expect(bo.control.employee(someone.id)!.phone.replace(/\D/g, '')).toBe('5554140199');
    const after = structured<EmployeeOut>(await call('get_employee', { posUserId: someone.posUserId }));
    expect({ ...after, phone: before.phone }).toEqual(before);
    const { phone: _phone, ...rest } = bo.control.employee(someone.id)!;
    const { phone: _old, ...restBefore } = someone;
    expect(rest).toEqual(restBefore);
  });

  it('update_employee: a new PIN is named as changed and stored, but shown nowhere', async () => {
    const someone = seeded((e) => e.isActive && e.posPin !== 52_817);
    const result = await call('update_employee', { employeeId: someone.id, posPin: 52_817, emergencyContactName: 'Robin Example' });
    expect(structured<{ changed: string[] }>(result).changed.sort()).toEqual(['emergencyContactName', 'posPin']);
    expect(bo.control.employee(someone.id)).toMatchObject({ posPin: 52_817, emergencyContactName: 'Robin Example' });
    expect(JSON.stringify(result)).not.toContain('52817');
    expect(textOf(result)).toContain('posPin');
  });

  it('reactivate_employee: a disabled employee becomes active; again, nothing changes and the result warns', async () => {
    const disabled = seeded((e) => !e.isActive);
    const result = structured<{ employeeId: number; warnings: string[] }>(await call('reactivate_employee', { posUserId: disabled.posUserId }));
    expect(result).toMatchObject({ employeeId: disabled.id, warnings: [] });
    expect(bo.control.employee(disabled.id)!.isActive).toBe(true);
    const again = structured<{ warnings: string[] }>(await call('reactivate_employee', { posUserId: disabled.posUserId }));
    expect(again.warnings.join(' ')).toMatch(/already active/i);
    expect(bo.control.employee(disabled.id)).toMatchObject({ ...disabled, isActive: true, wageHistory: disabled.wageHistory });
  });
});

describe('wages', () => {
  it('set_employee_wage: a raise from a future date is added to the history, newest first, overtime 1.5 × by default', async () => {
    const someone = seeded((e) => e.isActive && e.wage.isHourly && e.wage.isOvertimeEligible);
    const effectiveDate = isoDaysAfter(new Date().toISOString().slice(0, 10), 14);
    const set = structured<{ wage: { regularRateCents: number; overtimeRateCents: number; effectiveDate: string } }>(
      await call('set_employee_wage', { posUserId: someone.posUserId, regularRate: 21.15, effectiveDate }),
    );
    expect(set.wage).toMatchObject({ regularRateCents: 2115, overtimeRateCents: 3172, effectiveDate });
    const history = structured<EmployeeOut>(await call('get_employee', { posUserId: someone.posUserId })).compensation;
    expect(history).toHaveLength(someone.wageHistory.length + 1);
    expect(history[0]).toMatchObject({ regularRateCents: 2115, effectiveDate, endDate: null });
  });

  it('set_employee_wage: an effective date not after the latest record\'s is refused with the earliest allowed date, and nothing is sent', async () => {
    const someone = seeded((e) => e.isActive);
    const latest = someone.wageHistory.map((w) => w.effectiveDate).sort().at(-1)!;
    const posts = posPosts('/employee/compensation/update');
    const refused = await call('set_employee_wage', { posUserId: someone.posUserId, regularRate: 30, effectiveDate: latest });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^VALIDATION_ERROR: /);
    expect(textOf(refused)).toContain(isoDaysAfter(latest, 1));
    expect(posPosts('/employee/compensation/update')).toBe(posts);
    expect(bo.control.employee(someone.id)!.wageHistory).toEqual(someone.wageHistory);
  });
});

describe('permissions', () => {
  it('set_employee_permission: the whole matrix becomes the template\'s, and get_employee names it', async () => {
    const manager = POS_TEMPLATES.find((t) => t.name === 'Manager')!;
    const someone = seeded((e) => e.isActive && e.grants.join() !== [...manager.grants].sort((a, b) => a - b).join());
    const set = structured<{ template: string; employeeId: number }>(await call('set_employee_permission', { posUserId: someone.posUserId, template: 'manager' }));
    expect(set).toMatchObject({ template: 'Manager', employeeId: someone.id });
    expect(bo.control.employee(someone.id)!.grants).toEqual([...manager.grants].sort((a, b) => a - b));
    expect(structured<EmployeeOut>(await call('get_employee', { posUserId: someone.posUserId })).permission).toMatchObject({ custom: false, template: 'Manager' });
  });

  it('list_backoffice_users and apply_backoffice_template: a user gets the template\'s tokens and keeps its sites', async () => {
    const listed = structured<{ users: Array<{ userId: number; username: string; active: boolean }> }>(await call('list_backoffice_users', {}));
    expect(listed.users.map((u) => u.userId).sort()).toEqual(bo.control.users().map((u) => u.id).sort());
    const user = bo.control.users().find((u) => u.username !== BOT.username)!;
    const manager = BO_TEMPLATES.find((t) => t.name === 'Manager')!;
    const applied = structured<{ userId: number; template: string }>(await call('apply_backoffice_template', { username: user.username, template: 'Manager' }));
    expect(applied).toMatchObject({ userId: user.id, template: 'Manager' });
    const after = bo.control.users().find((u) => u.id === user.id)!;
    expect([...after.tokens].sort()).toEqual([...manager.tokens].sort());
    expect(after.siteIds).toEqual(user.siteIds);
    const byId = structured<{ template: string }>(await call('apply_backoffice_template', { userId: user.id, template: 'Manager' }));
    expect(byId.template).toBe('Manager');
  });
});

describe('secrets and the audit log', () => {
  it('no result carries the bot\'s password; every write was audited as the assistant on the mcp channel', async () => {
    for (const text of seen) expect(text).not.toContain(BOT.password);
    const events = (await audited.store.audit.list({ channel: 'mcp' }, { limit: 100 })).events;
    const operations = new Set(events.map((e) => e.operation));
    for (const operation of ['employee.update', 'employee.reactivate', 'employee.set_wage', 'employee.set_permission', 'backoffice_user.apply_template']) {
      expect(operations, operation).toContain(operation);
    }
    expect(events.every((e) => e.actor === 'assistant')).toBe(true);
    expect(JSON.stringify(events)).not.toContain('52817');
  });

  it('list_audit_events shows a template applied to a Back Office user with the user\'s name and id', async () => {
    const user = bo.control.users().find((u) => u.username !== BOT.username)!;
    const listed = await call('list_audit_events', { operation: 'backoffice_user.apply_template', state: 'succeeded' });
    const events = structured<{ events: Array<{ target: Record<string, unknown> }> }>(listed).events;
    expect(events[0]!.target).toEqual({ backofficeUsername: user.username, backofficeUserId: user.id });
    expect(textOf(listed)).toContain(`Back Office user ${user.username} (${user.id})`);
  });
});
