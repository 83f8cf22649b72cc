import { BackofficeClient } from '@washops/backoffice-client';
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { backofficeConnectionOf, Operations } from '@washops/operations';
import { NotFoundError } from '@washops/shared-errors';
import type { AuditEvent, Store } from '@washops/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter, createCaller, createPortalContext, hashPassword, publicErrorOf, type PortalDeps } from '../src/index.js';
import { employeeLifeScenarios, expectCode, postedButUnread, withFault as withSimFault, type Scenario } from './audit-scenarios.js';
import { browserRequest, callerAs, errorOf, makeDeps, sessionCookieOf, TEST_PASSWORD_COST } from './helpers.js';

/*
 * The proof that every write leaves a trail: each mutation of the router is either listed here as
 * changing no vendor record and no account, or has scenarios (success, a typed failure, and for the
 * BackOffice writes a partial failure) that must each leave exactly one finished audit event naming
 * the signed-in user on the `portal` channel. A new mutation in neither list fails the first test.
 */

const NOT_AUDITED: Record<string, string> = {
  'auth.signIn': 'starts a session of the portal user: no vendor record or account changes',
  'auth.signOut': 'ends a session: no vendor record or account changes',
  'transactions.exports.start': 'reads transactions into a file of the user’s own: nothing changes at the tenant',
  'transactions.exports.cancel': 'stops such a read',
  'transactions.exports.rerun': 'starts such a read again',
  'bulk.check': 'the dry run of a bulk file: reads the tenant, writes nothing',
  'bulk.cancel': 'asks a bulk run to stop; the rows it wrote are audited one by one',
  'sync.backfill': 'queues reads of transactions into the warehouse: nothing changes at the tenant',
  'sync.pause': 'holds the warehouse sync (the sync control keeps who paused): nothing changes at the tenant',
  'sync.resume': 'lets the warehouse sync go on: nothing changes at the tenant',
  'sync.retryFailed': 'queues failed reads again: nothing changes at the tenant',
  'sync.resources.backfill': 'queues reads of the other Data API resources into the warehouse: nothing changes at the tenant',
  'sync.resources.retryFailed': 'queues failed resource reads again: nothing changes at the tenant',
};

const BOT = { username: 'bot', password: 'bot-password-a11d' };
const ACTOR = 'auditor';
const ACTOR_PASSWORD = 'auditor password 1';

let sim: BackofficeSimulator;
let client: BackofficeClient;
let deps: PortalDeps;

beforeAll(async () => {
  sim = await startBackofficeSimulator({ port: 0, seed: 'audit', users: [BOT], employeeCount: 20 });
  client = new BackofficeClient({ subdomain: 'demo', ...BOT, baseUrl: sim.url });
  deps = await makeDeps(client);
  await deps.store.users.add({ username: ACTOR, role: 'admin', passwordHash: await hashPassword(ACTOR_PASSWORD, TEST_PASSWORD_COST) });
});

afterAll(async () => {
  deps?.exports.close();
  await deps?.bulkRuns.close();
  await client?.close();
  await sim?.close();
});

type Caller = ReturnType<typeof createCaller>;

/** A caller signed in as `username` (a fresh session each call, as a browser's cookie would be). */
function callerNamed(on: PortalDeps, username: string): Caller {
  return createCaller(async () => createPortalContext(on, browserRequest({ cookieHeader: await sessionCookieOf(on, username) })));
}

/** Operations whose store refuses to change portal users (a failure inside the write, after its event started). */
function withFailingUserWrites(on: PortalDeps): PortalDeps {
  const refuse = async () => {
    throw new NotFoundError('No such portal user (it went away mid-write).');
  };
  const users = new Proxy(on.store.users, {
    get: (target, key, receiver) =>
      ['add', 'setRole', 'setPasswordHash', 'disable', 'enable'].includes(String(key)) ? refuse : (Reflect.get(target, key, receiver) as unknown),
  });
  const store = new Proxy(on.store, { get: (target, key, receiver) => (key === 'users' ? users : (Reflect.get(target, key, receiver) as unknown)) }) as Store;
  return { ...on, operations: new Operations({ store, backoffice: backofficeConnectionOf(client) }) };
}

