import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import {
  AuthenticationError,
  BackofficeServerError,
  DuplicateError,
  LookupError,
  NotFoundError,
  ValidationError,
  type WashOpsError,
} from '@washops/shared-errors';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LINKED_USER_WARNING, type BackofficeClient } from '../src/index.js';
import { clientFor, countWaves, newEmployee, recordingFetch } from './support/harness.js';

let sim: BackofficeSimulator;

beforeAll(async () => {
  sim = await startBackofficeSimulator({ seed: 'client-tests' });
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(() => {
  sim.control.reset();
});

const posts = (path?: string) =>
  sim.control.requests().filter((r) => r.method === 'POST' && r.path !== '/login_check' && (path === undefined || r.path === path));

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

describe('createEmployee', () => {
  it('creates the employee with the encoded sites, the full permission matrix and a linked Back Office user', async () => {
    await using bo = clientFor(sim);
    const username = `tp_${Date.now()}`;
    const input = newEmployee({ requiresBackoffice: true, backofficeUsername: username, emergencyContactPhone: '555 010 7777' });
    const created = await bo.createEmployee(input);
    expect(created).toMatchObject({ posUserId: input.posUserId, permission: 'Cashier', wageSite: 'WashU Fiesta' });
    expect(created.posPin).toBeGreaterThanOrEqual(10_000);
    expect(created.backofficeUser?.generatedPassword).toHaveLength(16);

    const stored = sim.control.employee(created.employeeId);
    const cashier = (await bo.listPermissions({ scope: 'pos' })).find((p) => p.name === 'Cashier');
    expect(stored).toMatchObject({
      firstName: 'Test',
      email: input.email,
      phone: input.phone.replace(/\D/g, ''),
      posUserId: input.posUserId,
      posPin: created.posPin,
      isActive: true,
      siteIds: [1, 17],
      departmentIds: [3],
      startDate: '2026-05-01',
      emergencyContactPhone: '5550107777',
    });
    expect(cashier?.scope === 'pos' && stored?.grants).toEqual(cashier?.scope === 'pos' ? cashier.grants : null);
    expect(cashier?.scope === 'pos' && stored?.overrides).toEqual(cashier?.scope === 'pos' ? cashier.overrides : null);
    expect(stored?.wage).toMatchObject({ siteId: 1 });
    const user = sim.control.users().find((u) => u.username === username);
    expect(user).toMatchObject({ employeeId: created.employeeId });
    expect(created.backofficeUser?.userId).toBe(user?.id);
    expect(created.warnings.join(' ')).toMatch(/permission template/);
    // The index was dropped by the write: the new POS id is known without a refresh.
    expect(await bo.isPosUserIdAvailable(input.posUserId)).toBe(false);
  });

  it('applies "all" sites with the all-regions switch and keeps a caller PIN and overtime rate', async () => {
    await using bo = clientFor(sim);
    const created = await bo.createEmployee(newEmployee({ availableSites: 'all', posPin: 54321, overtimeWageRate: '30.10', wageRate: '20' }));
    const stored = sim.control.employee(created.employeeId);
    expect(stored?.siteIds).toBe('all');
    expect(stored?.posPin).toBe(54321);
    expect(created.wageSite).toBe('Wash 37135');
    expect(stored?.wage).toMatchObject({ siteId: 17 });
  });

  it('falls back to General User with a warning when the template is unknown', async () => {
    await using bo = clientFor(sim);
    const created = await bo.createEmployee(newEmployee({ permission: 'Chief Wizard' }));
    expect(created.permission).toBe('General User');
    expect(created.warnings).toContainEqual(expect.stringMatching(/'Chief Wizard' was not found.*'General User'/));
    expect(sim.control.employee(created.employeeId)?.grants).toEqual([22]);
  });

  it('raises LookupError listing the known sites (or departments) after the discovery GETs and before any POST', async () => {
    await using bo = clientFor(sim);
    const error = await bo.createEmployee(newEmployee({ availableSites: ['WashU Fiesta', 'Atlantis'] })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LookupError);
    expect((error as Error).message).toMatch(/'Atlantis'.*Known sites: .*WashU Fiesta \(FIESTA\)/);
    await expect(bo.createEmployee(newEmployee({ departments: ['Valet'] }))).rejects.toBeInstanceOf(LookupError);
    await expect(bo.createEmployee(newEmployee({ departments: [] }))).rejects.toBeInstanceOf(ValidationError);
    expect(posts()).toEqual([]);
  });

  it('rejects duplicates of POS id, email and phone by the pre-check, before any POST', async () => {
    await using bo = clientFor(sim);
    const taken = sim.control.employees().find((e) => e.email && e.phone.replace(/\D/g, '').length >= 9);
    if (!taken) throw new Error('no suitable seeded employee');
    for (const [field, override] of [
      ['posUserId', { posUserId: taken.posUserId }],
      ['email', { email: taken.email.toUpperCase() }],
      ['phone', { phone: taken.phone }],
    ] as const) {
      const error = await bo.createEmployee(newEmployee(override)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateError);
      expect((error as DuplicateError).field).toBe(field);
    }
    expect(posts()).toEqual([]);
  });

  it("maps the server's own duplicate answer to DuplicateError (a race the pre-check could not see)", async () => {
    await using stale = clientFor(sim);
    await using other = clientFor(sim);
    const input = newEmployee();
    await stale.isPosUserIdAvailable(1); // fills the index
    await other.createEmployee(input);
    const error = await stale.createEmployee(newEmployee({ posUserId: input.posUserId })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuplicateError);
    expect((error as DuplicateError).field).toBe('posUserId');
    expect((error as Error).message).toMatch(/already taken/);
    expect(sim.control.employees().filter((e) => e.posUserId === input.posUserId)).toHaveLength(1);
    // The answer dropped the stale index: the next check knows the POS id is taken.
    expect(await stale.isPosUserIdAvailable(input.posUserId)).toBe(false);
  });

  it('survives a session that expires in the middle: before the insert and before the permission step', async () => {
    await using bo = clientFor(sim);
    await bo.listSites();
    sim.control.inject({ route: 'POST /employee/insert', kind: 'expireSession', count: 1 });
    sim.control.inject({ route: 'POST /employee/permissions/update', kind: 'expireSession', count: 1 });
    const input = newEmployee({ permission: 'Shift Leader' });
    const created = await bo.createEmployee(input);
    expect(sim.control.employees().filter((e) => e.posUserId === input.posUserId)).toHaveLength(1);
    expect(sim.control.employee(created.employeeId)?.overrides).toEqual([18, 33]);
    expect(bo.loginCount).toBe(3);
  });

  it('never re-sends an insert whose answer was lost; a roster read shows it was not applied', async () => {
    await using bo = clientFor(sim);
    await bo.listSites();
    sim.control.inject({ route: 'POST /employee/insert', kind: 'drop', count: 1 });
    const input = newEmployee();
    const error = await bo.createEmployee(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as Error).message).toMatch(new RegExp(`no employee with POS user id ${input.posUserId}: the insert was not applied`));
    expect((error as BackofficeServerError).details).toMatchObject({ posUserId: input.posUserId, applied: false, completedSteps: [] });
    expect(posts('/employee/insert')).toHaveLength(1);
    // This drop came before the server handled the insert: nothing exists (the next test covers the other case).
    expect(sim.control.employees().filter((e) => e.posUserId === input.posUserId)).toHaveLength(0);
  });

  it('never re-sends an insert the server applied but whose answer was lost: the roster finds it and the create goes on', async () => {
    await using bo = clientFor(sim);
    await bo.listSites();
    sim.control.inject({ route: 'POST /employee/insert', kind: 'dropAfterApply', count: 1 });
    const input = newEmployee();
    const created = await bo.createEmployee(input);
    expect(posts('/employee/insert')).toHaveLength(1);
    const stored = sim.control.employees().filter((e) => e.posUserId === input.posUserId);
    expect(stored.map((e) => e.id)).toEqual([created.employeeId]);
    expect(stored[0]?.grants.length).toBeGreaterThan(0);
  });

  it('says how to find out when an insert lost its answer and the roster cannot be read either', async () => {
    await using bo = clientFor(sim);
    await Promise.all([bo.listSites(), bo.isPosUserIdAvailable(1)]);
    sim.control.inject({ route: 'POST /employee/insert', kind: 'dropAfterApply', count: 1 });
    sim.control.inject({ route: 'GET /employee', kind: 'serverError', count: 2 });
    const input = newEmployee();
    const error = await bo.createEmployee(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as Error).message).toMatch(new RegExp(`isPosUserIdAvailable\\(${input.posUserId}`));
    expect((error as BackofficeServerError).details).toMatchObject({ posUserId: input.posUserId, completedSteps: [], unverifiedSteps: ['insertEmployee'], mayHaveBeenProcessed: true });
    expect(posts('/employee/insert')).toHaveLength(1);
    expect(await bo.isPosUserIdAvailable(input.posUserId, { refresh: true })).toBe(false);
  });

  it('reports a failure between the insert and the permission step with the new employee id', async () => {
    await using bo = clientFor(sim);
    sim.control.inject({ route: 'POST /employee/permissions/update', kind: 'serverError', count: 1 });
    const input = newEmployee();
    const error = await bo.createEmployee(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    const details = (error as BackofficeServerError).details;
    const stored = sim.control.employees().find((e) => e.posUserId === input.posUserId);
    expect(details).toMatchObject({ employeeId: stored?.id, completedSteps: ['insertEmployee', 'verifySites'], remainingSteps: ['applyPermissions'] });
    expect((error as Error).message).toContain(`Employee ${stored?.id} was created`);
    expect(stored?.grants).toEqual([]);
  });

  it('settles a lost answer by a read: a Back Office user the server applied is found on /user, not sent twice', async () => {
    await using bo = clientFor(sim);
    sim.control.inject({ route: 'POST /user/insert', kind: 'dropAfterApply', count: 1 });
    const username = `lost_${Date.now()}`;
    const created = await bo.createEmployee(newEmployee({ requiresBackoffice: true, backofficeUsername: username }));
    const users = sim.control.users().filter((u) => u.username === username);
    expect(users).toHaveLength(1);
    expect(created.backofficeUser?.userId).toBe(users[0]?.id);
    expect(users[0]?.employeeId).toBe(created.employeeId);
    expect(posts('/user/insert')).toHaveLength(1);
  });

  it('does not call a step whose answer was lost "not done" when no read can tell: it is unverified', async () => {
    await using bo = clientFor(sim);
    sim.control.inject({ route: 'POST /user/insert', kind: 'dropAfterApply', count: 1 });
    sim.control.inject({ route: 'GET /user', kind: 'serverError', count: 2 });
    const username = `lost_${Date.now()}`;
    const error = await bo.createEmployee(newEmployee({ requiresBackoffice: true, backofficeUsername: username })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as BackofficeServerError).details).toMatchObject({
      completedSteps: ['insertEmployee', 'verifySites', 'applyPermissions'],
      unverifiedSteps: ['createBackofficeUser'],
      remainingSteps: [],
      mayHaveBeenProcessed: true,
    });
    expect((error as Error).message).toMatch(/'createBackofficeUser' may or may not have been applied/);
    expect((error as Error).message).not.toMatch(/Not done/);
    expect(sim.control.users().filter((u) => u.username === username)).toHaveLength(1);
  });

  it('stops before the permissions when the stored sites differ from the request', async () => {
    // Tamper with the insert on the wire: site 17 is sent as denied, so the server stores only site 1.
    const { fetch } = recordingFetch((method, path, body) =>
      method === 'POST' && path === '/employee/insert'
        ? body.replace('employee%5Bsites%5D%5B17%5D%5BsiteId%5D=17', 'employee%5Bsites%5D%5B17%5D%5BisAvailable%5D=17')
        : body,
    );
    await using bo = clientFor(sim, { fetch });
    const error = await bo.createEmployee(newEmployee()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as Error).message).toMatch(/Site access verification failed .* expected \[1,17\], stored \[1\]/);
    expect((error as BackofficeServerError).details).toMatchObject({ remainingSteps: ['verifySites', 'applyPermissions'] });
    expect(posts('/employee/permissions/update')).toEqual([]);
  });

  it('works on a flat tenant (blocklist encoding and read-back)', async () => {
    const flat = await startBackofficeSimulator({ tenant: 'flat', seed: 'client-flat' });
    try {
      await using bo = clientFor(flat);
      const sites = await bo.listSites();
      expect(sites.every((s) => s.regionId === null)).toBe(true);
      const one = await bo.createEmployee(newEmployee({ availableSites: ['niles', 'WashU Berwyn'] }));
      expect(flat.control.employee(one.employeeId)?.siteIds).toEqual([4, 12]);
      const all = await bo.createEmployee(newEmployee({ availableSites: 'all' }));
      expect(flat.control.employee(all.employeeId)?.siteIds).toBe('all');
    } finally {
      await flat.close();
    }
  });

  it('makes 6 requests when warm (each of the 3 POSTs followed by the read that confirms it) and fills cold caches in at most 2 waves', async () => {
    const recorder = recordingFetch();
    await using bo = clientFor(sim, { fetch: recorder.fetch });
    await bo.createEmployee(newEmployee());
    const firstPost = recorder.calls.findIndex((c) => c.method === 'POST' && c.path !== '/login_check');
    const fills = recorder.calls.slice(0, firstPost).filter((c) => !c.path.startsWith('/login'));
    expect(countWaves(fills)).toBeLessThanOrEqual(2);

    await bo.listSites();
    await bo.isEmailAvailable('x@y.co');
    recorder.calls.length = 0;
    await bo.createEmployee(newEmployee({ requiresBackoffice: true, backofficeUsername: `warm_${Date.now()}` }));
    expect(recorder.calls.map((c) => `${c.method} ${c.path.replace(/\d+/g, 'N')}`)).toEqual([
      'POST /employee/insert',
      'GET /employee/edit/N',
      'POST /employee/permissions/update',
      'GET /employee/permissions/N',
      'POST /user/insert',
      'GET /user/permissions/N?userIsNew=N',
    ]);
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
  it('creates a linked user by POS id and by email, echoing the permission with a warning', async () => {
    const [first, second] = sim.control.employees().filter((e) => e.isActive && e.email && !sim.control.users().some((u) => u.employeeId === e.id));
    if (!first || !second) throw new Error('not enough linkable employees');
    await using bo = clientFor(sim);
    const byPos = await bo.createBackofficeUser({ username: 'linked_one', email: first.email, permission: 'Manager', linkToEmployeePosUserId: first.posUserId });
    expect(byPos).toMatchObject({ mode: 'linked', employeeId: first.id, permission: 'Manager', availableSites: 'all' });
    expect(byPos.generatedPassword).toMatch(/^.{16}$/);
    expect(byPos.warnings[0]).toMatch(/'Manager' was not applied/);
    expect(sim.control.users().find((u) => u.id === byPos.userId)).toMatchObject({ username: 'linked_one', employeeId: first.id });

    const byEmail = await bo.createBackofficeUser({
      username: 'linked_two',
      email: second.email,
      permission: 'General User',
      linkToEmployeeEmail: second.email.toUpperCase(),
      password: 'Sup3r-secret!',
      availableSites: ['WashU Fiesta'],
    });
    expect(byEmail).toMatchObject({ mode: 'linked', employeeId: second.id });
    expect(byEmail.generatedPassword).toBeUndefined();
    expect(byEmail.warnings).toHaveLength(2);
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
