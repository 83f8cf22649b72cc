/**
 * updateEmployee, reactivateEmployee and setWage over real HTTP against the simulator: each change is
 * stored, verified by a read, and everything not asked for goes back exactly as the page served it.
 */
import { inspect } from 'node:util';
import type { BackofficeSimulator } from '@washops/backoffice-simulator';
import { BackofficeServerError, DuplicateError, LookupError, REDACTED, ValidationError, redactString, unregisterSecret } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { parseEmployeeEditPage } from '../src/pages/employee-edit.js';
import type { WriteStep } from '../src/index.js';
import { clientFor, newEmployee, postsOf, recordingFetch } from './support/harness.js';
import { simulatorPerFile } from './support/simulator-per-file.js';

let sim: BackofficeSimulator;
simulatorPerFile({ seed: 'employee-writes' }, (started) => (sim = started));

const posts = (path: string) => postsOf(sim, path);
const DAY_MS = 86_400_000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Keeps the edit page bodies the client received, so a test can compare a POST with the form as served. */
function keepingEditPages(): { fetch: typeof fetch; pages: string[] } {
  const pages: string[] = [];
  const { fetch: recorded } = recordingFetch();
  const wrapped = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await recorded(input, init);
    if ((init?.method ?? 'GET') === 'GET' && String(input).includes('/employee/edit/')) pages.push(await response.clone().text());
    return response;
  };
  return { fetch: wrapped as typeof fetch, pages };
}

