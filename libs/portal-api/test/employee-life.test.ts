import { BackofficeClient } from '@washops/backoffice-client';
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import type { AuditEvent } from '@washops/store';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publicErrorOf, type PortalDeps } from '../src/index.js';
import { callerAs, errorOf, makeDeps } from './helpers.js';

// The employee's whole life through the portal's procedures, over HTTP against the simulator:
// viewers read, admins change, and every refusal happens before anything reaches the BackOffice.

const BOT = { username: 'bot', password: 'bot-password-5e2a' };

let sim: BackofficeSimulator;
let client: BackofficeClient;
let deps: PortalDeps;

beforeAll(async () => {
  sim = await startBackofficeSimulator({ port: 0, seed: 'life', users: [BOT], employeeCount: 30 });
  client = new BackofficeClient({ subdomain: 'demo', ...BOT, baseUrl: sim.url });
  deps = await makeDeps(client);
});

afterAll(async () => {
  await client?.close();
  await sim?.close();
});

beforeEach(() => sim.control.clearRequests());

const posts = () => sim.control.requests().filter((r) => r.method === 'POST' && r.path !== '/login_check');

let serial = 0;
async function newEmployee(overrides: Record<string, unknown> = {}) {
  serial += 1;
  const taken = new Set(sim.control.employees().map((e) => e.posUserId));
  let posUserId = 8300 + serial;
  while (taken.has(posUserId)) posUserId += 100;
  const created = await callerAs(deps, 'admin').employees.create({
    firstName: 'Life',
    lastName: `Cycle${serial}`,
    phone: `(555) 030-${String(1000 + serial).slice(-4)}`,
    email: `life.cycle${serial}@example.com`,
    posUserId,
    wageRate: '15.00',
    startDate: '2026-11-02',
    availableSites: 'all',
    permission: 'Cashier',
    departments: ['Cashier'],
    ...overrides,
  });
  sim.control.clearRequests();
  return created;
}

async function eventsSince(since: Date): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  for await (const event of deps.store.audit.stream({})) if (event.startedAt >= since) events.push(event);
  return events;
}

describe('employees.get and employees.find (viewers too)', () => {
  it('shows the profile, the wage history newest first and the permission, never the PIN', async () => {
    const created = await newEmployee();
    const employee = await callerAs(deps, 'viewer').employees.get({ employeeId: created.employeeId });
    expect(employee).toMatchObject({ employeeId: created.employeeId, posUserId: created.posUserId, firstName: 'Life', active: true });
    expect(employee.compensation[0]).toMatchObject({ regularRateCents: 1500, endDate: null });
    expect(employee.permission).toMatchObject({ custom: false, template: 'Cashier' });
    expect(JSON.stringify(employee)).not.toContain(String(created.posPin));
    expect(posts()).toHaveLength(0);
  });

  it('finds by a name prefix, and refuses an empty query before any request', async () => {
    const created = await newEmployee();
    const found = await callerAs(deps, 'viewer').employees.find({ lastName: `Cycle${serial}` });
    expect(found.map((e) => e.employeeId)).toContain(created.employeeId);
    sim.control.clearRequests();
    const error = await errorOf(callerAs(deps, 'viewer').employees.find({}));
    expect(error.code).toBe('BAD_REQUEST');
    expect(sim.control.requests()).toHaveLength(0);
  });

  it('answers NOT_FOUND for an unknown employee', async () => {
    expect((await errorOf(callerAs(deps, 'viewer').employees.get({ posUserId: 999_123 }))).code).toBe('NOT_FOUND');
  });
});

describe('employees.update', () => {
  it('changes the phone only; the other fields stay as they were, and a new PIN is named, never shown', async () => {
    const created = await newEmployee();
    const before = sim.control.employee(created.employeeId)!;
    const updated = await callerAs(deps, 'admin').employees.update({ key: { employeeId: created.employeeId }, changes: { phone: '(555) 030-9999', posPin: 24_681 } });
    expect(updated.changed.sort()).toEqual(['phone', 'posPin']);
    expect(JSON.stringify(updated)).not.toContain('24681');
    const after = sim.control.employee(created.employeeId)!;
    expect(after).toEqual({ ...before, phone: expect.stringMatching(/9999$/), posPin: 24_681 });
  });

  it('reports schema issues at their fields before any request, and is refused to a viewer', async () => {
    const created = await newEmployee();
    const invalid = await errorOf(callerAs(deps, 'admin').employees.update({ key: { employeeId: created.employeeId }, changes: { phone: '12' } }));
    expect(invalid.code).toBe('BAD_REQUEST');
    expect(publicErrorOf(invalid).details['issues']).toEqual([{ path: 'changes.phone', message: 'phone must have 9 or 10 digits once symbols are stripped' }]);
    const empty = await errorOf(callerAs(deps, 'admin').employees.update({ key: { employeeId: created.employeeId }, changes: {} }));
    expect(empty.code).toBe('BAD_REQUEST');
    const since = new Date();
    const refused = await errorOf(callerAs(deps, 'viewer').employees.update({ key: { employeeId: created.employeeId }, changes: { phone: '5550309998' } }));
    expect(refused.code).toBe('FORBIDDEN');
    expect(sim.control.requests()).toHaveLength(0);
    expect(await eventsSince(since)).toEqual([]);
  });
});

