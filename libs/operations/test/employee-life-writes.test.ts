/**
 * The five writes of an employee's life through Operations, over real HTTP against the simulator (with its
 * faults): one finished event per write with the actor, the channel, the target the write learned, the input
 * with its secrets replaced, the outcome, and the plan recorded from the start.
 */
import type { SimEmployee } from '@washops/backoffice-simulator';
import { NotFoundError, ValidationError, WashOpsError } from '@washops/shared-errors';
import type { Store } from '@washops/store';
import { expect, it } from 'vitest';
import type { ActorOperations } from '../src/index.js';
import { describeEachBackend, eventsOf, newest, operationsFor, useSimulator, vendorPosts, watchingFetch } from './support.js';

const sim = useSimulator('operations-employee-life');
const assistant = { channel: 'mcp', name: 'assistant-token' } as const;
const UNKNOWN_POS_USER_ID = 98_765_432;

const correlationIdOf = (error: unknown) => (error as WashOpsError).details['correlationId'] as string;
const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

const employeeWhere = (where: (e: SimEmployee) => boolean) => sim().control.employees().find((e) => e.posUserId !== null && where(e))!;
const MANAGER_GRANTS = Array.from({ length: 34 }, (_, i) => i + 1).join();

interface WriteCase {
  operation: string;
  plan: string[];
  /** The vendor POST of the write, and the page its read-back verifies. */
  post: string;
  readBack: string;
  /** The target as the succeeded event records it. */
  target(): Record<string, unknown>;
  write(ops: ActorOperations): Promise<unknown>;
  /** The same write aimed at nobody: refused before any POST. */
  unknown(ops: ActorOperations): Promise<unknown>;
  input(): Record<string, unknown>;
  summary(result: unknown): Record<string, unknown>;
}

const byPos = (where: (e: SimEmployee) => boolean) => {
  let chosen: SimEmployee | undefined;
  return () => (chosen ??= employeeWhere(where));
};

function cases(): WriteCase[] {
  const active = byPos((e) => e.isActive);
  const inactive = byPos((e) => !e.isActive);
  const notManager = byPos((e) => e.isActive && e.grants.join() !== MANAGER_GRANTS);
  const user = () => sim().control.users().find((u) => u.username !== 'bot')!;
  const effectiveDate = inTwoWeeks();
  const employeeTarget = (e: () => SimEmployee) => () => ({ employeeId: e().id, posUserId: e().posUserId });
  return [
    {
      operation: 'employee.update',
      plan: ['updateEmployee'],
      post: '/employee/update',
      readBack: 'GET /employee/edit/*',
      target: employeeTarget(active),
      write: (ops) => ops.updateEmployee({ posUserId: active().posUserId! }, { phone: '(555) 301-0101' }),
      unknown: (ops) => ops.updateEmployee({ posUserId: UNKNOWN_POS_USER_ID }, { phone: '(555) 301-0101' }),
      input: () => ({ posUserId: active().posUserId, changes: { phone: '5553010101' } }),
      summary: () => ({ employeeId: active().id, changed: ['phone'], unchanged: [], warnings: [] }),
    },
    {
      operation: 'employee.reactivate',
      plan: ['reactivateEmployee'],
      post: '/employee/update',
      readBack: 'GET /employee/edit/*',
      target: employeeTarget(inactive),
      write: (ops) => ops.reactivateEmployee({ posUserId: inactive().posUserId! }),
      unknown: (ops) => ops.reactivateEmployee({ posUserId: UNKNOWN_POS_USER_ID }),
      input: () => ({ posUserId: inactive().posUserId }),
      summary: (result) => ({ employeeId: inactive().id, reactivatedAt: (result as { reactivatedAt: string }).reactivatedAt, warnings: [] }),
    },
    {
      operation: 'employee.set_wage',
      plan: ['setWage'],
      post: '/employee/compensation/update',
      readBack: 'GET /employee/compensation/*',
      target: employeeTarget(active),
      write: (ops) => ops.setWage({ posUserId: active().posUserId! }, { regularRate: 19.75, effectiveDate }),
      unknown: (ops) => ops.setWage({ posUserId: UNKNOWN_POS_USER_ID }, { regularRate: 19.75 }),
      // The caller's dollars and date, as asked.
      input: () => ({ posUserId: active().posUserId, regularRate: 19.75, effectiveDate }),
      summary: () => ({ employeeId: active().id, wage: expect.objectContaining({ regularRateCents: 1975, effectiveDate }), warnings: [] }),
    },
    {
      operation: 'employee.set_permission',
      plan: ['applyPermissions'],
      post: '/employee/permissions/update',
      readBack: 'GET /employee/permissions/*',
      target: employeeTarget(notManager),
      write: (ops) => ops.setEmployeePermission({ employeeId: notManager().id }, 'manager'),
      unknown: (ops) => ops.setEmployeePermission({ posUserId: UNKNOWN_POS_USER_ID }, 'Manager'),
      input: () => ({ employeeId: notManager().id, template: 'manager' }),
      summary: () => ({ employeeId: notManager().id, template: 'Manager', warnings: [] }),
    },
    {
      operation: 'backoffice_user.apply_template',
      plan: ['applyBackofficeTemplate'],
      post: '/user/permissions/update',
      readBack: 'GET /user/permissions/*',
      target: () => ({ backofficeUsername: user().username, backofficeUserId: user().id }),
      write: (ops) => ops.applyBackofficeTemplate({ username: user().username }, 'Manager'),
      unknown: (ops) => ops.applyBackofficeTemplate({ username: 'nobodyHere123' }, 'Manager'),
      input: () => ({ username: user().username, template: 'Manager' }),
      summary: () => ({ userId: user().id, username: user().username, template: 'Manager', accessibleSites: 'all', warnings: [] }),
    },
  ];
}

