import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import {
  AuthenticationError,
  BackofficeServerError,
  DuplicateError,
  NotFoundError,
  ValidationError,
  type WashOpsError,
} from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { LINKED_USER_WARNING, type BackofficeClient } from '../src/index.js';
import { clientFor, newEmployee, postsOf, recordingFetch, templateTokens } from './support/harness.js';
import { simulatorPerFile } from './support/simulator-per-file.js';

let sim: BackofficeSimulator;
simulatorPerFile({ seed: 'client-tests' }, (started) => (sim = started));

const posts = (path?: string) => postsOf(sim, path);

describe('discovery', () => {
  it('lists the sites of the tenant with names, short codes and their region and district', async () => {
    await using bo = clientFor(sim);
    const sites = await bo.listSites();
    expect(sites.map((s) => ({ id: s.id, name: s.name, code: s.code, districtId: s.districtId, regionId: s.regionId }))).toEqual(
      sim.control.sites().map((s) => ({ id: s.id, name: s.name, code: s.code, districtId: s.districtId, regionId: s.regionId })),
    );
    expect(sites[0]).toMatchObject({ name: 'Wash 37135', code: 'NOLO', regionName: 'Global Region', districtName: 'Global District' });
  });

  it('lists departments and both kinds of permission templates, and caches them', async () => {
    await using bo = clientFor(sim);
    expect((await bo.listDepartments()).map((d) => d.name)).toEqual(['Cashier', 'Greeter', 'Line', 'Management']);
    const permissions = await bo.listPermissions();
    const generalUser = permissions.find((p) => p.scope === 'pos' && p.name === 'General User');
    expect(generalUser).toMatchObject({ scope: 'pos', grants: [22] });
    expect(permissions.filter((p) => p.scope === 'backoffice').map((p) => p.name)).toContain('Administrator');
    expect(await bo.listPermissions({ scope: 'backoffice' })).toSatisfy((list: Array<{ scope: string }>) => list.every((p) => p.scope === 'backoffice'));
    await bo.listSites();
    await bo.listSites();
    const createGets = () => sim.control.requests().filter((r) => r.method === 'GET' && r.path === '/employee/create').length;
    expect(createGets()).toBe(1);
    await bo.listSites({ refresh: true });
    expect(createGets()).toBe(2);
  });

  it('lists employees with their status, matching the tenant', async () => {
    await using bo = clientFor(sim);
    const all = await bo.listEmployees();
    const truth = sim.control.employees();
    expect(all).toHaveLength(truth.length);
    const active = await bo.listEmployees({ active: 'active' });
    expect(active).toHaveLength(truth.filter((e) => e.isActive).length);
    const someone = truth[5];
    expect(all.find((e) => e.employeeId === someone?.id)).toMatchObject({ posUserId: someone?.posUserId, firstName: someone?.firstName });
  });

  it('answers availability from one cached index (roster + email map), refreshed on demand', async () => {
    await using bo = clientFor(sim);
    const taken = sim.control.employees().find((e) => e.email && e.phone);
    if (!taken) throw new Error('seed has no employee with email and phone');
    expect(await bo.isPosUserIdAvailable(taken.posUserId)).toBe(false);
    expect(await bo.isEmailAvailable(`  ${taken.email.toUpperCase()} `)).toBe(false);
    expect(await bo.isPhoneAvailable(taken.phone.replace(/\D/g, '').replace(/^(\d{3})(\d{3})/, '$1.$2.'))).toBe(false);
    await expect(bo.isPhoneAvailable(`+1 ${taken.phone}`)).rejects.toBeInstanceOf(ValidationError);
    expect(await bo.isPosUserIdAvailable(99_999_999)).toBe(true);
    expect(await bo.isEmailAvailable('nobody@example.invalid')).toBe(true);
    expect(await bo.isPhoneAvailable('777-000-0001')).toBe(true);
    const gets = (path: string) => sim.control.requests().filter((r) => r.method === 'GET' && r.path === path).length;
    expect(gets('/employee')).toBe(1);
    expect(gets('/user/create')).toBe(1);

    // Another client creates an employee: the cache does not know until refreshed.
    const input = newEmployee();
    await using other = clientFor(sim);
    await other.createEmployee(input);
    expect(await bo.isPosUserIdAvailable(input.posUserId)).toBe(true);
    expect(await bo.isPosUserIdAvailable(input.posUserId, { refresh: true })).toBe(false);
  });
});


