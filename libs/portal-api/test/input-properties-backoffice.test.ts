import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RUNS,
  broken,
  email,
  expectBadRequest,
  notANumber,
  notAString,
  outOfRangePosUserId,
  phone,
  posUserId,
  setField,
  visibleText,
  withHiddenCharacter,
} from './arbitraries.js';
import { countingDeps } from './counting-clients.js';
import { callerAs } from './helpers.js';

const names = fc.array(visibleText(200), { minLength: 1, maxLength: 3 });
const cents = fc.integer({ min: 0, max: 99_999_999_999 });

const employee = fc.record({
  firstName: visibleText(64),
  lastName: visibleText(64),
  phone,
  email,
  posUserId,
  wageRate: fc.oneof(cents.map((c) => (c / 100).toFixed(2)), fc.integer({ min: 0, max: 999_999 })),
  startDate: fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  availableSites: fc.oneof(fc.constant('all' as const), names),
  permission: visibleText(200),
  posPin: fc.option(fc.integer({ min: 10_000, max: 99_999 }), { nil: undefined }),
  departments: names,
});
type Employee = Record<string, unknown>;

const brokenEmployee = broken<Employee>(
  employee,
  setField('firstName', withHiddenCharacter(visibleText(60))),
  setField('lastName', withHiddenCharacter(visibleText(60))),
  setField('permission', withHiddenCharacter(visibleText(60))),
  setField('email', withHiddenCharacter(email)),
  setField('phone', withHiddenCharacter(phone)),
  setField('availableSites', withHiddenCharacter(visibleText(60)).map((name) => [name])),
  setField('firstName', fc.oneof(notAString, fc.constant(''), fc.constant('   '), fc.string({ minLength: 65, maxLength: 80 }).filter((s) => s.trim().length > 64))),
  setField('posUserId', fc.oneof(outOfRangePosUserId, notANumber)),
  setField('posPin', fc.oneof(fc.integer({ max: 9_999 }), fc.integer({ min: 100_000 }))),
  setField('wageRate', fc.oneof(fc.integer({ max: -1 }), fc.constant('12.345'), fc.constant('1e3'), fc.constant(1_000_000_000))),
  setField('startDate', fc.constantFrom('2026-02-30', '2026-13-01', 'next monday', '')),
  setField('availableSites', fc.oneof(fc.constant([]), fc.constant('some'), notANumber.filter((v) => typeof v !== 'string'))),
  setField('departments', fc.oneof(fc.constant('Cashier'), fc.constant([7]), fc.constant([]))),
);

const standaloneUser = fc.record({
  username: fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{2,30}$/),
  email,
  permission: visibleText(200),
  firstName: visibleText(64),
  lastName: visibleText(64),
});
type User = Record<string, unknown>;

