/**
 * Each BackOffice write through Operations, over real HTTP against the simulator (with its faults):
 * exactly one finished event per write, with the right state, steps, target and outcome.
 */
import { BackofficeServerError, DuplicateError, NotFoundError, ValidationError, WashOpsError } from '@washops/shared-errors';
import { expect, it } from 'vitest';
import { ABORTED_CODE, needsAttention } from '../src/index.js';
import { describeEachBackend, eventsOf, memoryLogger, newEmployee, newest, operationsFor, useSimulator, vendorPosts, watchingFetch } from './support.js';

const sim = useSimulator('operations-writes');
const admin = { channel: 'portal', name: 'ada' } as const;

const correlationIdOf = (error: unknown) => (error as WashOpsError).details['correlationId'] as string;

describeEachBackend('BackOffice writes', (store) => {
  it('createEmployee: one succeeded event with the new employee, its steps and a summary without the PIN', async () => {
    const logger = memoryLogger();
    const ops = operationsFor(store(), sim(), logger).as(admin);
    const input = newEmployee();
    const created = await ops.createEmployee(input);

    const [event, ...others] = await newest(store());
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      actor: 'ada',
      channel: 'portal',
      operation: 'employee.create',
      state: 'succeeded',
      target: { posUserId: input.posUserId, employeeId: created.employeeId },
      input: { firstName: 'Audit', posUserId: input.posUserId, posPin: 'generated' },
      steps: { done: ['insertEmployee', 'verifySites', 'applyPermissions'], unverified: [], remaining: [] },
      outcome: { summary: { employeeId: created.employeeId, posUserId: input.posUserId, permission: 'Cashier', wageSite: created.wageSite, warnings: [] } },
    });
    expect(event?.finishedAt).toBeInstanceOf(Date);
    expect(JSON.stringify(event)).not.toContain(String(created.posPin));
    expect(created.posPin).toBeGreaterThanOrEqual(10_000); // the caller still gets it, once
    // Every line the write logged carries the event's correlation id.
    expect(logger.lines.length).toBeGreaterThanOrEqual(2);
    for (const line of logger.lines) expect(line.entry['correlationId']).toBe(event?.correlationId);
  });

  it('createEmployee with a Back Office user: the chosen PIN and password are recorded as "set" and appear nowhere', async () => {
    const ops = operationsFor(store(), sim()).as({ channel: 'mcp', name: 'assistant-token' });
    const password = `Chosen-Secret-${Date.now()}`;
    const username = `audit_${Date.now()}`;
    const created = await ops.createEmployee(newEmployee({ posPin: 48_213, requiresBackoffice: true, backofficeUsername: username, backofficePassword: password }));
    const [event] = await newest(store());
    expect(event).toMatchObject({
      channel: 'mcp',
      actor: 'assistant-token',
      state: 'succeeded',
      input: { posPin: 'set', backofficePassword: 'set', backofficeUsername: username },
      target: { backofficeUsername: username, employeeId: created.employeeId },
      outcome: { summary: { backofficeUser: { userId: created.backofficeUser?.userId, username } } },
    });
    expect(event?.steps?.done).toContain('createBackofficeUser');
    const row = JSON.stringify(event);
    expect(row).not.toContain(password);
    expect(row).not.toContain('48213');
  });

  it('refuses input that fails the schema before recording anything or sending any request', async () => {
    const ops = operationsFor(store(), sim()).as(admin);
    const before = (await newest(store(), 500)).length;
    await expect(ops.createEmployee(newEmployee({ posPin: 12 }))).rejects.toBeInstanceOf(ValidationError);
    await expect(ops.disableEmployee({} as never)).rejects.toBeInstanceOf(ValidationError);
    await expect(ops.createBackofficeUser({ username: 'x' } as never)).rejects.toBeInstanceOf(ValidationError);
    expect((await newest(store(), 500)).length).toBe(before);
    expect(vendorPosts(sim())).toEqual([]);
  });

  it('a typed failure before any step: one failed event with its code and public message; the error keeps its class and gains the correlation id', async () => {
    const ops = operationsFor(store(), sim()).as(admin);
    const taken = sim().control.employees()[0];
    const error = await ops.createEmployee(newEmployee({ posUserId: taken?.posUserId as number })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuplicateError);
    expect((error as DuplicateError).field).toBe('posUserId');
    const events = await eventsOf(store(), correlationIdOf(error));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ state: 'failed', outcome: { code: 'DUPLICATE_ERROR', message: (error as Error).message }, steps: { done: [], unverified: [], remaining: ['insertEmployee', 'verifySites', 'applyPermissions'] } });
    expect(vendorPosts(sim())).toEqual([]);
  });

  it('a partial failure (the permissions POST fails): one partial event naming the employee and the steps done and remaining', async () => {
    const ops = operationsFor(store(), sim()).as(admin);
    sim().control.inject({ route: 'POST /employee/permissions/update', kind: 'serverError', count: 1 });
    const input = newEmployee();
    const error = await ops.createEmployee(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    const employeeId = sim().control.employees().find((e) => e.posUserId === input.posUserId)?.id;
    expect((error as BackofficeServerError).details).toMatchObject({ employeeId, completedSteps: ['insertEmployee', 'verifySites'] });
    const events = await eventsOf(store(), correlationIdOf(error));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      state: 'partial',
      target: { posUserId: input.posUserId, employeeId },
      steps: { done: ['insertEmployee', 'verifySites'], unverified: [], remaining: ['applyPermissions'] },
      outcome: { code: 'BACKOFFICE_SERVER_ERROR' },
    });
    expect(events[0]?.outcome?.message).toContain(`Employee ${employeeId} was created`);
  });

  it('a lost permissions answer the read-back cannot settle is partial with that step unverified', async () => {
    const ops = operationsFor(store(), sim()).as(admin);
    await ops.createEmployee(newEmployee()); // the client now holds the permission templates: the next GET is the read-back
    sim().control.inject({ route: 'POST /employee/permissions/update', kind: 'dropAfterApply', count: 1 });
    sim().control.inject({ route: 'GET /employee/permissions/*', kind: 'serverError', count: 10 });
    const error = await ops.createEmployee(newEmployee()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WashOpsError);
    const [event] = await eventsOf(store(), correlationIdOf(error));
    expect(event?.state).toBe('partial');
    expect(event?.steps?.unverified).toEqual(['applyPermissions']);
  });

  it('disableEmployee: a succeeded event naming the employee it resolved; an unknown employee is one failed event', async () => {
    const ops = operationsFor(store(), sim()).as({ channel: 'cli', name: 'ops' });
    const input = newEmployee();
    const { employeeId } = await ops.createEmployee(input);
    const disabled = await ops.disableEmployee({ posUserId: input.posUserId });
    const [event] = await newest(store(), 1);
    expect(event).toMatchObject({
      operation: 'employee.disable',
      channel: 'cli',
      state: 'succeeded',
      target: { posUserId: input.posUserId, employeeId },
      steps: { done: ['disableEmployee'], remaining: [] },
      outcome: { summary: { employeeId, posUserId: input.posUserId, disabledAt: disabled.disabledAt } },
    });
    const error = await ops.disableEmployee({ email: 'nobody-here@example.invalid' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    const events = await eventsOf(store(), correlationIdOf(error));
    expect(events).toMatchObject([{ state: 'failed', outcome: { code: 'NOT_FOUND' }, input: { email: 'nobody-here@example.invalid' } }]);
  });

  it('createBackofficeUser: the generated password is recorded as "generated" and the summary has no password', async () => {
    const ops = operationsFor(store(), sim()).as(admin);
    const employee = newEmployee();
    const { employeeId } = await ops.createEmployee(employee);
    const username = `linked_${Date.now()}`;
    const created = await ops.createBackofficeUser({ username, email: employee.email, permission: 'Manager', linkToEmployeePosUserId: employee.posUserId });
    expect(created.generatedPassword).toBeTruthy();
    const [event] = await newest(store(), 1);
    expect(event).toMatchObject({
      operation: 'backoffice_user.create',
      state: 'succeeded',
      input: { username, password: 'generated' },
      target: { backofficeUsername: username, posUserId: employee.posUserId, employeeId },
      outcome: { summary: { userId: created.userId, username, mode: 'linked', employeeId, permission: 'Manager' } },
    });
    expect(JSON.stringify(event)).not.toContain(created.generatedPassword as string);
    const again = await ops.createBackofficeUser({ username, email: 'other@example.invalid', permission: 'Manager', firstName: 'A', lastName: 'B' }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(WashOpsError);
    expect(await eventsOf(store(), correlationIdOf(again))).toMatchObject([{ state: 'failed', target: { backofficeUsername: username } }]);
  });

  it('an abort mid-write (the permissions POST is slow) ends the event partial with ABORTED and that step unverified; the caller gets the abort reason', async () => {
    const ops = operationsFor(store(), sim()).as(admin);
    sim().control.inject({ route: 'POST /employee/permissions/update', kind: 'slow', delayMs: 5_000, count: 1 });
    const controller = new AbortController();
    const input = newEmployee();
    const pending = ops.createEmployee(input, { signal: controller.signal });
    await expect.poll(() => newest(store(), 1).then(([e]) => e?.target.employeeId), { timeout: 10_000 }).toBeGreaterThan(0);
    // Abort only once the permissions POST is on its way (the simulator holds it for 5 s).
    await expect.poll(() => vendorPosts(sim()).includes('/employee/permissions/update'), { timeout: 10_000 }).toBe(true);
    const reason = new Error('the page was closed');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    const [event] = await newest(store(), 1);
    expect(event).toMatchObject({
      state: 'partial',
      outcome: { code: ABORTED_CODE },
      target: { posUserId: input.posUserId },
      // The POST was on its way: whether the template was applied is unknown.
      steps: { done: ['insertEmployee', 'verifySites'], unverified: ['applyPermissions'], remaining: [] },
    });
  });

  it('an abort while the insert POST is in flight is partial with the insert unverified; the event named its plan from the start', async () => {
    const ops = operationsFor(store(), sim()).as(admin);
    sim().control.inject({ route: 'POST /employee/insert', kind: 'slow', delayMs: 5_000, count: 1 });
    const controller = new AbortController();
    const pending = ops.createEmployee(newEmployee(), { signal: controller.signal });
    await expect.poll(() => vendorPosts(sim()).includes('/employee/insert'), { timeout: 10_000 }).toBe(true);
    expect((await newest(store(), 1))[0]).toMatchObject({
      state: 'started',
      steps: { done: [], unverified: [], remaining: ['insertEmployee', 'verifySites', 'applyPermissions'] },
    });
    controller.abort(new Error('the assistant gave up'));
    await expect(pending).rejects.toThrow('the assistant gave up');
    expect((await newest(store(), 1))[0]).toMatchObject({
      state: 'partial',
      outcome: { code: ABORTED_CODE },
      steps: { done: [], unverified: ['insertEmployee'], remaining: ['verifySites', 'applyPermissions'] },
    });
  });

  it('a lost answer whose read-back fails too is partial with that step unverified, not failed', async () => {
    // The user list is read before the insert too: it fails only once the insert is on its way.
    const watching = watchingFetch();
    watching.whenSent('POST /user/insert', () => sim().control.inject({ route: 'GET /user', kind: 'serverError', count: 20 }));
    const ops = operationsFor(store(), sim(), undefined, watching.fetch).as(admin);
    sim().control.inject({ route: 'POST /user/insert', kind: 'dropAfterApply', count: 1 });
    const username = `lost_${Date.now()}`;
    const error = await ops
      .createBackofficeUser({ username, email: `${username}@example.invalid`, permission: 'Manager', firstName: 'Lost', lastName: 'Answer' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WashOpsError);
    expect(await eventsOf(store(), correlationIdOf(error))).toMatchObject([
      { state: 'partial', target: { backofficeUsername: username }, steps: { done: [], unverified: ['createBackofficeUser'], remaining: ['applyBackofficeTemplate'] } },
    ]);
  });

  it('an abort before any step is done ends the event failed with ABORTED; an aborted signal sends nothing and records nothing', async () => {
    const ops = operationsFor(store(), sim()).as(admin);
    sim().control.inject({ route: 'GET /employee/create', kind: 'slow', delayMs: 5_000, count: 1 });
    const controller = new AbortController();
    const pending = ops.createEmployee(newEmployee(), { signal: controller.signal });
    await expect.poll(() => newest(store(), 1).then(([e]) => e?.state), { timeout: 10_000 }).toBe('started');
    controller.abort(new Error('gone'));
    await expect(pending).rejects.toThrow('gone');
    // No POST had gone out: nothing may have changed.
    expect((await newest(store(), 1))[0]).toMatchObject({
      state: 'failed',
      outcome: { code: ABORTED_CODE },
      steps: { done: [], unverified: [], remaining: ['insertEmployee', 'verifySites', 'applyPermissions'] },
    });
    expect(vendorPosts(sim())).toEqual([]);

    const count = (await newest(store(), 500)).length;
    await expect(ops.createEmployee(newEmployee(), { signal: AbortSignal.abort(new Error('before')) })).rejects.toThrow('before');
    expect((await newest(store(), 500)).length).toBe(count);
  });

  it('an event still started shows as needing attention once five minutes have passed', async () => {
    const ops = operationsFor(store(), sim()).as(admin);
    await ops.createEmployee(newEmployee());
    const [finished] = await newest(store(), 1);
    const later = new Date((finished?.startedAt.getTime() ?? 0) + 10 * 60_000);
    expect(needsAttention(finished!, later)).toBe(false);
    const started = { ...finished!, state: 'started' as const };
    expect(needsAttention(started, new Date(started.startedAt.getTime() + 299_999))).toBe(false);
    expect(needsAttention(started, new Date(started.startedAt.getTime() + 300_000))).toBe(true);
  });
});
