/**
 * Generated invalid inputs, for every exported input schema of the client: the operation raises a
 * ValidationError and sends no request at all (an injected fetch counts them).
 */
import { ValidationError } from '@washops/shared-errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BackofficeClient } from '../src/index.js';

function countingClient(): { bo: BackofficeClient; calls: string[] } {
  const calls: string[] = [];
  const fetch = async (input: string | URL | Request): Promise<Response> => {
    calls.push(String(input));
    return new Response('unexpected', { status: 500 });
  };
  return { bo: new BackofficeClient({ baseUrl: 'http://backoffice.test', username: 'bot', password: 'bot-password', fetch }), calls };
}

/** Runs `operation` on every generated input; each must fail with ValidationError before any request. */
async function refusesWithoutRequests<T>(inputs: fc.Arbitrary<T>, operation: (bo: BackofficeClient, input: T) => Promise<unknown>): Promise<void> {
  await fc.assert(
    fc.asyncProperty(inputs, async (input) => {
      const { bo, calls } = countingClient();
      const error = await operation(bo, input).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect(calls).toEqual([]);
    }),
    { numRuns: 150 },
  );
}

const BIDI_AND_CONTROL = ['\u0000', '\u0007', '\n', '\t', '\u007f', '\u0085', '\u061c', '\u200e', '\u200f', '\u202a', '\u202e', '\u2066', '\u2069', '\u2028', '\ud800'];
/** A name with a control or bidirectional character somewhere inside. */
const taintedName = fc
  .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...BIDI_AND_CONTROL), fc.string({ maxLength: 10 }))
  .map(([a, bad, b]) => `X${a}${bad}${b}Y`);
const notAString = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }), fc.object({ maxDepth: 1 }));
const blank = fc.stringMatching(/^\s{0,5}$/);
const badName = (max: number) => fc.oneof(taintedName, notAString, blank, fc.string({ minLength: max + 1, maxLength: max + 20 }).filter((s) => s.trim().length > max));
const badPosUserId = fc.oneof(
  fc.integer({ max: 0 }),
  fc.integer({ min: 2_147_483_648, max: Number.MAX_SAFE_INTEGER }),
  fc.double({ noInteger: true }),
  fc.constantFrom(Number.NaN, Infinity, -Infinity),
  fc.string(),
  fc.constant(null),
);
const badPhone = fc.oneof(
  fc.stringMatching(/^\d{0,8}$/),
  fc.stringMatching(/^\d{11,15}$/),
  fc.integer().map((n) => n),
  fc.constant(null),
);
const badEmail = fc.oneof(
  fc.stringMatching(/^[a-z]{1,8}$/),
  fc.stringMatching(/^[a-z]{1,5}@[a-z]{1,5}$/),
  fc.stringMatching(/^[a-z]{1,5} [a-z]{1,3}@x\.co$/),
  taintedName.map((n) => `${n}@example.com`),
  notAString,
);
const badMoney = fc.oneof(
  fc.double({ max: -0.01, noNaN: true }),
  fc.integer({ min: 1_000_000_000 }),
  fc.constantFrom(0.001, 1.005, 17.255, Number.NaN, Infinity, '1e3', '12.345', '-5', 'abc', '', '1,50'),
  fc.constant(null),
);
const badDate = fc.oneof(
  fc.constantFrom('2026-02-30', '2026-13-01', '05/01/2026', 'yesterday', '', '1899-12-31', '3000-01-01', '0050-01-01', new Date(Number.NaN)),
  fc.date({ min: new Date('0100-01-01'), max: new Date('1899-12-31'), noInvalidDate: true }),
  fc.date({ min: new Date('3000-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }),
  fc.integer(),
);
const badSites = fc.oneof(fc.constant([]), fc.constantFrom('some', 'ALL', ''), fc.array(fc.oneof(blank, taintedName), { minLength: 1, maxLength: 3 }), notAString.filter((v) => !Array.isArray(v)));
const badPin = fc.oneof(fc.integer({ max: 9_999 }), fc.integer({ min: 100_000 }), fc.double({ noInteger: true, min: 10_000, max: 99_999 }), fc.string());
const badDepartments = fc.oneof(fc.constant([]), fc.constant(undefined), fc.array(fc.oneof(blank, taintedName), { minLength: 1, maxLength: 3 }), fc.string());
const badUsername = fc.oneof(fc.stringMatching(/^[0-9_][A-Za-z0-9_]{2,10}$/), fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,1}$/), fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{64,70}$/), taintedName, notAString);
const badPassword = fc.oneof(fc.string({ maxLength: 7 }), fc.constant('abcdefg\ud800'), fc.string({ minLength: 4097, maxLength: 4100 }), notAString);

const validEmployee = {
  firstName: 'Robin',
  lastName: 'Sample',
  phone: '(312) 555-0101',
  email: 'robin.sample@example.com',
  posUserId: 4242,
  wageRate: 15,
  startDate: '2026-05-01',
  availableSites: 'all',
  permission: 'Cashier',
  departments: ['Cashier'],
};