/** The target an unfinished or failed event holds: a user's id is learned only from the outcome. */
const knownBeforeOutcome = (c: WriteCase) => {
  const { backofficeUserId: _learnedAtTheEnd, ...known } = c.target();
  return known;
};

const single = async (store: Store, error: unknown) => {
  const events = await eventsOf(store, correlationIdOf(error));
  expect(events).toHaveLength(1);
  return events[0]!;
};

describeEachBackend('the employee\'s life, audited', (store) => {
  it.each(cases().map((c) => [c.operation, c] as const))('%s: one succeeded event with the actor, the channel, the target learned, the input and the outcome', async (_name, c) => {
    const before = (await newest(store(), 500)).length;
    const result = await c.write(operationsFor(store(), sim()).as(assistant));
    const events = await newest(store(), 500);
    expect(events).toHaveLength(before + 1);
    const [event] = events;
    expect(event).toMatchObject({
      actor: 'assistant-token',
      channel: 'mcp',
      operation: c.operation,
      state: 'succeeded',
      target: c.target(),
      input: c.input(),
      steps: { done: c.plan, unverified: [], remaining: [] },
      outcome: { summary: c.summary(result) },
    });
    expect(event!.finishedAt).toBeInstanceOf(Date);
  });

  it.each(cases().map((c) => [c.operation, c] as const))('%s: aimed at nobody, one failed event and not one POST', async (_name, c) => {
    const error = await c.unknown(operationsFor(store(), sim()).as(assistant)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(await single(store(), error)).toMatchObject({ state: 'failed', outcome: { code: 'NOT_FOUND' }, steps: { done: [], unverified: [], remaining: c.plan } });
    expect(vendorPosts(sim())).toEqual([]);
  });

  // An update the server confirms while its page disagrees may have stored some of it: partial. The other
  // writes read back one thing (a status, a record, a matrix) that shows plainly whether it was applied.
  const confirmedButNotShown = cases().map((c) => [c.operation, c, c.operation === 'employee.update' ? 'partial' : 'failed'] as const);

  it.each(confirmedButNotShown)('%s: answered as saved but not shown by the read-back: %s', async (_name, c, state) => {
    sim().control.inject({ route: `POST ${c.post}`, kind: 'acceptButIgnore', count: 1 });
    const error = await c.write(operationsFor(store(), sim()).as(assistant)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WashOpsError);
    expect((error as WashOpsError).details['applied']).toBe(state === 'failed' ? false : undefined);
    expect(await single(store(), error)).toMatchObject({
      state,
      target: knownBeforeOutcome(c),
      outcome: { code: 'BACKOFFICE_SERVER_ERROR' },
      steps: state === 'failed' ? { done: [], unverified: [], remaining: c.plan } : { done: [], unverified: c.plan, remaining: [] },
    });
    expect(vendorPosts(sim())).toEqual([c.post]);
  });

  it.each(cases().map((c) => [c.operation, c] as const))('%s: posted, but the read-back cannot be made: partial with the step unverified', async (_name, c) => {
    const watching = watchingFetch();
    watching.afterAnswer(`POST ${c.post}`, () => sim().control.inject({ route: c.readBack, kind: 'serverError', count: 10 }));
    const error = await c.write(operationsFor(store(), sim(), undefined, watching.fetch).as(assistant)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WashOpsError);
    expect(await single(store(), error)).toMatchObject({ state: 'partial', target: knownBeforeOutcome(c), steps: { done: [], unverified: c.plan, remaining: [] } });
  });

  it.each(cases().map((c) => [c.operation, c] as const))('%s: the event names its plan and its target while the POST is on its way', async (_name, c) => {
    sim().control.inject({ route: `POST ${c.post}`, kind: 'slow', delayMs: 1500, count: 1 });
    const pending = c.write(operationsFor(store(), sim()).as(assistant));
    await expect.poll(() => vendorPosts(sim()).includes(c.post), { timeout: 10_000 }).toBe(true);
    const [started] = await newest(store(), 1);
    expect(started).toMatchObject({ operation: c.operation, state: 'started', finishedAt: null, steps: { done: [], unverified: [], remaining: c.plan } });
    expect(started!.target).toMatchObject(knownBeforeOutcome(c));
    await pending;
    expect((await newest(store(), 1))[0]).toMatchObject({ id: started!.id, state: 'succeeded' });
  });

  it('updateEmployee with a new PIN records it as "set" and keeps the number nowhere; the summary names it as changed', async () => {
    const ops = operationsFor(store(), sim()).as(assistant);
    const someone = employeeWhere((e) => e.isActive && e.posPin !== 40_417);
    await ops.updateEmployee({ employeeId: someone.id }, { posPin: 40_417, emergencyContactName: 'Robin Example' });
    const [event] = await newest(store(), 1);
    expect(event).toMatchObject({
      state: 'succeeded',
      target: { employeeId: someone.id, posUserId: someone.posUserId },
      input: { employeeId: someone.id, changes: { posPin: 'set', emergencyContactName: 'Robin Example' } },
    });
    expect([...(event!.outcome!.summary!['changed'] as string[])].sort()).toEqual(['emergencyContactName', 'posPin']);
    expect(JSON.stringify(event)).not.toContain('40417');
    expect(sim().control.employee(someone.id)!.posPin).toBe(40_417);
  });

  it('setWage with an effective date the server would ignore: one failed event naming the earliest date, and not one POST', async () => {
    const ops = operationsFor(store(), sim()).as(assistant);
    const someone = employeeWhere((e) => e.isActive);
    const latest = someone.wageHistory.map((w) => w.effectiveDate).sort().at(-1)!;
    const error = await ops.setWage({ posUserId: someone.posUserId! }, { regularRate: 25, effectiveDate: latest }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    const event = await single(store(), error);
    expect(event).toMatchObject({ state: 'failed', target: { employeeId: someone.id }, outcome: { code: 'VALIDATION_ERROR' }, steps: { done: [], unverified: [], remaining: ['setWage'] } });
    const earliest = new Date(Date.parse(`${latest}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(event.outcome!.message).toContain(earliest);
    expect(vendorPosts(sim())).toEqual([]);
  });

  it('reactivateEmployee of an active employee: succeeded with a warning, and nothing posted', async () => {
    const ops = operationsFor(store(), sim()).as(assistant);
    const someone = employeeWhere((e) => e.isActive);
    await ops.reactivateEmployee({ posUserId: someone.posUserId! });
    const [event] = await newest(store(), 1);
    expect(event).toMatchObject({ state: 'succeeded', outcome: { summary: { employeeId: someone.id, warnings: [expect.stringMatching(/already active/i)] } } });
    expect(vendorPosts(sim())).toEqual([]);
  });
});
