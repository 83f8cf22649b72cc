/**
 * The `onStep` listener of the write methods, over real HTTP against the simulator: what a caller
 * (the audit log) learns, and that it learns it before the next request is sent.
 */
import type { BackofficeSimulator } from '@washops/backoffice-simulator';
import { BackofficeServerError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { WRITE_PLANS, type WriteStep } from '../src/index.js';
import { clientFor, newEmployee, postsOf, recordingFetch } from './support/harness.js';
import { simulatorPerFile } from './support/simulator-per-file.js';

let sim: BackofficeSimulator;
simulatorPerFile({ seed: 'write-steps' }, (started) => (sim = started));

/** A listener that records each step with the form POSTs the simulator had received when it was called. */
function stepRecorder() {
  const seen: Array<WriteStep & { postsSoFar: string[] }> = [];
  const onStep = (step: WriteStep) => {
    seen.push({ ...step, postsSoFar: postsOf(sim).map((r) => r.path) });
  };
  return { seen, onStep };
}

function memoryLogger() {
  const lines: Array<{ level: string; entry: object; msg: string | undefined }> = [];
  const at = (level: string) => (entry: object, msg?: string) => void lines.push({ level, entry, msg });
  return { lines, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

describe('onStep', () => {
  it('createEmployee reports the insert with the new id before any permissions request is sent, then each verified step', async () => {
    await using bo = clientFor(sim);
    const { seen, onStep } = stepRecorder();
    const input = newEmployee({ requiresBackoffice: true, backofficeUsername: `steps_${Date.now()}`, backofficePermission: 'General User' });
    const created = await bo.createEmployee(input, { onStep });

    expect(seen.map((s) => s.step)).toEqual(['insertEmployee', 'verifySites', 'applyPermissions', 'createBackofficeUser', 'applyBackofficeTemplate']);
    const [insert] = seen;
    expect(insert).toMatchObject({
      employeeId: created.employeeId,
      posUserId: input.posUserId,
      done: ['insertEmployee'],
      remaining: ['verifySites', 'applyPermissions', 'createBackofficeUser', 'applyBackofficeTemplate'],
    });
    expect(insert?.postsSoFar).toEqual(['/employee/insert']);
    // The simulator's log: the permissions POST came after the listener had the id.
    const log = postsOf(sim).map((r) => r.path);
    expect(log.indexOf('/employee/permissions/update')).toBeGreaterThan(log.indexOf('/employee/insert'));
    expect(seen[2]).toMatchObject({ done: ['insertEmployee', 'verifySites', 'applyPermissions'], remaining: ['createBackofficeUser', 'applyBackofficeTemplate'] });
    expect(seen[3]).toMatchObject({ userId: created.backofficeUser?.userId, remaining: ['applyBackofficeTemplate'], postsSoFar: expect.not.arrayContaining(['/user/permissions/update']) });
    expect(seen[4]).toMatchObject({ userId: created.backofficeUser?.userId, remaining: [], postsSoFar: expect.arrayContaining(['/user/permissions/update']) });
    expect(JSON.stringify(seen)).not.toContain(String(created.posPin));
    expect(JSON.stringify(seen)).not.toContain(created.backofficeUser?.generatedPassword);
  });

  it('with an injected fetch, the insert is reported before that fetch is asked for the permissions POST', async () => {
    const { fetch, calls } = recordingFetch();
    await using bo = clientFor(sim, { fetch });
    const sentWhenReported: string[][] = [];
    const { employeeId } = await bo.createEmployee(newEmployee(), {
      onStep: (step) => void (step.step === 'insertEmployee' && sentWhenReported.push(calls.filter((c) => c.method === 'POST').map((c) => c.path))),
    });
    expect(sentWhenReported).toEqual([['/login_check', '/employee/insert']]);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/employee/permissions/update')).toBe(true);
    expect(employeeId).toBeGreaterThan(0);
  });

  it('createEmployee reports only the steps it verified when a later one fails', async () => {
    await using bo = clientFor(sim);
    const { seen, onStep } = stepRecorder();
    sim.control.inject({ route: 'POST /employee/permissions/update', kind: 'acceptButIgnore', count: 1 });
    const error = await bo.createEmployee(newEmployee(), { onStep }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect(seen.map((s) => s.step)).toEqual(['insertEmployee', 'verifySites']);
    expect(seen[0]?.employeeId).toBe((error as BackofficeServerError).details['employeeId']);
  });

  it('disableEmployee reports the employee it resolved before its POST, then the verified disable', async () => {
    await using bo = clientFor(sim);
    const input = newEmployee();
    const { employeeId } = await bo.createEmployee(input);
    sim.control.clearRequests();
    const { seen, onStep } = stepRecorder();
    await bo.disableEmployee({ posUserId: input.posUserId }, { onStep });
    expect(seen).toEqual([
      { step: 'resolveEmployee', done: [], remaining: ['disableEmployee'], employeeId, posUserId: input.posUserId, postsSoFar: [] },
      { step: 'disableEmployee', done: ['disableEmployee'], remaining: [], employeeId, posUserId: input.posUserId, postsSoFar: ['/employee/update'] },
    ]);
  });

  it('createBackofficeUser linked to an employee reports that employee before the insert, then the new user', async () => {
    await using bo = clientFor(sim);
    const employee = newEmployee();
    const { employeeId } = await bo.createEmployee(employee);
    sim.control.clearRequests();
    const { seen, onStep } = stepRecorder();
    const username = `linked_${Date.now()}`;
    const created = await bo.createBackofficeUser({ username, email: employee.email, permission: 'Manager', linkToEmployeePosUserId: employee.posUserId }, { onStep });
    expect(seen).toEqual([
      { step: 'resolveEmployee', done: [], remaining: ['createBackofficeUser', 'applyBackofficeTemplate'], employeeId, postsSoFar: [] },
      { step: 'createBackofficeUser', done: ['createBackofficeUser'], remaining: ['applyBackofficeTemplate'], employeeId, userId: created.userId, postsSoFar: ['/user/insert'] },
      {
        step: 'applyBackofficeTemplate',
        done: ['createBackofficeUser', 'applyBackofficeTemplate'],
        remaining: [],
        employeeId,
        userId: created.userId,
        postsSoFar: ['/user/insert', '/user/permissions/update'],
      },
    ]);
  });

  it('a listener that throws or rejects is logged and the write goes on', async () => {
    const { lines, logger } = memoryLogger();
    await using bo = clientFor(sim, { logger });
    const input = newEmployee();
    let calls = 0;
    const created = await bo.createEmployee(input, {
      onStep: async (step) => {
        calls++;
        if (step.step === 'insertEmployee') throw new Error('audit store down');
        return Promise.reject(new Error('still down'));
      },
    });
    expect(calls).toBe(3);
    expect(sim.control.employee(created.employeeId)?.grants.length).toBeGreaterThan(0);
    const failures = lines.filter((line) => /onStep listener failed/.test(line.msg ?? ''));
    expect(failures).toHaveLength(3);
    expect(failures[0]).toMatchObject({ level: 'warn', entry: { step: 'insertEmployee', error: 'audit store down' } });
    await expect(bo.disableEmployee({ posUserId: input.posUserId }, { onStep: () => { throw new Error('no'); } })).resolves.toMatchObject({
      employeeId: created.employeeId,
    });
    expect(sim.control.employee(created.employeeId)?.isActive).toBe(false);
  });

  it('onPost names each form POST before it is sent; one that throws is logged and the write goes on', async () => {
    const { lines, logger } = memoryLogger();
    await using bo = clientFor(sim, { logger });
    const seen: Array<{ path: string; postsSoFar: number }> = [];
    const input = newEmployee();
    await bo.createEmployee(input, {
      onPost: (path) => {
        seen.push({ path, postsSoFar: postsOf(sim).filter((r) => r.path === path).length });
        throw new Error('listener broke');
      },
    });
    expect(seen.map((s) => s.path)).toEqual(['/employee/insert', '/employee/permissions/update']);
    // Each was called before its own POST reached the simulator.
    expect(seen.map((s) => s.postsSoFar)).toEqual([0, 0]);
    expect(lines.filter((line) => /onPost listener failed/.test(line.msg ?? ''))).toHaveLength(2);
    expect(WRITE_PLANS.createEmployee(false)).toEqual(['insertEmployee', 'verifySites', 'applyPermissions']);
  });

  it('refuses an onStep that is not a function before any request', async () => {
    await using bo = clientFor(sim);
    await expect(bo.createEmployee(newEmployee(), { onStep: 'yes' as never })).rejects.toThrow(/onStep must be a function/);
    expect(sim.control.requests()).toEqual([]);
  });
});