let serial = 0;
function newEmployee(overrides: Record<string, unknown> = {}) {
  serial += 1;
  const taken = new Set(sim.control.employees().map((e) => e.posUserId));
  let posUserId = 8200 + serial;
  while (taken.has(posUserId)) posUserId += 100;
  return {
    firstName: 'Audit',
    lastName: `Trail${serial}`,
    phone: `(555) 020-${String(1000 + serial).slice(-4)}`,
    email: `audit.trail${serial}@example.com`,
    posUserId,
    wageRate: '15.00',
    startDate: '2026-11-02',
    availableSites: 'all' as const,
    permission: 'Cashier',
    departments: ['Cashier'],
    ...overrides,
  };
}

const withFault = <T>(faults: Parameters<BackofficeSimulator['control']['inject']>[0][], run: () => Promise<T>) => withSimFault(sim, faults, run);

const actor = () => callerNamed(deps, ACTOR);

/** A bulk file of one new hire, as the page uploads it. */
function bulkFileOf(hire: ReturnType<typeof newEmployee>) {
  const cells: Record<string, string> = { ...hire, posUserId: String(hire.posUserId), departments: hire.departments.join(';') };
  const csv = `${Object.keys(cells).join(',')}\r\n${Object.values(cells).join(',')}\r\n`;
  return { kind: 'create' as const, fileName: `audit-${hire.posUserId}.csv`, contentBase64: Buffer.from(csv).toString('base64') };
}

/** A bulk run works in the background: the scenario ends when the run does. */
async function bulkStarted(run: () => Promise<{ id: string }>): Promise<void> {
  await deps.bulkRuns.settled((await run()).id);
}

/** A recorded run of one hire by the audited actor, cancelled before any row (as a stop would leave it). */
let cancelledRunId = '';
async function cancelledBulkRun(): Promise<number> {
  const changes = deps.bulkRuns.changes;
  const { run } = await changes.prepare({ channel: 'portal', name: ACTOR }, changes.parseCsv('create', { name: 'resume.csv', content: Buffer.from(bulkFileOf(newEmployee()).contentBase64, 'base64') }));
  cancelledRunId = (await changes.cancel(run.id)).id;
  return 0;
}

const insertFails = [{ route: 'POST /employee/insert', kind: 'serverError' as const, status: 500 }];
const permissionsFail = [{ route: 'POST /employee/permissions/update', kind: 'serverError' as const, status: 500 }];

