import { BackofficeClient } from '@washops/backoffice-client';
import { DEPARTMENTS, startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appRouter, createFetchContextFactory, publicErrorOf, type PortalDeps } from '../src/index.js';
import { callerAs, errorOf, makeDeps, sessionCookieOf } from './helpers.js';

const BOT = { username: 'bot', password: 'bot-password-7c1e' };

let sim: BackofficeSimulator;
let client: BackofficeClient;
let deps: PortalDeps;

beforeAll(async () => {
  sim = await startBackofficeSimulator({ port: 0, seed: 'demo', users: [BOT], employeeCount: 60 });
  client = new BackofficeClient({ subdomain: 'demo', ...BOT, baseUrl: sim.url });
  deps = await makeDeps(client);
});

afterAll(async () => {
  await client?.close();
  await sim?.close();
});

beforeEach(() => sim.control.clearRequests());

const posts = () => sim.control.requests().filter((r) => r.method === 'POST' && r.path !== '/login_check');

/** A fresh POS id, email and phone for each new employee. */
let serial = 0;
function newEmployee(overrides: Record<string, unknown> = {}) {
  serial += 1;
  const taken = new Set(sim.control.employees().map((e) => e.posUserId));
  let posUserId = 8100 + serial;
  while (taken.has(posUserId)) posUserId += 100;
  return {
    firstName: 'Portal',
    lastName: `Tester${serial}`,
    phone: `(555) 010-${String(1000 + serial).slice(-4)}`,
    email: `portal.tester${serial}@example.com`,
    posUserId,
    wageRate: '15.50',
    startDate: '2026-11-02',
    availableSites: 'all' as const,
    permission: 'Cashier',
    departments: ['Cashier'],
    ...overrides,
  };
}

describe('discovery', () => {
  it('lists the tenant sites, departments and permission templates', async () => {
    const viewer = callerAs(deps, 'viewer');
    const [sites, departments, permissions] = await Promise.all([
      viewer.discovery.sites(),
      viewer.discovery.departments(),
      viewer.discovery.permissions({ scope: 'all' }),
    ]);
    expect(sites.map((s) => s.id).sort((a, b) => a - b)).toEqual(sim.control.sites().map((s) => s.id).sort((a, b) => a - b));
    expect(departments.map((d) => d.name).sort()).toEqual(DEPARTMENTS.map((d) => d.name).sort());
    expect(permissions.filter((p) => p.scope === 'pos').map((p) => p.name)).toContain('General User');
    expect(permissions.some((p) => p.scope === 'backoffice')).toBe(true);
  });
});

describe('employees.list (the roster)', () => {
  it('lists every employee, and only the active ones when asked', async () => {
    const viewer = callerAs(deps, 'viewer');
    const all = await viewer.employees.list({ active: 'all', refresh: true });
    const seeded = sim.control.employees();
    expect(all).toHaveLength(seeded.length);
    const active = await viewer.employees.list({ active: 'active' });
    expect(active).toHaveLength(seeded.filter((e) => e.isActive).length);
    expect(active.every((e) => e.active)).toBe(true);
  });
});

