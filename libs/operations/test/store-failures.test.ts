/**
 * When the audit log itself fails: a write that cannot be recorded is not made; a write that was
 * made is never reported as failed because its event could not be finished.
 */
import { InternalError, ValidationError, type WashOpsError } from '@washops/shared-errors';
import { StoreUnavailableError, type AuditQueries, type Store } from '@washops/store';
import { expect, it } from 'vitest';
import { auditedWrite } from '../src/audited-write.js';
import { Operations } from '../src/index.js';
import { describeEachBackend, memoryLogger, newEmployee, newest, operationsFor, useSimulator } from './support.js';

const sim = useSimulator('operations-store-failures');
const admin = { channel: 'portal', name: 'ada' } as const;

/** The same store with some audit queries replaced. */
const withAudit = (store: Store, audit: Partial<AuditQueries>): Store => ({ ...store, audit: { ...store.audit, ...audit } });
const unavailable = () => Promise.reject(new StoreUnavailableError('The database is unavailable (test); retry in a few seconds.'));

describeEachBackend('when the audit log fails', (store) => {
  it('a store that refuses start: no vendor request at all, and the store’s error with a correlation id', async () => {
    const logger = memoryLogger();
    const ops = operationsFor(withAudit(store(), { start: unavailable }), sim(), logger).as(admin);
    const error = await ops.createEmployee(newEmployee()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as StoreUnavailableError).retryAfterMs).toBeGreaterThan(0);
    expect((error as WashOpsError).status).toBe(503);
    const correlationId = (error as WashOpsError).details['correlationId'];
    expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sim().control.requests()).toEqual([]);
    expect(logger.lines).toMatchObject([{ level: 'error', entry: { correlationId }, msg: expect.stringMatching(/not sent/) }]);
    await expect(ops.disableEmployee({ posUserId: 1234 })).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(ops.addPortalUser({ username: 'nobody', role: 'viewer', passwordHash: 'scrypt$x', passwordGenerated: true })).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(await store().users.find('nobody')).toBeNull();
    expect(sim().control.requests()).toEqual([]);
  });

  it('a result that cannot be summarised is still a success: the event ends succeeded without a summary, and the error is logged', async () => {
    const logger = memoryLogger();
    const deps = { store: store(), actor: admin, logger };
    const result = await auditedWrite(deps, {
      operation: 'portal_user.enable',
      target: { portalUsername: 'ada' },
      input: {},
      run: async () => 'enabled',
      outcome: () => {
        throw new TypeError('an unexpected result shape');
      },
    });
    expect(result).toBe('enabled');
    expect((await newest(store(), 1))[0]).toMatchObject({ state: 'succeeded', outcome: { summary: {} } });
    expect(logger.lines.some((line) => line.level === 'error' && /could not be summarised/.test(line.msg ?? ''))).toBe(true);
  });

  it('a finish that fails: the caller still gets the result, the error is logged and the event stays started with what it learned', async () => {
    const logger = memoryLogger();
    const ops = operationsFor(withAudit(store(), { finish: unavailable }), sim(), logger).as(admin);
    const input = newEmployee();
    const created = await ops.createEmployee(input);
    expect(sim().control.employee(created.employeeId)?.posUserId).toBe(input.posUserId);
    const [event] = await newest(store(), 1);
    expect(event).toMatchObject({ state: 'started', target: { posUserId: input.posUserId, employeeId: created.employeeId } });
    expect(event?.steps?.done).toEqual(['insertEmployee', 'verifySites', 'applyPermissions']);
    const failed = logger.lines.filter((line) => line.level === 'error');
    expect(failed).toMatchObject([{ entry: { correlationId: event?.correlationId, eventId: event?.id }, msg: expect.stringMatching(/needs attention/) }]);
  });

  it('a progress that fails does not stop the write; the event still finishes', async () => {
    const logger = memoryLogger();
    const ops = operationsFor(withAudit(store(), { progress: unavailable }), sim(), logger).as(admin);
    const created = await ops.createEmployee(newEmployee());
    const [event] = await newest(store(), 1);
    expect(event).toMatchObject({ state: 'succeeded', target: { employeeId: created.employeeId } });
    expect(logger.lines.filter((line) => line.level === 'warn').length).toBe(3);
  });

  it('an error that is not a WashOps error becomes an InternalError with the original as its cause, recorded with the generic message', async () => {
    const broken = new TypeError('users.add exploded: secret internals');
    const failing: Store = { ...store(), users: { ...store().users, add: () => Promise.reject(broken) } };
    const ops = new Operations({ store: failing }).as({ channel: 'cli', name: 'root' });
    const error = await ops.addPortalUser({ username: 'zed', role: 'viewer', passwordHash: 'scrypt$1', passwordGenerated: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalError);
    expect((error as InternalError).cause).toBe(broken);
    const [event] = await newest(store(), 1);
    expect(event).toMatchObject({ state: 'failed', target: { portalUsername: 'zed' }, outcome: { code: 'INTERNAL_ERROR' } });
    expect(event?.outcome?.message).not.toContain('secret internals');
    expect((error as InternalError).details['correlationId']).toBe(event?.correlationId);
  });

  it('BackOffice writes without a BackOffice connection are refused before anything is recorded', async () => {
    const ops = new Operations({ store: store() }).as(admin);
    const before = (await newest(store(), 500)).length;
    await expect(ops.createEmployee(newEmployee())).rejects.toBeInstanceOf(ValidationError);
    expect((await newest(store(), 500)).length).toBe(before);
  });
});