describe('BackOffice procedure inputs (generated)', () => {
  it('employees.create: valid inputs reach the client once; invalid ones are BAD_REQUEST with no client call', async () => {
    const { deps, log } = await countingDeps();
    await fc.assert(
      fc.asyncProperty(employee, async (input) => {
        log.calls.length = 0;
        await callerAs(deps, 'admin').employees.create(input);
        expect(log.calls).toEqual(['backoffice.createEmployee']);
      }),
      RUNS,
    );
    await fc.assert(
      fc.asyncProperty(brokenEmployee, async (input) => {
        log.calls.length = 0;
        await expectBadRequest(callerAs(deps, 'admin').employees.create(input as never));
        expect(log.calls).toEqual([]);
      }),
      RUNS,
    );
  });

  it('employees.disable: exactly one valid key reaches the client; anything else does not', async () => {
    const { deps, log } = await countingDeps();
    const valid = fc.oneof(posUserId.map((id) => ({ posUserId: id })), email.map((e) => ({ email: e })));
    const invalid = fc.oneof(
      fc.record({ posUserId, email }),
      fc.constant({}),
      outOfRangePosUserId.map((id) => ({ posUserId: id })),
      notANumber.map((id) => ({ posUserId: id })),
      withHiddenCharacter(email).map((e) => ({ email: e })),
    );
    await fc.assert(
      fc.asyncProperty(valid, async (input) => {
        log.calls.length = 0;
        await callerAs(deps, 'admin').employees.disable(input);
        expect(log.calls).toEqual(['backoffice.disableEmployee']);
      }),
      RUNS,
    );
    await fc.assert(
      fc.asyncProperty(invalid, async (input) => {
        log.calls.length = 0;
        await expectBadRequest(callerAs(deps, 'admin').employees.disable(input as never));
        expect(log.calls).toEqual([]);
      }),
      RUNS,
    );
  });

  it('backofficeUsers.create: standalone and linked users reach the client; broken ones do not', async () => {
    const { deps, log } = await countingDeps();
    const linked = fc.record({ username: fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{2,30}$/), email, permission: visibleText(200), linkToEmployeePosUserId: posUserId });
    const invalid = broken<User>(
      standaloneUser,
      setField('firstName', withHiddenCharacter(visibleText(60))),
      setField('permission', withHiddenCharacter(visibleText(60))),
      setField('username', fc.oneof(fc.stringMatching(/^[0-9_][A-Za-z0-9_]{2,10}$/), fc.constant('ab'), notAString)),
      setField('availableSites', fc.constant([])),
      setField('linkToEmployeePosUserId', posUserId),
      setField('password', fc.string({ maxLength: 7 })),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(standaloneUser, linked), async (input) => {
        log.calls.length = 0;
        await callerAs(deps, 'admin').backofficeUsers.create(input);
        expect(log.calls).toEqual(['backoffice.createBackofficeUser']);
      }),
      RUNS,
    );
    await fc.assert(
      fc.asyncProperty(invalid, async (input) => {
        log.calls.length = 0;
        await expectBadRequest(callerAs(deps, 'admin').backofficeUsers.create(input as never));
        expect(log.calls).toEqual([]);
      }),
      RUNS,
    );
  });

  it('availability checks and list options: valid values are asked once, invalid ones never', async () => {
    const { deps, log } = await countingDeps();
    const viewer = () => callerAs(deps, 'viewer');
    const valid = fc.oneof(
      posUserId.map((id) => () => viewer().employees.isPosUserIdAvailable({ posUserId: id })),
      email.map((e) => () => viewer().employees.isEmailAvailable({ email: e })),
      phone.map((p) => () => viewer().employees.isPhoneAvailable({ phone: p })),
      fc.constantFrom('active', 'inactive', 'all').map((active) => () => viewer().employees.list({ active, refresh: false })),
      fc.constantFrom('pos', 'backoffice', 'all').map((scope) => () => viewer().discovery.permissions({ scope })),
      fc.boolean().map((refresh) => () => viewer().discovery.sites({ refresh })),
    );
    const invalid = fc.oneof(
      fc.oneof(outOfRangePosUserId, notANumber).map((id) => () => viewer().employees.isPosUserIdAvailable({ posUserId: id as number })),
      fc.oneof(withHiddenCharacter(email), notAString).map((e) => () => viewer().employees.isEmailAvailable({ email: e as string })),
      fc.oneof(withHiddenCharacter(phone), fc.stringMatching(/^\d{1,8}$/), fc.string({ minLength: 41, maxLength: 50 })).map(
        (p) => () => viewer().employees.isPhoneAvailable({ phone: p }),
      ),
      fc.oneof(fc.constant('everyone'), notAString).map((active) => () => viewer().employees.list({ active } as never)),
      notANumber.filter((v) => typeof v !== 'boolean').map((refresh) => () => viewer().discovery.departments({ refresh } as never)),
    );
    await fc.assert(
      fc.asyncProperty(valid, async (call) => {
        log.calls.length = 0;
        await call();
        expect(log.calls).toHaveLength(1);
      }),
      RUNS,
    );
    await fc.assert(
      fc.asyncProperty(invalid, async (call) => {
        log.calls.length = 0;
        await expectBadRequest(call());
        expect(log.calls).toEqual([]);
      }),
      RUNS,
    );
  });
});