describe('updateEmployee', () => {
  it('changes only the given fields; every other pair is posted back exactly as served, then verified', async () => {
    const target = sim.control.employees().find((e) => e.isActive && e.emergencyContactName && e.siteIds !== 'all');
    if (!target) throw new Error('no suitable employee');
    const { fetch, pages } = keepingEditPages();
    await using bo = clientFor(sim, { fetch });
    const steps: WriteStep[] = [];
    const result = await bo.updateEmployee(
      { posUserId: target.posUserId },
      { phone: '(312) 555-0188', payrollEmployeeId: 'ADP-9', lastName: target.lastName },
      { onStep: (s) => void steps.push(s) },
    );
    expect(result).toEqual({ employeeId: target.id, posUserId: target.posUserId, changed: ['phone', 'payrollEmployeeId'], unchanged: ['lastName'], warnings: [] });
    expect(steps.map((s) => s.step)).toEqual(['resolveEmployee', 'updateEmployee']);
    expect(sim.control.employee(target.id)).toEqual({ ...target, phone: '3125550188', adpEmployeeId: 'ADP-9' });

    const served = parseEmployeeEditPage(pages[0] ?? '').fields;
    const [post] = posts('/employee/update');
    const expected = served.map(([name, value]) =>
      name === 'employee[phone]' ? [name, '3125550188'] : name === 'employee[adpEmployeeId]' ? [name, 'ADP-9'] : [name, value],
    );
    expect(post?.body).toEqual(expected);
  });

  it('re-encodes departments and sites, writes the start date as MM/DD/YYYY and a new PIN, and reads them all back', async () => {
    await using bo = clientFor(sim);
    const input = newEmployee({ departments: ['Greeter'], availableSites: ['WashU Fiesta'] });
    const { employeeId } = await bo.createEmployee(input);
    const result = await bo.updateEmployee(
      { employeeId },
      { departments: ['Line', 'management'], availableSites: ['NOLO', 'Wash 37055'], startDate: '2024-02-29', posPin: 31_337, emergencyContactPhone: '555-010-3333' },
    );
    expect(result.changed).toEqual(['startDate', 'emergencyContactPhone', 'posPin', 'departments', 'availableSites']);
    expect(sim.control.employee(employeeId)).toMatchObject({ departmentIds: [2, 4], siteIds: [17, 18], startDate: '2024-02-29', posPin: 31_337, emergencyContactPhone: '5550103333' });
    expect(JSON.stringify(result)).not.toContain('31337');
    const [post] = posts('/employee/update');
    expect(post?.body).toContainEqual(['employee[startDate]', '02/29/2024']);

    expect((await bo.updateEmployee({ employeeId }, { availableSites: 'all' })).changed).toEqual(['availableSites']);
    expect(sim.control.employee(employeeId)?.siteIds).toBe('all');
  });

  it('sends nothing when every value given is already stored, and says so', async () => {
    const target = sim.control.employees().find((e) => e.isActive && /^\(555\) /.test(e.phone));
    if (!target) throw new Error('no active employee');
    await using bo = clientFor(sim);
    const result = await bo.updateEmployee({ employeeId: target.id }, { firstName: target.firstName, phone: target.phone.replace(/\D/g, '') });
    expect(result).toMatchObject({ changed: [], unchanged: ['firstName', 'phone'] });
    expect(result.warnings[0]).toMatch(/nothing was sent/);
    expect(posts('/employee/update')).toEqual([]);
  });

  it('refuses unknown departments and sites, and a phone or email another employee has, before any POST', async () => {
    const [target, other] = sim.control.employees().filter((e) => e.isActive && e.email);
    if (!target || !other) throw new Error('need two employees with email');
    await using bo = clientFor(sim);
    await expect(bo.updateEmployee({ employeeId: target.id }, { departments: ['Greeter', 'Astronaut'] })).rejects.toBeInstanceOf(LookupError);
    await expect(bo.updateEmployee({ employeeId: target.id }, { availableSites: ['Atlantis'] })).rejects.toBeInstanceOf(LookupError);
    const email = await bo.updateEmployee({ employeeId: target.id }, { email: other.email.toUpperCase() }).catch((e: unknown) => e);
    expect(email).toBeInstanceOf(DuplicateError);
    expect((email as DuplicateError).field).toBe('email');
    const phone = await bo.updateEmployee({ employeeId: target.id }, { phone: other.phone }).catch((e: unknown) => e);
    expect(phone).toBeInstanceOf(DuplicateError);
    expect(posts('/employee/update')).toEqual([]);
  });

  it('raises BackofficeServerError naming the fields when a save the server confirmed does not show (unverified, never "not applied")', async () => {
    const target = sim.control.employees().find((e) => e.isActive);
    if (!target) throw new Error('no active employee');
    await using bo = clientFor(sim);
    sim.control.inject({ route: 'POST /employee/update', kind: 'acceptButIgnore', count: 1 });
    const error = await bo.updateEmployee({ employeeId: target.id }, { firstName: 'Renamed', emergencyContactName: 'Someone New' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as Error).message).toMatch(/firstName, emergencyContactName not stored/);
    expect((error as BackofficeServerError).details).toMatchObject({ employeeId: target.id, notStored: ['firstName', 'emergencyContactName'], stored: [], verified: false });
    expect((error as BackofficeServerError).details['applied']).toBeUndefined();
    expect((error as Error).message).toMatch(/what the BackOffice stored is not known/);
    expect(sim.control.employee(target.id)).toEqual(target);
  });

  it('reports a partial update (not applied: false) when only some fields stuck', async () => {
    const target = sim.control.employees().find((e) => e.isActive);
    if (!target) throw new Error('no active employee');
    // The email is dropped on the wire: the server stores the name and binds the missing email as empty.
    const { fetch } = recordingFetch((method, path, body) => {
      if (method !== 'POST' || path !== '/employee/update') return body;
      const form = new URLSearchParams(body);
      form.set('employee[email]', target.email);
      return form.toString();
    });
    await using bo = clientFor(sim, { fetch });
    const error = await bo.updateEmployee({ employeeId: target.id }, { firstName: 'Halfway', email: 'halfway@example.invalid' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as BackofficeServerError).details).toMatchObject({ notStored: ['email'], stored: ['firstName'], verified: false });
    expect((error as BackofficeServerError).details['applied']).toBeUndefined();
  });

  it("passes a rejected update on as a ValidationError with the server's messages, nothing changed", async () => {
    const target = sim.control.employees().find((e) => e.isActive);
    if (!target) throw new Error('no active employee');
    const { fetch } = recordingFetch((method, path, body) => {
      if (method !== 'POST' || path !== '/employee/update') return body;
      const form = new URLSearchParams(body);
      form.delete('employee[departments][]');
      return form.toString();
    });
    await using bo = clientFor(sim, { fetch });
    const error = await bo.updateEmployee({ employeeId: target.id }, { lastName: 'Rejected' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details['messages']).toEqual(['Departments requires no less than 1 valid selection.']);
    expect(sim.control.employee(target.id)).toEqual(target);
  });
});

describe('reactivateEmployee', () => {
  it('reactivates a disabled employee with the active box, everything else kept, verified by a read', async () => {
    const target = sim.control.employees().find((e) => !e.isActive);
    if (!target) throw new Error('no inactive employee');
    await using bo = clientFor(sim);
    const steps: string[] = [];
    const result = await bo.reactivateEmployee({ employeeId: target.id }, { onStep: (s) => void steps.push(s.step) });
    expect(result).toMatchObject({ employeeId: target.id, posUserId: target.posUserId, warnings: [] });
    expect(steps).toEqual(['resolveEmployee', 'reactivateEmployee']);
    expect(sim.control.employee(target.id)).toEqual({ ...target, isActive: true });
    expect(posts('/employee/update')[0]?.body).toContainEqual(['employee[isActive]', '1']);

    // Disable and reactivate are mirrors: the round trip ends where it began.
    await bo.disableEmployee({ posUserId: target.posUserId });
    await bo.reactivateEmployee({ posUserId: target.posUserId });
    expect(sim.control.employee(target.id)).toEqual({ ...target, isActive: true });
  });

  it('leaves an active employee alone, with a warning and no POST', async () => {
    const target = sim.control.employees().find((e) => e.isActive);
    if (!target) throw new Error('no active employee');
    await using bo = clientFor(sim);
    const result = await bo.reactivateEmployee({ posUserId: target.posUserId });
    expect(result.warnings[0]).toMatch(/already active/);
    expect(posts('/employee/update')).toEqual([]);
  });

  it('raises BackofficeServerError (applied: false) when the server accepts but the employee stays inactive', async () => {
    const target = sim.control.employees().find((e) => !e.isActive);
    if (!target) throw new Error('no inactive employee');
    await using bo = clientFor(sim);
    sim.control.inject({ route: 'POST /employee/update', kind: 'acceptButIgnore', count: 1 });
    const error = await bo.reactivateEmployee({ employeeId: target.id }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as Error).message).toMatch(/still inactive/);
    expect((error as BackofficeServerError).details).toMatchObject({ applied: false });
  });
});