/** The valid input with one field replaced by a generated bad value (or a bad shape overall). */
function oneBadField(base: Record<string, unknown>, bad: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  return fc.oneof(
    ...Object.entries(bad).map(([field, arbitrary]) => arbitrary.map((value) => ({ ...base, [field]: value }))),
    fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !(k in base) && !(k in bad) && k !== '__proto__').map((k) => ({ ...base, [k]: 1 })),
    fc.oneof(fc.constant(null), fc.constant(undefined), fc.integer(), fc.string(), fc.array(fc.anything(), { maxLength: 2 })),
  );
}

describe('generated invalid inputs raise ValidationError and send no request', () => {
  it('createEmployee (createEmployeeInputSchema)', async () => {
    await refusesWithoutRequests(
      oneBadField(validEmployee, {
        firstName: badName(64),
        lastName: badName(64),
        phone: badPhone,
        email: badEmail,
        posUserId: badPosUserId,
        wageRate: badMoney,
        overtimeWageRate: badMoney,
        startDate: badDate,
        availableSites: badSites,
        permission: badName(200),
        posPin: badPin,
        departments: badDepartments,
        payrollEmployeeId: fc.oneof(taintedName, fc.string({ minLength: 33, maxLength: 40 }).filter((s) => s.trim().length > 32)),
        emergencyContactName: fc.oneof(taintedName, notAString),
        emergencyContactPhone: badPhone.filter((p) => p !== null),
        requiresBackoffice: fc.oneof(fc.constant('yes'), fc.integer()),
        backofficeUsername: badUsername,
        backofficePassword: badPassword,
      }),
      (bo, input) => bo.createEmployee(input as never),
    );
    // A Back Office user without a username.
    await refusesWithoutRequests(fc.constant({ ...validEmployee, requiresBackoffice: true }), (bo, input) => bo.createEmployee(input as never));
  });

  it('disableEmployee (disableEmployeeInputSchema)', async () => {
    await refusesWithoutRequests(
      fc.oneof(
        badPosUserId.map((posUserId) => ({ posUserId })),
        badEmail.map((email) => ({ email })),
        fc.constant({}),
        fc.constant({ posUserId: 12, email: 'a@b.co' }),
        fc.constant({ posUserId: 12, extra: true }),
        notAString,
      ),
      (bo, input) => bo.disableEmployee(input as never),
    );
  });

  it('createBackofficeUser (createBackofficeUserInputSchema)', async () => {
    const standalone = { username: 'alex_sample', email: 'alex@example.com', permission: 'Manager', firstName: 'Alex', lastName: 'Sample' };
    await refusesWithoutRequests(
      fc.oneof(
        oneBadField(standalone, { username: badUsername, email: badEmail, permission: badName(200), firstName: badName(64), lastName: badName(64), password: badPassword, availableSites: badSites }),
        fc.constant({ ...standalone, firstName: undefined }),
        fc.constant({ ...standalone, linkToEmployeePosUserId: 12 }),
        fc.constant({ username: 'alex_sample', email: 'alex@example.com', permission: 'Manager', linkToEmployeePosUserId: 12, linkToEmployeeEmail: 'a@b.co' }),
        badPosUserId.map((id) => ({ username: 'alex_sample', email: 'alex@example.com', permission: 'Manager', linkToEmployeePosUserId: id })),
      ),
      (bo, input) => bo.createBackofficeUser(input as never),
    );
  });

  it('the option schemas of the reads, and the availability checks (posUserIdSchema, emailSchema, phoneSchema)', async () => {
    const badOptions = fc.oneof(
      fc.record({ refresh: fc.oneof(fc.string(), fc.integer(), fc.constant(null)) }),
      fc.record({ active: fc.string().filter((s) => !['active', 'inactive', 'all'].includes(s)) }),
      fc.record({ scope: fc.string().filter((s) => !['pos', 'backoffice', 'all'].includes(s)) }),
      fc.constant({ refresh: true, unknown: 1 }),
      fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
    );
    await refusesWithoutRequests(badOptions, (bo, options) => bo.listEmployees(options as never));
    await refusesWithoutRequests(badOptions, (bo, options) => bo.listPermissions(options as never));
    await refusesWithoutRequests(badOptions, (bo, options) => bo.listSites(options as never));
    await refusesWithoutRequests(badOptions, (bo, options) => bo.listDepartments(options as never));
    await refusesWithoutRequests(badPosUserId, (bo, id) => bo.isPosUserIdAvailable(id as never));
    await refusesWithoutRequests(badEmail, (bo, email) => bo.isEmailAvailable(email as never));
    await refusesWithoutRequests(badPhone, (bo, phone) => bo.isPhoneAvailable(phone as never));
  });
});