const SCENARIOS: Record<string, Scenario[]> = {
  'employees.create': [
    { name: 'success', operation: 'employee.create', state: 'succeeded', run: () => actor().employees.create(newEmployee()) },
    {
      name: 'a taken POS id',
      operation: 'employee.create',
      state: 'failed',
      run: () => expectCode(actor().employees.create(newEmployee({ posUserId: sim.control.employees().find((e) => e.isActive)!.posUserId })), 'CONFLICT'),
    },
    {
      name: 'the permissions step fails after the insert',
      operation: 'employee.create',
      state: 'partial',
      run: () =>
        withFault([{ route: 'POST /employee/permissions/update', kind: 'serverError', status: 500 }], () =>
          expectCode(actor().employees.create(newEmployee()), 'BAD_GATEWAY'),
        ),
    },
  ],
  'employees.disable': [
    {
      name: 'success',
      operation: 'employee.disable',
      state: 'succeeded',
      prepare: async () => (await callerAs(deps, 'admin').employees.create(newEmployee())).posUserId,
      run: (posUserId) => actor().employees.disable({ posUserId }),
    },
    { name: 'an unknown POS id', operation: 'employee.disable', state: 'failed', run: () => expectCode(actor().employees.disable({ posUserId: 999_002 }), 'NOT_FOUND') },
    {
      name: 'the disable is posted but cannot be read back',
      operation: 'employee.disable',
      state: 'partial',
      prepare: async () => (await callerAs(deps, 'admin').employees.create(newEmployee())).posUserId,
      run: (posUserId) => postedButUnread(sim, 'POST /employee/update', 'GET /employee/edit/*', () => actor().employees.disable({ posUserId })),
    },
  ],
  'backofficeUsers.create': [
    {
      name: 'success',
      operation: 'backoffice_user.create',
      state: 'succeeded',
      run: () => actor().backofficeUsers.create({ username: 'audit_standalone', email: 'audit.standalone@example.com', permission: 'Manager', firstName: 'A', lastName: 'S' }),
    },
    {
      name: 'a link to an unknown POS id',
      operation: 'backoffice_user.create',
      state: 'failed',
      run: () =>
        expectCode(actor().backofficeUsers.create({ username: 'audit_nobody', email: 'audit.nobody@example.com', permission: 'Manager', linkToEmployeePosUserId: 999_003 }), 'NOT_FOUND'),
    },
    {
      name: 'the user is inserted but cannot be read back',
      operation: 'backoffice_user.create',
      state: 'partial',
      run: () =>
        withFault(
          [
            { route: 'GET /user/permissions/*', kind: 'serverError', status: 500 },
            { route: 'GET /user/edit/*', kind: 'serverError', status: 500 },
          ],
          () => expectCode(actor().backofficeUsers.create({ username: 'audit_unread', email: 'audit.unread@example.com', permission: 'Manager', firstName: 'U', lastName: 'R' }), 'BAD_GATEWAY'),
        ),
    },
  ],
  'portalUsers.add': [
    { name: 'success', operation: 'portal_user.add', state: 'succeeded', run: () => actor().portalUsers.add({ username: 'audit-added', role: 'viewer' }) },
    { name: 'a taken name', operation: 'portal_user.add', state: 'failed', run: () => expectCode(actor().portalUsers.add({ username: 'viewer', role: 'viewer' }), 'CONFLICT') },
  ],
  'portalUsers.setRole': [
    { name: 'success', operation: 'portal_user.set_role', state: 'succeeded', run: () => actor().portalUsers.setRole({ username: 'audit-added', role: 'admin' }) },
    { name: 'an unknown name', operation: 'portal_user.set_role', state: 'failed', run: () => expectCode(actor().portalUsers.setRole({ username: 'nobody-here', role: 'admin' }), 'NOT_FOUND') },
  ],
  'portalUsers.resetPassword': [
    { name: 'success', operation: 'portal_user.reset_password', state: 'succeeded', run: () => actor().portalUsers.resetPassword({ username: 'audit-added' }) },
    {
      name: 'the user goes away mid-write',
      operation: 'portal_user.reset_password',
      state: 'failed',
      run: () => expectCode(callerNamed(withFailingUserWrites(deps), ACTOR).portalUsers.resetPassword({ username: 'audit-added' }), 'NOT_FOUND'),
    },
  ],
  'portalUsers.disable': [
    { name: 'success', operation: 'portal_user.disable', state: 'succeeded', run: () => actor().portalUsers.disable({ username: 'audit-added' }) },
    { name: 'an unknown name', operation: 'portal_user.disable', state: 'failed', run: () => expectCode(actor().portalUsers.disable({ username: 'nobody-here' }), 'NOT_FOUND') },
  ],
  'portalUsers.enable': [
    { name: 'success', operation: 'portal_user.enable', state: 'succeeded', run: () => actor().portalUsers.enable({ username: 'audit-added' }) },
    { name: 'an unknown name', operation: 'portal_user.enable', state: 'failed', run: () => expectCode(actor().portalUsers.enable({ username: 'nobody-here' }), 'NOT_FOUND') },
  ],
  'auth.changePassword': [
    {
      name: 'success',
      operation: 'portal_user.change_password',
      state: 'succeeded',
      run: async () => {
        await actor().auth.changePassword({ currentPassword: ACTOR_PASSWORD, newPassword: `${ACTOR_PASSWORD} new` });
        await deps.store.users.setPasswordHash(ACTOR, await hashPassword(ACTOR_PASSWORD, TEST_PASSWORD_COST));
      },
    },
    {
      name: 'the user goes away mid-write',
      operation: 'portal_user.change_password',
      state: 'failed',
      run: () =>
        expectCode(
          callerNamed(withFailingUserWrites(deps), ACTOR).auth.changePassword({
            currentPassword: ACTOR_PASSWORD,
            newPassword: `${ACTOR_PASSWORD} other`,
          }),
          'NOT_FOUND',
        ),
    },
  ],
  // Each row of a run is one audited write as the run's actor (the admin who started it).
  'bulk.start': [
    { name: 'a run of one hire', operation: 'employee.create', state: 'succeeded', run: () => bulkStarted(() => actor().bulk.start(bulkFileOf(newEmployee()))) },
    { name: 'its insert fails', operation: 'employee.create', state: 'failed', run: () => withFault(insertFails, () => bulkStarted(() => actor().bulk.start(bulkFileOf(newEmployee())))) },
    {
      name: 'the permissions step fails after the insert',
      operation: 'employee.create',
      state: 'partial',
      run: () => withFault(permissionsFail, () => bulkStarted(() => actor().bulk.start(bulkFileOf(newEmployee())))),
    },
  ],
  'bulk.resume': [
    { name: 'a cancelled run of one hire', operation: 'employee.create', state: 'succeeded', prepare: cancelledBulkRun, run: () => bulkStarted(() => actor().bulk.resume({ runId: cancelledRunId })) },
    {
      name: 'its insert fails',
      operation: 'employee.create',
      state: 'failed',
      prepare: cancelledBulkRun,
      run: () => withFault(insertFails, () => bulkStarted(() => actor().bulk.resume({ runId: cancelledRunId }))),
    },
  ],
  // A reveal changes nothing, but who saw a customer's contact details is on the record.
  'customers.revealContact': [
    { name: 'a synced customer', operation: 'customer.reveal_contact', state: 'succeeded', prepare: syncedCustomer, run: () => actor().customers.revealContact({ customerId: REVEALED_CUSTOMER }) },
    { name: 'an unknown customer', operation: 'customer.reveal_contact', state: 'failed', run: () => expectCode(actor().customers.revealContact({ customerId: '4199:1001' }), 'NOT_FOUND') },
  ],
  ...employeeLifeScenarios({ sim: () => sim, actor, admin: () => callerAs(deps, 'admin'), newEmployee }),
};