describe('setWage', () => {
  it('adds a record dated after the latest, overtime 1.5x half-even, and returns it as read back', async () => {
    await using bo = clientFor(sim);
    const input = newEmployee({ startDate: '2025-07-07', wageRate: 14.75 });
    const { employeeId } = await bo.createEmployee(input);
    const steps: string[] = [];
    const result = await bo.setWage({ posUserId: input.posUserId }, { regularRate: 17.25, effectiveDate: '2030-01-15' }, { onStep: (s) => void steps.push(s.step) });
    expect(result).toEqual({
      employeeId,
      posUserId: input.posUserId,
      wage: { wageType: 'hourly', regularRateCents: 1725, overtimeEligible: true, overtimeRateCents: 2588, effectiveDate: '2030-01-15', endDate: null },
      warnings: [],
    });
    expect(steps).toEqual(['resolveEmployee', 'setWage']);
    expect(sim.control.employee(employeeId)?.wageHistory.at(-1)).toMatchObject({ regularRate: '17.25', overtimeRate: '25.88', effectiveDate: '2030-01-15' });
    const [post] = posts('/employee/compensation/update');
    expect(post?.body).toEqual(expect.arrayContaining([['wage[effectiveDate]', '01/15/2030'], ['wage[regularRate]', '17.25'], ['wage[isOvertimeEligible]', '1']]));
    expect(post?.body?.some(([name]) => name === 'wage[siteId]')).toBe(false); // disabled on the page

    const explicit = await bo.setWage({ employeeId }, { regularRate: '20', overtimeRate: '31.00', effectiveDate: '2030-01-16' });
    expect(explicit.wage).toMatchObject({ regularRateCents: 2000, overtimeRateCents: 3100 });
  });

  it('defaults the date to the server\'s today, or to the day after the latest record when that is later', async () => {
    await using bo = clientFor(sim);
    const { employeeId } = await bo.createEmployee(newEmployee({ startDate: '2025-01-01' }));
    expect((await bo.setWage({ employeeId }, { regularRate: 18 })).wage.effectiveDate).toBe(isoDay(Date.now()));
    const future = isoDay(Date.now() + 40 * DAY_MS);
    await bo.setWage({ employeeId }, { regularRate: 19, effectiveDate: future });
    expect((await bo.setWage({ employeeId }, { regularRate: 20 })).wage.effectiveDate).toBe(isoDay(Date.parse(future) + DAY_MS));
  });

  it("defaults the date to the server's today from the form's data-value, not UTC today", async () => {
    await using creator = clientFor(sim);
    const { employeeId } = await creator.createEmployee(newEmployee({ startDate: '2025-01-01' }));
    // A server west of UTC late in the evening: its today is UTC yesterday.
    const serverToday = isoDay(Date.now() - DAY_MS);
    const [year, month, day] = serverToday.split('-');
    const { fetch: recorded } = recordingFetch();
    const servingYesterday = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const response = await recorded(input, init);
      if ((init?.method ?? 'GET') !== 'GET' || !String(input).includes('/employee/compensation/')) return response;
      const page = (await response.text()).replace(/(id="wage-effective-date"[^>]*data-value=")[^"]*/, `$1${month}/${day}/${year}`);
      return new Response(page, { status: response.status, headers: response.headers });
    };
    await using bo = clientFor(sim, { fetch: servingYesterday as typeof fetch });
    const result = await bo.setWage({ employeeId }, { regularRate: 18 });
    expect(result.wage.effectiveDate).toBe(serverToday);
    expect(posts('/employee/compensation/update').at(-1)?.body).toEqual(expect.arrayContaining([['wage[effectiveDate]', `${month}/${day}/${year}`]]));
  });

  it('refuses a regular rate under $0.01 and an overtime rate below the regular rate before any request', async () => {
    const { fetch: recorded, calls } = recordingFetch();
    await using bo = clientFor(sim, { fetch: recorded });
    for (const [wage, field] of [
      [{ regularRate: 0 }, 'regularRate'],
      [{ regularRate: '0.00' }, 'regularRate'],
      [{ regularRate: 18, overtimeRate: 17.99 }, 'overtimeRate'],
    ] as const) {
      const error = await bo.setWage({ employeeId: 1 }, wage).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toContain(field);
    }
    expect(calls).toEqual([]);
    await using accepting = clientFor(sim);
    const { employeeId } = await accepting.createEmployee(newEmployee({ startDate: '2025-01-01' }));
    expect((await accepting.setWage({ employeeId }, { regularRate: 0.01, overtimeRate: 0.01, effectiveDate: '2030-02-01' })).wage.regularRateCents).toBe(1);
  });

  it('refuses a date not after the latest record before any POST, naming the earliest allowed date', async () => {
    await using bo = clientFor(sim);
    const { employeeId } = await bo.createEmployee(newEmployee({ startDate: '2025-07-07' }));
    for (const effectiveDate of ['2025-07-07', '2025-06-30']) {
      const error = await bo.setWage({ employeeId }, { regularRate: 16, effectiveDate }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toMatch(/earliest allowed date is 2025-07-08/);
    }
    expect(posts('/employee/compensation/update')).toEqual([]);
    expect(sim.control.employee(employeeId)?.wageHistory).toHaveLength(1);
  });

  it('copies a not-eligible current record: no overtime sent, and says an overtime rate given was dropped', async () => {
    const target = sim.control.employees().find((e) => e.isActive);
    if (!target) throw new Error('no active employee');
    // The first raise loses its overtime fields on the wire, so the current record is stored not eligible.
    let strip = true;
    const { fetch } = recordingFetch((method, path, body) => {
      if (!strip || method !== 'POST' || path !== '/employee/compensation/update') return body;
      strip = false;
      const form = new URLSearchParams(body);
      form.delete('wage[isOvertimeEligible]');
      form.delete('wage[overtimeRate]');
      return form.toString();
    });
    await using bo = clientFor(sim, { fetch });
    const first = await bo.setWage({ employeeId: target.id }, { regularRate: 15, effectiveDate: '2031-01-01' });
    expect(first.wage).toMatchObject({ overtimeEligible: false, overtimeRateCents: null });
    expect(first.warnings).toEqual(['The overtime rate was sent as 22.50 but is stored as none.']);

    const second = await bo.setWage({ employeeId: target.id }, { regularRate: 16, overtimeRate: 30, effectiveDate: '2031-01-02' });
    expect(second.wage).toMatchObject({ regularRateCents: 1600, overtimeEligible: false, overtimeRateCents: null });
    expect(second.warnings).toEqual(['The employee is not overtime-eligible: the overtime rate given was not sent.']);
    const body = posts('/employee/compensation/update')[1]?.body ?? [];
    expect(body.some(([name]) => name === 'wage[isOvertimeEligible]' || name === 'wage[overtimeRate]')).toBe(false);
  });

  it('says so when the current wage is a salary, since the new record is hourly', async () => {
    const salaried = sim.control.employees().find((e) => !e.wage.isHourly);
    if (!salaried) throw new Error('the seed has no salaried employee');
    await using bo = clientFor(sim);
    const result = await bo.setWage({ employeeId: salaried.id }, { regularRate: 25, effectiveDate: '2034-01-01' });
    expect(result.wage.wageType).toBe('hourly');
    expect(result.warnings).toEqual(['The current wage is a salary; the new record is an hourly wage, as the form serves it.']);
  });

  it('raises BackofficeServerError (applied: false) when the history does not show the new record', async () => {
    const target = sim.control.employees().find((e) => e.isActive);
    if (!target) throw new Error('no active employee');
    await using bo = clientFor(sim);
    sim.control.inject({ route: 'POST /employee/compensation/update', kind: 'acceptButIgnore', count: 1 });
    const error = await bo.setWage({ employeeId: target.id }, { regularRate: 30, effectiveDate: '2032-03-01' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as Error).message).toMatch(/does not show it: it was not applied/);
    expect((error as BackofficeServerError).details).toMatchObject({ employeeId: target.id, applied: false });
  });
});