describe('employees.reactivate', () => {
  it('makes a disabled employee active again, verified', async () => {
    const created = await newEmployee();
    await callerAs(deps, 'admin').employees.disable({ posUserId: created.posUserId });
    const reactivated = await callerAs(deps, 'admin').employees.reactivate({ posUserId: created.posUserId });
    expect(reactivated).toMatchObject({ employeeId: created.employeeId, posUserId: created.posUserId });
    expect(sim.control.employee(created.employeeId)?.isActive).toBe(true);
  });

  it('is refused to a viewer, and nothing reaches the BackOffice', async () => {
    const created = await newEmployee();
    await callerAs(deps, 'admin').employees.disable({ posUserId: created.posUserId });
    sim.control.clearRequests();
    expect((await errorOf(callerAs(deps, 'viewer').employees.reactivate({ posUserId: created.posUserId }))).code).toBe('FORBIDDEN');
    expect(sim.control.requests()).toHaveLength(0);
    expect(sim.control.employee(created.employeeId)?.isActive).toBe(false);
  });
});

describe('employees.setWage', () => {
  it('adds a record the history shows first, at the given future date', async () => {
    const created = await newEmployee();
    const wage = await callerAs(deps, 'admin').employees.setWage({ key: { employeeId: created.employeeId }, wage: { regularRate: '17.50', effectiveDate: '2030-01-15' } });
    expect(wage.wage).toMatchObject({ regularRateCents: 1750, effectiveDate: '2030-01-15' });
    const employee = await callerAs(deps, 'viewer').employees.get({ employeeId: created.employeeId });
    expect(employee.compensation[0]).toMatchObject({ regularRateCents: 1750, effectiveDate: '2030-01-15' });
    expect(employee.compensation[1]).toMatchObject({ regularRateCents: 1500 });
  });

  it('refuses an effective date the BackOffice would ignore, and a malformed rate, without a POST', async () => {
    const created = await newEmployee();
    const early = await errorOf(callerAs(deps, 'admin').employees.setWage({ key: { employeeId: created.employeeId }, wage: { regularRate: '18.00', effectiveDate: '2026-11-01' } }));
    expect(early.code).toBe('BAD_REQUEST');
    const malformed = await errorOf(callerAs(deps, 'admin').employees.setWage({ key: { employeeId: created.employeeId }, wage: { regularRate: 'lots' } }));
    expect(malformed.code).toBe('BAD_REQUEST');
    expect((publicErrorOf(malformed).details['issues'] as Array<{ path: string }>)[0]?.path).toBe('wage.regularRate');
    expect(posts()).toHaveLength(0);
    expect(sim.control.employee(created.employeeId)?.wageHistory).toHaveLength(1);
  });
});

describe('employees.setPermission', () => {
  it('applies a POS template, which the employee page then shows', async () => {
    const created = await newEmployee();
    const set = await callerAs(deps, 'admin').employees.setPermission({ key: { employeeId: created.employeeId }, template: 'Shift Leader' });
    expect(set).toMatchObject({ employeeId: created.employeeId, template: 'Shift Leader' });
    expect((await callerAs(deps, 'viewer').employees.get({ employeeId: created.employeeId })).permission).toMatchObject({ custom: false, template: 'Shift Leader' });
  });

  it('refuses a blank template before any request', async () => {
    const created = await newEmployee();
    expect((await errorOf(callerAs(deps, 'admin').employees.setPermission({ key: { employeeId: created.employeeId }, template: '  ' }))).code).toBe('BAD_REQUEST');
    expect(sim.control.requests()).toHaveLength(0);
  });
});

describe('backofficeUsers', () => {
  it('lists the Back Office users to a viewer', async () => {
    const users = await callerAs(deps, 'viewer').backofficeUsers.list();
    const seeded = sim.control.users();
    expect(users.map((u) => u.userId).sort((a, b) => a - b)).toEqual(seeded.map((u) => u.id).sort((a, b) => a - b));
    expect(users[0]).toEqual({ userId: expect.any(Number), username: expect.any(String), email: expect.any(String), firstName: expect.any(String), lastName: expect.any(String), active: expect.any(Boolean) });
  });

  it('applies a template to a user by username, verified, and only an admin may', async () => {
    const created = await callerAs(deps, 'admin').backofficeUsers.create({ username: 'life_tpl', email: 'life.tpl@example.com', permission: 'Manager', firstName: 'Tem', lastName: 'Plate' });
    const managerTokens = sim.control.users().find((u) => u.username === 'life_tpl')!.tokens;
    sim.control.clearRequests();
    const refused = await errorOf(callerAs(deps, 'viewer').backofficeUsers.applyTemplate({ key: { username: 'life_tpl' }, template: 'General User' }));
    expect(refused.code).toBe('FORBIDDEN');
    expect(sim.control.requests()).toHaveLength(0);
    const applied = await callerAs(deps, 'admin').backofficeUsers.applyTemplate({ key: { username: 'life_tpl' }, template: 'General User' });
    expect(applied).toMatchObject({ userId: created.userId, username: 'life_tpl', template: 'General User' });
    const tokens = sim.control.users().find((u) => u.username === 'life_tpl')!.tokens;
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens).not.toEqual(managerTokens);
  });

  it('creates a user with its template applied by default (no "not applied" warning), or leaves it to be done by hand', async () => {
    const created = await callerAs(deps, 'admin').backofficeUsers.create({ username: 'life_auto', email: 'life.auto@example.com', permission: 'General User', firstName: 'Au', lastName: 'To' });
    expect(created.templateApplied).toBe(true);
    expect(created.warnings.join(' ')).not.toMatch(/not applied/);
    const byHand = await callerAs(deps, 'admin').backofficeUsers.create({ username: 'life_hand', email: 'life.hand@example.com', permission: 'General User', firstName: 'By', lastName: 'Hand', applyTemplate: false });
    expect(byHand.templateApplied).toBe(false);
    expect(byHand.warnings.join(' ')).toMatch(/not applied/);
  });
});
