/**
 * POS permissions and Back Office templates over real HTTP against the simulator: each write posts the
 * whole form, sends nothing when a name is unknown, and is reported done only once a read confirms it.
 */
import { POS_PERMISSIONS, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { BackofficeServerError, LookupError, NotFoundError, ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import type { WriteStep } from '../src/index.js';
import { clientFor, newEmployee, postsOf, recordingFetch, templateTokens } from './support/harness.js';
import { simulatorPerFile } from './support/simulator-per-file.js';

let sim: BackofficeSimulator;
simulatorPerFile({ seed: 'permissions' }, (started) => (sim = started));

const posts = (path?: string) => postsOf(sim, path);
const sent = (path: string, field: string) => posts(path).at(-1)?.body?.filter(([k]) => k === field).map(([, v]) => v) ?? [];
/** A form body without the first field whose name matches, when `when` holds. */
const withoutFirstField = (body: string, when: boolean, name: RegExp): string => {
  if (!when) return body;
  const pairs = [...new URLSearchParams(body)];
  const at = pairs.findIndex(([k]) => name.test(k));
  return new URLSearchParams(pairs.filter((_, i) => i !== at)).toString();
};
const steps = () => {
  const seen: WriteStep[] = [];
  return { seen, onStep: (step: WriteStep) => void seen.push(step) };
};

describe('setEmployeePermission', () => {
  it('gives an employee a template by POS id (name case-insensitive): the whole matrix once, read back', async () => {
    await using bo = clientFor(sim);
    const input = newEmployee({ permission: 'General User' });
    const { employeeId } = await bo.createEmployee(input);
    sim.control.clearRequests();
    const cashier = (await bo.listPermissions({ scope: 'pos' })).find((p) => p.name === 'Cashier');
    const { seen, onStep } = steps();

    const result = await bo.setEmployeePermission({ posUserId: input.posUserId }, '  CASHIER ', { onStep });
    expect(result).toEqual({ employeeId, posUserId: input.posUserId, templateId: cashier?.id, template: 'Cashier', warnings: [] });
    const stored = sim.control.employee(employeeId);
    expect(cashier?.scope === 'pos' && [stored?.grants, stored?.overrides]).toEqual(cashier?.scope === 'pos' ? [cashier.grants, cashier.overrides] : null);
    expect(posts().map((r) => r.path)).toEqual(['/employee/permissions/update']);
    // Every permission of the schema is posted, not only the granted ones: the server applies exactly the submitted matrix.
    expect(sent('/employee/permissions/update', 'templateId')).toEqual([String(cashier?.id)]);
    expect(posts('/employee/permissions/update')[0]?.body?.filter(([k]) => /^permissions\[\d+\]\[id\]$/.test(k))).toHaveLength(new Set(POS_PERMISSIONS.map((p) => p.id)).size);
    expect(seen).toMatchObject([
      { step: 'resolveEmployee', done: [], remaining: ['applyPermissions'], employeeId, posUserId: input.posUserId },
      { step: 'applyPermissions', done: ['applyPermissions'], remaining: [], employeeId },
    ]);
  });

  it('by employee id, reports the POS user id the page shows; already on the template it posts nothing and warns', async () => {
    await using bo = clientFor(sim);
    const input = newEmployee({ permission: 'Manager' });
    const { employeeId } = await bo.createEmployee(input);
    sim.control.clearRequests();
    const result = await bo.setEmployeePermission({ employeeId }, 'manager');
    expect(result).toMatchObject({ employeeId, posUserId: input.posUserId, template: 'Manager' });
    expect(result.warnings).toEqual([`Employee ${employeeId} already has the permissions of template 'Manager'; nothing was changed.`]);
    expect(posts()).toEqual([]);
  });

  it('refuses an unknown template with NotFoundError naming the tenant templates, and an unknown employee, before any POST', async () => {
    await using bo = clientFor(sim);
    const input = newEmployee();
    await bo.createEmployee(input);
    sim.control.clearRequests();
    const error = await bo.setEmployeePermission({ posUserId: input.posUserId }, 'Wizard').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toMatch(/^Permission template 'Wizard' was not found on this tenant\. Available templates: Manager, Cashier, General User/);
    expect((error as NotFoundError).details).toMatchObject({ template: 'Wizard', available: expect.arrayContaining(['Manager', 'Cashier']) });
    await expect(bo.setEmployeePermission({ posUserId: 1_999_999 }, 'Manager')).rejects.toBeInstanceOf(NotFoundError);
    await expect(bo.setEmployeePermission({ employeeId: 999_999 }, 'Manager')).rejects.toBeInstanceOf(NotFoundError);
    await expect(bo.setEmployeePermission({ posUserId: input.posUserId }, '   ')).rejects.toBeInstanceOf(ValidationError);
    expect(posts()).toEqual([]);
  });

  it('raises BackofficeServerError (applied: false) when the POST is accepted but the read-back shows the old matrix', async () => {
    await using bo = clientFor(sim);
    const input = newEmployee({ permission: 'General User' });
    const { employeeId } = await bo.createEmployee(input);
    const before = sim.control.employee(employeeId);
    sim.control.inject({ route: 'POST /employee/permissions/update', kind: 'acceptButIgnore', count: 1 });
    const { seen, onStep } = steps();
    const error = await bo.setEmployeePermission({ employeeId }, 'Manager', { onStep }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as BackofficeServerError).details).toMatchObject({ applied: false, storedGrants: before?.grants });
    expect((error as Error).message).toMatch(/'Manager' was answered as applied, but \/employee\/permissions\/\d+ shows grants \[22\]/);
    expect(seen.map((s) => s.step)).toEqual(['resolveEmployee']);
    expect(sim.control.employee(employeeId)?.grants).toEqual(before?.grants);
  });

  it('raises BackofficeServerError (verified: false, not applied: false) when the read-back changed, but not to the template', async () => {
    // The posted matrix loses one grant on its way: the server stores a set that is neither the old one nor the template's.
    const dropOneGrant = (method: string, path: string, body: string) => withoutFirstField(body, path === '/employee/permissions/update', /\[hasGrantAccess\]$/);
    await using creator = clientFor(sim);
    const { employeeId } = await creator.createEmployee(newEmployee({ permission: 'General User' }));
    await using bo = clientFor(sim, { fetch: recordingFetch(dropOneGrant).fetch });
    const before = sim.control.employee(employeeId)?.grants ?? [];
    const error = await bo.setEmployeePermission({ employeeId }, 'Manager').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    const stored = sim.control.employee(employeeId)?.grants;
    expect(stored).not.toEqual(before);
    expect((error as BackofficeServerError).details).toMatchObject({ verified: false, storedGrants: stored });
    expect((error as BackofficeServerError).details).not.toHaveProperty('applied');
    expect((error as Error).message).toMatch(/the permissions changed, but not to the template$/);
  });

  it('settles a lost answer by the read-back: applied is a success, never a second POST', async () => {
    await using bo = clientFor(sim);
    const { employeeId } = await bo.createEmployee(newEmployee({ permission: 'General User' }));
    sim.control.clearRequests();
    sim.control.inject({ route: 'POST /employee/permissions/update', kind: 'dropAfterApply', count: 1 });
    const result = await bo.setEmployeePermission({ employeeId }, 'Shift Leader');
    expect(result.template).toBe('Shift Leader');
    expect(posts('/employee/permissions/update')).toHaveLength(1);
  });
});

describe('listBackofficeUsers', () => {
  it('lists every user of /user (all statuses), cached until refresh or a Back Office write', async () => {
    const recorder = recordingFetch();
    await using bo = clientFor(sim, { fetch: recorder.fetch });
    const users = await bo.listBackofficeUsers();
    expect(users).toEqual(
      sim.control
        .users()
        .map((u) => ({ userId: u.id, username: u.username, email: u.email, firstName: u.firstName, lastName: u.lastName, active: u.active }))
        .sort((a, b) => a.username.toLowerCase().localeCompare(b.username.toLowerCase())),
    );
    const reads = () => recorder.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/user?')).map((c) => c.path);
    expect(reads()).toEqual(['/user?statusSearch=all&limit=10000']);

    await bo.listBackofficeUsers();
    expect(reads()).toHaveLength(1);
    await bo.listBackofficeUsers({ refresh: true });
    expect(reads()).toHaveLength(2);

    const created = await bo.createBackofficeUser({ username: 'listed_later', email: 'listed.later@example.invalid', permission: 'Manager', firstName: 'Lis', lastName: 'Ted' });
    expect((await bo.listBackofficeUsers()).map((u) => u.userId)).toContain(created.userId);
  });
});

describe('applyBackofficeTemplate', () => {
  it('gives a user the template by username, keeping its accessible sites exactly as they were; read back', async () => {
    await using bo = clientFor(sim);
    const fiesta = sim.control.sites().find((s) => s.name === 'WashU Fiesta');
    const created = await bo.createBackofficeUser({ username: 'kept_sites', email: 'kept.sites@example.invalid', permission: 'General User', firstName: 'Kept', lastName: 'Sites', availableSites: ['WashU Fiesta'] });
    expect(sim.control.users().find((u) => u.id === created.userId)).toMatchObject({ siteIds: [fiesta?.id], tokens: templateTokens('General User') });
    sim.control.clearRequests();
    const { seen, onStep } = steps();

    const result = await bo.applyBackofficeTemplate({ username: 'KEPT_SITES' }, 'general manager', { onStep });
    expect(result).toEqual({ userId: created.userId, username: 'kept_sites', templateId: 42, template: 'General Manager', accessibleSites: ['WashU Fiesta'], warnings: [] });
    expect(sim.control.users().find((u) => u.id === created.userId)).toMatchObject({ siteIds: [fiesta?.id], tokens: templateTokens('General Manager') });
    expect(posts().map((r) => r.path)).toEqual(['/user/permissions/update']);
    expect(sent('/user/permissions/update', 'template')).toEqual(['42']);
    expect(sent('/user/permissions/update', 'siteIds[]')).toEqual([String(fiesta?.id)]);
    const body = posts('/user/permissions/update')[0]?.body ?? [];
    const enabled = body.filter(([k]) => /\[isEnabled\]$/.test(k)).map(([k]) => body.find(([t]) => t === k.replace('[isEnabled]', '[token]'))?.[1]);
    expect(enabled.sort()).toEqual([...templateTokens('General Manager')].sort());
    expect(body.filter(([k]) => /\[token\]$/.test(k))).toHaveLength(105);
    expect(seen).toEqual([
      { step: 'resolveEmployee', done: [], remaining: ['applyBackofficeTemplate'], userId: created.userId },
      { step: 'applyBackofficeTemplate', done: ['applyBackofficeTemplate'], remaining: [], userId: created.userId },
    ]);
  });

  it('by user id on an all-regions user keeps all regions; the same template again posts nothing and warns', async () => {
    await using bo = clientFor(sim);
    const seeded = sim.control.users().find((u) => u.siteIds === 'all' && u.username !== 'bot');
    if (!seeded) throw new Error('no seeded all-regions user');
    sim.control.clearRequests();
    const result = await bo.applyBackofficeTemplate({ userId: seeded.id }, 'Shift Leader');
    expect(result).toMatchObject({ userId: seeded.id, username: seeded.username, template: 'Shift Leader', accessibleSites: 'all', warnings: [] });
    expect(sim.control.users().find((u) => u.id === seeded.id)).toMatchObject({ siteIds: 'all', tokens: templateTokens('Shift Leader') });
    expect(sent('/user/permissions/update', 'isAllRegionsAllowed')).toHaveLength(1);

    sim.control.clearRequests();
    const again = await bo.applyBackofficeTemplate({ userId: seeded.id }, 'shift leader');
    expect(again.warnings).toEqual([`Back Office user ${seeded.id} already has the permissions of template 'Shift Leader'; nothing was changed.`]);
    expect(posts()).toEqual([]);
  });

  it('refuses an unknown template, an unknown user and a user without any accessible site before any POST', async () => {
    await using bo = clientFor(sim);
    const bare = await bo.createBackofficeUser({ username: 'no_sites_yet', email: 'no.sites@example.invalid', permission: 'Manager', firstName: 'No', lastName: 'Sites', applyTemplate: false });
    sim.control.clearRequests();

    const unknown = await bo.applyBackofficeTemplate({ userId: bare.userId }, 'Cashier').catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect((unknown as Error).message).toBe(
      "Back Office permission template 'Cashier' was not found on this tenant. Available templates: Administrator, Manager, General User, General Manager, Shift Leader",
    );
    await expect(bo.applyBackofficeTemplate({ username: 'nobody_here' }, 'Manager')).rejects.toBeInstanceOf(NotFoundError);
    await expect(bo.applyBackofficeTemplate({ userId: 9_999_999 }, 'Manager')).rejects.toBeInstanceOf(NotFoundError);

    const noSites = await bo.applyBackofficeTemplate({ username: 'no_sites_yet' }, 'Manager').catch((e: unknown) => e);
    expect(noSites).toBeInstanceOf(ValidationError);
    expect((noSites as Error).message).toMatch(/has no accessible site, and the BackOffice refuses a template without one/);
    expect((noSites as ValidationError).details).toMatchObject({ userId: bare.userId, applied: false });
    expect(posts()).toEqual([]);
  });

  it("passes the server's refusal on as a ValidationError with its message, nothing changed", async () => {
    // Strip the sites on the wire: the server answers as it does for a form without any accessible site.
    const siteField = /^(?:isAll|disabled|siteIds)/;
    const { fetch } = recordingFetch((method, path, body) => {
      if (method !== 'POST' || path !== '/user/permissions/update') return body;
      return new URLSearchParams([...new URLSearchParams(body)].filter(([k]) => !siteField.test(k))).toString();
    });
    await using bo = clientFor(sim, { fetch });
    const seeded = sim.control.users().find((u) => u.siteIds === 'all' && u.username !== 'bot');
    const before = sim.control.users().find((u) => u.id === seeded?.id);
    const error = await bo.applyBackofficeTemplate({ userId: seeded?.id ?? 0 }, 'Manager').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toContain('Accessible Sites requires no less than 1 valid selection.');
    expect((error as ValidationError).details).toMatchObject({ userId: seeded?.id, applied: false });
    expect(posts('/user/permissions/update')[0]?.location).toMatch(new RegExp(`^/user/permissions/${seeded?.id}\\?userIsNew=&actionXfer=[A-Za-z0-9]{8}$`));
    expect(sim.control.users().find((u) => u.id === seeded?.id)).toEqual(before);
  });

  it('raises BackofficeServerError (applied: false) when the POST is accepted but ignored', async () => {
    await using bo = clientFor(sim);
    const seeded = sim.control.users().find((u) => u.siteIds === 'all' && u.username !== 'bot');
    sim.control.inject({ route: 'POST /user/permissions/update', kind: 'acceptButIgnore', count: 1 });
    const { seen, onStep } = steps();
    const error = await bo.applyBackofficeTemplate({ userId: seeded?.id ?? 0 }, 'Administrator', { onStep }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as BackofficeServerError).details).toMatchObject({ userId: seeded?.id, applied: false, expectedTokens: templateTokens('Administrator') });
    expect((error as Error).message).toMatch(/'Administrator' was answered as applied, but \/user\/permissions\/\d+ shows/);
    expect(seen.map((s) => s.step)).toEqual(['resolveEmployee']);
  });

  it('raises BackofficeServerError (verified: false, not applied: false) when the user changed, but not to the template', async () => {
    const dropOneToken = (method: string, path: string, body: string) => withoutFirstField(body, path === '/user/permissions/update', /\[isEnabled\]$/);
    await using bo = clientFor(sim, { fetch: recordingFetch(dropOneToken).fetch });
    const seeded = sim.control.users().find((u) => u.siteIds === 'all' && u.username !== 'bot' && u.tokens.length < templateTokens('Administrator').length);
    const before = seeded?.tokens ?? [];
    const error = await bo.applyBackofficeTemplate({ userId: seeded?.id ?? 0 }, 'Administrator').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    const stored = sim.control.users().find((u) => u.id === seeded?.id)?.tokens;
    expect(stored).toHaveLength(templateTokens('Administrator').length - 1);
    expect(stored).not.toEqual(before);
    expect((error as BackofficeServerError).details).toMatchObject({ userId: seeded?.id, verified: false, storedTokens: expect.arrayContaining(stored ?? []) });
    expect((error as BackofficeServerError).details).not.toHaveProperty('applied');
    expect((error as Error).message).toMatch(/the user changed, but not to the template$/);
  });

  it('refuses a template naming a token the page has no box for, before any POST', async () => {
    const seeded = sim.control.users().find((u) => u.siteIds === 'all' && u.username !== 'bot');
    const [token] = templateTokens('Administrator');
    const { fetch: recorded } = recordingFetch();
    // The matrix loses the box of one of the template's tokens, as a page of another BackOffice version might.
    const withoutBox = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const response = await recorded(input, init);
      if ((init?.method ?? 'GET') !== 'GET' || !String(input).includes('/user/permissions/')) return response;
      const page = (await response.text()).replace(`value="${token}"`, 'value="someOtherToken"');
      return new Response(page, { status: response.status, headers: response.headers });
    };
    await using bo = clientFor(sim, { fetch: withoutBox as typeof fetch });
    sim.control.clearRequests();
    const error = await bo.applyBackofficeTemplate({ userId: seeded?.id ?? 0 }, 'Administrator').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as BackofficeServerError).details).toMatchObject({ userId: seeded?.id, missingTokens: [token], applied: false });
    expect((error as Error).message).toContain(String(token));
    expect(posts()).toEqual([]);
  });

  it('refuses to post back a permissions form cut short, sending nothing', async () => {
    await using bo = clientFor(sim);
    const seeded = sim.control.users().find((u) => u.siteIds === 'all' && u.username !== 'bot');
    sim.control.clearRequests();
    sim.control.inject({ route: 'GET /user/permissions/*', kind: 'truncatedForm', cutAt: '<h2>Permissions</h2>', count: 1 });
    const error = await bo.applyBackofficeTemplate({ userId: seeded?.id ?? 0 }, 'Manager').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as BackofficeServerError).details).toMatchObject({ page: 'user-permissions', missing: expect.arrayContaining(['</form>', 'submit button', 'perms[0][token]']) });
    expect(posts()).toEqual([]);
  });
});

