/**
 * A warm create costs the same in a run of many as alone: an insert this client made joins the employee index from
 * the server's answer instead of a new read of the roster, and the duplicate checks still see it.
 */
import type { BackofficeSimulator } from '@washops/backoffice-simulator';
import { VirtualClock, type Clock } from '@washops/client-core';
import { DuplicateError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { clientFor, newEmployee, postsOf, recordingFetch, type RecordedCall } from './support/harness.js';
import { simulatorPerFile } from './support/simulator-per-file.js';

let sim: BackofficeSimulator;
simulatorPerFile({ seed: 'client-index-after-insert' }, (started) => (sim = started));

const N = 6;
/** A warm create: the insert, its read-back, the permission POST and its read-back. */
const WARM_CREATE_REQUESTS = 4;

const apart = (calls: RecordedCall[]) => calls.filter((c) => !c.path.startsWith('/login'));
const indexReads = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET' && (c.path.startsWith('/employee?') || c.path === '/user/create'));

async function warmClient(clock?: Clock) {
  const recorder = recordingFetch();
  const bo = clientFor(sim, { fetch: recorder.fetch, ...(clock ? { clock } : {}) });
  // One create fills every cache a create reads.
  await bo.createEmployee(newEmployee());
  recorder.calls.length = 0;
  return { bo, calls: recorder.calls };
}

describe('the employee index after inserts of this client', () => {
  it(`makes ${WARM_CREATE_REQUESTS} requests per create for ${N} sequential creates, the roster read never again`, async () => {
    const { bo, calls } = await warmClient();
    await using _ = bo;
    for (let i = 0; i < N; i++) await bo.createEmployee(newEmployee());
    expect(indexReads(calls)).toEqual([]);
    expect(apart(calls)).toHaveLength(N * WARM_CREATE_REQUESTS);
  });

  it(`makes ${WARM_CREATE_REQUESTS} requests per create for ${N} creates in flight at once`, async () => {
    const { bo, calls } = await warmClient();
    await using _ = bo;
    const created = await Promise.all(Array.from({ length: N }, () => bo.createEmployee(newEmployee())));
    expect(new Set(created.map((c) => c.employeeId)).size).toBe(N);
    expect(indexReads(calls)).toEqual([]);
    expect(apart(calls)).toHaveLength(N * WARM_CREATE_REQUESTS);
  });

  it('refuses a second insert of the POS id, email or phone of an employee it just created, before any POST and without reading the roster', async () => {
    const { bo, calls } = await warmClient();
    await using _ = bo;
    const first = newEmployee();
    const created = await bo.createEmployee(first);
    const insertsBefore = postsOf(sim, '/employee/insert').length;
    calls.length = 0;
    for (const reuse of [{ posUserId: first.posUserId }, { email: first.email.toUpperCase() }, { phone: first.phone.replace(/\D/g, '') }]) {
      const again = bo.createEmployee(newEmployee(reuse));
      await expect(again).rejects.toBeInstanceOf(DuplicateError);
      await expect(again).rejects.toMatchObject({ details: { employeeId: created.employeeId } });
    }
    expect(postsOf(sim, '/employee/insert')).toHaveLength(insertsBefore);
    expect(await bo.isPosUserIdAvailable(first.posUserId)).toBe(false);
    expect(await bo.isEmailAvailable(first.email)).toBe(false);
    expect(await bo.isPhoneAvailable(first.phone)).toBe(false);
    expect(apart(calls)).toEqual([]);
  });

  it('lists the new employees with the permission the roster shows, by reading the roster once', async () => {
    const { bo, calls } = await warmClient();
    await using _ = bo;
    const created = await bo.createEmployee(newEmployee({ permission: 'Cashier' }));
    calls.length = 0;
    const listed = (await bo.listEmployees()).find((e) => e.employeeId === created.employeeId);
    expect(listed).toMatchObject({ posUserId: created.posUserId, access: 'Cashier', active: true });
    await bo.listEmployees();
    expect(indexReads(calls).filter((c) => c.path.startsWith('/employee?'))).toHaveLength(1);
  });

  it('reads the roster again after an insert the server refused as a duplicate (the server knows someone the index does not)', async () => {
    const { bo, calls } = await warmClient();
    await using _ = bo;
    const theirs = newEmployee();
    // Another client creates an employee this one's index has not seen; the server refuses ours.
    await using other = clientFor(sim);
    await other.createEmployee(theirs);
    await expect(bo.createEmployee(newEmployee({ posUserId: theirs.posUserId }))).rejects.toBeInstanceOf(DuplicateError);
    calls.length = 0;
    expect(await bo.isPosUserIdAvailable(theirs.posUserId)).toBe(false);
    expect(indexReads(calls).length).toBeGreaterThan(0);
  });

  it("reads the roster again for a create once the index is older than indexMaxAgeMs on the client's clock", async () => {
    // No fault is injected, so nothing sleeps: the clock moves only between calls, never during real I/O.
    const clock = new VirtualClock(Date.UTC(2026, 4, 1, 9));
    const { bo, calls } = await warmClient(clock);
    await using _ = bo;
    await clock.advance(30_000);
    await bo.createEmployee(newEmployee());
    expect(indexReads(calls)).toEqual([]);

    await clock.advance(1);
    await bo.createEmployee(newEmployee());
    expect(indexReads(calls).map((c) => c.path.split('?')[0]).sort()).toEqual(['/employee', '/user/create']);
    expect(apart(calls)).toHaveLength(2 * WARM_CREATE_REQUESTS + 2);
  });
});
