/** createEmployee over real HTTP against the simulator: what is sent, what is stored, what is reported. */
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { BackofficeServerError, DuplicateError, LookupError, NotFoundError, ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { clientFor, countWaves, newEmployee, postsOf, recordingFetch, templateTokens } from './support/harness.js';
import { simulatorPerFile } from './support/simulator-per-file.js';

let sim: BackofficeSimulator;
simulatorPerFile({ seed: 'client-tests' }, (started) => (sim = started));

const posts = (path?: string) => postsOf(sim, path);

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
    // The tenant has no Back Office 'Cashier': no template is granted in its place, and the warning says what to do by hand.
    expect(created.warnings.join(' ')).toMatch(/no Back Office template 'Cashier' on this tenant: Back Office user '\w+' was created without a template or sites; assign them/);
    expect(user?.tokens).toEqual([]);
    expect(posts('/user/permissions/update')).toEqual([]);
    // The index was dropped by the write: the new POS id is known without a refresh.
    expect(await bo.isPosUserIdAvailable(input.posUserId)).toBe(false);
  });

  it('gives the linked user the Back Office template named by backofficePermission with the employee sites; an unknown one is refused before any POST', async () => {
    await using bo = clientFor(sim);
    const username = `bp_${Date.now()}`;
    const seen: string[][] = [];
    const created = await bo.createEmployee(newEmployee({ requiresBackoffice: true, backofficeUsername: username, backofficePermission: 'general user' }), {
      onStep: (s) => void seen.push(s.remaining),
    });
    expect(sim.control.users().find((u) => u.username === username)).toMatchObject({ siteIds: [1, 17], tokens: templateTokens('General User') });
    expect(created.warnings).toEqual([]);
    expect(seen.at(-1)).toEqual([]);

    sim.control.clearRequests();
    const error = await bo
      .createEmployee(newEmployee({ requiresBackoffice: true, backofficeUsername: `bq_${Date.now()}`, backofficePermission: 'Wizard' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toMatch(/'Wizard' was not found on this tenant\. Available templates: .*General User/);
    expect(posts()).toEqual([]);
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
});

describe('createEmployee when an answer is lost, refused or contradicted by a read', () => {
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
    // The Back Office templates are read (and held) first; only the read that would settle the lost answer fails.
    await bo.listPermissions({ scope: 'backoffice' });
    sim.control.inject({ route: 'POST /user/insert', kind: 'dropAfterApply', count: 1 });
    sim.control.inject({ route: 'GET /user', kind: 'serverError', count: 2 });
    const username = `lost_${Date.now()}`;
    const error = await bo.createEmployee(newEmployee({ requiresBackoffice: true, backofficeUsername: username })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as BackofficeServerError).details).toMatchObject({
      completedSteps: ['insertEmployee', 'verifySites', 'applyPermissions'],
      unverifiedSteps: ['createBackofficeUser'],
      remainingSteps: ['applyBackofficeTemplate'],
      mayHaveBeenProcessed: true,
    });
    expect((error as Error).message).toMatch(/'createBackofficeUser' may or may not have been applied/);
    expect((error as Error).message).toMatch(/Not done: applyBackofficeTemplate/);
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
});

describe('createEmployee on a flat tenant and in requests', () => {
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

  it('makes 8 requests when warm (each of the 4 POSTs followed by the read that confirms it) and fills cold caches in at most 2 waves', async () => {
    const recorder = recordingFetch();
    await using bo = clientFor(sim, { fetch: recorder.fetch });
    await bo.createEmployee(newEmployee());
    const firstPost = recorder.calls.findIndex((c) => c.method === 'POST' && c.path !== '/login_check');
    const fills = recorder.calls.slice(0, firstPost).filter((c) => !c.path.startsWith('/login'));
    expect(countWaves(fills)).toBeLessThanOrEqual(2);

    await bo.listSites();
    await bo.isEmailAvailable('x@y.co');
    await bo.listPermissions();
    recorder.calls.length = 0;
    await bo.createEmployee(newEmployee({ requiresBackoffice: true, backofficeUsername: `warm_${Date.now()}`, backofficePermission: 'General User' }));
    expect(recorder.calls.map((c) => `${c.method} ${c.path.replace(/\d+/g, 'N')}`)).toEqual([
      'POST /employee/insert',
      'GET /employee/edit/N',
      'POST /employee/permissions/update',
      'GET /employee/permissions/N',
      'POST /user/insert',
      // The page the insert redirected to confirms the user and is the form the template step posts back.
      'GET /user/permissions/N?userIsNew=N',
      'POST /user/permissions/update',
      'GET /user/permissions/N',
    ]);
  });
});