describe('availability checks', () => {
  it('answers taken for an existing POS id, email and phone, and free for new ones', async () => {
    const viewer = callerAs(deps, 'viewer');
    const someone = sim.control.employees().find((e) => e.isActive && e.email && /^\d{9,10}$/.test(e.phone))!;
    await expect(viewer.employees.isPosUserIdAvailable({ posUserId: someone.posUserId })).resolves.toEqual({ available: false });
    await expect(viewer.employees.isEmailAvailable({ email: someone.email.toUpperCase() })).resolves.toEqual({ available: false });
    await expect(viewer.employees.isPhoneAvailable({ phone: someone.phone })).resolves.toEqual({ available: false });
    await expect(viewer.employees.isPosUserIdAvailable({ posUserId: 987_654 })).resolves.toEqual({ available: true });
    await expect(viewer.employees.isEmailAvailable({ email: 'nobody.here@example.com' })).resolves.toEqual({ available: true });
    await expect(viewer.employees.isPhoneAvailable({ phone: '(555) 999-0001' })).resolves.toEqual({ available: true });
  });

  it('refuses a malformed value with the client schema message, before any request', async () => {
    const error = await errorOf(callerAs(deps, 'viewer').employees.isEmailAvailable({ email: 'not-an-email' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(publicErrorOf(error).details['issues']).toEqual([{ path: 'email', message: 'email must look like name@domain.tld' }]);
    expect(sim.control.requests()).toHaveLength(0);
  });
});

describe('employees.create', () => {
  it('creates an employee as admin and returns the PIN; the roster shows it', async () => {
    const input = newEmployee();
    const created = await callerAs(deps, 'admin').employees.create(input);
    expect(created).toMatchObject({ posUserId: input.posUserId, permission: 'Cashier', warnings: [] });
    expect(created.posPin).toBeGreaterThanOrEqual(10_000);
    expect(created.posPin).toBeLessThanOrEqual(99_999);
    const stored = sim.control.employee(created.employeeId)!;
    expect(stored).toMatchObject({ firstName: 'Portal', lastName: input.lastName, posUserId: input.posUserId, posPin: created.posPin, isActive: true });
    // Money and phone arrive as the client sends them: the input was not transformed twice.
    expect(stored.wage.regularRate).toBe('15.50');
    expect(stored.phone).toBe(`555010${String(1000 + serial).slice(-4)}`);
    const roster = await callerAs(deps, 'viewer').employees.list({ active: 'active' });
    expect(roster.find((e) => e.posUserId === input.posUserId)).toMatchObject({ employeeId: created.employeeId, lastName: input.lastName });
  });

  it('falls back to General User for an unknown permission and says so', async () => {
    const created = await callerAs(deps, 'admin').employees.create(newEmployee({ permission: 'No Such Template' }));
    expect(created.permission).toBe('General User');
    expect(created.warnings.join(' ')).toMatch(/No Such Template/);
  });

  it('reports a duplicate POS id as CONFLICT naming the field, without a POST', async () => {
    const taken = sim.control.employees().find((e) => e.isActive)!;
    const error = await errorOf(callerAs(deps, 'admin').employees.create(newEmployee({ posUserId: taken.posUserId })));
    expect(error.code).toBe('CONFLICT');
    expect(publicErrorOf(error)).toMatchObject({ code: 'DUPLICATE_ERROR', details: { field: 'posUserId' } });
    expect(posts()).toHaveLength(0);
  });

  it('reports invalid fields per field with the client schema messages, before any request', async () => {
    const error = await errorOf(callerAs(deps, 'admin').employees.create(newEmployee({ phone: '12', email: 'x@y', posPin: 123 })));
    expect(error.code).toBe('BAD_REQUEST');
    const issues = publicErrorOf(error).details['issues'] as Array<{ path: string; message: string }>;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'phone', message: 'phone must have 9 or 10 digits once symbols are stripped' },
        { path: 'email', message: 'email must look like name@domain.tld' },
        { path: 'posPin', message: 'posPin must be a 5-digit number (10000-99999)' },
      ]),
    );
    expect(sim.control.requests()).toHaveLength(0);
  });

  it('says which employee exists and which steps remain when a later step fails', async () => {
    const fault = sim.control.inject({ route: 'POST /employee/permissions/update', kind: 'serverError', status: 500 });
    try {
      const input = newEmployee();
      const error = await errorOf(callerAs(deps, 'admin').employees.create(input));
      expect(error.code).toBe('BAD_GATEWAY');
      const pub = publicErrorOf(error);
      const created = sim.control.employees().find((e) => e.posUserId === input.posUserId)!;
      expect(pub.details).toMatchObject({ employeeId: created.id });
      expect(pub.details['remainingSteps']).toEqual(expect.arrayContaining([expect.stringMatching(/permission/i)]));
      expect(pub.message).toContain(String(created.id));
    } finally {
      fault.remove();
    }
  });

  it('is refused to a viewer, and nothing reaches the BackOffice', async () => {
    const error = await errorOf(callerAs(deps, 'viewer').employees.create(newEmployee()));
    expect(error.code).toBe('FORBIDDEN');
    expect(sim.control.requests()).toHaveLength(0);
  });

  it('is refused from another origin (CSRF)', async () => {
    const error = await errorOf(
      callerAs(deps, 'admin', { origin: 'https://evil.example', secFetchSite: 'cross-site' }).employees.create(newEmployee()),
    );
    expect(error.code).toBe('FORBIDDEN');
    expect(sim.control.requests()).toHaveLength(0);
  });
});

describe('employees.disable', () => {
  it('disables an employee by POS id and the verified result says when', async () => {
    const created = await callerAs(deps, 'admin').employees.create(newEmployee());
    const disabled = await callerAs(deps, 'admin').employees.disable({ posUserId: created.posUserId });
    expect(disabled).toMatchObject({ employeeId: created.employeeId, posUserId: created.posUserId });
    expect(Date.parse(disabled.disabledAt)).not.toBeNaN();
    expect(sim.control.employee(created.employeeId)?.isActive).toBe(false);
    const roster = await callerAs(deps, 'viewer').employees.list({ active: 'inactive' });
    expect(roster.some((e) => e.employeeId === created.employeeId)).toBe(true);
  });

  it('answers NOT_FOUND for an unknown POS id and FORBIDDEN to a viewer', async () => {
    const missing = await errorOf(callerAs(deps, 'admin').employees.disable({ posUserId: 999_001 }));
    expect(missing.code).toBe('NOT_FOUND');
    const someone = sim.control.employees().find((e) => e.isActive)!;
    sim.control.clearRequests();
    const refused = await errorOf(callerAs(deps, 'viewer').employees.disable({ posUserId: someone.posUserId }));
    expect(refused.code).toBe('FORBIDDEN');
    expect(sim.control.requests()).toHaveLength(0);
    expect(sim.control.employee(someone.id)?.isActive).toBe(true);
  });

  it('needs exactly one key', async () => {
    const error = await errorOf(callerAs(deps, 'admin').employees.disable({ posUserId: 1, email: 'a@b.co' }));
    expect(error.code).toBe('BAD_REQUEST');
  });
});