describe('createBackofficeUser with applyTemplate', () => {
  it('applies the template and the sites by default, without the "assign it by hand" warning', async () => {
    await using bo = clientFor(sim);
    const sites = sim.control.sites().filter((s) => s.name === 'WashU Fiesta' || s.code === 'NOLO');
    const { seen, onStep } = steps();
    const created = await bo.createBackofficeUser(
      { username: 'with_template', email: 'with.template@example.invalid', permission: 'general user', firstName: 'With', lastName: 'Template', availableSites: ['WashU Fiesta', 'nolo'] },
      { onStep },
    );
    expect(created).toMatchObject({ mode: 'standalone', permission: 'General User', templateApplied: true, warnings: [] });
    expect(sim.control.users().find((u) => u.id === created.userId)).toMatchObject({ tokens: templateTokens('General User'), siteIds: sites.map((s) => s.id).sort((a, b) => a - b) });
    expect(posts().map((r) => r.path)).toEqual(['/user/insert', '/user/permissions/update']);
    // The form the insert redirected to is the one posted back, as a browser saves it.
    expect(sent('/user/permissions/update', 'userIsNew')).toEqual(['1']);
    expect(seen.map((s) => [s.step, s.done, s.remaining])).toEqual([
      ['createBackofficeUser', ['createBackofficeUser'], ['applyBackofficeTemplate']],
      ['applyBackofficeTemplate', ['createBackofficeUser', 'applyBackofficeTemplate'], []],
    ]);
  });

  it('with applyTemplate: false keeps the warning and posts only the insert', async () => {
    await using bo = clientFor(sim);
    const created = await bo.createBackofficeUser({ username: 'by_hand', email: 'by.hand@example.invalid', permission: 'Manager', firstName: 'By', lastName: 'Hand', applyTemplate: false });
    expect(created).toMatchObject({ templateApplied: false });
    expect(created.warnings).toEqual(["The permission template 'Manager' was not applied: assign it in the Back Office user list (/user, shield icon)."]);
    expect(posts().map((r) => r.path)).toEqual(['/user/insert']);
    expect(sim.control.users().find((u) => u.id === created.userId)).toMatchObject({ tokens: [], siteIds: [] });
  });

  it('refuses an unknown template or site before any POST', async () => {
    await using bo = clientFor(sim);
    const base = { username: 'never_made', email: 'never.made@example.invalid', firstName: 'Nev', lastName: 'Er' };
    const template = await bo.createBackofficeUser({ ...base, permission: 'Cashier' }).catch((e: unknown) => e);
    expect(template).toBeInstanceOf(NotFoundError);
    expect((template as Error).message).toMatch(/template 'Cashier' was not found on this tenant\. Available templates: Administrator, Manager/);
    await expect(bo.createBackofficeUser({ ...base, permission: 'Manager', availableSites: ['Atlantis'] })).rejects.toBeInstanceOf(LookupError);
    expect(posts()).toEqual([]);
    expect(sim.control.users().some((u) => u.username === 'never_made')).toBe(false);
  });

  it('on a tenant without any Back Office user yet, checks the template on the new user page: unknown is a partial failure', async () => {
    // The first user's page is where the templates are read before the insert; with no user listed there is none.
    const emptyList = '<table class="table table-users-list"><tbody></tbody></table>';
    const noUsers: typeof fetch = async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if ((init?.method ?? 'GET') === 'GET' && url.pathname === '/user' && url.search === '') return new Response(emptyList, { status: 200 });
      return fetch(input, init);
    };
    await using bo = clientFor(sim, { fetch: noUsers });
    const made = await bo.createBackofficeUser({ username: 'first_user', email: 'first.user@example.invalid', permission: 'manager', firstName: 'Fir', lastName: 'St' });
    expect(made).toMatchObject({ templateApplied: true, permission: 'Manager' });

    const error = await bo.createBackofficeUser({ username: 'second_user', email: 'second.user@example.invalid', permission: 'Cashier', firstName: 'Sec', lastName: 'Ond' }).catch((e: unknown) => e);
    const user = sim.control.users().find((u) => u.username === 'second_user');
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toMatch(/^Back Office user 'second_user' \(id \d+\) was created, but its permission template was not applied: Back Office permission template 'Cashier' was not found/);
    expect((error as NotFoundError).details).toMatchObject({ userId: user?.id, completedSteps: ['createBackofficeUser'], remainingSteps: ['applyBackofficeTemplate'] });
    expect(posts('/user/permissions/update')).toHaveLength(1);
  });

  it('reports a partial failure naming the created user when the template step fails', async () => {
    await using bo = clientFor(sim);
    sim.control.inject({ route: 'POST /user/permissions/update', kind: 'acceptButIgnore', count: 1 });
    const { seen, onStep } = steps();
    const error = await bo
      .createBackofficeUser({ username: 'half_made', email: 'half.made@example.invalid', permission: 'Manager', firstName: 'Half', lastName: 'Made' }, { onStep })
      .catch((e: unknown) => e);
    const user = sim.control.users().find((u) => u.username === 'half_made');
    expect(user).toMatchObject({ tokens: [], siteIds: [] });
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as Error).message).toMatch(new RegExp(`^Back Office user 'half_made' \\(id ${user?.id}\\) was created, but its permission template was not applied: .*Do not create the user again\\.$`));
    expect((error as BackofficeServerError).details).toMatchObject({
      userId: user?.id,
      username: 'half_made',
      templateApplied: false,
      failedStep: 'applyBackofficeTemplate',
      completedSteps: ['createBackofficeUser'],
      unverifiedSteps: [],
      remainingSteps: ['applyBackofficeTemplate'],
    });
    expect(seen.map((s) => s.step)).toEqual(['createBackofficeUser']);
  });

  it('calls the template step unverified, not "not done", when its answer is lost and no read can tell', async () => {
    await using bo = clientFor(sim, { getRetries: 0 });
    sim.control.inject({ route: 'POST /user/permissions/update', kind: 'drop', count: 1 });
    // The read-back fails too, and only that read: the fault is set as the template POST leaves.
    const onPost = (path: string) => void (path === '/user/permissions/update' && sim.control.inject({ route: 'GET /user/permissions/*', kind: 'serverError', count: 1 }));
    const error = await bo
      .createBackofficeUser({ username: 'lost_template', email: 'lost.template@example.invalid', permission: 'Manager', firstName: 'Lo', lastName: 'St' }, { onPost })
      .catch((e: unknown) => e);
    expect((error as BackofficeServerError).details).toMatchObject({ completedSteps: ['createBackofficeUser'], unverifiedSteps: ['applyBackofficeTemplate'], remainingSteps: [] });
    expect((error as Error).message).toMatch(/may or may not have been applied/);
  });
});