const REVEALED_CUSTOMER = '4100:1001';
/** One customer in the warehouse, as the resources sync stores it. */
async function syncedCustomer(): Promise<number> {
  const createdAt = new Date('2026-01-03T10:00:00Z');
  await deps.store.resources.completeWindow(
    { resource: 'customers', scope: '', windowStart: '2026-01-01', windowEnd: '2026-01-31' },
    { vendorTotal: 1, customers: [{ customerId: REVEALED_CUSTOMER, number: '4100', firstName: 'Grace', lastName: 'Hopper', phone: '(608) 555-0199', isActive: true, createdAt, modifiedAt: null }] },
    new Date(),
  );
  return 0;
}

function mutationPaths(): string[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
  return Object.keys(procedures)
    .filter((path) => procedures[path]!._def.type === 'mutation')
    .sort();
}

/** Every event in the log now, by id. */
async function allEvents(): Promise<Map<string, AuditEvent>> {
  const events = new Map<string, AuditEvent>();
  for await (const event of deps.store.audit.stream({})) events.set(event.id, event);
  return events;
}

async function newEventsDuring(run: () => Promise<unknown>): Promise<AuditEvent[]> {
  const before = await allEvents();
  await run();
  return [...(await allEvents()).values()].filter((event) => !before.has(event.id));
}

