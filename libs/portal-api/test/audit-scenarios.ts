import type { BackofficeSimulator } from '@washops/backoffice-simulator';
import { expect } from 'vitest';
import type { createCaller } from '../src/index.js';
import { errorOf } from './helpers.js';

type Caller = ReturnType<typeof createCaller>;

export interface Scenario {
  name: string;
  operation: string;
  state: 'succeeded' | 'failed' | 'partial';
  /** What the call needs first (made before the events are counted). */
  prepare?: () => Promise<number>;
  /** Resolves when the call succeeded as it should, or failed with the typed error it should. */
  run: (prepared: number) => Promise<unknown>;
}

export const expectCode = async (promise: Promise<unknown>, code: string) => expect((await errorOf(promise)).code).toBe(code);

/** Runs with simulator faults in place. */
export async function withFault<T>(sim: BackofficeSimulator, faults: Parameters<BackofficeSimulator['control']['inject']>[0][], run: () => Promise<T>): Promise<T> {
  const handles = faults.map((fault) => sim.control.inject(fault));
  try {
    return await run();
  } finally {
    for (const handle of handles) handle.remove();
  }
}

/**
 * A write whose POST goes out but whose read-back fails: the POST is held back a moment and, once
 * it is on its way, every read of `readRoute` answers 500. The write must end BAD_GATEWAY (unverified).
 */
export function postedButUnread(sim: BackofficeSimulator, postRoute: string, readRoute: string, write: () => Promise<unknown>): Promise<void> {
  const [method, path] = postRoute.split(' ') as [string, string];
  return withFault(sim, [{ route: postRoute, kind: 'slow', delayMs: 1000, count: 1 }], async () => {
    sim.control.clearRequests();
    const writing = errorOf(write());
    await expect.poll(() => sim.control.requests().some((r) => r.method === method && r.path === path)).toBe(true);
    return withFault(sim, [{ route: readRoute, kind: 'serverError', status: 500 }], async () => expect((await writing).code).toBe('BAD_GATEWAY'));
  });
}

export interface ScenarioKit {
  /** The simulator (started after the scenarios are listed). */
  sim: () => BackofficeSimulator;
  /** The audited actor's caller. */
  actor: () => Caller;
  /** Another admin, for what a scenario needs first. */
  admin: () => Caller;
  newEmployee: () => Record<string, unknown> & { posUserId: number };
}

const UNKNOWN_POS_USER_ID = 999_004;

/** The employee's-life writes and the Back Office template: success, a typed failure and a write left unverified. */
export function employeeLifeScenarios({ sim, actor, admin, newEmployee }: ScenarioKit): Record<string, Scenario[]> {
  const created = async () => (await admin().employees.create(newEmployee() as never)).posUserId;
  const disabled = async () => {
    const posUserId = await created();
    await admin().employees.disable({ posUserId });
    return posUserId;
  };
  let userSerial = 0;
  const backofficeUser = async () => {
    userSerial += 1;
    const username = `audit_tpl${userSerial}`;
    return (await admin().backofficeUsers.create({ username, email: `${username}@example.com`, permission: 'Manager', firstName: 'T', lastName: 'P' })).userId;
  };
  return {
    'employees.update': [
      { name: 'success', operation: 'employee.update', state: 'succeeded', prepare: created, run: (posUserId) => actor().employees.update({ key: { posUserId }, changes: { emergencyContactName: 'Audit Contact' } }) },
      { name: 'an unknown POS id', operation: 'employee.update', state: 'failed', run: () => expectCode(actor().employees.update({ key: { posUserId: UNKNOWN_POS_USER_ID }, changes: { payrollEmployeeId: 'P1' } }), 'NOT_FOUND') },
      {
        name: 'the update is posted but cannot be read back',
        operation: 'employee.update',
        state: 'partial',
        prepare: created,
        run: (posUserId) => postedButUnread(sim(), 'POST /employee/update', 'GET /employee/edit/*', () => actor().employees.update({ key: { posUserId }, changes: { payrollEmployeeId: 'P2' } })),
      },
    ],
    'employees.reactivate': [
      { name: 'success', operation: 'employee.reactivate', state: 'succeeded', prepare: disabled, run: (posUserId) => actor().employees.reactivate({ posUserId }) },
      { name: 'an unknown POS id', operation: 'employee.reactivate', state: 'failed', run: () => expectCode(actor().employees.reactivate({ posUserId: UNKNOWN_POS_USER_ID }), 'NOT_FOUND') },
      {
        name: 'the reactivation is posted but cannot be read back',
        operation: 'employee.reactivate',
        state: 'partial',
        prepare: disabled,
        run: (posUserId) => postedButUnread(sim(), 'POST /employee/update', 'GET /employee/edit/*', () => actor().employees.reactivate({ posUserId })),
      },
    ],
    'employees.setWage': [
      { name: 'success', operation: 'employee.set_wage', state: 'succeeded', prepare: created, run: (posUserId) => actor().employees.setWage({ key: { posUserId }, wage: { regularRate: '16.25' } }) },
      {
        name: 'an effective date the BackOffice would ignore',
        operation: 'employee.set_wage',
        state: 'failed',
        prepare: created,
        run: (posUserId) => expectCode(actor().employees.setWage({ key: { posUserId }, wage: { regularRate: '16.25', effectiveDate: '2020-01-01' } }), 'BAD_REQUEST'),
      },
      {
        name: 'the wage is posted but the history cannot be read back',
        operation: 'employee.set_wage',
        state: 'partial',
        prepare: created,
        run: (posUserId) =>
          postedButUnread(sim(), 'POST /employee/compensation/update', 'GET /employee/compensation/*', () => actor().employees.setWage({ key: { posUserId }, wage: { regularRate: '17.00' } })),
      },
    ],
    'employees.setPermission': [
      { name: 'success', operation: 'employee.set_permission', state: 'succeeded', prepare: created, run: (posUserId) => actor().employees.setPermission({ key: { posUserId }, template: 'Shift Leader' }) },
      { name: 'an unknown POS id', operation: 'employee.set_permission', state: 'failed', run: () => expectCode(actor().employees.setPermission({ key: { posUserId: UNKNOWN_POS_USER_ID }, template: 'Cashier' }), 'NOT_FOUND') },
      {
        name: 'the matrix is posted but cannot be read back',
        operation: 'employee.set_permission',
        state: 'partial',
        prepare: created,
        run: (posUserId) =>
          postedButUnread(sim(), 'POST /employee/permissions/update', 'GET /employee/permissions/*', () => actor().employees.setPermission({ key: { posUserId }, template: 'General User' })),
      },
    ],
    'backofficeUsers.applyTemplate': [
      { name: 'success', operation: 'backoffice_user.apply_template', state: 'succeeded', prepare: backofficeUser, run: (userId) => actor().backofficeUsers.applyTemplate({ key: { userId }, template: 'General User' }) },
      { name: 'an unknown username', operation: 'backoffice_user.apply_template', state: 'failed', run: () => expectCode(actor().backofficeUsers.applyTemplate({ key: { username: 'audit_nobody_here' }, template: 'Manager' }), 'NOT_FOUND') },
      {
        name: 'the template is posted but cannot be read back',
        operation: 'backoffice_user.apply_template',
        state: 'partial',
        prepare: backofficeUser,
        run: (userId) => postedButUnread(sim(), 'POST /user/permissions/update', 'GET /user/permissions/*', () => actor().backofficeUsers.applyTemplate({ key: { userId }, template: 'Shift Leader' })),
      },
    ],
  };
}