describe('createEmployee with requiresBackoffice', () => {
  it('gives the linked user the template named like the POS one and the employee sites, verified', async () => {
    await using bo = clientFor(sim);
    const username = `linked_mgr_${Date.now()}`;
    const created = await bo.createEmployee(newEmployee({ permission: 'Manager', requiresBackoffice: true, backofficeUsername: username }));
    const user = sim.control.users().find((u) => u.username === username);
    expect(user).toMatchObject({ id: created.backofficeUser?.userId, employeeId: created.employeeId, siteIds: [1, 17], tokens: templateTokens('Manager') });
    expect(created.warnings.join(' ')).not.toMatch(/template/);
    expect(posts().map((r) => r.path)).toEqual(['/employee/insert', '/employee/permissions/update', '/user/insert', '/user/permissions/update']);
  });

  it('reports the employee created and the template step left when that step fails', async () => {
    await using bo = clientFor(sim);
    sim.control.inject({ route: 'POST /user/permissions/update', kind: 'acceptButIgnore', count: 1 });
    const username = `linked_half_${Date.now()}`;
    const error = await bo.createEmployee(newEmployee({ permission: 'Manager', requiresBackoffice: true, backofficeUsername: username })).catch((e: unknown) => e);
    const user = sim.control.users().find((u) => u.username === username);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as BackofficeServerError).details).toMatchObject({
      userId: user?.id,
      completedSteps: ['insertEmployee', 'verifySites', 'applyPermissions', 'createBackofficeUser'],
      remainingSteps: ['applyBackofficeTemplate'],
    });
    expect((error as Error).message).toMatch(/was created, but step 'applyBackofficeTemplate' failed: Back Office user '.*' \(id \d+\) was created, but its permission template was not applied/);
  });
});
