/**
 * Writes that cannot lie, over real HTTP against the simulator: a form is posted back only when
 * the page holding it arrived whole, and no write step is reported done before a read confirms it.
 */
import type { BackofficeSimulator } from '@washops/backoffice-simulator';
import { BackofficeServerError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { clientFor, newEmployee, postsOf } from './support/harness.js';
import { simulatorPerFile } from './support/simulator-per-file.js';

let sim: BackofficeSimulator;
simulatorPerFile({ seed: 'verified-writes' }, (started) => (sim = started));

const posts = (path: string) => postsOf(sim, path);

describe('round-trip forms must be provably whole', () => {
  it('refuses to disable from an edit page cut at <h2>Emergency Contact</h2>: no POST, every stored field kept', async () => {
    await using bo = clientFor(sim);
    const input = newEmployee({ emergencyContactName: 'Pat Doe', emergencyContactPhone: '555 010 2222', payrollEmployeeId: 'ADP-77' });
    const { employeeId } = await bo.createEmployee(input);
    const before = sim.control.employee(employeeId);
    expect(before).toMatchObject({ emergencyContactName: 'Pat Doe', emergencyContactPhone: '5550102222', adpEmployeeId: 'ADP-77', isActive: true });

    sim.control.inject({ route: 'GET /employee/edit/*', kind: 'truncatedForm', cutAt: '<h2>Emergency Contact</h2>', count: 1 });
    const error = await bo.disableEmployee({ posUserId: input.posUserId }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as BackofficeServerError).details['missing']).toEqual(
      expect.arrayContaining(['</form>', 'submit button', 'employee[emergencyContactName]', 'employee[adpEmployeeId]']),
    );
    expect(posts('/employee/update')).toEqual([]);
    expect(sim.control.employee(employeeId)).toEqual(before);

    // The next, whole page is posted back and the employee is disabled with its fields intact.
    await bo.disableEmployee({ posUserId: input.posUserId });
    expect(sim.control.employee(employeeId)).toEqual({ ...before, isActive: false });
  });

  it('sends no POST at all when the permission page a create builds its matrix from is cut mid-form', async () => {
    await using bo = clientFor(sim);
    sim.control.inject({ route: 'GET /employee/permissions/*', kind: 'truncatedForm', count: 1 });
    const before = sim.control.employees().length;
    const error = await bo.createEmployee(newEmployee()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as BackofficeServerError).details).toMatchObject({ page: 'employee-permissions' });
    expect(sim.control.requests().filter((r) => r.method === 'POST' && r.path !== '/login_check')).toEqual([]);
    expect(sim.control.employees()).toHaveLength(before);
  });
});

describe('every write step is confirmed by a read', () => {
  it('does not report the template applied when the permission POST is accepted but ignored', async () => {
    await using bo = clientFor(sim);
    sim.control.inject({ route: 'POST /employee/permissions/update', kind: 'acceptButIgnore', count: 1 });
    const input = newEmployee();
    const error = await bo.createEmployee(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    const stored = sim.control.employees().find((e) => e.posUserId === input.posUserId);
    expect(stored?.grants).toEqual([]);
    expect((error as BackofficeServerError).details).toMatchObject({
      employeeId: stored?.id,
      completedSteps: ['insertEmployee', 'verifySites'],
      unverifiedSteps: [],
      remainingSteps: ['applyPermissions'],
      applied: false,
    });
    expect((error as Error).message).toMatch(/was answered as applied, but \/employee\/permissions\/\d+ shows grants \[\]/);
  });

  it('does not report a Back Office user (or its password) when the user insert is accepted but ignored', async () => {
    await using bo = clientFor(sim);
    sim.control.inject({ route: 'POST /user/insert', kind: 'acceptButIgnore', count: 1 });
    const username = `ignored_${Date.now()}`;
    const input = newEmployee({ requiresBackoffice: true, backofficeUsername: username, backofficePassword: 'Unique-Pass-81723' });
    const error = await bo.createEmployee(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect(sim.control.users().some((u) => u.username === username)).toBe(false);
    expect((error as BackofficeServerError).details).toMatchObject({
      completedSteps: ['insertEmployee', 'verifySites', 'applyPermissions'],
      unverifiedSteps: [],
      remainingSteps: ['createBackofficeUser', 'applyBackofficeTemplate'],
      applied: false,
    });
    expect(JSON.stringify(error)).not.toContain('Unique-Pass-81723');
    expect((error as Error).message).not.toContain('Unique-Pass-81723');
  });

  it('reports a step unverified, never done, when the read that should confirm it arrives cut short', async () => {
    await using bo = clientFor(sim);
    await bo.listPermissions({ scope: 'pos' });
    sim.control.inject({ route: 'GET /employee/permissions/*', kind: 'truncatedForm', count: 1 });
    const error = await bo.createEmployee(newEmployee({ permission: 'Manager' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as BackofficeServerError).details).toMatchObject({
      completedSteps: ['insertEmployee', 'verifySites'],
      unverifiedSteps: ['applyPermissions'],
      remainingSteps: [],
    });
    expect((error as Error).message).toMatch(/'applyPermissions' may or may not have been applied/);
  });

  it('settles a disable whose answer was lost by reading the employee back', async () => {
    await using bo = clientFor(sim);
    const [applied, dropped] = sim.control.employees().filter((e) => e.isActive);
    if (!applied || !dropped) throw new Error('need two active employees');
    sim.control.inject({ route: 'POST /employee/update', kind: 'dropAfterApply', count: 1 });
    expect(await bo.disableEmployee({ posUserId: applied.posUserId })).toMatchObject({ employeeId: applied.id });
    expect(sim.control.employee(applied.id)?.isActive).toBe(false);

    sim.control.inject({ route: 'POST /employee/update', kind: 'drop', count: 1 });
    const error = await bo.disableEmployee({ posUserId: dropped.posUserId }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as Error).message).toMatch(/got no answer .* is still active/);
    expect((error as BackofficeServerError).details).toMatchObject({ employeeId: dropped.id, applied: false });
    expect(sim.control.employee(dropped.id)?.isActive).toBe(true);
    expect(posts('/employee/update')).toHaveLength(2);
  });
});
