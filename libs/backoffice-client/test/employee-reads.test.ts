/**
 * getEmployee, findEmployees and findEmployee over real HTTP against the simulator: what they return is
 * what the tenant holds.
 */
import type { BackofficeSimulator } from '@washops/backoffice-simulator';
import { AmbiguousMatchError, BackofficeServerError, NotFoundError, ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { clientFor, newEmployee, recordingFetch } from './support/harness.js';
import { simulatorPerFile } from './support/simulator-per-file.js';

let sim: BackofficeSimulator;
simulatorPerFile({ seed: 'employee-reads' }, (started) => (sim = started));

const cents = (dollars: string): number => Math.round(Number(dollars) * 100);

describe('getEmployee', () => {
  it('reads the whole profile, the wage history newest first in cents, and the POS template, without the PIN', async () => {
    await using bo = clientFor(sim);
    const input = newEmployee({
      posPin: 48_213,
      departments: ['Greeter', 'Line'],
      availableSites: ['WashU Fiesta', 'Wash 37135'],
      startDate: '2025-07-07',
      wageRate: 14.75,
      emergencyContactName: 'Pat Doe',
      emergencyContactPhone: '555 010 2222',
      payrollEmployeeId: 'ADP-77',
      permission: 'Shift Leader',
    });
    const { employeeId } = await bo.createEmployee(input);
    await bo.setWage({ employeeId }, { regularRate: '16.00', effectiveDate: '2025-08-01' });

    const employee = await bo.getEmployee({ posUserId: input.posUserId });
    expect(employee).toEqual({
      employeeId,
      posUserId: input.posUserId,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone.replace(/\D/g, ''),
      email: input.email,
      departments: ['Greeter', 'Line'],
      startDate: '2025-07-07',
      active: true,
      availableSites: ['Wash 37135', 'WashU Fiesta'],
      emergencyContactName: 'Pat Doe',
      emergencyContactPhone: '5550102222',
      payrollEmployeeId: 'ADP-77',
      compensation: [
        { wageType: 'hourly', regularRateCents: 1600, overtimeEligible: true, overtimeRateCents: 2400, effectiveDate: '2025-08-01', endDate: null },
        { wageType: 'hourly', regularRateCents: 1475, overtimeEligible: true, overtimeRateCents: 2212, effectiveDate: '2025-07-07', endDate: '2025-07-31' },
      ],
      permission: expect.objectContaining({ custom: false, template: 'Shift Leader', templateId: 6 }),
    });
    expect(JSON.stringify(employee)).not.toContain('48213');
  });

  it('matches the tenant for seeded employees looked up by id: sites "all" or long names, status, history', async () => {
    await using bo = clientFor(sim);
    const seeded = sim.control.employees();
    const everywhere = seeded.find((e) => e.siteIds === 'all');
    const inactive = seeded.find((e) => !e.isActive && e.siteIds !== 'all');
    const raised = seeded.find((e) => e.wageHistory.length > 1);
    if (!everywhere || !inactive || !raised) throw new Error('the seed lacks an all-sites, an inactive or a raised employee');
    expect((await bo.getEmployee({ employeeId: everywhere.id })).availableSites).toBe('all');

    const got = await bo.getEmployee({ employeeId: inactive.id });
    const names = sim.control.sites().filter((s) => (inactive.siteIds as number[]).includes(s.id)).map((s) => s.name);
    expect(got).toMatchObject({ employeeId: inactive.id, posUserId: inactive.posUserId, active: false, startDate: inactive.startDate });
    expect([...(got.availableSites as string[])].sort()).toEqual([...names].sort());

    const history = (await bo.getEmployee({ employeeId: raised.id })).compensation;
    expect(history.map((w) => [w.effectiveDate, w.regularRateCents, w.overtimeRateCents])).toEqual(
      [...raised.wageHistory].reverse().map((w) => [w.effectiveDate, cents(w.regularRate), cents(w.overtimeRate)]),
    );
    expect(history[0]?.endDate).toBeNull();
    expect(history[1]?.endDate).not.toBeNull();
  });

  it('reads a custom permission as custom, with its grants', async () => {
    const custom = sim.control.employees().find((e) => e.grants.length > 0 && e.grants.join() === '22,25');
    if (!custom) throw new Error('the seed has no custom-permission employee');
    await using bo = clientFor(sim);
    expect((await bo.getEmployee({ employeeId: custom.id })).permission).toMatchObject({ custom: true, templateId: null, template: 'custom', grants: [22, 25] });
  });

  it('raises NotFoundError for an unknown id or POS user id', async () => {
    await using bo = clientFor(sim);
    await expect(bo.getEmployee({ employeeId: 99_999 })).rejects.toBeInstanceOf(NotFoundError);
    await expect(bo.getEmployee({ posUserId: 99_999_996 })).rejects.toBeInstanceOf(NotFoundError);
    await expect(bo.getEmployee({ employeeId: 1, posUserId: 2 } as never)).rejects.toBeInstanceOf(ValidationError);
  });

  it('raises BackofficeServerError naming the page when the edit page is cut short or the history table is missing', async () => {
    const target = sim.control.employees()[3];
    if (!target) throw new Error('no employee');
    await using bo = clientFor(sim);
    sim.control.inject({ route: 'GET /employee/edit/*', kind: 'truncatedForm', cutAt: '<h2>Emergency Contact</h2>', count: 1 });
    const cut = await bo.getEmployee({ employeeId: target.id }).catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(BackofficeServerError);
    expect((cut as BackofficeServerError).details).toMatchObject({ page: 'employee-edit' });

    sim.control.inject({ route: 'GET /employee/compensation/*', kind: 'brokenMarkup', count: 1 });
    const broken = await bo.getEmployee({ employeeId: target.id }).catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(BackofficeServerError);
    expect((broken as BackofficeServerError).details).toMatchObject({ page: 'employee-compensation' });
  });
});

describe('findEmployees and findEmployee', () => {
  it("uses the roster's own name filters (prefix, any case) and status, then the phone digits", async () => {
    await using bo = clientFor(sim);
    const [a, b] = [newEmployee({ firstName: 'Quinlan', lastName: 'Marsh' }), newEmployee({ firstName: 'Quinlan', lastName: 'Marshall' })];
    await bo.createEmployee(a);
    await bo.createEmployee(b);
    const recorder = recordingFetch();
    await using reader = clientFor(sim, { fetch: recorder.fetch });

    const both = await reader.findEmployees({ firstName: 'quin', lastName: 'MARSH' });
    expect(both.map((e) => e.posUserId).sort()).toEqual([a.posUserId, b.posUserId].sort());
    const roster = recorder.calls.find((c) => c.path.startsWith('/employee?'));
    expect(new URL(roster?.path ?? '', 'http://x').searchParams.get('first_name')).toBe('quin');
    expect(roster?.path).toContain('limit=10000');

    const byPhone = await reader.findEmployees({ lastName: 'Marsh', phone: b.phone.replace(/\D/g, '').replace(/^(\d{3})(\d{3})/, '$1.$2.') });
    expect(byPhone.map((e) => e.posUserId)).toEqual([b.posUserId]);
    expect(await reader.findEmployees({ firstName: 'Quinlan', active: 'inactive' })).toEqual([]);
  });

  it('finds exactly one, or says none, or lists the POS ids of several and how to narrow', async () => {
    await using bo = clientFor(sim);
    const [a, b] = [newEmployee({ firstName: 'Odalys', lastName: 'Twin' }), newEmployee({ firstName: 'Odalys', lastName: 'Twin' })];
    await bo.createEmployee(a);
    await bo.createEmployee(b);
    const error = await bo.findEmployee({ firstName: 'Odalys', lastName: 'Twin' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmbiguousMatchError);
    expect((error as AmbiguousMatchError).posUserIds.sort()).toEqual([a.posUserId, b.posUserId].sort());
    expect((error as Error).message).toContain(String(a.posUserId));
    expect((error as Error).message).toMatch(/phone/);

    expect(await bo.findEmployee({ firstName: 'Odalys', phone: a.phone })).toMatchObject({ posUserId: a.posUserId, firstName: 'Odalys' });
    await expect(bo.findEmployee({ firstName: 'Nobody-Has-This-Name' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(bo.findEmployees({ active: 'all' })).rejects.toBeInstanceOf(ValidationError);
  });

  it('among name-prefix matches, returns the one named exactly (trimmed, any case); two exact names stay ambiguous', async () => {
    await using bo = clientFor(sim);
    const exact = newEmployee({ firstName: 'Marisol', lastName: 'New' });
    const longer = newEmployee({ firstName: 'Marisol', lastName: 'Newman' });
    await bo.createEmployee(exact);
    await bo.createEmployee(longer);
    expect(await bo.findEmployees({ firstName: 'Marisol', lastName: 'New' })).toHaveLength(2);
    expect(await bo.findEmployee({ firstName: ' marisol ', lastName: 'NEW' })).toMatchObject({ posUserId: exact.posUserId, lastName: 'New' });
    await expect(bo.findEmployee({ firstName: 'Marisol', lastName: 'Ne' })).rejects.toBeInstanceOf(AmbiguousMatchError);

    await bo.createEmployee(newEmployee({ firstName: 'Marisol', lastName: 'New' }));
    await expect(bo.findEmployee({ firstName: 'Marisol', lastName: 'New' })).rejects.toBeInstanceOf(AmbiguousMatchError);
  });
});