describe('a lost answer is settled by the read that follows', () => {
  it('reports an update and a wage whose answers were lost after the server applied them, and refuses one it did not', async () => {
    const [first, second] = sim.control.employees().filter((e) => e.isActive);
    if (!first || !second) throw new Error('need two active employees');
    await using bo = clientFor(sim);
    sim.control.inject({ route: 'POST /employee/update', kind: 'dropAfterApply', count: 1 });
    expect((await bo.updateEmployee({ employeeId: first.id }, { lastName: 'Settled' })).changed).toEqual(['lastName']);
    sim.control.inject({ route: 'POST /employee/compensation/update', kind: 'dropAfterApply', count: 1 });
    expect((await bo.setWage({ employeeId: first.id }, { regularRate: 21, effectiveDate: '2033-05-01' })).wage.effectiveDate).toBe('2033-05-01');

    sim.control.inject({ route: 'POST /employee/update', kind: 'drop', count: 1 });
    const error = await bo.updateEmployee({ employeeId: second.id }, { lastName: 'Lost' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackofficeServerError);
    expect((error as Error).message).toMatch(/got no answer .* lastName not stored: nothing was changed/);
    expect((error as BackofficeServerError).details).toMatchObject({ applied: false });
    expect(sim.control.employee(second.id)).toEqual(second);
  });
});

describe('the POS PIN', () => {
  it('is masked as a secret once updateEmployee, disableEmployee or reactivateEmployee has read it from the edit form', async () => {
    await using bo = clientFor(sim);
    for (const write of ['update', 'disable', 'reactivate'] as const) {
      const pin = 20_000 + Math.floor(Math.random() * 70_000);
      const input = newEmployee({ posPin: pin });
      const { employeeId } = await bo.createEmployee(input);
      if (write === 'reactivate') await bo.disableEmployee({ posUserId: input.posUserId });
      unregisterSecret(String(pin)); // registered by the disable just above: start each write from an unmasked PIN
      expect(redactString(`pin ${pin}`)).toBe(`pin ${pin}`);
      if (write === 'update') await bo.updateEmployee({ employeeId }, { lastName: 'Masked' });
      else if (write === 'disable') await bo.disableEmployee({ posUserId: input.posUserId });
      else await bo.reactivateEmployee({ employeeId });
      expect(redactString(`pin ${pin}`)).toBe(`pin ${REDACTED}`);
    }
  });

  it('reaches no result, error or log line of getEmployee and updateEmployee, the old PIN nor the new one', async () => {
    await using setup = clientFor(sim);
    const input = newEmployee({ posPin: 73_519 });
    const { employeeId } = await setup.createEmployee(input);
    const lines: unknown[] = [];
    const log = (o: object, m?: string) => void lines.push(o, m);
    await using bo = clientFor(sim, { logger: { debug: log, info: log, warn: log, error: log } });
    const seen: unknown[] = [await bo.getEmployee({ employeeId }), await bo.updateEmployee({ employeeId }, { posPin: 64_208 })];
    sim.control.inject({ route: 'POST /employee/update', kind: 'acceptButIgnore', count: 1 });
    seen.push(await bo.updateEmployee({ employeeId }, { posPin: 51_846 }).catch((e: unknown) => e));
    expect(seen[2]).toBeInstanceOf(BackofficeServerError);
    expect((seen[2] as Error).message).toMatch(/posPin not stored/);
    expect(sim.control.employee(employeeId)?.posPin).toBe(64_208);
    const text = [...seen, ...lines].map((v) => `${inspect(v, { depth: Infinity })} ${JSON.stringify(v)}`).join('\n');
    for (const pin of ['73519', '64208', '51846']) expect(text).not.toContain(pin);
  });
});
