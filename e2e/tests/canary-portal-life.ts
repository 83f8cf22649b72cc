import { randomInt } from 'node:crypto';
import { withFault, type Simulators } from './canary-harness.js';
import { dataOf, type PortalProbe, type Reply } from './canary-portal-probe.js';

const UNKNOWN_POS_USER_ID = 2_147_480_002;

interface SignedIn {
  admin: string;
  viewer: string;
}

/** What the earlier steps made: a disabled employee and a Back Office user. */
export interface LifeSubjects {
  employee: { posUserId: number; lastName: string };
  backofficeUsername: string;
}

/** A PIN shows as a number of its own in an answer: bounded by non-digits, so a longer id holding its digits does not count. */
function showsPin(reply: Reply, pin: number): boolean {
  return new RegExp(`(?<!\\d)${pin}(?!\\d)`).test(reply.body);
}

/**
 * The employee's life and Back Office templates, on success and refusal paths. A new POS PIN is
 * planted through `employees.update`: neither its answer, nor the employee read back, nor the
 * employee's page may show it.
 */
export async function employeeLife(probe: PortalProbe, sims: Simulators, { admin, viewer }: SignedIn, subjects: LifeSubjects): Promise<void> {
  const key = { posUserId: subjects.employee.posUserId };
  const pin = randomInt(10_000, 100_000);

  await probe.call('employee', 'employees.get', key, { cookie: viewer, expect: 'ok' });
  await probe.call('employee, bad key', 'employees.get', { posUserId: -1 }, { cookie: viewer, expect: 'BAD_REQUEST' });
  await probe.call('employee unknown', 'employees.get', { posUserId: UNKNOWN_POS_USER_ID }, { cookie: viewer, expect: 'NOT_FOUND' });
  await probe.call('find', 'employees.find', { lastName: subjects.employee.lastName }, { cookie: viewer, expect: 'ok' });
  await probe.call('find, no criteria', 'employees.find', {}, { cookie: viewer, expect: 'BAD_REQUEST' });

  await probe.call('reactivate as viewer', 'employees.reactivate', key, { cookie: viewer, expect: 'FORBIDDEN' });
  await probe.call('reactivate unknown', 'employees.reactivate', { posUserId: UNKNOWN_POS_USER_ID }, { cookie: admin, expect: 'error' });
  await probe.call('reactivate', 'employees.reactivate', key, { cookie: admin, expect: 'ok' });

  const changes = { phone: `555${randomInt(1_000_000, 9_999_999)}`, posPin: pin };
  await probe.call('update, bad input', 'employees.update', { key, changes: { ...changes, phone: 'none' } }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('update as viewer', 'employees.update', { key, changes }, { cookie: viewer, expect: 'FORBIDDEN' });
  await probe.call('update unknown', 'employees.update', { key: { posUserId: UNKNOWN_POS_USER_ID }, changes }, { cookie: admin, expect: 'error' });
  const updated = await probe.call('update with a new PIN', 'employees.update', { key, changes }, { cookie: admin, expect: 'ok' });
  const readBack = await probe.call('employee after the update', 'employees.get', key, { cookie: admin, expect: 'ok' });
  const { employeeId } = dataOf<{ employeeId: number }>(readBack);
  const page = await probe.get('employee page after the update', `/employees/${employeeId}`, { cookie: admin, expect: 'ok' });
  for (const [where, reply] of [['the update answer', updated], ['the employee read back', readBack], ['the employee page', page]] as const) {
    if (showsPin(reply, pin)) probe.mismatches.push(`${where} shows the POS PIN planted through employees.update`);
  }

  const wage = { regularRate: '17.25', effectiveDate: '2031-06-01' };
  await probe.call('wage as viewer', 'employees.setWage', { key, wage }, { cookie: viewer, expect: 'FORBIDDEN' });
  await probe.call('wage, ignored date', 'employees.setWage', { key, wage: { ...wage, effectiveDate: '2001-01-01' } }, { cookie: admin, expect: 'BAD_REQUEST' });
  await withFault(
    () => sims.backoffice.control.inject({ route: 'POST /employee/compensation/update', kind: 'serverError', count: 5 }),
    () => probe.call('wage, BackOffice answers 500', 'employees.setWage', { key, wage }, { cookie: admin, expect: 'error' }),
  );
  await probe.call('wage', 'employees.setWage', { key, wage: { ...wage, effectiveDate: '2031-07-01' } }, { cookie: admin, expect: 'ok' });

  await probe.call('template as viewer', 'employees.setPermission', { key, template: 'Shift Leader' }, { cookie: viewer, expect: 'FORBIDDEN' });
  await probe.call('template, blank', 'employees.setPermission', { key, template: ' ' }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('template', 'employees.setPermission', { key, template: 'Shift Leader' }, { cookie: admin, expect: 'ok' });

  await probe.call('Back Office users', 'backofficeUsers.list', undefined, { cookie: viewer, expect: 'ok' });
  await probe.call('Back Office users, bad input', 'backofficeUsers.list', { refresh: 'yes' }, { cookie: viewer, expect: 'BAD_REQUEST' });
  const user = { username: subjects.backofficeUsername };
  await probe.call('BO template as viewer', 'backofficeUsers.applyTemplate', { key: user, template: 'General User' }, { cookie: viewer, expect: 'FORBIDDEN' });
  await probe.call('BO template, bad key', 'backofficeUsers.applyTemplate', { key: { username: '1x' }, template: 'General User' }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('BO template, unknown user', 'backofficeUsers.applyTemplate', { key: { username: 'canary_nobody_here' }, template: 'General User' }, { cookie: admin, expect: 'error' });
  await probe.call('BO template', 'backofficeUsers.applyTemplate', { key: user, template: 'General User' }, { cookie: admin, expect: 'ok' });
}