describe('disableEmployee', () => {
  it('disables by POS user id with 4 requests and verifies the box', async () => {
    const target = sim.control.employees().find((e) => e.isActive);
    if (!target) throw new Error('no active employee');
    const recorder = recordingFetch();
    await using bo = clientFor(sim, { fetch: recorder.fetch });
    await bo.listSites();
    recorder.calls.length = 0;
    const result = await bo.disableEmployee({ posUserId: target.posUserId });
    expect(result).toMatchObject({ employeeId: target.id, posUserId: target.posUserId, warnings: [LINKED_USER_WARNING] });
    expect(Date.parse(result.disabledAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(recorder.calls).toHaveLength(4);
    const after = sim.control.employee(target.id);
    expect(after?.isActive).toBe(false);
    // Everything else survived the full-form round-trip.
    expect({ ...after, isActive: true }).toEqual(target);
  });

  it('disables by email through the email map', async () => {
    const target = sim.control.employees().find((e) => e.isActive && e.email);
    if (!target) throw new Error('no active employee with email');
    await using bo = clientFor(sim);
    const result = await bo.disableEmployee({ email: target.email.toUpperCase() });
    expect(result).toMatchObject({ employeeId: target.id, email: target.email.toUpperCase() });
    expect(sim.control.employee(target.id)?.isActive).toBe(false);
  });

  it('raises NotFoundError for unknown keys; the email message suggests posUserId', async () => {
    await using bo = clientFor(sim);
    await expect(bo.disableEmployee({ posUserId: 99_999_998 })).rejects.toBeInstanceOf(NotFoundError);
    const error = await bo.disableEmployee({ email: 'ghost@example.invalid' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toMatch(/posUserId/);
    expect(posts()).toEqual([]);
  });

  it('raises BackofficeServerError when the verification read still shows the employee active', async () => {
    const target = sim.control.employees().find((e) => e.isActive);
    if (!target) throw new Error('no active employee');
    await using bo = clientFor(sim);
    sim.control.inject({ route: 'POST /employee/update', kind: 'acceptButIgnore', count: 1 });
    const error = await bo.disableEmployee({ posUserId: target.posUserId }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as Error).message).toMatch(/still active/);
    expect(sim.control.employee(target.id)?.isActive).toBe(true);
  });

  it('says the POST was accepted when only the verification read fails', async () => {
    const target = sim.control.employees().find((e) => e.isActive);
    if (!target) throw new Error('no active employee');
    // The second read of the edit page (the verification) fails, its retry too.
    let reads = 0;
    const { fetch } = recordingFetch();
    await using bo = clientFor(sim, {
      fetch: (input, init) => {
        if (String(input).includes('/employee/edit/') && ++reads === 2) sim.control.inject({ route: 'GET /employee/edit/*', kind: 'serverError', count: 2 });
        return fetch(input, init);
      },
    });
    const error = await bo.disableEmployee({ posUserId: target.posUserId }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as Error).message).toMatch(/was accepted, but reading the employee back failed/);
    expect((error as BackofficeServerError).details).toMatchObject({ employeeId: target.id, verified: false });
    expect(sim.control.employee(target.id)?.isActive).toBe(false);
  });

  it("passes the server's real rejection messages on in a ValidationError", async () => {
    const target = sim.control.employees().find((e) => e.isActive);
    if (!target) throw new Error('no active employee');
    // Drop two fields on the wire, as a partial post would: the server rejects the form.
    const { fetch } = recordingFetch((method, path, body) => {
      if (method !== 'POST' || path !== '/employee/update') return body;
      const form = new URLSearchParams(body);
      form.delete('employee[firstName]');
      form.delete('employee[startDate]');
      return form.toString();
    });
    await using bo = clientFor(sim, { fetch });
    const error = await bo.disableEmployee({ posUserId: target.posUserId }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details['messages']).toEqual(['First Name must be  between 1 and 64 characters long.', 'Start Date must be a valid date.']);
    expect(sim.control.employee(target.id)?.isActive).toBe(true);
  });

  it('leaves an already inactive employee alone, with a warning', async () => {
    const target = sim.control.employees().find((e) => !e.isActive);
    if (!target) throw new Error('no inactive employee');
    await using bo = clientFor(sim);
    const result = await bo.disableEmployee({ posUserId: target.posUserId });
    expect(result.warnings[0]).toMatch(/already inactive/);
    expect(posts()).toEqual([]);
  });
});

describe('createBackofficeUser', () => {
  it('creates a linked user by POS id and by email, with its template and sites applied and read back', async () => {
    const [first, second] = sim.control.employees().filter((e) => e.isActive && e.email && !sim.control.users().some((u) => u.employeeId === e.id));
    if (!first || !second) throw new Error('not enough linkable employees');
    await using bo = clientFor(sim);
    const byPos = await bo.createBackofficeUser({ username: 'linked_one', email: first.email, permission: 'Manager', linkToEmployeePosUserId: first.posUserId });
    // No availableSites: the employee's own sites, not every site.
    const ownSites = first.siteIds === 'all' ? 'all' : sim.control.sites().filter((s) => (first.siteIds as number[]).includes(s.id)).map((s) => s.name);
    expect(byPos).toMatchObject({ mode: 'linked', employeeId: first.id, permission: 'Manager', availableSites: ownSites, templateApplied: true, warnings: [] });
    expect(byPos.generatedPassword).toMatch(/^.{16}$/);
    expect(sim.control.users().find((u) => u.id === byPos.userId)).toMatchObject({ username: 'linked_one', employeeId: first.id, siteIds: first.siteIds, tokens: templateTokens('Manager') });

    const byEmail = await bo.createBackofficeUser({
      username: 'linked_two',
      email: second.email,
      permission: 'General User',
      linkToEmployeeEmail: second.email.toUpperCase(),
      password: 'Sup3r-secret!',
      availableSites: ['WashU Fiesta'],
    });
    expect(byEmail).toMatchObject({ mode: 'linked', employeeId: second.id, templateApplied: true, warnings: [] });
    expect(byEmail.generatedPassword).toBeUndefined();
    const fiesta = sim.control.sites().find((s) => s.name === 'WashU Fiesta');
    expect(sim.control.users().find((u) => u.id === byEmail.userId)).toMatchObject({ siteIds: [fiesta?.id], tokens: templateTokens('General User') });
  });

  it('gives a linked user without availableSites exactly its employee\'s own sites, not every site', async () => {
    const employee = sim.control.employees().find((e) => e.isActive && e.email && !sim.control.users().some((u) => u.employeeId === e.id) && e.siteIds === 'all');
    if (!employee) throw new Error('no linkable employee');
    await using bo = clientFor(sim);
    await bo.updateEmployee({ employeeId: employee.id }, { availableSites: ['WashU Fiesta'] });
    const fiesta = sim.control.sites().find((s) => s.name === 'WashU Fiesta');
    expect(sim.control.employee(employee.id)?.siteIds).toEqual([fiesta?.id]);

    const created = await bo.createBackofficeUser({ username: 'own_sites', email: employee.email, permission: 'Manager', linkToEmployeePosUserId: employee.posUserId });
    expect(created).toMatchObject({ mode: 'linked', availableSites: ['WashU Fiesta'], templateApplied: true, warnings: [] });
    expect(sim.control.users().find((u) => u.id === created.userId)).toMatchObject({ employeeId: employee.id, siteIds: [fiesta?.id], tokens: templateTokens('Manager') });
    expect(posts('/user/permissions/update').at(-1)?.body?.some(([k]) => k === 'isAllRegionsAllowed')).toBe(false);
  });

  it('creates a standalone user', async () => {
    await using bo = clientFor(sim);
    const created = await bo.createBackofficeUser({ username: 'outside_auditor', email: 'auditor@example.invalid', permission: 'Administrator', firstName: 'Out', lastName: 'Side' });
    expect(created.mode).toBe('standalone');
    expect(sim.control.users().find((u) => u.id === created.userId)).toMatchObject({ username: 'outside_auditor', employeeId: null, firstName: 'Out' });
  });

  it('reads the new user back: an insert answered as success but not applied is not reported as created', async () => {
    await using bo = clientFor(sim);
    sim.control.inject({ route: 'POST /user/insert', kind: 'acceptButIgnore', count: 1 });
    const input = { username: 'ghost_user', email: 'ghost.user@example.invalid', permission: 'Manager', firstName: 'Gho', lastName: 'St' };
    const error = await bo.createBackofficeUser(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as Error).message).toMatch(/does not exist: the insert was not applied/);
    expect((error as BackofficeServerError).details).toMatchObject({ applied: false });
    expect(sim.control.users().some((u) => u.username === 'ghost_user')).toBe(false);
    // Said safe to try again, and it is.
    const created = await bo.createBackofficeUser(input);
    expect(sim.control.users().find((u) => u.id === created.userId)?.username).toBe('ghost_user');
  });

  it("raises BackofficeServerError with the server's message when the linked employee is inactive", async () => {
    const inactive = sim.control.employees().find((e) => !e.isActive);
    if (!inactive) throw new Error('no inactive employee');
    await using bo = clientFor(sim);
    const error = await bo
      .createBackofficeUser({ username: 'too_late', email: 'late@example.invalid', permission: 'Manager', linkToEmployeePosUserId: inactive.posUserId })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as Error).message).toMatch(/related employee is active/);
  });

  it('raises DuplicateError for a taken username and NotFoundError for an unknown link', async () => {
    const existing = sim.control.users()[0];
    if (!existing) throw new Error('no seeded user');
    await using bo = clientFor(sim);
    const error = await bo
      .createBackofficeUser({ username: existing.username, email: 'fresh@example.invalid', permission: 'Manager', firstName: 'Du', lastName: 'Plicate' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuplicateError);
    expect((error as DuplicateError).field).toBe('username');
    await expect(
      bo.createBackofficeUser({ username: 'nobody_here', email: 'n@example.invalid', permission: 'Manager', linkToEmployeePosUserId: 99_999_997 }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('concurrent use of one client', () => {
  it("keeps a rejection's one-time flash for the operation that caused it, while other calls render pages", async () => {
    const target = sim.control.employees().find((e) => e.isActive);
    if (!target) throw new Error('no active employee');
    let background: Promise<unknown> | undefined;
    // Drop the start date on the wire so the server rejects the update; as its answer arrives,
    // another call of the same client renders a page (which takes the session's pending flash).
    const racing = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const isUpdate = init?.method === 'POST' && String(input).endsWith('/employee/update');
      if (!isUpdate || typeof init.body !== 'string') return fetch(input, init);
      const form = new URLSearchParams(init.body);
      form.delete('employee[startDate]');
      const response = await fetch(input, { ...init, body: form.toString() });
      background = bo.listSites({ refresh: true });
      await new Promise((resolve) => setTimeout(resolve, 150));
      return response;
    };
    const bo: BackofficeClient = clientFor(sim, { fetch: racing });
    const error = await bo.disableEmployee({ posUserId: target.posUserId }).catch((e: unknown) => e);
    await background;
    await bo.close();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details['messages']).toEqual(['Start Date must be a valid date.']);
  });
});

describe('session and failures over HTTP', () => {
  it('makes exactly one login for 50 parallel first calls', async () => {
    await using bo = clientFor(sim);
    const calls = Array.from({ length: 50 }, (_, i) => (i % 2 ? bo.listSites() : bo.isPosUserIdAvailable(i + 1)));
    await Promise.all(calls);
    expect(sim.control.requests().filter((r) => r.path === '/login_check')).toHaveLength(1);
  });

  it('renews a session the server expired', async () => {
    await using bo = clientFor(sim);
    await bo.listSites();
    sim.control.expireSessions();
    await bo.listSites({ refresh: true });
    expect(bo.loginCount).toBe(2);
  });

  it('raises AuthenticationError for wrong credentials, without the password anywhere', async () => {
    await using bo = clientFor(sim, { password: 'not-the-password' });
    const error = await bo.listSites().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(JSON.stringify(error) + String(error)).not.toContain('not-the-password');
  });

  it('raises BackofficeServerError for persistent 5xx and for a broken page, naming the page', async () => {
    await using bo = clientFor(sim);
    sim.control.inject({ route: 'GET /employee/create', kind: 'serverError', status: 503 });
    await expect(bo.listSites()).rejects.toThrow(/HTTP 503/);
    sim.control.clearFaults();
    sim.control.inject({ route: 'GET /employee/create', kind: 'brokenMarkup' });
    const error = await bo.listSites().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as WashOpsError).details).toMatchObject({ page: 'employee-create' });
  });

  it('renews only once: a session lost again right after the renewal is an AuthenticationError', async () => {
    await using bo = clientFor(sim);
    await bo.listSites();
    sim.control.inject({ route: 'GET /employee/create', kind: 'expireSession', count: 2 });
    const error = await bo.listSites({ refresh: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toMatch(/Re-authentication failed/);
    expect(bo.loginCount).toBe(2);
  });

  it('validates every input before sending anything', async () => {
    await using bo = clientFor(sim);
    sim.control.clearRequests();
    const attempts: Array<() => Promise<unknown>> = [
      () => bo.createEmployee(newEmployee({ email: 'not-an-email' })),
      () => bo.createEmployee(newEmployee({ posPin: 123 })),
      () => bo.disableEmployee({}),
      () => bo.disableEmployee({ posUserId: 5, email: 'a@b.co' }),
      () => bo.createBackofficeUser({ username: 'ok_name', email: 'a@b.co', permission: 'Manager' }),
      () => bo.createBackofficeUser({ username: 'ok_name', email: 'a@b.co', permission: 'Manager', linkToEmployeePosUserId: 1, firstName: 'A', lastName: 'B' }),
      () => bo.isPosUserIdAvailable(-3),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toBeInstanceOf(ValidationError);
    expect(sim.control.requests()).toEqual([]);
  });
});

describe('Back Office user duplicates and empty tenants', () => {
  it('raises DuplicateError (field email) when a new Back Office user takes an employee email', async () => {
    const taken = sim.control.employees().find((e) => e.email);
    if (!taken) throw new Error('no employee with email');
    await using bo = clientFor(sim);
    const error = await bo
      .createBackofficeUser({ username: 'dup_email', email: taken.email, permission: 'Manager', firstName: 'Du', lastName: 'Plicate' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuplicateError);
    expect((error as DuplicateError).field).toBe('email');
  });

  it('raises NotFoundError when no employee exists to read the POS templates from', async () => {
    const empty = await startBackofficeSimulator({ seed: 'empty', employeeCount: 0 });
    try {
      await using bo = clientFor(empty);
      const error = await bo.listPermissions({ scope: 'pos' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as Error).message).toMatch(/no employee/);
      expect((await bo.listPermissions({ scope: 'backoffice' })).length).toBeGreaterThan(0);
      expect(await bo.listEmployees()).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});