describe('backofficeUsers.create', () => {
  it('creates a standalone Back Office user with a generated password, shown in the result', async () => {
    const created = await callerAs(deps, 'admin').backofficeUsers.create({
      username: 'portal_standalone',
      email: 'standalone.user@example.com',
      permission: 'Manager',
      firstName: 'Stand',
      lastName: 'Alone',
    });
    expect(created).toMatchObject({ username: 'portal_standalone', mode: 'standalone' });
    expect(created.generatedPassword).toMatch(/^.{16}$/);
    expect(sim.control.users().find((u) => u.username === 'portal_standalone')).toMatchObject({ employeeId: null, firstName: 'Stand' });
  });

  it('links a Back Office user to an employee by POS id', async () => {
    const employee = await callerAs(deps, 'admin').employees.create(newEmployee());
    const created = await callerAs(deps, 'admin').backofficeUsers.create({
      username: 'portal_linked',
      email: 'linked.user@example.com',
      permission: 'Manager',
      linkToEmployeePosUserId: employee.posUserId,
      password: 'a-chosen-password-1',
    });
    expect(created.mode).toBe('linked');
    expect(created.generatedPassword).toBeUndefined();
    expect(sim.control.users().find((u) => u.username === 'portal_linked')?.employeeId).toBe(employee.employeeId);
  });

  it('refuses neither-linked-nor-named input and a viewer', async () => {
    const invalid = await errorOf(callerAs(deps, 'admin').backofficeUsers.create({ username: 'nobody_x', email: 'n@example.com', permission: 'Manager' }));
    expect(invalid.code).toBe('BAD_REQUEST');
    const refused = await errorOf(
      callerAs(deps, 'viewer').backofficeUsers.create({ username: 'viewer_try', email: 'v@example.com', permission: 'Manager', firstName: 'V', lastName: 'W' }),
    );
    expect(refused.code).toBe('FORBIDDEN');
    expect(sim.control.users().some((u) => u.username === 'viewer_try')).toBe(false);
  });
});

describe('roles', () => {
  it('refuses every write to a viewer before anything reaches the BackOffice', async () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
    // Export start, cancel and rerun act but change nothing at the tenant: viewers may export (tested in transactions.test.ts).
    const tenantNeutral = new Set(['transactions.exports.start', 'transactions.exports.cancel', 'transactions.exports.rerun']);
    const writes = Object.keys(procedures).filter(
      (path) => procedures[path]!._def.type === 'mutation' && !path.startsWith('auth.') && !tenantNeutral.has(path),
    );
    expect(writes).toEqual(
      expect.arrayContaining([
        'employees.create',
        'employees.disable',
        'employees.update',
        'employees.reactivate',
        'employees.setWage',
        'employees.setPermission',
        'backofficeUsers.create',
        'backofficeUsers.applyTemplate',
      ]),
    );
    const viewer = callerAs(deps, 'viewer');
    for (const path of writes) {
      const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], viewer) as (input?: unknown) => Promise<unknown>;
      await expect(fn({}), path).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(sim.control.requests()).toHaveLength(0);
  });
});

describe('over HTTP', () => {
  it('a viewer’s direct write call is refused with 403 and a public message', async () => {
    const cookie = await sessionCookieOf(deps, 'viewer');
    const response = await fetchRequestHandler({
      endpoint: '/api/trpc',
      req: new Request('http://portal.test/api/trpc/employees.disable', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://portal.test', host: 'portal.test', cookie: cookie },
        body: JSON.stringify({ posUserId: sim.control.employees()[0]!.posUserId }),
      }),
      router: appRouter,
      createContext: createFetchContextFactory(deps),
    });
    expect(response.status).toBe(403);
    const json = (await response.json()) as { error: { data: { publicError: { message: string } } } };
    expect(json.error.data.publicError.message).toBe('Only an admin may make changes. You are signed in as a viewer.');
    expect(sim.control.requests()).toHaveLength(0);
  });

  it('a BackOffice sign-in failure is a gateway error that never shows the bot password', async () => {
    const wrong = new BackofficeClient({ subdomain: 'demo', username: 'bot', password: 'wrong-bot-password-91d2', baseUrl: sim.url });
    const failing = await makeDeps(wrong);
    const error = await errorOf(callerAs(failing, 'viewer').employees.list());
    expect(error.code).toBe('BAD_GATEWAY');
    const shown = JSON.stringify(publicErrorOf(error));
    expect(shown).not.toContain('wrong-bot-password-91d2');
    expect(shown).not.toContain(BOT.password);
    await wrong.close();
  });
});