describe('the audit trail of every write', () => {
  it('knows every mutation: audited with scenarios, or listed as changing nothing', () => {
    const paths = mutationPaths();
    const unknown = paths.filter((path) => !(path in NOT_AUDITED) && !(path in SCENARIOS));
    expect(unknown, 'mutations with neither an audit scenario nor a reason to have none').toEqual([]);
    expect(Object.keys(SCENARIOS).concat(Object.keys(NOT_AUDITED)).sort()).toEqual(paths);
    for (const [path, scenarios] of Object.entries(SCENARIOS)) {
      expect(scenarios.map((s) => s.state), path).toEqual(expect.arrayContaining(['succeeded', 'failed']));
    }
    const backofficeWrites = ['employees.create', 'employees.disable', 'employees.update', 'employees.reactivate', 'employees.setWage', 'employees.setPermission'];
    for (const path of [...backofficeWrites, 'backofficeUsers.create', 'backofficeUsers.applyTemplate']) {
      expect(SCENARIOS[path]!.map((s) => s.state), path).toContain('partial');
    }
  });

  const cases = Object.entries(SCENARIOS).flatMap(([path, scenarios]) => scenarios.map((scenario) => ({ path, ...scenario })));
  it.each(cases)('$path, $name: one finished event by the signed-in user on the portal channel', async ({ prepare, run, operation, state }) => {
    const prepared = prepare ? await prepare() : 0;
    const events = await newEventsDuring(() => run(prepared));
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({ actor: ACTOR, channel: 'portal', operation, state });
    expect(event!.finishedAt).toBeInstanceOf(Date);
    if (state !== 'succeeded') expect(event!.outcome?.code).toEqual(expect.any(String));
  });

  it('records nothing for the mutations that change nothing, nor for a write refused to a viewer', async () => {
    const events = await newEventsDuring(async () => {
      const cookies: string[] = [];
      const anonymous = createCaller(() => createPortalContext(deps, browserRequest(), (cookie) => cookies.push(cookie)));
      await anonymous.auth.signIn({ username: ACTOR, password: ACTOR_PASSWORD });
      const signedIn = createCaller(() => createPortalContext(deps, browserRequest({ cookieHeader: cookies[0]!.split(';')[0]! })));
      const hourAgo = Math.floor(Date.now() / 1000) - 3600;
      const started = await signedIn.transactions.exports.start({ site: 'ECOM', startDate: hourAgo, endDate: hourAgo + 60 });
      await signedIn.transactions.exports.cancel({ id: started.id }).catch(() => undefined);
      await signedIn.transactions.exports.rerun({ id: started.id }).catch(() => undefined);
      await signedIn.bulk.check(bulkFileOf(newEmployee()));
      await signedIn.auth.signOut();
      await expectCode(callerAs(deps, 'viewer').bulk.start(bulkFileOf(newEmployee())), 'FORBIDDEN');
      await expectCode(callerAs(deps, 'viewer').employees.create(newEmployee()), 'FORBIDDEN');
      await expectCode(callerAs(deps, 'viewer').portalUsers.disable({ username: 'audit-added' }), 'FORBIDDEN');
      const viewer = callerAs(deps, 'viewer');
      const someone = { posUserId: sim.control.employees()[0]!.posUserId };
      await expectCode(viewer.employees.update({ key: someone, changes: { posPin: 24_680 } }), 'FORBIDDEN');
      await expectCode(viewer.employees.reactivate(someone), 'FORBIDDEN');
      await expectCode(viewer.employees.setWage({ key: someone, wage: { regularRate: '20.00' } }), 'FORBIDDEN');
      await expectCode(viewer.employees.setPermission({ key: someone, template: 'Manager' }), 'FORBIDDEN');
      await expectCode(viewer.backofficeUsers.applyTemplate({ key: { username: BOT.username }, template: 'Manager' }), 'FORBIDDEN');
    });
    expect(events).toEqual([]);
  });

  it('shows a failed write’s correlation id as its reference, the one its event carries', async () => {
    let shown: Record<string, unknown> = {};
    let message = '';
    const [event] = await newEventsDuring(async () => {
      const error = await errorOf(
        withFault([{ route: 'POST /employee/permissions/update', kind: 'serverError', status: 500 }], () => actor().employees.create(newEmployee())),
      );
      ({ details: shown, message } = publicErrorOf(error));
    });
    expect(shown['reference']).toBe(event!.correlationId);
    expect(message).toContain(`Reference: ${event!.correlationId}.`);
    expect(event!.state).toBe('partial');
    expect(event!.outcome?.code).toBe('BACKOFFICE_SERVER_ERROR');
    expect(event!.steps?.remaining.length).toBeGreaterThan(0);
    expect(event!.target.employeeId).toEqual(expect.any(Number));
  });
});
